import { randomBytes } from "node:crypto";
import {
  Admin,
  alterPartitionReassignmentsV0,
  Consumer,
  Producer,
  stringDeserializers,
  stringSerializers,
} from "@platformatic/kafka";
import { makeRunDir, waitFor } from "../common/index.js";
import type { ClientAuth, KafkaClients } from "./clients.js";
import type { KafkaCluster } from "./cluster.js";
import { runKafkaTool } from "./java.js";
import { resolveKafka } from "./maven.js";

let counter = 0;

/** A topic (or group) name no other test of the run uses. */
export function uniqueTopicName(prefix = "t"): string {
  counter += 1;
  return `${prefix}-${Date.now().toString(36)}-${counter}-${randomBytes(3).toString("hex")}`;
}

export interface TopicOptions {
  name: string;
  partitions?: number;
  replicationFactor?: number;
  configs?: Record<string, string>;
  /** A topic of that name that already exists is kept as it is (for fixed names, on shared clusters). */
  ifMissing?: boolean;
}

/** Runs `work` with an admin client on the cluster's PLAINTEXT listener (super user on `secure`). */
export async function withAdmin<T>(cluster: KafkaClients, work: (admin: Admin) => Promise<T>, auth?: ClientAuth) {
  const admin = new Admin(cluster.clientOptions(auth, "kcp-test-admin"));
  try {
    return await work(admin);
  } finally {
    await admin.close();
  }
}

/**
 * Waits until every partition of `topics` has a leader in the metadata. CreateTopics answers before the brokers know
 * the new leaders, and produce requests sent meanwhile fail with NOT_LEADER_OR_FOLLOWER.
 */
export async function waitForTopicLeaders(admin: Admin, topics: string[], timeoutMs = 60_000): Promise<void> {
  for (let start = 0; start < topics.length; start += 500) {
    const batch = topics.slice(start, start + 500);
    await waitFor(
      `leaders of ${batch.length} new topics`,
      async () => {
        const metadata = await admin.metadata({ topics: batch, forceUpdate: true });
        const led = batch.every((t) => metadata.topics.get(t)?.partitions.every((p) => p.leader >= 0) === true);
        return led ? true : undefined;
      },
      { timeoutMs, intervalMs: 200 },
    );
  }
}

/** Creates a topic and waits until its partitions have leaders. */
export async function createTopic(cluster: KafkaClients, options: TopicOptions): Promise<string> {
  await withAdmin(cluster, async (admin) => {
    if (options.ifMissing && (await admin.listTopics()).includes(options.name)) return;
    await admin.createTopics({
      topics: [options.name],
      partitions: options.partitions ?? 1,
      replicas: options.replicationFactor ?? Math.min(3, cluster.brokerIds?.length ?? 3),
      configs: Object.entries(options.configs ?? {}).map(([name, value]) => ({ name, value })),
    });
    await waitForTopicLeaders(admin, [options.name]);
  });
  return options.name;
}

export interface ProduceOptions {
  partition?: number;
  /** A function of the message's index, or one key for all. */
  key?: string | ((index: number) => string);
  value?: (index: number) => string;
  batchSize?: number;
}

/**
 * An idempotent producer's settings. Its first request asks for a producer id, which a cluster started a moment ago
 * answers with a retriable error for a while (the controller allocates the ids): retried for about 5 s.
 */
export const IDEMPOTENT = { idempotent: true, retries: 20, retryDelay: 250 } as const;

/**
 * Produces `count` UTF-8 messages (acks=all) and resolves when all are written, each once: the client resends a whole
 * request when one of its partitions is refused (a new topic's leader not known yet), and only an idempotent producer
 * lets the broker drop what the first attempt already appended.
 */
export async function produceMessages(
  cluster: KafkaClients,
  topic: string,
  count: number,
  options: ProduceOptions = {},
): Promise<void> {
  const producer = new Producer({
    ...cluster.clientOptions(undefined, "kcp-test-producer"),
    ...IDEMPOTENT,
    serializers: stringSerializers,
  });
  try {
    const batchSize = options.batchSize ?? 500;
    for (let start = 0; start < count; start += batchSize) {
      const messages = [];
      for (let i = start; i < Math.min(count, start + batchSize); i++) {
        const key = typeof options.key === "function" ? options.key(i) : options.key;
        messages.push({
          topic,
          value: options.value ? options.value(i) : `message-${i}`,
          ...(key === undefined ? {} : { key }),
          ...(options.partition === undefined ? {} : { partition: options.partition }),
        });
      }
      await producer.send({ messages, acks: -1 });
    }
  } finally {
    await producer.close();
  }
}

/** Commits offsets for a group that has no members (a classic group, as `kafka-consumer-groups --reset-offsets`). */
export async function commitGroupOffsets(
  cluster: KafkaCluster,
  groupId: string,
  topic: string,
  offsets: Record<number, number>,
): Promise<void> {
  await withAdmin(cluster, (admin) =>
    admin.alterConsumerGroupOffsets({
      groupId,
      topics: [
        {
          name: topic,
          partitionOffsets: Object.entries(offsets).map(([partition, offset]) => ({
            partition: Number(partition),
            offset: BigInt(offset),
          })),
        },
      ],
    }),
  );
}

/** Alias with the name tests read best: a consumer group with committed offsets (hence lag). */
export const createConsumerGroupWithOffsets = (
  cluster: KafkaCluster,
  options: { groupId: string; topic: string; offsets: Record<number, number> },
) => commitGroupOffsets(cluster, options.groupId, options.topic, options.offsets);

/** Reads `count` messages of a topic from the beginning, with a throwaway group. */
export async function consumeMessages(
  cluster: KafkaClients,
  topic: string,
  count: number,
  auth?: ClientAuth,
): Promise<{ key: string | undefined; value: string | undefined; partition: number; offset: bigint }[]> {
  const consumer = new Consumer({
    ...cluster.clientOptions(auth, "kcp-test-consumer"),
    groupId: uniqueTopicName("reader"),
    deserializers: stringDeserializers,
  });
  const received: { key: string | undefined; value: string | undefined; partition: number; offset: bigint }[] = [];
  try {
    const stream = await consumer.consume({ topics: [topic], mode: "earliest", autocommit: false, maxWaitTime: 500 });
    try {
      for await (const message of stream) {
        received.push({ key: message.key, value: message.value, partition: message.partition, offset: message.offset });
        if (received.length >= count) break;
      }
    } finally {
      await stream.close();
    }
  } finally {
    await consumer.close(true);
  }
  return received;
}

/** Runs one of Kafka's command-line tools (from the cluster's own jars) against the cluster's PLAINTEXT listener. */
export async function kafkaToolOn(
  cluster: KafkaCluster,
  mainClass: string,
  args: string[],
  /** A tool whose subcommand comes first (kafka-cluster's `unregister`): it goes before --bootstrap-server. */
  subcommand?: string,
): Promise<string> {
  const runtime = await resolveKafka(cluster.version);
  const servers = cluster.bootstrapServers.join(",");
  const first = subcommand === undefined ? [] : [subcommand];
  return runKafkaTool(
    runtime,
    mainClass,
    [...first, "--bootstrap-server", servers, ...args],
    await makeRunDir("kafka-tool"),
  );
}

/** A partition's leader, replicas and ISR as kafka-topics --describe prints them (an independent reader). */
export async function partitionFromTool(cluster: KafkaCluster, topic: string, partition = 0) {
  const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.TopicCommand", ["--describe", "--topic", topic]);
  const line = out.split("\n").find((l) => new RegExp(`Partition:\\s*${partition}\\b`).test(l)) ?? "";
  return {
    leader: Number(/Leader:\s*(-?\d+)/.exec(line)?.[1]),
    replicas: (/Replicas:\s*([\d,]+)/.exec(line)?.[1] ?? "").split(",").map(Number),
    isr: (/Isr:\s*([\d,]+)/.exec(line)?.[1] ?? "")
      .split(",")
      .filter((id) => id !== "")
      .map(Number),
  };
}

/**
 * Waits until every broker's metadata shows the partition as `accept` wants it. The controller answers a change (an
 * election, a reassignment) once it is committed; each broker learns it a moment later (seconds on a loaded machine),
 * and a reader asking that broker meanwhile sees the old state.
 */
export async function waitForPartitionOnEveryBroker(
  cluster: KafkaCluster,
  topic: string,
  partition: number,
  what: string,
  accept: (seen: { leader: number; replicas: number[]; isr: number[] }) => boolean,
) {
  for (const server of cluster.bootstrapServers)
    await waitFor(`broker ${server} to see ${what} of ${topic}-${partition}`, async () => {
      // One bootstrap broker: the Metadata request goes to that broker and no other.
      const admin = new Admin({ ...cluster.clientOptions(undefined, "kcp-test-admin"), bootstrapBrokers: [server] });
      try {
        const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
        const seen = metadata.topics.get(topic)?.partitions[partition];
        return seen && accept(seen) ? true : undefined;
      } finally {
        await admin.close();
      }
    });
}

/** Waits until every broker's metadata names `leader` for the partition. */
export function waitForLeaderOnEveryBroker(cluster: KafkaCluster, topic: string, partition: number, leader: number) {
  return waitForPartitionOnEveryBroker(cluster, topic, partition, `leader ${leader}`, (seen) => seen.leader === leader);
}

/** The dynamic configs of a broker or a topic, as kafka-configs --describe prints them. */
export function configsFromTool(cluster: KafkaCluster, entityType: "brokers" | "topics", name: string | number) {
  return kafkaToolOn(cluster, "kafka.admin.ConfigCommand", [
    "--describe",
    "--entity-type",
    entityType,
    "--entity-name",
    String(name),
  ]);
}

/** Registered brokers with their state (`"4:unfenced"`, `"6:fenced"`), as kafka-cluster list-endpoints prints them. */
export async function brokersFromTool(cluster: KafkaCluster): Promise<string[]> {
  const runtime = await resolveKafka(cluster.version);
  // A subcommand tool: its options follow the subcommand.
  const args = ["list-endpoints", "--bootstrap-server", cluster.bootstrapServers.join(","), "--include-fenced-brokers"];
  const out = await runKafkaTool(runtime, "org.apache.kafka.tools.ClusterTool", args, await makeRunDir("kafka-tool"));
  return [...out.matchAll(/^(\d+)\s+\S+\s+\d+\s+\S+\s+(fenced|unfenced)/gm)].map((m) => `${m[1]}:${m[2]}`);
}

/** The quorum's voters (id and directory id) as kafka-metadata-quorum describe --status prints them, by id. */
export async function votersFromTool(cluster: KafkaCluster): Promise<{ id: number; directoryId?: string }[]> {
  const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.MetadataQuorumCommand", ["describe", "--status"]);
  const voters = JSON.parse(/CurrentVoters:\s+(\[.*\])/.exec(out)?.[1] ?? "[]") as {
    id: number;
    directoryId?: string;
  }[];
  return voters.sort((a, b) => a.id - b.id);
}

/** AlterPartitionReassignments of one partition to `replicas` (the same set in another order moves nothing). */
export async function reassignPartition(cluster: KafkaCluster, topic: string, partition: number, replicas: number[]) {
  await withAdmin(cluster, async (admin) => {
    const [connection] = (await admin.connectToBrokers(null)).values();
    if (!connection) throw new Error("no broker to send the reassignment to");
    await alterPartitionReassignmentsV0.api.async(connection, 30_000, false, [
      { name: topic, partitions: [{ partitionIndex: partition, replicas }] },
    ]);
  });
}
