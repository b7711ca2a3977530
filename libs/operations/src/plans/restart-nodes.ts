import { AppError, providerTraits } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";
import { rollOrder } from "../rolling/roll-order.js";
import { planOperatorRestart } from "./operator.js";
import { roleName, rollNodeSteps } from "./roll-steps.js";

/**
 * restartNodes: a rolling restart through the cluster's node provider, one node at a time in the safe
 * order (rollOrder: controllers before brokers, the active controller last among them). Per node: the roll-safety
 * gate, stop, start and, with `waitHealthy` (default), the wait until it is healthy again. Without it, the next node's
 * gate still waits until the previous broker is back in sync. The capability gate (restartNodes: the provider can act
 * on every node now) runs before the builder; unknown nodes are refused here.
 */
export const planRestartNodes: PlanBuilder<"restartNodes"> = (input) => {
  if (providerTraits(input.cluster.provider).nodeActions === "operator") return planOperatorRestart(input);
  const { snapshot, params } = input;
  const order = rollOrder(snapshot, params.nodes);
  if (order.length === 0) throw new AppError("invalid_request", "Nothing to do: the cluster shows no node");
  const waitHealthy = params.waitHealthy !== false;
  const warnings = [
    "Each node is stopped only when the roll-safety rules allow it (no partition below min.insync.replicas, a caught-up majority of voters); otherwise the operation waits, then pauses with the reason.",
    ...(waitHealthy
      ? []
      : [
          "waitHealthy is false: a node is not waited for after its start; the next broker's safety check still waits until the partitions are back in sync.",
        ]),
  ];
  return {
    plan: {
      summary: `Rolling restart of ${order.length} node${order.length > 1 ? "s" : ""}, one at a time: ${order
        .map((n) => `${n.nodeId} (${roleName(n)})`)
        .join(", ")}`,
      warnings,
      irreversible: false,
    },
    steps: order.flatMap((node) => rollNodeSteps(node, { waitHealthy })),
  };
};
