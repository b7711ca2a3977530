import type { Reassignment } from "@kcp/shared";
import { listPartitionReassignmentsV0 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";

/** ListPartitionReassignments for every topic: the reassignments in progress. */
export async function readReassignments(client: KafkaClient, timeoutMs: number): Promise<Reassignment[]> {
  const response = await listPartitionReassignmentsV0.api.async(await client.anyConnection(), timeoutMs, null);
  return response.topics.flatMap((topic) =>
    topic.partitions.map((p) => ({
      topic: topic.name,
      partition: p.partitionIndex,
      replicas: p.replicas,
      adding: p.addingReplicas.length > 0 ? p.addingReplicas : null,
      removing: p.removingReplicas.length > 0 ? p.removingReplicas : null,
    })),
  );
}
