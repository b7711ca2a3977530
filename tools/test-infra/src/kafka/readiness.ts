import { Connection, describeClusterV1, describeQuorumV2 } from "@platformatic/kafka";
import { waitFor } from "../common/index.js";
import { bootstrapServers } from "./clients.js";
import { describeClusterV2 } from "./describe-cluster-v2.js";
import type { ClusterSpec } from "./spec.js";
import { majorOf } from "./versions.js";

export interface ClusterState {
  /** Registered and unfenced brokers (DescribeCluster). */
  brokers: number[];
  /** Registered but fenced brokers (Kafka 4.x: DescribeCluster v2 with IncludeFencedBrokers; on 3.9 always []). */
  fencedBrokers: number[];
  quorumLeader: number;
  voters: number[];
  observers: number[];
  /** When each voter last caught up with the leader (its lastCaughtUpTimestamp, ms; -1 when the leader does not know). */
  voterCaughtUpAt: Record<number, number>;
}

const sorted = (ids: number[]) => [...ids].sort((a, b) => a - b);

/** Runs `work` on a connection to the first broker of the PLAINTEXT listener that answers. */
async function withAnyBroker<T>(cluster: ClusterSpec, work: (connection: Connection) => Promise<T>): Promise<T> {
  let lastError: unknown = new Error(`cluster ${cluster.name} has no PLAINTEXT broker`);
  for (const address of bootstrapServers(cluster)) {
    const [host = "127.0.0.1", port = "0"] = address.split(":");
    const connection = new Connection("kcp-readiness", { connectTimeout: 3000, requestTimeout: 5000 });
    try {
      await connection.connect(host, Number(port));
      return await work(connection);
    } catch (error) {
      lastError = error;
    } finally {
      await connection.close();
    }
  }
  throw lastError;
}

async function brokers(connection: Connection, cluster: ClusterSpec) {
  if (majorOf(cluster.version) < 4) {
    const response = await describeClusterV1.api.async(connection, false, 1);
    return { brokers: sorted(response.brokers.map((b) => b.brokerId)), fencedBrokers: [] };
  }
  const response = await describeClusterV2.async(connection, true);
  return {
    brokers: sorted(response.brokers.filter((b) => !b.isFenced).map((b) => b.brokerId)),
    fencedBrokers: sorted(response.brokers.filter((b) => b.isFenced).map((b) => b.brokerId)),
  };
}

async function quorum(connection: Connection) {
  const response = await describeQuorumV2.api.async(connection, [
    { topicName: "__cluster_metadata", partitions: [{ partitionIndex: 0 }] },
  ]);
  const partition = response.topics[0]?.partitions[0];
  const caughtUpAt = (partition?.currentVoters ?? []).map((v) => [v.replicaId, Number(v.lastCaughtUpTimestamp)]);
  return {
    quorumLeader: partition?.leaderId ?? -1,
    voters: sorted((partition?.currentVoters ?? []).map((v) => v.replicaId)),
    voterCaughtUpAt: Object.fromEntries(caughtUpAt) as Record<number, number>,
    observers: sorted((partition?.observers ?? []).map((v) => v.replicaId)),
  };
}

/** Brokers (DescribeCluster) and the metadata quorum (DescribeQuorum), asked of the first broker that answers. */
export function readClusterState(cluster: ClusterSpec): Promise<ClusterState> {
  return withAnyBroker(cluster, async (connection) => ({
    ...(await brokers(connection, cluster)),
    ...(await quorum(connection)),
  }));
}

/** Waits until every expected broker is registered and unfenced and the quorum has a leader. */
export async function waitUntilReady(
  cluster: ClusterSpec,
  expectedBrokers: number[],
  options: { timeoutMs?: number; deadNode?: () => Error | undefined } = {},
): Promise<ClusterState> {
  return waitFor(
    `Kafka cluster ${cluster.name} (brokers ${expectedBrokers.join(",")}) to be ready`,
    async () => {
      const state = await readClusterState(cluster);
      const allBrokers = expectedBrokers.every((id) => state.brokers.includes(id));
      return allBrokers && state.quorumLeader >= 0 ? state : undefined;
    },
    {
      timeoutMs: options.timeoutMs ?? 120_000,
      intervalMs: 250,
      ...(options.deadNode ? { giveUpIf: options.deadNode } : {}),
    },
  );
}
