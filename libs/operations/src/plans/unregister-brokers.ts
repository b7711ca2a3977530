import { AppError } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";

/**
 * unregisterBrokers: forgets brokers that are gone for good. Each must be registered, hold no replica
 * (drain it first) and be shut down or fenced (a running broker would register again). Irreversible.
 */
export const planUnregisterBrokers: PlanBuilder<"unregisterBrokers"> = ({ snapshot, params }) => {
  for (const id of params.brokers) {
    const broker = snapshot.brokers.find((b) => b.id === id);
    if (!broker) throw new AppError("invalid_request", `Broker ${id} is not registered`);
    const holding = snapshot.topics.reduce((n, t) => n + t.partitions.filter((p) => p.replicas.includes(id)).length, 0);
    if (holding > 0)
      throw new AppError(
        "invalid_request",
        `Broker ${id} still holds ${holding} replica(s): drain it first (drainBrokers)`,
      );
    if (broker.alive && !broker.fenced)
      throw new AppError("invalid_request", `Broker ${id} is running: shut it down first, or it registers again`);
  }
  return {
    plan: {
      summary: `Unregister broker(s) ${params.brokers.join(", ")}`,
      warnings: ["Unregistered brokers are forgotten by the controllers; the same ids can be reused by new brokers."],
      irreversible: true,
    },
    steps: params.brokers.map((broker) => ({
      name: `Unregister broker ${broker}`,
      kind: "unregisterBroker",
      args: { broker },
      alwaysRun: false,
    })),
  };
};
