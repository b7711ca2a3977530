import { alterPartitionReassignmentsV0, metadataV12 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { readReassignments } from "../snapshot/reassignments.js";

export interface PartitionReplicas {
  topic: string;
  partition: number;
  replicas: number[];
}

const REASSIGN_TIMEOUT_MS = 60_000;

function byTopic(changes: { topic: string; partition: number; replicas: number[] | null }[]) {
  const topics = new Map<string, { partitionIndex: number; replicas: number[] | null }[]>();
  for (const c of changes)
    topics.set(c.topic, [...(topics.get(c.topic) ?? []), { partitionIndex: c.partition, replicas: c.replicas }]);
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
export async function listReassignments(client: KafkaClient): Promise<PartitionReplicas[]> {
  try {
    return (await readReassignments(client, REASSIGN_TIMEOUT_MS)).map((r) => ({
      topic: r.topic,
      partition: r.partition,
      replicas: r.replicas,
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
