import { AppError, type Broker, type OperationParams, type Snapshot } from "@kcp/shared";
import type { BuiltPlan, PlanBuilder } from "../plan-builder.js";

type CordonParams = OperationParams<"cordonBrokers">;

function logDirsOf(broker: Broker): { all: string[]; cordoned: string[] } {
  const dirs = broker.logDirs ?? [];
  return { all: dirs.map((d) => d.path), cordoned: dirs.filter((d) => d.cordoned).map((d) => d.path) };
}

/** The broker, which must be registered and report its log dirs (cordoned.log.dirs names them). */
function reportingBroker(snapshot: Snapshot, id: number): Broker {
  const broker = snapshot.brokers.find((b) => b.id === id);
  if (!broker) throw new AppError("invalid_request", `Broker ${id} is not registered`);
  if (!broker.logDirs)
    throw new AppError("invalid_request", `Broker ${id} did not report its log dirs (is it running?)`);
  return broker;
}

/** The broker's `cordoned.log.dirs` after the change, or undefined when it would not change. */
function newCordonedDirs(broker: Broker, params: CordonParams, cordon: boolean): string[] | undefined {
  const { all, cordoned } = logDirsOf(broker);
  const named = params.logDirs ?? all;
  const unknown = named.filter((dir) => !all.includes(dir));
  if (params.logDirs && unknown.length > 0)
    throw new AppError("invalid_request", `Broker ${broker.id} has no log dir ${unknown.join(", ")}`);
  const next = cordon ? [...new Set([...cordoned, ...named])] : cordoned.filter((dir) => !named.includes(dir));
  const same = next.length === cordoned.length && next.every((dir) => cordoned.includes(dir));
  return same ? undefined : next.sort();
}

function planCordon(snapshot: Snapshot, params: CordonParams, cordon: boolean): BuiltPlan {
  const changes = params.brokers.flatMap((id) => {
    const dirs = newCordonedDirs(reportingBroker(snapshot, id), params, cordon);
    return dirs === undefined ? [] : [{ broker: id, dirs }];
  });
  const verb = cordon ? "Cordon" : "Uncordon";
  if (changes.length === 0)
    throw new AppError(
      "invalid_request",
      `Nothing to do: the log dirs named are already ${cordon ? "" : "un"}cordoned`,
    );
  return {
    plan: {
      summary: `${verb} log dirs of broker(s) ${changes.map((c) => c.broker).join(", ")}`,
      warnings: cordon
        ? ["Cordoned log dirs take no new replicas; the replicas they hold stay until they are moved (drainBrokers)."]
        : [],
      irreversible: false,
    },
    steps: changes.map(({ broker, dirs }) => ({
      name: `${verb} broker ${broker}`,
      kind: "setBrokerConfig",
      args:
        dirs.length > 0
          ? { broker, set: { "cordoned.log.dirs": dirs.join(",") } }
          : { broker, delete: ["cordoned.log.dirs"] },
      alwaysRun: false,
    })),
  };
}

/**
 * cordonBrokers / uncordonBrokers (Kafka 4.3+): set a broker's dynamic `cordoned.log.dirs` (every log
 * dir by default, or those named) so that no new replica is placed there; uncordon removes them from the list.
 */
export const planCordonBrokers: PlanBuilder<"cordonBrokers"> = ({ snapshot, params }) =>
  planCordon(snapshot, params, true);
export const planUncordonBrokers: PlanBuilder<"uncordonBrokers"> = ({ snapshot, params }) =>
  planCordon(snapshot, params, false);
