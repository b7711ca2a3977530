import { randomBytes } from "node:crypto";
import type { KafkaCluster } from "../kafka/cluster.js";
import type { KubeApiServer } from "./api-server.js";
import { kubeRequest } from "./client.js";
import { getSharedKubeApiServer } from "./node.js";
import { applyStrimziCrds } from "./strimzi-crds.js";

const CLUSTER = "orders";
const MERGE = "application/merge-patch+json";

interface Resource {
  metadata: { name: string; generation?: number; annotations?: Record<string, string> };
  spec: Record<string, unknown> & { replicas?: number; kafka?: { version?: string; metadataVersion?: string } };
  status?: Record<string, unknown> & { nodeIds?: number[]; replicas?: number; kafkaVersion?: string };
}

/** What the simulated operator saw and did, in order (e.g. "spec.kafka.version 4.4.0"). */
export type OperatorEvent = string;

/**
 * The Strimzi resources of a real harness cluster (3c3b: pools `controllers` 1–3 and `brokers` 4–6) in a fresh
 * namespace of the harness's kube-apiserver, with the real CRDs, and the operator's part played by the test: it
 * writes the status Strimzi would write, restarts the real Kafka node a manual rolling-update annotation names,
 * stops the broker a shrink removes and starts it again when the pool grows back. It does not upgrade the real
 * Kafka when the Kafka resource's version changes: it only reports the version, as Strimzi would once rolled.
 */
export interface StrimziOperatorDouble {
  server: KubeApiServer;
  namespace: string;
  name: string;
  events: OperatorEvent[];
  /** Sets the Kafka's Ready condition (the operator's verdict), e.g. False with a reason. */
  setReady(ready: boolean, reason?: string): Promise<void>;
  stop(): Promise<void>;
}

interface Pool {
  role: string;
  nodeIds: number[];
}

const labels = (pool: string) => ({
  "strimzi.io/cluster": CLUSTER,
  "strimzi.io/kind": "Kafka",
  "strimzi.io/name": `${CLUSTER}-kafka`,
  "strimzi.io/pool-name": pool,
});

/** A Ready condition as Strimzi writes it: True, or False with the reason given. */
const readyCondition = (ready: { ready: boolean; reason: string }) =>
  ready.ready
    ? { type: "Ready", status: "True", lastTransitionTime: "2026-11-27T00:00:00Z" }
    : {
        type: "Ready",
        status: "False",
        reason: ready.reason,
        message: "the test says so",
        lastTransitionTime: "2026-11-27T00:00:00Z",
      };

/** The operator's part: the resources it made and, at each reconciliation, what Strimzi would do about them. */
class OperatorDouble {
  readonly events: OperatorEvent[] = [];
  ready = { ready: true, reason: "" };
  spare: number[] = [];
  private readonly base: string;
  private readonly podPath: string;
  private readonly podSetPath: string;
  private readonly pools: Record<string, Pool> = {
    controllers: { role: "controller", nodeIds: [1, 2, 3] },
    brokers: { role: "broker", nodeIds: [4, 5, 6] },
  };

  constructor(
    readonly server: KubeApiServer,
    readonly namespace: string,
    private readonly kafka: KafkaCluster,
    private readonly version: string,
  ) {
    this.base = `/apis/kafka.strimzi.io/v1/namespaces/${namespace}`;
    this.podPath = `/api/v1/namespaces/${namespace}/pods`;
    this.podSetPath = `/apis/core.strimzi.io/v1/namespaces/${namespace}/strimzipodsets`;
  }

  async api<T = Resource>(method: string, path: string, body?: unknown, contentType?: string): Promise<T> {
    const response = await kubeRequest(this.server, method, path, { body, ...(contentType ? { contentType } : {}) });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${response.text}`, { cause: response.status });
    return response.body as T;
  }

  /**
   * A pod standing for a real Kafka node, which runs outside the Kubernetes node: no node matches its selector, so
   * none is scheduled, none is run by the kubelet, and a deleted one is gone at once (as on a bare API server).
   */
  private pod(pool: string, id: number) {
    return {
      metadata: { name: `${CLUSTER}-${pool}-${id}`, labels: labels(pool) },
      spec: {
        nodeSelector: { "kcp-test.io/runs-outside": "true" },
        containers: [{ name: "kafka", image: `quay.io/strimzi/kafka:1.2.0-kafka-${this.version}` }],
      },
    };
  }

  /** The namespace, the Kafka, and each pool with its StrimziPodSet and pods. */
  async create(): Promise<void> {
    await this.api("POST", "/api/v1/namespaces", { metadata: { name: this.namespace } });
    await this.api("POST", `${this.base}/kafkas`, {
      apiVersion: "kafka.strimzi.io/v1",
      kind: "Kafka",
      metadata: { name: CLUSTER },
      spec: {
        kafka: {
          version: this.version,
          metadataVersion: `${this.version.split(".").slice(0, 2).join(".")}-IV0`,
          listeners: [{ name: "plain", port: 9092, type: "internal", tls: false }],
        },
      },
    });
    for (const [name, pool] of Object.entries(this.pools)) {
      await this.api("POST", `${this.base}/kafkanodepools`, {
        apiVersion: "kafka.strimzi.io/v1",
        kind: "KafkaNodePool",
        metadata: { name, labels: { "strimzi.io/cluster": CLUSTER } },
        spec: { replicas: pool.nodeIds.length, roles: [pool.role], storage: { type: "ephemeral" } },
      });
      await this.api("POST", this.podSetPath, {
        apiVersion: "core.strimzi.io/v1",
        kind: "StrimziPodSet",
        metadata: { name: `${CLUSTER}-${name}`, labels: labels(name) },
        spec: { selector: { matchLabels: labels(name) }, pods: pool.nodeIds.map((id) => this.pod(name, id)) },
      });
      for (const id of pool.nodeIds) await this.api("POST", this.podPath, this.pod(name, id));
    }
  }

  /** The operator's reconciliation: what Strimzi would do about the resources' spec and annotations now. */
  async reconcile(): Promise<void> {
    for (const [name, pool] of Object.entries(this.pools)) await this.reconcilePool(name, pool);
    await this.reportKafka();
  }

  /** A pool resized: the nodes it removes stopped (those annotated, or the last), spare ones started to grow it. */
  private async reconcilePool(name: string, pool: Pool): Promise<void> {
    const resource = await this.api("GET", `${this.base}/kafkanodepools/${name}`);
    const wanted = resource.spec.replicas ?? 0;
    if (wanted < pool.nodeIds.length) {
      const named = /\[([\d,\s]*)\]/.exec(resource.metadata.annotations?.["strimzi.io/remove-node-ids"] ?? "");
      const remove = named ? (named[1] as string).split(",").map(Number) : pool.nodeIds.slice(wanted);
      for (const id of remove) {
        await this.kafka.node(id).stop();
        await this.api("DELETE", `${this.podPath}/${CLUSTER}-${name}-${id}`);
        this.spare.push(id);
        this.events.push(`removed node ${id}`);
      }
      pool.nodeIds = pool.nodeIds.filter((id) => !remove.includes(id));
    }
    while (wanted > pool.nodeIds.length && this.spare.length > 0) {
      const id = this.spare.shift() as number;
      await this.kafka.node(id).start();
      await this.api("POST", this.podPath, this.pod(name, id));
      pool.nodeIds.push(id);
      this.events.push(`added node ${id}`);
    }
    await this.api(
      "PATCH",
      `${this.base}/kafkanodepools/${name}/status`,
      {
        status: {
          nodeIds: [...pool.nodeIds].sort((a, b) => a - b),
          replicas: pool.nodeIds.length,
          roles: [pool.role],
          observedGeneration: resource.metadata.generation,
        },
      },
      MERGE,
    );
    await this.rollAnnotated(name, pool.nodeIds);
  }

  /** The Kafka's status: the version and metadata version asked for (as once rolled), and the Ready verdict. */
  private async reportKafka(): Promise<void> {
    const resource = await this.api("GET", `${this.base}/kafkas/${CLUSTER}`);
    const spec = resource.spec.kafka ?? {};
    const status = resource.status ?? {};
    if (spec.version && spec.version !== status.kafkaVersion) this.events.push(`spec.kafka.version ${spec.version}`);
    if (spec.metadataVersion && !String(status.kafkaMetadataVersion ?? "").startsWith(spec.metadataVersion))
      this.events.push(`spec.kafka.metadataVersion ${spec.metadataVersion}`);
    const metadataVersion = spec.metadataVersion?.includes("-IV")
      ? spec.metadataVersion
      : `${spec.metadataVersion}-IV0`;
    await this.api("PUT", `${this.base}/kafkas/${CLUSTER}/status`, {
      ...resource,
      status: {
        ...status,
        observedGeneration: resource.metadata.generation,
        kafkaVersion: spec.version,
        kafkaMetadataVersion: metadataVersion,
        conditions: [readyCondition(this.ready)],
      },
    });
  }

  /** Restarts the real nodes of an annotated StrimziPodSet or pod, one at a time, then clears the annotations. */
  private async rollAnnotated(pool: string, nodeIds: number[]): Promise<void> {
    const annotated = (r: Resource) => r.metadata.annotations?.["strimzi.io/manual-rolling-update"] === "true";
    const clear = { metadata: { annotations: { "strimzi.io/manual-rolling-update": null } } };
    const podSet = await this.api("GET", `${this.podSetPath}/${CLUSTER}-${pool}`);
    for (const id of nodeIds) {
      const podName = `${this.podPath}/${CLUSTER}-${pool}-${id}`;
      if (!annotated(podSet) && !annotated(await this.api("GET", podName))) continue;
      await this.kafka.node(id).restart();
      await this.kafka.waitUntilReady();
      this.events.push(`rolled node ${id}`);
      await this.api("PATCH", podName, clear, MERGE);
    }
    if (annotated(podSet)) await this.api("PATCH", `${this.podSetPath}/${CLUSTER}-${pool}`, clear, MERGE);
  }
}

export async function startStrimziOperatorDouble(kafka: KafkaCluster, version: string): Promise<StrimziOperatorDouble> {
  const server = await getSharedKubeApiServer();
  await applyStrimziCrds(server, { kinds: ["Kafka", "KafkaNodePool", "StrimziPodSet"] });
  const operator = new OperatorDouble(server, `kcp-e2e-${randomBytes(3).toString("hex")}`, kafka, version);
  await operator.create();

  let running = true;
  let failure: Error | undefined;
  // One reconciliation at a time, as the operator does; a write that lost a race (409) is retried at the next.
  let chain = Promise.resolve();
  const reconcileNow = () => {
    chain = chain
      .then(() => operator.reconcile())
      .catch((error: Error) => {
        if (error.cause !== 409) failure = error;
      });
    return chain;
  };
  const loop = (async () => {
    while (running) {
      await reconcileNow();
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  })();
  await reconcileNow();

  return {
    server,
    namespace: operator.namespace,
    name: CLUSTER,
    events: operator.events,
    setReady: async (isReady, reason = "ReconciliationFailed") => {
      operator.ready = { ready: isReady, reason };
      await reconcileNow();
    },
    stop: async () => {
      running = false;
      await loop;
      operator.spare = [];
      await operator.api("DELETE", `/api/v1/namespaces/${operator.namespace}`).catch(() => undefined);
      if (failure) throw new Error(`the simulated operator failed: ${failure.message}`);
    },
  };
}
