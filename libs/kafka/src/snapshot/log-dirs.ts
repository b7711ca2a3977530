import { describeLogDirsV4 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";

export interface BrokerLogDirs {
  dirs: { path: string; totalBytes?: number; usableBytes?: number; dataBytes: number; error?: string }[];
  /** Size of each replica on this broker, by `topic:partition` (future replicas of a log-dir move left out). */
  replicaBytes: Map<string, number>;
}

const KAFKA_ERROR_NAMES: Readonly<Record<number, string>> = {
  56: "KAFKA_STORAGE_ERROR",
  31: "CLUSTER_AUTHORIZATION_FAILED",
};
const toNumber = (value: bigint) => (value < 0n ? undefined : Number(value));

/** DescribeLogDirs of one broker, every topic: its log dirs with volume figures, and every replica's size. */
export async function readBrokerLogDirs(client: KafkaClient, brokerId: number): Promise<BrokerLogDirs> {
  const connection = (await client.bulkConnections([brokerId])).get(brokerId);
  if (!connection) throw new Error(`broker ${brokerId} is not in the metadata`);
  const response = await describeLogDirsV4.api.async(connection, null);
  const replicaBytes = new Map<string, number>();
  const dirs = response.results.map((result) => {
    let dataBytes = 0;
    for (const topic of result.topics)
      for (const partition of topic.partitions) {
        if (partition.isFutureKey) continue;
        const size = Number(partition.partitionSize);
        dataBytes += size;
        replicaBytes.set(`${topic.name}:${partition.partitionIndex}`, size);
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
  return { dirs, replicaBytes };
}
