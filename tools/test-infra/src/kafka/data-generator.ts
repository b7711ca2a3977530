import type { KafkaCluster } from "./cluster.js";
import { commitGroupOffsets, produceMessages, withAdmin } from "./helpers.js";

export interface DataShape {
  topics: number;
  partitions: number;
  replicationFactor?: number;
  messagesPerPartition: number;
  groups: number;
  /** Each group has committed offsets at (messages − lag) on every partition of one topic. */
  lagPerPartition: number;
  prefix?: string;
}

async function inBatches<T>(items: T[], size: number, work: (item: T) => Promise<void>): Promise<void> {
  for (let start = 0; start < items.length; start += size) {
    await Promise.all(items.slice(start, start + size).map(work));
  }
}

/**
 * Fills a cluster for benchmarks: `topics` topics of `partitions` partitions, `messagesPerPartition` messages on each
 * partition, and `groups` consumer groups, each with committed offsets (and so lag) on one topic.
 */
export async function generateData(cluster: KafkaCluster, shape: DataShape): Promise<{ topics: string[] }> {
  const prefix = shape.prefix ?? "bench";
  const topics = Array.from({ length: shape.topics }, (_, i) => `${prefix}-topic-${String(i).padStart(5, "0")}`);
  const replicas = shape.replicationFactor ?? Math.min(3, cluster.brokerIds.length);
  await withAdmin(cluster, async (admin) => {
    for (let start = 0; start < topics.length; start += 200) {
      await admin.createTopics({ topics: topics.slice(start, start + 200), partitions: shape.partitions, replicas });
    }
  });
  await inBatches(topics, 8, async (topic) => {
    for (let partition = 0; partition < shape.partitions; partition++) {
      await produceMessages(cluster, topic, shape.messagesPerPartition, { partition });
    }
  });
  const committed = Math.max(0, shape.messagesPerPartition - shape.lagPerPartition);
  const groups = Array.from({ length: shape.groups }, (_, i) => i);
  await inBatches(groups, 20, async (i) => {
    const topic = topics[i % topics.length] as string;
    const offsets = Object.fromEntries(Array.from({ length: shape.partitions }, (_, p) => [p, committed]));
    await commitGroupOffsets(cluster, `${prefix}-group-${String(i).padStart(5, "0")}`, topic, offsets);
  });
  return { topics };
}
