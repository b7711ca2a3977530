/**
 * The real Kafka clusters of bench/fleet: single-node clusters with small heaps (the fleet), one larger one, and a
 * trickle of produce into them so that rates and lags move between collections.
 */

import { generateData, type KafkaCluster, startCluster } from "@kcp/test-infra";
import { Producer, stringSerializers } from "@platformatic/kafka";
import { processUsage } from "./probes.js";

export interface FleetCluster {
  cluster: KafkaCluster;
  topics: string[];
}

export interface FleetShape {
  topics: number;
  partitions: number;
  groups: number;
  /** The node's heap (-Xmx), MiB. */
  heapMb: number;
  /** The JVM's full JIT (C2), as in production; otherwise C1 only, as the tests' nodes (less memory, faster start). */
  fullJit: boolean;
}

/** Kafka's JVM options for the nodes started next (the harness adds KCP_KAFKA_JVM_OPTS after its own: these win). */
function jvmOptions(shape: FleetShape): void {
  process.env.KCP_KAFKA_JVM_OPTS = [
    `-Xms${Math.min(64, shape.heapMb)}m`,
    `-Xmx${shape.heapMb}m`,
    ...(shape.fullJit ? ["-XX:TieredStopAtLevel=4"] : []),
  ].join(" ");
}

/** Starts one single-node cluster and fills it: topics, messages, groups with committed offsets (hence lag). */
export async function startFilled(name: string, shape: FleetShape): Promise<FleetCluster> {
  jvmOptions(shape);
  const cluster = await startCluster({ topology: "single", name });
  try {
    const { topics } = await generateData(cluster, {
      topics: shape.topics,
      partitions: shape.partitions,
      replicationFactor: 1,
      groups: shape.groups,
      messagesPerPartition: 5,
      lagPerPartition: 2,
      prefix: name,
      progress: false,
    });
    return { cluster, topics };
  } catch (error) {
    await cluster.stop().catch(() => undefined);
    throw error;
  }
}

/** Starts `count` filled clusters, `concurrency` at a time; on a failure the ones started are stopped. */
export async function startFleet(
  count: number,
  shape: FleetShape,
  concurrency: number,
  progress: (line: string) => void,
): Promise<FleetCluster[]> {
  const started: FleetCluster[] = [];
  let next = 0;
  const worker = async () => {
    while (next < count) {
      const index = next++;
      started.push(await startFilled(`fleet-${String(index).padStart(3, "0")}`, shape));
      progress(`${started.length}/${count} clusters up`);
    }
  };
  try {
    await Promise.all(Array.from({ length: Math.min(concurrency, count) }, worker));
  } catch (error) {
    await stopAll(started);
    throw error;
  }
  return started.sort((a, b) => a.cluster.name.localeCompare(b.cluster.name));
}

export async function stopAll(clusters: FleetCluster[]): Promise<void> {
  await Promise.allSettled(clusters.map(({ cluster }) => cluster.stop()));
}

/** Each cluster's JVM resident memory (bytes) now. */
export async function kafkaRss(clusters: FleetCluster[]): Promise<number[]> {
  const sizes: number[] = [];
  for (const { cluster } of clusters)
    for (const node of cluster.nodes)
      if (node.pid !== undefined) sizes.push((await processUsage(node.pid).catch(() => undefined))?.rssBytes ?? 0);
  return sizes;
}

/** The CPU time (seconds) the clusters' JVMs have used so far, together. */
export async function kafkaCpu(clusters: FleetCluster[]): Promise<number> {
  let seconds = 0;
  for (const { cluster } of clusters)
    for (const node of cluster.nodes)
      if (node.pid !== undefined) seconds += (await processUsage(node.pid).catch(() => undefined))?.cpuSeconds ?? 0;
  return seconds;
}

/**
 * Every `everyMs`, one 100-byte message to each topic of each cluster (keys spread them over the partitions), from one
 * producer per cluster kept open; a cluster whose last send has not returned is skipped that round.
 */
export function startTrickle(clusters: FleetCluster[], everyMs: number) {
  const producers = clusters.map(
    ({ cluster }) =>
      new Producer({ ...cluster.clientOptions(undefined, "kcp-bench-fleet-trickle"), serializers: stringSerializers }),
  );
  const busy = new Set<number>();
  let sent = 0;
  let failed = 0;
  let n = 0;
  const timer = setInterval(() => {
    clusters.forEach(({ topics }, i) => {
      if (busy.has(i)) return;
      busy.add(i);
      const messages = topics.map((topic) => ({ topic, key: `k${n++}`, value: "m".repeat(100) }));
      (producers[i] as Producer<string, string, string, string>)
        .send({ messages, acks: 1 })
        .then(
          () => {
            sent += messages.length;
          },
          () => {
            failed++;
          },
        )
        .finally(() => busy.delete(i));
    });
  }, everyMs);
  return {
    counts: () => ({ sent, failed }),
    async stop() {
      clearInterval(timer);
      await Promise.allSettled(producers.map((p) => p.close()));
    },
  };
}
