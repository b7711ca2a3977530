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

export async function startStrimziOperatorDouble(kafka: KafkaCluster, version: string): Promise<StrimziOperatorDouble> {
  const server = await getSharedKubeApiServer();
  await applyStrimziCrds(server, { kinds: ["Kafka", "KafkaNodePool", "StrimziPodSet"] });
  const namespace = `kcp-e2e-${randomBytes(3).toString("hex")}`;
  const base = `/apis/kafka.strimzi.io/v1/namespaces/${namespace}`;
  const api = async <T = Resource>(method: string, path: string, body?: unknown, contentType?: string) => {
    const response = await kubeRequest(server, method, path, { body, ...(contentType ? { contentType } : {}) });
    if (response.status >= 300)
      throw new Error(`${method} ${path}: ${response.status} ${response.text}`, { cause: response.status });
    return response.body as T;
  };
  const labels = (pool: string) => ({
    "strimzi.io/cluster": CLUSTER,
    "strimzi.io/kind": "Kafka",
    "strimzi.io/name": `${CLUSTER}-kafka`,
    "strimzi.io/pool-name": pool,
  });
  const podPath = `/api/v1/namespaces/${namespace}/pods`;
  const podSetPath = `/apis/core.strimzi.io/v1/namespaces/${namespace}/strimzipodsets`;
  // The pods stand for the real Kafka nodes, which run outside the Kubernetes node: no node matches their selector,
  // so none is scheduled, none is run by the kubelet, and a deleted one is gone at once (as on a bare API server).
  const pod = (pool: string, id: number) => ({
    metadata: { name: `${CLUSTER}-${pool}-${id}`, labels: labels(pool) },
    spec: {
      nodeSelector: { "kcp-test.io/runs-outside": "true" },
      containers: [{ name: "kafka", image: `quay.io/strimzi/kafka:1.2.0-kafka-${version}` }],
    },
  });
  const pools: Record<string, { role: string; nodeIds: number[] }> = {
    controllers: { role: "controller", nodeIds: [1, 2, 3] },
    brokers: { role: "broker", nodeIds: [4, 5, 6] },
  };

  await api("POST", "/api/v1/namespaces", { metadata: { name: namespace } });
  await api("POST", `${base}/kafkas`, {
    apiVersion: "kafka.strimzi.io/v1",
    kind: "Kafka",
    metadata: { name: CLUSTER },
    spec: {
      kafka: {
        version,
        metadataVersion: `${version.split(".").slice(0, 2).join(".")}-IV0`,
        listeners: [{ name: "plain", port: 9092, type: "internal", tls: false }],
      },
    },
  });
  for (const [name, pool] of Object.entries(pools)) {
    await api("POST", `${base}/kafkanodepools`, {
      apiVersion: "kafka.strimzi.io/v1",
      kind: "KafkaNodePool",
      metadata: { name, labels: { "strimzi.io/cluster": CLUSTER } },
      spec: { replicas: pool.nodeIds.length, roles: [pool.role], storage: { type: "ephemeral" } },
    });
    await api("POST", podSetPath, {
      apiVersion: "core.strimzi.io/v1",
      kind: "StrimziPodSet",
      metadata: { name: `${CLUSTER}-${name}`, labels: labels(name) },
      spec: { selector: { matchLabels: labels(name) }, pods: pool.nodeIds.map((id) => pod(name, id)) },
    });
    for (const id of pool.nodeIds) await api("POST", podPath, pod(name, id));
  }

  const events: OperatorEvent[] = [];
  let ready = { ready: true, reason: "" };
  let spare: number[] = [];

  /** The operator's reconciliation: what Strimzi would do about the resources' spec and annotations now. */
  async function reconcile(): Promise<void> {
    for (const [name, pool] of Object.entries(pools)) {
      const resource = await api("GET", `${base}/kafkanodepools/${name}`);
      const wanted = resource.spec.replicas ?? 0;
      if (wanted < pool.nodeIds.length) {
        const named = /\[([\d,\s]*)\]/.exec(resource.metadata.annotations?.["strimzi.io/remove-node-ids"] ?? "");
        const remove = named ? (named[1] as string).split(",").map(Number) : pool.nodeIds.slice(wanted);
        for (const id of remove) {
          await kafka.node(id).stop();
          await api("DELETE", `${podPath}/${CLUSTER}-${name}-${id}`);
          spare.push(id);
          events.push(`removed node ${id}`);
        }
        pool.nodeIds = pool.nodeIds.filter((id) => !remove.includes(id));
      }
      while (wanted > pool.nodeIds.length && spare.length > 0) {
        const id = spare.shift() as number;
        await kafka.node(id).start();
        await api("POST", podPath, pod(name, id));
        pool.nodeIds.push(id);
        events.push(`added node ${id}`);
      }
      await api(
        "PATCH",
        `${base}/kafkanodepools/${name}/status`,
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
      await rollAnnotated(name, pool.nodeIds);
    }
    const resource = await api("GET", `${base}/kafkas/${CLUSTER}`);
    const spec = resource.spec.kafka ?? {};
    const status = resource.status ?? {};
    if (spec.version && spec.version !== status.kafkaVersion) events.push(`spec.kafka.version ${spec.version}`);
    if (spec.metadataVersion && !String(status.kafkaMetadataVersion ?? "").startsWith(spec.metadataVersion))
      events.push(`spec.kafka.metadataVersion ${spec.metadataVersion}`);
    const metadataVersion = spec.metadataVersion?.includes("-IV")
      ? spec.metadataVersion
      : `${spec.metadataVersion}-IV0`;
    await api("PUT", `${base}/kafkas/${CLUSTER}/status`, {
      ...resource,
      status: {
        ...status,
        observedGeneration: resource.metadata.generation,
        kafkaVersion: spec.version,
        kafkaMetadataVersion: metadataVersion,
        conditions: [
          ready.ready
            ? { type: "Ready", status: "True", lastTransitionTime: "2026-11-27T00:00:00Z" }
            : {
                type: "Ready",
                status: "False",
                reason: ready.reason,
                message: "the test says so",
                lastTransitionTime: "2026-11-27T00:00:00Z",
              },
        ],
      },
    });
  }

  /** Restarts the real nodes of an annotated StrimziPodSet or pod, one at a time, then clears the annotations. */
  async function rollAnnotated(pool: string, nodeIds: number[]): Promise<void> {
    const annotated = (r: Resource) => r.metadata.annotations?.["strimzi.io/manual-rolling-update"] === "true";
    const clear = { metadata: { annotations: { "strimzi.io/manual-rolling-update": null } } };
    const podSet = await api("GET", `${podSetPath}/${CLUSTER}-${pool}`);
    for (const id of nodeIds) {
      const podName = `${podPath}/${CLUSTER}-${pool}-${id}`;
      if (!annotated(podSet) && !annotated(await api("GET", podName))) continue;
      await kafka.node(id).restart();
      await kafka.waitUntilReady();
      events.push(`rolled node ${id}`);
      await api("PATCH", podName, clear, MERGE);
    }
    if (annotated(podSet)) await api("PATCH", `${podSetPath}/${CLUSTER}-${pool}`, clear, MERGE);
  }

  let running = true;
  let failure: Error | undefined;
  // One reconciliation at a time, as the operator does; a write that lost a race (409) is retried at the next.
  let chain = Promise.resolve();
  const reconcileNow = () => {
    chain = chain.then(reconcile).catch((error: Error) => {
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
    namespace,
    name: CLUSTER,
    events,
    setReady: async (isReady, reason = "ReconciliationFailed") => {
      ready = { ready: isReady, reason };
      await reconcileNow();
    },
    stop: async () => {
      running = false;
      await loop;
      spare = [];
      await api("DELETE", `/api/v1/namespaces/${namespace}`).catch(() => undefined);
      if (failure) throw new Error(`the simulated operator failed: ${failure.message}`);
    },
  };
}
