import { setTimeout as sleep } from "node:timers/promises";
import type { OperatorStatus } from "@kcp/shared";
import { type KubeClient, KubeError } from "./kube-client.js";
import { operatorStatusOf } from "./operator-status.js";
import {
  CLUSTER_LABEL,
  KAFKA_API,
  type Kafka,
  type KafkaNodePool,
  MANUAL_ROLLING_UPDATE_ANNOTATION,
  PODSET_API,
  poolCluster,
  poolNodeIds,
  REMOVE_NODE_IDS_ANNOTATION,
  type Scale,
  type StrimziReadiness,
  strimziReadiness,
} from "./resources.js";

/** A resource the cluster should have and has not (the Kafka, a pool, a StrimziPodSet, a node's pod). */
export class StrimziNotFound extends Error {
  constructor(message: string) {
    super(message);
    this.name = "StrimziNotFound";
  }
}

export interface StrimziClusterRef {
  namespace: string;
  name: string;
}

export interface StrimziClusterState {
  kafka: Kafka;
  /** The KafkaNodePools labelled strimzi.io/cluster=<name>, by name. */
  pools: KafkaNodePool[];
}

interface Annotated {
  metadata: { annotations?: Record<string, string> };
}

interface List<T> {
  items: T[];
}

const enc = encodeURIComponent;

/** Strimzi reads the annotation with Boolean.parseBoolean: "true" in any case. */
const rollAnnotated = (resource: Annotated): boolean =>
  resource.metadata.annotations?.[MANUAL_ROLLING_UPDATE_ANNOTATION]?.toLowerCase() === "true";

const rollAnnotation = (value: "true" | null) => ({
  metadata: { annotations: { [MANUAL_ROLLING_UPDATE_ANNOTATION]: value } },
});

/** The call's answer, or `undefined` for a 404. */
async function orMissing<T>(call: Promise<T>): Promise<T | undefined> {
  try {
    return await call;
  } catch (error) {
    if (error instanceof KubeError && error.status === 404) return undefined;
    throw error;
  }
}

/** The call's answer; a 404 becomes StrimziNotFound with `message`. */
async function orNotFound<T>(call: Promise<T>, message: string): Promise<T> {
  const answer = await orMissing(call);
  if (answer === undefined) throw new StrimziNotFound(message);
  return answer;
}

/**
 * One Kafka cluster the Strimzi operator owns (Strimzi 1.x: a `Kafka` in KRaft mode and its `KafkaNodePool`s). kcp
 * acts on it the way a person would with kubectl: it changes the resources' spec (pool replicas, Kafka version) and
 * the operator's annotations, and reads status for what the operator made of them. Every change is idempotent.
 */
export class StrimziCluster {
  readonly namespace: string;
  readonly name: string;

  constructor(
    private readonly client: KubeClient,
    ref: StrimziClusterRef,
  ) {
    this.namespace = ref.namespace;
    this.name = ref.name;
  }

  private get where(): string {
    return `namespace "${this.namespace}"`;
  }

  private kafkaPath(): string {
    return `/apis/${KAFKA_API}/namespaces/${enc(this.namespace)}/kafkas/${enc(this.name)}`;
  }

  private poolPath(pool: string): string {
    return `/apis/${KAFKA_API}/namespaces/${enc(this.namespace)}/kafkanodepools/${enc(pool)}`;
  }

  /** Strimzi names a pool's StrimziPodSet `<cluster>-<pool>` and its pods `<cluster>-<pool>-<nodeId>`. */
  private podSetPath(pool: string): string {
    return `/apis/${PODSET_API}/namespaces/${enc(this.namespace)}/strimzipodsets/${enc(`${this.name}-${pool}`)}`;
  }

  private podPath(pool: string, nodeId: number): string {
    return `/api/v1/namespaces/${enc(this.namespace)}/pods/${enc(`${this.name}-${pool}-${nodeId}`)}`;
  }

  /** The selector the operator lists the cluster's StrimziPodSets and Kafka pods with (KafkaCluster's labels). */
  private get operatorSelector(): string {
    return `${CLUSTER_LABEL}=${this.name},strimzi.io/kind=Kafka,strimzi.io/name=${this.name}-kafka`;
  }

  async readKafka(): Promise<Kafka> {
    const missing = `there is no Kafka "${this.name}" in ${this.where} (${KAFKA_API})`;
    return orNotFound(this.client.get<Kafka>(this.kafkaPath()), missing);
  }

  async readPools(): Promise<KafkaNodePool[]> {
    const path = `/apis/${KAFKA_API}/namespaces/${enc(this.namespace)}/kafkanodepools`;
    const list = await this.client.get<List<KafkaNodePool>>(path, { labelSelector: `${CLUSTER_LABEL}=${this.name}` });
    return list.items.sort((a, b) => a.metadata.name.localeCompare(b.metadata.name));
  }

  async read(): Promise<StrimziClusterState> {
    const [kafka, pools] = await Promise.all([this.readKafka(), this.readPools()]);
    return { kafka, pools };
  }

  /** What the cluster view and the operation steps read: readiness, conditions, versions and pools. */
  async status(): Promise<OperatorStatus> {
    const { kafka, pools } = await this.read();
    return operatorStatusOf(kafka, pools);
  }

  async readiness(): Promise<StrimziReadiness> {
    const { kafka, pools } = await this.read();
    return strimziReadiness(kafka, pools);
  }

  /** The pool whose status.nodeIds holds the node; undefined when none does (yet). */
  async poolOfNode(nodeId: number, pools?: readonly KafkaNodePool[]): Promise<KafkaNodePool | undefined> {
    return (pools ?? (await this.readPools())).find((pool) => poolNodeIds(pool).includes(nodeId));
  }

  /** One of this cluster's pools; a pool of that name that belongs to another Kafka is refused, not scaled. */
  async readPool(pool: string): Promise<KafkaNodePool> {
    const found = await orNotFound(
      this.client.get<KafkaNodePool>(this.poolPath(pool)),
      `there is no KafkaNodePool "${pool}" in ${this.where}`,
    );
    if (poolCluster(found) !== this.name) {
      throw new StrimziNotFound(`KafkaNodePool "${pool}" in ${this.where} belongs to Kafka "${poolCluster(found)}"`);
    }
    return found;
  }

  async readScale(pool: string): Promise<Scale> {
    return this.client.get<Scale>(`${this.poolPath(pool)}/scale`);
  }

  /**
   * Sets the pool's replicas through its /scale subresource, as `kubectl scale` does: the CRD schema still applies
   * (replicas >= 0), and the operator assigns or removes the node ids. Setting the current count changes nothing.
   */
  async scalePool(pool: string, replicas: number): Promise<Scale> {
    await this.readPool(pool);
    return this.client.patch<Scale>(`${this.poolPath(pool)}/scale`, { spec: { replicas } }, "merge");
  }

  /**
   * Names the nodes the operator removes when the pool shrinks (Strimzi's `strimzi.io/remove-node-ids`, e.g. "[6]"),
   * so that the nodes drained first are the ones that go; without it the operator removes the highest ids.
   */
  async setRemoveNodeIds(pool: string, nodeIds: readonly number[]): Promise<void> {
    await this.readPool(pool);
    const value = `[${[...nodeIds].sort((a, b) => a - b).join(",")}]`;
    await this.client.patch(
      this.poolPath(pool),
      { metadata: { annotations: { [REMOVE_NODE_IDS_ANNOTATION]: value } } },
      "merge",
    );
  }

  /** spec.kafka.version: the operator rolls the nodes onto it (metadataVersion is a separate, later step). */
  async setKafkaVersion(version: string): Promise<Kafka> {
    return this.patchKafka({ spec: { kafka: { version } } });
  }

  /** spec.kafka.metadataVersion: the operator updates the KRaft metadata version once every node runs the version. */
  async setMetadataVersion(metadataVersion: string): Promise<Kafka> {
    return this.patchKafka({ spec: { kafka: { metadataVersion } } });
  }

  private async patchKafka(patch: unknown): Promise<Kafka> {
    const missing = `there is no Kafka "${this.name}" in ${this.where}`;
    return orNotFound(this.client.patch<Kafka>(this.kafkaPath(), patch, "merge"), missing);
  }

  /**
   * Asks the operator for a rolling restart, the way Strimzi documents it: `strimzi.io/manual-rolling-update: "true"`
   * on each pool's StrimziPodSet (every node, when `nodeIds` is not given) or on the nodes' pods. KafkaReconciler's
   * manualRollingUpdate() (Strimzi 1.2.0) lists both with the Kafka's selector labels at each reconciliation, rolls
   * what it finds annotated through KafkaRoller (one node at a time, controllers in quorum, partitions in sync), and
   * the annotations go: the StrimziPodSet is replaced without it, the rolled pods are new pods. Answers what it set.
   */
  async annotateManualRollingUpdate(nodeIds?: readonly number[]): Promise<string[]> {
    const targets = await this.rollTargets(nodeIds);
    for (const target of targets) {
      await orNotFound(this.client.patch(target.path, rollAnnotation("true"), "merge"), target.missing);
    }
    return targets.map((target) => target.name);
  }

  /**
   * Whether a manual rolling update is still to happen: the annotation on the cluster's StrimziPodSets or Kafka pods
   * (all of them, or those of `nodeIds` and their pools' StrimziPodSets). A node's pod that is gone has been rolled;
   * a node in no pool has nothing pending.
   */
  async rollingUpdatePending(nodeIds?: readonly number[]): Promise<boolean> {
    if (nodeIds === undefined) return this.anyAnnotated();
    const pools = await this.readPools();
    for (const nodeId of nodeIds) {
      const pool = (await this.poolOfNode(nodeId, pools))?.metadata.name;
      if (pool === undefined) continue;
      const [podSet, pod] = await Promise.all([
        orMissing(this.client.get<Annotated>(this.podSetPath(pool))),
        orMissing(this.client.get<Annotated>(this.podPath(pool, nodeId))),
      ]);
      if ((podSet && rollAnnotated(podSet)) || (pod && rollAnnotated(pod))) return true;
    }
    return false;
  }

  private async anyAnnotated(): Promise<boolean> {
    const ns = enc(this.namespace);
    const query = { labelSelector: this.operatorSelector };
    const [podSets, pods] = await Promise.all([
      this.client.get<List<Annotated>>(`/apis/${PODSET_API}/namespaces/${ns}/strimzipodsets`, query),
      this.client.get<List<Annotated>>(`/api/v1/namespaces/${ns}/pods`, query),
    ]);
    return [...podSets.items, ...pods.items].some(rollAnnotated);
  }

  /** The StrimziPodSets or pods to annotate; every node id checked before anything is written. */
  private async rollTargets(nodeIds?: readonly number[]): Promise<{ name: string; path: string; missing: string }[]> {
    const pools = await this.readPools();
    if (nodeIds === undefined) {
      return pools.map(({ metadata: { name: pool } }) => ({
        name: `StrimziPodSet ${this.name}-${pool}`,
        path: this.podSetPath(pool),
        missing: `there is no StrimziPodSet "${this.name}-${pool}" in ${this.where}: the operator has not made pool ${pool}'s pods`,
      }));
    }
    return Promise.all(
      nodeIds.map(async (nodeId) => {
        const pool = (await this.poolOfNode(nodeId, pools))?.metadata.name;
        if (pool === undefined) {
          throw new StrimziNotFound(`node ${nodeId} is in no KafkaNodePool of Kafka "${this.name}" in ${this.where}`);
        }
        const pod = `${this.name}-${pool}-${nodeId}`;
        return {
          name: `Pod ${pod}`,
          path: this.podPath(pool, nodeId),
          missing: `node ${nodeId} has no pod "${pod}" in ${this.where}`,
        };
      }),
    );
  }
}

export interface WaitOptions {
  timeoutMs: number;
  /** Default: 2 s. */
  intervalMs?: number;
}

/**
 * Calls `check` until it answers something other than undefined or false, and answers that; past `timeoutMs` it
 * throws, naming `what`. Errors of `check` end the wait: the caller decides which ones are worth another try.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined | false>,
  options: WaitOptions,
): Promise<T> {
  const deadline = Date.now() + options.timeoutMs;
  for (;;) {
    const answer = await check();
    if (answer !== undefined && answer !== false) return answer;
    if (Date.now() >= deadline)
      throw new Error(`gave up waiting for ${what} after ${Math.round(options.timeoutMs / 1000)} s`);
    await sleep(Math.min(options.intervalMs ?? 2_000, Math.max(0, deadline - Date.now())));
  }
}
