import { alterPartitionReassignmentsV0, metadataV12 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { readBrokerLogDirs } from "../snapshot/log-dirs.js";
import { readReassignments } from "../snapshot/reassignments.js";
import { appendTo } from "../util/group.js";

export interface PartitionReplicas {
  topic: string;
  partition: number;
  replicas: number[];
}

export interface ReassignmentInProgress extends PartitionReplicas {
  /** The brokers still copying the partition. */
  adding: number[];
}

const REASSIGN_TIMEOUT_MS = 60_000;

function byTopic(changes: { topic: string; partition: number; replicas: number[] | null }[]) {
  const topics = new Map<string, { partitionIndex: number; replicas: number[] | null }[]>();
  for (const c of changes) appendTo(topics, c.topic, { partitionIndex: c.partition, replicas: c.replicas });
  return [...topics].map(([name, partitions]) => ({ name, partitions }));
}

/** AlterPartitionReassignments: each partition to its new replicas, or (null) its reassignment cancelled. */
export async function alterReassignments(
  client: KafkaClient,
  changes: { topic: string; partition: number; replicas: number[] | null }[],
): Promise<void> {
  try {
    await alterPartitionReassignmentsV0.api.async(
      await client.anyConnection(),
      REASSIGN_TIMEOUT_MS,
      false,
      byTopic(changes),
    );
  } catch (error) {
    throw toKafkaAppError(error, "reassigning partitions");
  }
}

/** The reassignments in progress. */
export async function listReassignments(client: KafkaClient): Promise<ReassignmentInProgress[]> {
  try {
    return (await readReassignments(client, REASSIGN_TIMEOUT_MS)).map((r) => ({
      topic: r.topic,
      partition: r.partition,
      replicas: r.replicas,
      adding: r.adding ?? [],
    }));
  } catch (error) {
    throw toKafkaAppError(error, "listing reassignments");
  }
}

/** The replicas of every partition of the topics named, in order (Metadata). */
export async function partitionReplicas(client: KafkaClient, topics: string[]): Promise<PartitionReplicas[]> {
  try {
    const response = await metadataV12.api.async(await client.anyConnection(), topics, false, false);
    return response.topics.flatMap((t) =>
      t.partitions.map((p) => ({ topic: t.name ?? "", partition: p.partitionIndex, replicas: p.replicaNodes })),
    );
  } catch (error) {
    throw toKafkaAppError(error, "reading partition replicas");
  }
}

/** The size of each of these partitions' replica on one broker (DescribeLogDirs), by `topic:partition`. */
export async function replicaSizes(
  client: KafkaClient,
  brokerId: number,
  partitions: { topic: string; partition: number }[],
): Promise<Map<string, number>> {
  const topics = new Map<string, number[]>();
  for (const p of partitions) appendTo(topics, p.topic, p.partition);
  try {
    const only = [...topics].map(([name, ids]) => ({ name, partitions: ids }));
    return (await readBrokerLogDirs(client, brokerId, only)).replicaBytes;
  } catch (error) {
    throw toKafkaAppError(error, `reading replica sizes on broker ${brokerId}`);
  }
}
