import type { Broker, Partition, Snapshot, Topic } from "@kcp/shared";

/** A partition with what the rules need beside it: its topic, the replicas being added, the live brokers. */
export interface PartitionFacts {
  name: string;
  topic: Topic;
  partition: Partition;
  /** The replica set without replicas a reassignment is still adding (they are not expected in the ISR yet). */
  settledReplicas: number[];
  offline: boolean;
  underReplicated: boolean;
  underMinIsr: boolean;
  /** One more ISR loss blocks acks=all producers; a partition with no redundancy to lose does not count. */
  atMinIsr: boolean;
}

function addingReplicas(snapshot: Snapshot): Map<string, Set<number>> {
  return new Map(snapshot.reassignments.map((r) => [`${r.topic}-${r.partition}`, new Set(r.adding ?? [])]));
}

const aliveIds = (brokers: Broker[]) => new Set(brokers.filter((b) => b.alive).map((b) => b.id));

/** Pure: the per-partition facts of a snapshot, in topic and partition order. */
export function partitionFacts(snapshot: Snapshot): PartitionFacts[] {
  const adding = addingReplicas(snapshot);
  const alive = aliveIds(snapshot.brokers);
  return snapshot.topics.flatMap((topic) =>
    topic.partitions.map((partition) => {
      const name = `${topic.name}-${partition.id}`;
      const added = adding.get(name) ?? new Set<number>();
      const settledReplicas = partition.replicas.filter((id) => !added.has(id));
      const isrSize = partition.isr.length;
      return {
        name,
        topic,
        partition,
        settledReplicas,
        offline: partition.leader < 0 || !alive.has(partition.leader),
        underReplicated: isrSize < settledReplicas.length,
        underMinIsr: isrSize < topic.minInsyncReplicas,
        atMinIsr: isrSize === topic.minInsyncReplicas && isrSize < settledReplicas.length,
      };
    }),
  );
}
