import { describeLogDirsV4 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";

export interface BrokerLogDirs {
  dirs: { path: string; totalBytes?: number; usableBytes?: number; dataBytes: number; error?: string }[];
  /** Size of each replica on this broker, by `topic:partition` (future replicas of a log-dir move left out). */
  replicaBytes: Map<string, number>;
  /** The log dir holding each replica, by `topic:partition` (what JBOD brokers' plans and moves read). */
  replicaDirs: Map<string, string>;
  /** Replicas being moved between this broker's log dirs: the future replica's dir, size and lag, by `topic:partition`. */
  futures: Map<string, { path: string; bytes: number; offsetLag: number }>;
}

const KAFKA_ERROR_NAMES: Readonly<Record<number, string>> = {
  56: "KAFKA_STORAGE_ERROR",
  31: "CLUSTER_AUTHORIZATION_FAILED",
};
const toNumber = (value: bigint) => (value < 0n ? undefined : Number(value));

/**
 * DescribeLogDirs of one broker: its log dirs with volume figures, and the size of every replica (of the given
 * partitions only, when `only` is given: a console's page of topics need not read the whole broker).
 */
export async function readBrokerLogDirs(
  client: KafkaClient,
  brokerId: number,
  only: { name: string; partitions: number[] }[] | null = null,
): Promise<BrokerLogDirs> {
  const connection = (await client.bulkConnections([brokerId])).get(brokerId);
  if (!connection) throw new Error(`broker ${brokerId} is not in the metadata`);
  const response = await describeLogDirsV4.api.async(connection, only);
  const replicaBytes = new Map<string, number>();
  const replicaDirs = new Map<string, string>();
  const futures = new Map<string, { path: string; bytes: number; offsetLag: number }>();
  const dirs = response.results.map((result) => {
    let dataBytes = 0;
    for (const topic of result.topics)
      for (const partition of topic.partitions) {
        const key = `${topic.name}:${partition.partitionIndex}`;
        const size = Number(partition.partitionSize);
        if (partition.isFutureKey) {
          futures.set(key, { path: result.logDir, bytes: size, offsetLag: Number(partition.offsetLag) });
          continue;
        }
        dataBytes += size;
        replicaBytes.set(key, size);
        replicaDirs.set(key, result.logDir);
      }
    const totalBytes = toNumber(result.totalBytes);
    const usableBytes = toNumber(result.usableBytes);
    return {
      path: result.logDir,
      dataBytes,
      ...(totalBytes === undefined ? {} : { totalBytes }),
      ...(usableBytes === undefined ? {} : { usableBytes }),
      ...(result.errorCode === 0
        ? {}
        : { error: KAFKA_ERROR_NAMES[result.errorCode] ?? `error code ${result.errorCode}` }),
    };
  });
  return { dirs, replicaBytes, replicaDirs, futures };
}
