import { AppError, type OperatorStatus } from "@kcp/shared";
import { nodeHealthy } from "../rolling/node-health.js";
import type { StepContext, StepExecutor, StepOperator } from "../steps.js";
import { freshSnapshot, waitUntil } from "./node-lifecycle.js";

/** How long the operator steps wait for a reconciliation when the worker gives no limit. */
const DEFAULT_WAIT_MS = 900_000;

/** The cluster's operator as the worker offers it, or a capability_unavailable error saying why not. */
export function operatorOf(context: StepContext): StepOperator {
  const operator = context.operator;
  if (!operator) throw new AppError("capability_unavailable", "the worker has no operator for this cluster");
  if ("unavailable" in operator) throw new AppError("capability_unavailable", operator.unavailable);
  return operator;
}

const limitOf = (context: StepContext) => context.nodeWaits?.healthyMs ?? DEFAULT_WAIT_MS;

/** Waits until the operator reports the cluster reconciled and Ready and `more` says nothing more is missing. */
async function untilOperator(
  context: StepContext,
  what: string,
  more: (status: OperatorStatus) => Promise<string | undefined> | string | undefined = () => undefined,
) {
  const operator = operatorOf(context);
  const done = await waitUntil(context, what, limitOf(context), async () => {
    const status = await operator.status();
    if (!status.ready) return { reason: `the operator is not ready: ${status.reasons.join("; ")}` };
    const missing = await more(status);
    return missing ? { reason: missing } : undefined;
  });
  await context.report({ waitingFor: null });
  return done;
}

/** Waits until Kafka itself shows every one of `nodeIds` healthy (registered, unfenced, in sync; in the quorum). */
async function untilKafkaHealthy(context: StepContext, nodeIds: readonly number[], roles: Map<number, Set<string>>) {
  const done = await waitUntil(context, `nodes ${nodeIds.join(", ")} healthy in Kafka`, limitOf(context), async () => {
    const snapshot = await freshSnapshot(context);
    if (typeof snapshot === "string") return { reason: snapshot };
    for (const nodeId of nodeIds) {
      const role = roles.get(nodeId);
      const health = nodeHealthy(snapshot, nodeId, {
        ...(role ? { roles: { broker: role.has("broker"), controller: role.has("controller") } } : {}),
      });
      if (!health.healthy) return { reason: health.reason };
    }
    return undefined;
  });
  await context.report({ waitingFor: null });
  return done;
}

const rolesOf = (status: OperatorStatus) =>
  new Map(status.pools.flatMap((pool) => pool.nodeIds.map((id) => [id, new Set<string>(pool.roles)] as const)));

/**
 * The operator's rolling restart (Strimzi's manual rolling update) of the nodes, or all of them: asked once (the
 * step's checkpoint says so, so a rerun after a crash does not ask again and restart twice), then awaited until the
 * operator has rolled them and reports Ready, and until Kafka shows each node healthy.
 */
export const operatorRollNodesStep: StepExecutor<"operatorRollNodes"> = async (context, { nodeIds }) => {
  const operator = operatorOf(context);
  let annotated = context.previous?.annotated as string[] | undefined;
  if (!annotated) {
    await untilOperator(context, "the operator ready before the restart");
    annotated = await operator.annotateManualRollingUpdate(nodeIds);
    await context.checkpoint?.({ annotated });
  }
  const rolled = await untilOperator(context, "the operator's rolling restart", async () =>
    (await operator.rollingUpdatePending(nodeIds))
      ? "the nodes are still annotated for the rolling restart"
      : undefined,
  );
  const status = await operator.status();
  const ids = nodeIds ?? status.pools.flatMap((pool) => pool.nodeIds);
  const healthy = await untilKafkaHealthy(context, ids, rolesOf(status));
  return { annotated, rolledAfterMs: rolled.waitedMs, healthyAfterMs: healthy.waitedMs };
};

/**
 * A node pool's replicas set through its scale subresource (with the node ids the operator is to remove on a
 * shrink), then awaited: the operator reports the pool at that size and Ready, the removed ids gone from it, and every
 * node it added healthy in Kafka. Setting what is set already changes nothing.
 */
export const operatorScalePoolStep: StepExecutor<"operatorScalePool"> = async (
  context,
  { pool, replicas, removeNodeIds },
) => {
  const operator = operatorOf(context);
  const before = (await operator.status()).pools.find((p) => p.name === pool);
  if (!before) throw new AppError("invalid_request", `the operator has no node pool ${pool}`);
  if (removeNodeIds && removeNodeIds.length > 0) await operator.setRemoveNodeIds(pool, removeNodeIds);
  await operator.scalePool(pool, replicas);
  const scaled = await untilOperator(context, `pool ${pool} at ${replicas} nodes`, (status) => {
    const now = status.pools.find((p) => p.name === pool);
    if (!now) return `pool ${pool} is gone`;
    if (now.readyReplicas !== replicas || now.nodeIds.length !== replicas)
      return `pool ${pool} has ${now.readyReplicas ?? 0} of ${replicas} nodes`;
    const stillThere = (removeNodeIds ?? []).filter((id) => now.nodeIds.includes(id));
    return stillThere.length > 0 ? `nodes ${stillThere.join(", ")} are still in pool ${pool}` : undefined;
  });
  const status = await operator.status();
  const nodeIds = status.pools.find((p) => p.name === pool)?.nodeIds ?? [];
  const added = nodeIds.filter((id) => !before.nodeIds.includes(id));
  const healthy = await untilKafkaHealthy(context, added, rolesOf(status));
  return { pool, replicas, nodeIds, added, removed: removeNodeIds ?? [], scaledAfterMs: scaled.waitedMs, healthy };
};

/** spec.kafka.version set, then awaited until the operator reports every node rolled onto it and Ready. */
export const operatorSetVersionStep: StepExecutor<"operatorSetVersion"> = async (context, { version }) => {
  const operator = operatorOf(context);
  await operator.setKafkaVersion(version);
  const done = await untilOperator(context, `the operator's upgrade to Kafka ${version}`, (status) =>
    status.kafkaVersion === version ? undefined : `the operator reports Kafka ${status.kafkaVersion ?? "?"}`,
  );
  return { version, waitedMs: done.waitedMs };
};

/** spec.kafka.metadataVersion set, then awaited until the operator reports it (e.g. 4.4 as 4.4-IV0) and Ready. */
export const operatorSetMetadataVersionStep: StepExecutor<"operatorSetMetadataVersion"> = async (
  context,
  { metadataVersion },
) => {
  const operator = operatorOf(context);
  await operator.setMetadataVersion(metadataVersion);
  const done = await untilOperator(context, `metadata version ${metadataVersion}`, (status) =>
    status.metadataVersion === metadataVersion || status.metadataVersion?.startsWith(`${metadataVersion}-`)
      ? undefined
      : `the operator reports metadata version ${status.metadataVersion ?? "?"}`,
  );
  return { metadataVersion, waitedMs: done.waitedMs };
};
