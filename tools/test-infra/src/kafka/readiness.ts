import { Admin, Connection, describeQuorumV2 } from "@platformatic/kafka";
import { waitFor } from "../common/index.js";
import { clientOptions } from "./clients.js";
import type { ClusterSpec } from "./spec.js";

export interface ClusterState {
  /** Broker ids in the metadata: registered and unfenced. */
  brokers: number[];
  quorumLeader: number;
  voters: number[];
  observers: number[];
}

async function metadataBrokers(cluster: ClusterSpec): Promise<number[]> {
  const admin = new Admin({ ...clientOptions(cluster, { listener: "PLAINTEXT" }, "kcp-readiness"), retries: 0 });
  try {
    const metadata = await admin.metadata({ topics: [], forceUpdate: true });
    return [...metadata.brokers.keys()].sort((a, b) => a - b);
  } finally {
    await admin.close();
  }
}

async function quorum(cluster: ClusterSpec): Promise<Pick<ClusterState, "quorumLeader" | "voters" | "observers">> {
  const [bootstrap] = clientOptions(cluster).bootstrapBrokers;
  const [host, port] = (bootstrap ?? "").split(":");
  const connection = new Connection("kcp-readiness", { connectTimeout: 3000, requestTimeout: 5000 });
  try {
    await connection.connect(host ?? "127.0.0.1", Number(port));
    const response = await describeQuorumV2.api.async(connection, [
      { topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] },
    ]);
    const partition = response.topics[0]?.partitions[0];
    return {
      quorumLeader: partition?.leaderId ?? -1,
      voters: (partition?.currentVoters ?? []).map((v) => v.replicaId).sort((a, b) => a - b),
      observers: (partition?.observers ?? []).map((v) => v.replicaId).sort((a, b) => a - b),
    };
  } finally {
    await connection.close();
  }
}

export async function readClusterState(cluster: ClusterSpec): Promise<ClusterState> {
  return { brokers: await metadataBrokers(cluster), ...(await quorum(cluster)) };
}

/**
 * Waits until every expected broker is registered and unfenced (it appears in the metadata only then) and the
 * quorum has a leader.
 */
export async function waitUntilReady(
  cluster: ClusterSpec,
  expectedBrokers: number[],
  options: { timeoutMs?: number; assertAlive?: () => void } = {},
): Promise<ClusterState> {
  return waitFor(
    `Kafka cluster ${cluster.name} (brokers ${expectedBrokers.join(",")}) to be ready`,
    async () => {
      options.assertAlive?.();
      const state = await readClusterState(cluster);
      const allBrokers = expectedBrokers.every((id) => state.brokers.includes(id));
      return allBrokers && state.quorumLeader >= 0 ? state : undefined;
    },
    { timeoutMs: options.timeoutMs ?? 120_000, intervalMs: 500 },
  );
}
