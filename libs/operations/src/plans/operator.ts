import { AppError, type NodePool, type OperatorStatus, type Snapshot } from "@kcp/shared";
import type { BuiltPlan, PlanInput } from "../plan-builder.js";
import type { PlannedStep } from "../steps.js";
import { planDrainBrokers } from "./rebalance.js";

/**
 * Plans for operator-managed clusters (Strimzi): the service changes what the operator reads — the manual
 * rolling-update annotation, a pool's replicas, the Kafka resource's version — and waits for the operator, which
 * restarts, adds and removes the nodes itself (one at a time, its own availability checks first).
 */

/** The operator's state in the snapshot; refused when the collector could not read it. */
function operatorIn(snapshot: Snapshot): OperatorStatus {
  if (!snapshot.operator)
    throw new AppError("capability_unavailable", "The operator's resources could not be read at the last collection");
  return snapshot.operator;
}

const listed = (ids: readonly number[]) => (ids.length === 1 ? `node ${ids[0]}` : `nodes ${ids.join(", ")}`);

/** restartNodes: Strimzi's manual rolling update of the nodes named (default: every node), awaited. */
export function planOperatorRestart({ snapshot, params }: PlanInput<"restartNodes">): BuiltPlan {
  const operator = operatorIn(snapshot);
  const all = operator.pools.flatMap((pool) => pool.nodeIds).sort((a, b) => a - b);
  const unknown = (params.nodes ?? []).filter((id) => !all.includes(id));
  if (unknown.length > 0)
    throw new AppError("invalid_request", `${listed(unknown)} ${unknown.length > 1 ? "are" : "is"} in no node pool`);
  const nodes = params.nodes ?? all;
  if (nodes.length === 0) throw new AppError("invalid_request", "Nothing to do: the node pools have no node");
  return {
    plan: {
      summary: `Rolling restart of ${listed(nodes)} by the Strimzi operator (${operator.resource})`,
      warnings: [
        "The operator restarts the nodes one at a time in its own order and checks (controllers in quorum, no partition below min.insync.replicas); the operation waits until it has rolled them, reports Ready, and Kafka shows each node healthy.",
      ],
      irreversible: false,
    },
    steps: [
      {
        name: `Ask the operator to roll ${listed(nodes)} (strimzi.io/manual-rolling-update) and wait`,
        kind: "operatorRollNodes",
        args: params.nodes ? { nodeIds: nodes } : {},
        alwaysRun: false,
      },
    ],
  };
}

const lineOf = (version: string) => version.split(".").slice(0, 2).join(".");

/**
 * upgradeVersion: the metadata version pinned to the one the cluster runs (so that the upgrade alone changes no
 * feature), the Kafka resource's version set and the operator's roll awaited; with `finalize`, the metadata version
 * raised to the new line afterwards (irreversible).
 */
export function planOperatorUpgrade({ snapshot, params }: PlanInput<"upgradeVersion">): BuiltPlan {
  const operator = operatorIn(snapshot);
  const target = params.version;
  const finalize = params.finalize === true;
  if (operator.kafkaVersion === target && (!finalize || operator.metadataVersion?.startsWith(lineOf(target))))
    throw new AppError("invalid_request", `Nothing to do: the operator runs Kafka ${target} already`);
  const steps: PlannedStep[] = [];
  if (operator.metadataVersion)
    steps.push({
      name: `Pin the metadata version at ${operator.metadataVersion}`,
      kind: "operatorSetMetadataVersion",
      args: { metadataVersion: operator.metadataVersion },
      alwaysRun: false,
    });
  if (operator.kafkaVersion !== target)
    steps.push({
      name: `Set Kafka ${target} on ${operator.resource} and wait for the operator's roll`,
      kind: "operatorSetVersion",
      args: { version: target },
      alwaysRun: false,
    });
  if (finalize)
    steps.push({
      name: `Raise the metadata version to ${lineOf(target)}`,
      kind: "operatorSetMetadataVersion",
      args: { metadataVersion: lineOf(target) },
      alwaysRun: false,
    });
  return {
    plan: {
      summary: `Upgrade ${operator.resource} from Kafka ${operator.kafkaVersion ?? "?"} to ${target} through the Strimzi operator${finalize ? `, then metadata version ${lineOf(target)}` : ""}`,
      warnings: [
        "The operator rolls every node onto the new version (its image for that version) one at a time, with its own checks.",
        finalize
          ? `finalize is irreversible: the metadata version is raised to ${lineOf(target)} once every node runs ${target}.`
          : `The metadata version stays at ${operator.metadataVersion ?? "the current one"}: until it is raised, the Kafka resource can go back to the version it ran.`,
      ],
      irreversible: finalize,
    },
    steps,
  };
}

/** The pool the user named, or a clear refusal listing the pools there are. */
function poolNamed(operator: OperatorStatus, name: string): NodePool {
  const pool = operator.pools.find((p) => p.name === name);
  if (!pool)
    throw new AppError(
      "invalid_request",
      `${operator.resource} has no node pool ${name} (pools: ${operator.pools.map((p) => p.name).join(", ") || "none"})`,
    );
  return pool;
}

function scaleStep(pool: NodePool, replicas: number, removeNodeIds?: number[]): PlannedStep {
  return {
    name:
      replicas > pool.replicas
        ? `Scale pool ${pool.name} from ${pool.replicas} to ${replicas} nodes and wait for the new nodes`
        : `Scale pool ${pool.name} from ${pool.replicas} to ${replicas} nodes (removing ${listed(removeNodeIds ?? [])}) and wait`,
    kind: "operatorScalePool",
    args: { pool: pool.name, replicas, ...(removeNodeIds ? { removeNodeIds } : {}) },
    alwaysRun: false,
  };
}

/**
 * scaleNodePools: a pool's replicas through its scale subresource. Growing adds nodes the operator configures and
 * starts. Shrinking is irreversible: the highest node ids of the pool go (named to the operator with
 * strimzi.io/remove-node-ids), and a broker pool's leaving brokers are drained first with the reassignment steps
 * (drainBrokers), since Strimzi refuses to remove brokers that still hold replicas. Controller pools do not shrink:
 * Strimzi's quorum is static.
 */
export function planScaleNodePools(input: PlanInput<"scaleNodePools">): BuiltPlan {
  const { snapshot, params } = input;
  const operator = operatorIn(snapshot);
  const pool = poolNamed(operator, params.pool);
  const { replicas } = params;
  if (replicas === pool.replicas)
    throw new AppError("invalid_request", `Nothing to do: pool ${pool.name} has ${replicas} nodes`);
  if (replicas > pool.replicas)
    return {
      plan: {
        summary: `Scale pool ${pool.name} of ${operator.resource} from ${pool.replicas} to ${replicas} nodes`,
        warnings: [
          "The operator creates and starts the new nodes; the operation waits until Kafka shows each one healthy.",
          ...(pool.roles.includes("broker")
            ? ["A new broker holds no partitions until a rebalance (or a reassignment) moves some to it."]
            : []),
        ],
        irreversible: false,
      },
      steps: [scaleStep(pool, replicas)],
      facts: { poolReplicas: pool.replicas },
    };
  if (pool.roles.includes("controller"))
    throw new AppError(
      "invalid_request",
      `Pool ${pool.name} holds controllers: Strimzi's quorum is static, so controllers cannot be removed by scaling`,
    );
  const removed = [...pool.nodeIds]
    .sort((a, b) => b - a)
    .slice(0, pool.replicas - replicas)
    .sort((a, b) => a - b);
  const drain = drainSteps(input, removed);
  return {
    plan: {
      ...(drain?.plan ?? {}),
      summary: `Scale pool ${pool.name} of ${operator.resource} from ${pool.replicas} to ${replicas} nodes: ${listed(removed)} drained, then removed`,
      warnings: [
        ...(drain?.plan.warnings ?? []),
        `Irreversible: ${listed(removed)} and their storage are deleted by the operator once the pool is scaled.`,
      ],
      irreversible: true,
    },
    steps: [...(drain?.steps ?? []), scaleStep(pool, replicas, removed)],
    facts: { poolReplicas: pool.replicas },
  };
}

/** The drain of the leaving brokers (undefined when they hold no replica: nothing to move). */
function drainSteps(input: PlanInput<"scaleNodePools">, brokers: number[]): BuiltPlan | undefined {
  const registered = brokers.filter((id) => input.snapshot.brokers.some((b) => b.id === id));
  if (registered.length === 0) return undefined;
  try {
    return planDrainBrokers({ ...input, params: { brokers: registered } } as unknown as PlanInput<"drainBrokers">);
  } catch (error) {
    if (error instanceof AppError && error.message.startsWith("Nothing to do")) return undefined;
    throw error;
  }
}

/** provisionNodes: `count` more nodes in the operator's pool of that role alone (brokers; controllers are static). */
export function planOperatorProvision({ snapshot, params }: PlanInput<"provisionNodes">): BuiltPlan {
  const operator = operatorIn(snapshot);
  if (params.role === "controller")
    throw new AppError("invalid_request", "Strimzi's quorum is static: it cannot add controllers");
  const pool = operator.pools.find((p) => p.roles.length === 1 && p.roles[0] === "broker");
  if (!pool) throw new AppError("invalid_request", `${operator.resource} has no node pool of brokers alone to grow`);
  const replicas = pool.replicas + params.count;
  return {
    plan: {
      summary: `Provision ${params.count} new broker${params.count > 1 ? "s" : ""}: pool ${pool.name} of ${operator.resource} from ${pool.replicas} to ${replicas} nodes`,
      warnings: ["A new broker holds no partitions until a rebalance (or a reassignment) moves some to it."],
      irreversible: false,
    },
    steps: [scaleStep(pool, replicas)],
  };
}
