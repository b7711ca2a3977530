import {
  AppError,
  type Capabilities,
  type CapabilityName,
  type DesiredChange,
  type DesiredChangeKind,
  type Move,
  type OperationParams,
  type QuotaRequest,
  QuotaRequestSchema,
  type Snapshot,
} from "@kcp/shared";
import type { BuiltPlan, PlanBuilder } from "../plan-builder.js";
import type { PlannedStep } from "../steps.js";
import { reassignSteps, throttleArgs } from "./reassign-steps.js";

/** The capability each kind of change needs, as a person's request for it would. */
const CAPABILITY: Readonly<Record<DesiredChangeKind, CapabilityName>> = {
  createTopic: "manageTopics",
  addPartitions: "manageTopics",
  changeReplicationFactor: "reassign",
  alterTopicConfigs: "manageConfigs",
  deleteTopic: "manageTopics",
  createAcl: "manageAcls",
  deleteAcl: "manageAcls",
  setQuota: "manageQuotas",
  deleteQuota: "manageQuotas",
  createScramCredential: "manageScram",
  rotateScramCredential: "manageScram",
  deleteScramCredential: "manageScram",
};

type Of<K extends DesiredChangeKind> = Extract<DesiredChange, { kind: K }>;
const ofKind = <K extends DesiredChangeKind>(changes: readonly DesiredChange[], kind: K): Of<K>[] =>
  changes.filter((c): c is Of<K> => c.kind === kind);

/**
 * The new replicas of each partition of the topics whose replication factor changes: a grow adds the running,
 * uncordoned brokers holding the fewest replicas (counted as they are added); a shrink keeps the partition's leader
 * and the first replicas after it. Deterministic: same snapshot, same moves.
 */
export function replicationMoves(snapshot: Snapshot, changes: readonly Of<"changeReplicationFactor">[]): Move[] {
  const usable = snapshot.brokers.filter((b) => b.alive && !b.fenced && !b.cordoned && b.registered !== false);
  const count = new Map(usable.map((b) => [b.id, b.replicas]));
  const moves: Move[] = [];
  for (const change of changes) {
    const topic = snapshot.topics.find((t) => t.name === change.topic);
    if (!topic) throw new AppError("invalid_request", `No topic ${change.topic} in the cluster`);
    for (const partition of topic.partitions) {
      const from = partition.replicas;
      let to: number[];
      if (change.after > from.length) {
        to = [...from];
        while (to.length < change.after) {
          const next = [...count.entries()]
            .filter(([id]) => !to.includes(id))
            .sort(([a, x], [b, y]) => x - y || a - b)[0];
          if (!next)
            throw new AppError(
              "invalid_request",
              `${change.topic} cannot have ${change.after} replicas: ${usable.length} running, uncordoned broker(s)`,
            );
          to.push(next[0]);
          count.set(next[0], next[1] + 1);
        }
      } else if (change.after < from.length) {
        const leader = from.includes(partition.leader) ? [partition.leader] : [];
        to = [...leader, ...from.filter((id) => id !== partition.leader)].slice(0, change.after);
        for (const id of from.filter((b) => !to.includes(b))) count.set(id, (count.get(id) ?? 1) - 1);
      } else continue;
      const added = to.filter((id) => !from.includes(id)).length;
      moves.push({
        topic: change.topic,
        partition: partition.id,
        from,
        to,
        sizeBytes: partition.sizeBytes,
        replicaMoves: added,
        leaderChange: to[0] !== partition.leader,
      });
    }
  }
  return moves;
}

/** The quota change as PUT /quotas takes it, held to the same rules (an entity's types, the keys each type takes). */
function quotaRequest(change: Of<"setQuota"> | Of<"deleteQuota">): QuotaRequest {
  const parsed = QuotaRequestSchema.safeParse({
    entity: change.entity,
    set: Object.fromEntries(change.values.filter((v) => v.after !== null).map((v) => [v.key, v.after as number])),
    remove: change.values.filter((v) => v.after === null).map((v) => v.key),
  });
  if (parsed.success) return parsed.data;
  const issue = parsed.error.issues[0];
  throw new AppError(
    "invalid_request",
    `The quota of ${change.entity.map((e) => `${e.type}=${e.name ?? "<default>"}`).join(",")}: ${issue?.path.join(".")} ${issue?.message}`,
  );
}

/**
 * applyDesiredState: the changes a desired-state plan listed, as steps in their safe order — topics created,
 * re-replicated (a throttled reassignment, never a re-creation) before partitions are added (a new partition gets
 * as many replicas as the topic's first), their configs; ACLs and quotas; deletions last.
 * Every step reads or tolerates what is already so, so a worker killed mid-apply resumes without doing anything twice.
 */
export const planApplyDesiredState: PlanBuilder<"applyDesiredState"> = ({ snapshot, params, capabilities }) => {
  const changes = params.changes;
  refuseWithoutCapability(changes, capabilities);
  const moves = replicationMoves(snapshot, ofKind(changes, "changeReplicationFactor"));
  const steps: PlannedStep[] = [
    ...creationSteps(changes),
    ...replicationSteps(moves, params),
    ...topicChangeSteps(changes),
    ...accessSteps(changes),
    ...deletionSteps(changes),
    {
      name: "Record the files as the cluster's desired state (drift is measured against them)",
      kind: "recordDesiredState",
      args: { digest: params.digest },
      alwaysRun: false,
    },
  ];
  const dataToMoveBytes = moves.reduce((n, m) => n + m.replicaMoves * m.sizeBytes, 0);
  const counts = new Map<string, number>();
  for (const c of changes) counts.set(c.kind, (counts.get(c.kind) ?? 0) + 1);
  const built: BuiltPlan = {
    plan: {
      summary: `Desired state: ${changes.length} change(s) — ${[...counts].map(([k, n]) => `${n} ${k}`).join(", ")}`,
      warnings: ofKind(changes, "changeReplicationFactor")
        .filter((c) => c.after < c.before)
        .map((c) => `The replication factor of ${c.topic} goes down from ${c.before} to ${c.after}`),
      irreversible: false,
      ...(moves.length > 0 ? { moves, dataToMoveBytes } : {}),
    },
    steps,
  };
  return built;
};

/** Refuses the plan when a change needs a capability the cluster does not offer, as a person's request would be. */
function refuseWithoutCapability(changes: readonly DesiredChange[], capabilities: Capabilities): void {
  for (const change of changes) {
    const capability = CAPABILITY[change.kind];
    if (capabilities[capability] === false)
      throw new AppError(
        "capability_unavailable",
        `${change.kind} needs ${capability}, which this cluster does not offer`,
      );
  }
}

function creationSteps(changes: readonly DesiredChange[]): PlannedStep[] {
  const steps: PlannedStep[] = [];
  const created = ofKind(changes, "createTopic");
  if (created.length > 0)
    steps.push({
      name: `Create ${created.length} topic(s)`,
      kind: "createTopics",
      args: {
        topics: created.map((c) => ({
          name: c.topic,
          partitions: c.partitions,
          replicationFactor: c.replicationFactor,
          configs: c.configs,
        })),
      },
      alwaysRun: false,
    });
  return steps;
}

/** The replication factor changes as one reassignment, throttled when asked (the throttle always removed after). */
function replicationSteps(moves: readonly Move[], params: OperationParams<"applyDesiredState">): PlannedStep[] {
  if (moves.length === 0) return [];
  const throttle =
    params.throttleBytesPerSec && moves.some((m) => m.replicaMoves > 0)
      ? throttleArgs(moves, params.throttleBytesPerSec)
      : undefined;
  return reassignSteps(
    moves,
    { throttle, maxConcurrentMoves: params.maxConcurrentMoves },
    {
      reassign: `Change the replicas of ${moves.length} partition(s)`,
      throttle: "Throttle the replication of the new replicas",
    },
  );
}

/** Partitions added, then topic configs set. */
function topicChangeSteps(changes: readonly DesiredChange[]): PlannedStep[] {
  const steps: PlannedStep[] = [];
  const grown = ofKind(changes, "addPartitions");
  if (grown.length > 0)
    steps.push({
      name: `Add partitions to ${grown.length} topic(s)`,
      kind: "addPartitions",
      args: { topics: grown.map((c) => ({ name: c.topic, count: c.after })) },
      alwaysRun: false,
    });
  const configs = ofKind(changes, "alterTopicConfigs");
  if (configs.length > 0)
    steps.push({
      name: `Set the configs of ${configs.length} topic(s)`,
      kind: "alterTopicConfigs",
      args: {
        topics: configs.map((c) => ({
          name: c.topic,
          set: Object.fromEntries(c.configs.filter((v) => v.after !== null).map((v) => [v.name, v.after as string])),
          delete: c.configs.filter((v) => v.after === null).map((v) => v.name),
        })),
      },
      alwaysRun: false,
    });
  return steps;
}

/** ACLs created, quotas set (or removed), SCRAM credentials set. */
function accessSteps(changes: readonly DesiredChange[]): PlannedStep[] {
  const steps: PlannedStep[] = [];
  const acls = ofKind(changes, "createAcl");
  if (acls.length > 0)
    steps.push({
      name: `Create ${acls.length} ACL(s)`,
      kind: "createAcls",
      args: { bindings: acls.map((c) => c.binding) },
      alwaysRun: false,
    });
  const quotas = [...ofKind(changes, "setQuota"), ...ofKind(changes, "deleteQuota")];
  if (quotas.length > 0)
    steps.push({
      name: `Set ${quotas.length} quota(s)`,
      kind: "alterQuotas",
      args: { quotas: quotas.map(quotaRequest) },
      alwaysRun: false,
    });
  const credentialsSet = [...ofKind(changes, "createScramCredential"), ...ofKind(changes, "rotateScramCredential")];
  if (credentialsSet.length > 0)
    steps.push({
      name: `Set ${credentialsSet.length} SCRAM credential(s)`,
      kind: "setScramCredentials",
      args: {
        credentials: credentialsSet.map((c) => ({ user: c.user, mechanism: c.mechanism, iterations: c.iterations })),
      },
      alwaysRun: false,
    });
  return steps;
}

/** Deletions last: ACLs, SCRAM credentials, then topics. */
function deletionSteps(changes: readonly DesiredChange[]): PlannedStep[] {
  const steps: PlannedStep[] = [];
  const removedAcls = ofKind(changes, "deleteAcl");
  if (removedAcls.length > 0)
    steps.push({
      name: `Delete ${removedAcls.length} ACL(s)`,
      kind: "deleteAcls",
      args: { bindings: removedAcls.map((c) => c.binding) },
      alwaysRun: false,
    });
  const credentials = ofKind(changes, "deleteScramCredential");
  if (credentials.length > 0)
    steps.push({
      name: `Delete ${credentials.length} SCRAM credential(s)`,
      kind: "deleteScramCredentials",
      args: { credentials: credentials.map((c) => ({ user: c.user, mechanism: c.mechanism })) },
      alwaysRun: false,
    });
  const deleted = ofKind(changes, "deleteTopic");
  if (deleted.length > 0)
    steps.push({
      name: `Delete ${deleted.length} topic(s)`,
      kind: "deleteTopics",
      args: { topics: deleted.map((c) => c.topic) },
      alwaysRun: false,
    });
  return steps;
}
