/** Strimzi 1.x's API group and version of Kafka and KafkaNodePool. */
export const KAFKA_API = "kafka.strimzi.io/v1";
/** StrimziPodSet's: Strimzi 1.x serves and stores core.strimzi.io/v1 only (v1beta2 is gone). */
export const PODSET_API = "core.strimzi.io/v1";

/** The label that ties a KafkaNodePool (and every resource the operator makes) to its Kafka. */
export const CLUSTER_LABEL = "strimzi.io/cluster";
/** Set "true" on a StrimziPodSet or a Pod, the operator rolls its pods at the next reconciliation, then removes it. */
export const MANUAL_ROLLING_UPDATE_ANNOTATION = "strimzi.io/manual-rolling-update";
/** Set "true" on a Kafka, the operator leaves it alone (condition ReconciliationPaused). */
/** Which node ids the operator removes when a pool shrinks (a JSON-like list such as "[6]"). */
export const REMOVE_NODE_IDS_ANNOTATION = "strimzi.io/remove-node-ids";
export const PAUSE_RECONCILIATION_ANNOTATION = "strimzi.io/pause-reconciliation";

export type StrimziRole = "controller" | "broker";

/** A status condition as Strimzi writes it. */
export interface StrimziStatusCondition {
  type: string;
  status: string;
  reason?: string;
  message?: string;
  lastTransitionTime?: string;
}

export interface StrimziMetadata {
  name: string;
  namespace?: string;
  generation?: number;
  resourceVersion?: string;
  labels?: Record<string, string>;
  annotations?: Record<string, string>;
}

/** The parts of a `Kafka` the provider reads (the rest of spec.kafka passes through untouched). */
export interface Kafka {
  apiVersion?: string;
  kind?: string;
  metadata: StrimziMetadata;
  spec: { kafka: { version?: string; metadataVersion?: string; [field: string]: unknown }; [field: string]: unknown };
  status?: {
    conditions?: StrimziStatusCondition[];
    observedGeneration?: number;
    kafkaVersion?: string;
    kafkaMetadataVersion?: string;
    clusterId?: string;
    kafkaNodePools?: { name: string }[];
  };
}

/** The parts of a `KafkaNodePool` the provider reads. */
export interface KafkaNodePool {
  apiVersion?: string;
  kind?: string;
  metadata: StrimziMetadata;
  spec: { replicas: number; roles: StrimziRole[]; [field: string]: unknown };
  status?: {
    nodeIds?: number[];
    replicas?: number;
    roles?: StrimziRole[];
    conditions?: StrimziStatusCondition[];
    observedGeneration?: number;
    labelSelector?: string;
    clusterId?: string;
  };
}

/** The Scale object of a KafkaNodePool's /scale subresource (autoscaling/v1). */
export interface Scale {
  apiVersion?: string;
  kind?: string;
  metadata: StrimziMetadata;
  spec: { replicas?: number };
  status?: { replicas: number; selector?: string };
}

/** A condition of the Kafka or of a pool, with the resource it is on ("Kafka orders", "pool brokers"). */
export interface ResourceCondition {
  resource: string;
  type: string;
  status: string;
  reason?: string;
  message?: string;
}

export interface StrimziReadiness {
  ready: boolean;
  /** Why not ready, one sentence each, for people. */
  reasons: string[];
  conditions: ResourceCondition[];
}

export const kafkaLabel = (kafka: Kafka): string => `Kafka ${kafka.metadata.name}`;
export const poolLabel = (pool: KafkaNodePool): string => `pool ${pool.metadata.name}`;

export function conditionOf(resource: Kafka | KafkaNodePool, type: string): StrimziStatusCondition | undefined {
  return resource.status?.conditions?.find((condition) => condition.type === type);
}

/** The name of the Kafka a pool belongs to (its strimzi.io/cluster label). */
export const poolCluster = (pool: KafkaNodePool): string | undefined => pool.metadata.labels?.[CLUSTER_LABEL];

/** The node ids the operator assigned to the pool (its status; none before the first reconciliation). */
export const poolNodeIds = (pool: KafkaNodePool): number[] => pool.status?.nodeIds ?? [];

/** " (reason: X: message)", or "" when the condition says neither. */
function because(condition: StrimziStatusCondition): string {
  const said = [condition.reason, condition.message].filter(Boolean).join(": ");
  return said ? ` (reason: ${said})` : "";
}

/** Whether the operator has taken in the resource's current spec (observedGeneration caught up with generation). */
function generationReason(label: string, resource: Kafka | KafkaNodePool): string | undefined {
  const generation = resource.metadata.generation;
  const observed = resource.status?.observedGeneration;
  if (observed === undefined) return `${label}: not reconciled by the operator yet`;
  if (generation !== undefined && observed < generation) {
    return `${label}: spec changed (generation ${generation}) and not reconciled yet (observed ${observed})`;
  }
  return undefined;
}

/** NotReady=True (what Strimzi sets while creating or after a failed reconciliation) or Ready other than True. */
function notReadyReason(label: string, resource: Kafka | KafkaNodePool, required: boolean): string | undefined {
  const notReady = conditionOf(resource, "NotReady");
  if (notReady?.status === "True") return `${label}: NotReady${because(notReady)}`;
  const ready = conditionOf(resource, "Ready");
  if (ready && ready.status !== "True") return `${label}: Ready is ${ready.status}${because(ready)}`;
  if (!ready && required) return `${label}: no Ready condition yet`;
  return undefined;
}

function pausedReason(kafka: Kafka): string | undefined {
  const paused = conditionOf(kafka, "ReconciliationPaused")?.status === "True";
  if (paused || kafka.metadata.annotations?.[PAUSE_RECONCILIATION_ANNOTATION] === "true") {
    return `${kafkaLabel(kafka)}: reconciliation is paused (${PAUSE_RECONCILIATION_ANNOTATION})`;
  }
  return undefined;
}

function kafkaReasons(kafka: Kafka): string[] {
  const label = kafkaLabel(kafka);
  return [pausedReason(kafka), generationReason(label, kafka), notReadyReason(label, kafka, true)].filter(
    (reason): reason is string => reason !== undefined,
  );
}

function replicasReason(pool: KafkaNodePool): string | undefined {
  const wanted = pool.spec.replicas;
  const reconciled = pool.status?.replicas ?? 0;
  if (reconciled < wanted) return `${poolLabel(pool)}: ${reconciled} of ${wanted} replicas reconciled`;
  if (reconciled > wanted)
    return `${poolLabel(pool)}: ${reconciled} replicas, scaling down to ${wanted} not reconciled yet`;
  return undefined;
}

/** Pools carry no Ready condition of their own: only a NotReady or a Ready=False blocks (Warnings do not). */
function poolReasons(pool: KafkaNodePool): string[] {
  const label = poolLabel(pool);
  return [generationReason(label, pool), notReadyReason(label, pool, false), replicasReason(pool)].filter(
    (reason): reason is string => reason !== undefined,
  );
}

function conditionsOf(label: string, resource: Kafka | KafkaNodePool): ResourceCondition[] {
  return (resource.status?.conditions ?? []).map(({ type, status, reason, message }) => ({
    resource: label,
    type,
    status,
    ...(reason ? { reason } : {}),
    ...(message ? { message } : {}),
  }));
}

/**
 * Whether the operator has caught up with the cluster's resources: the Kafka Ready=True for its current generation,
 * no pool NotReady, each pool's spec taken in and status.replicas equal to spec.replicas. This is the operator's word
 * only: it updates the pools' status in the middle of a reconciliation (before it rolls or creates pods), and a pool
 * scale does not change the Kafka's generation, so right after a scale the Kafka's Ready=True can be the previous
 * reconciliation's. Callers that must know new nodes run ask Kafka itself too (registered brokers, quorum).
 */
export function strimziReadiness(kafka: Kafka, pools: readonly KafkaNodePool[]): StrimziReadiness {
  const reasons = [...kafkaReasons(kafka), ...pools.flatMap(poolReasons)];
  if (pools.length === 0) reasons.push(`${kafkaLabel(kafka)}: no KafkaNodePool (Strimzi 1.x needs at least one)`);
  const conditions = [
    ...conditionsOf(kafkaLabel(kafka), kafka),
    ...pools.flatMap((pool) => conditionsOf(poolLabel(pool), pool)),
  ];
  return { ready: reasons.length === 0, reasons, conditions };
}
