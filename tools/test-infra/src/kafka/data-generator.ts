import { type Admin, Producer, stringSerializers } from "@platformatic/kafka";
import { waitFor } from "../common/index.js";
import type { KafkaCluster } from "./cluster.js";
import { waitForTopicLeaders, withAdmin } from "./helpers.js";

export interface DataShape {
  topics: number;
  partitions: number;
  /** Default: 3, or the number of brokers if fewer. */
  replicationFactor?: number;
  messagesPerPartition: number;
  /** Consumer groups (without members); group i has committed offsets on every partition of topic i mod `topics`. */
  groups: number;
  /** Each group's lag on every partition: it committed (log end − lag). */
  lagPerPartition: number;
  /** Names are `<prefix>-topic-00000` and `<prefix>-group-00000`. Default "bench". */
  prefix?: string;
  /** Progress lines on stderr. Default true. */
  progress?: boolean;
}

export interface GeneratedData {
  topics: string[];
  groups: string[];
}

const TOPICS_PER_CREATE = 250;
const PARTITIONS_PER_SEND = 1000;
const CONCURRENT_SENDS = 4;
const CONCURRENT_COMMITS = 32;

const numbered = (prefix: string, kind: string, count: number) =>
  Array.from({ length: count }, (_, i) => `${prefix}-${kind}-${String(i).padStart(5, "0")}`);

/** Runs `work` on every item, at most `concurrency` at a time. */
async function pool<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async () => {
    while (next < items.length) await work(items[next++] as T);
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, items.length) }, worker));
}

function chunks<T>(items: T[], size: number): T[][] {
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

type EndOffsets = Map<string, bigint[]>;

/** The log-end offset of every partition; fails (NOT_LEADER_OR_FOLLOWER) while a leader has not created the log yet. */
async function endOffsets(admin: Admin, topics: string[], partitions: number): Promise<EndOffsets> {
  const ends: EndOffsets = new Map();
  for (const batch of chunks(topics, TOPICS_PER_CREATE)) {
    const listed = await admin.listOffsets({
      topics: batch.map((name) => ({
        name,
        partitions: Array.from({ length: partitions }, (_, partitionIndex) => ({ partitionIndex, timestamp: -1n })),
      })),
    });
    for (const topic of listed) {
      const offsets = ends.get(topic.name) ?? Array.from({ length: partitions }, () => 0n);
      for (const p of topic.partitions) offsets[p.partitionIndex] = p.offset;
      ends.set(topic.name, offsets);
    }
  }
  return ends;
}

/**
 * Creates the topics and waits until every partition's leader has created its log: a broker reports a new leader in
 * its metadata before its replica manager is ready, and answers NOT_LEADER_OR_FOLLOWER until then (seconds for
 * thousands of partitions); a producer would retry whole sends meanwhile and write some messages twice.
 */
async function createTopics(admin: Admin, topics: string[], shape: DataShape, replicas: number): Promise<void> {
  for (const batch of chunks(topics, TOPICS_PER_CREATE)) {
    await admin.createTopics({ topics: batch, partitions: shape.partitions, replicas });
  }
  await waitForTopicLeaders(admin, topics, 300_000);
  await waitFor(`logs of ${topics.length} new topics`, () => endOffsets(admin, topics, shape.partitions), {
    timeoutMs: 300_000,
    intervalMs: 500,
  });
}

/** One producer; each send carries the messages of many partitions, which it groups per leader into one request. */
async function fillPartitions(cluster: KafkaCluster, topics: string[], shape: DataShape): Promise<void> {
  if (shape.messagesPerPartition <= 0) return;
  const targets = topics.flatMap((topic) =>
    Array.from({ length: shape.partitions }, (_, partition) => ({ topic, partition })),
  );
  const producer = new Producer({
    ...cluster.clientOptions(undefined, "kcp-data-generator"),
    retries: 10,
    retryDelay: 1000,
    serializers: stringSerializers,
  });
  try {
    await pool(chunks(targets, PARTITIONS_PER_SEND), CONCURRENT_SENDS, async (batch) => {
      const messages = batch.flatMap(({ topic, partition }) =>
        Array.from({ length: shape.messagesPerPartition }, (_, i) => ({
          topic,
          partition,
          key: `k${i}`,
          value: `m${i}`,
        })),
      );
      // acks=all: the high watermark (what ListOffsets reports as the log end) has reached every message when the send
      // resolves; with acks=1 it trails behind, the committed offsets are computed from a stale end and lag grows.
      await producer.send({ messages, acks: -1 });
    });
  } finally {
    await producer.close();
  }
}

/** Kafka's error names inside a client error (nested aggregate errors), for a message that says what went wrong. */
function kafkaErrorNames(error: unknown): string {
  const names = new Set<string>();
  const walk = (e: unknown, depth: number) => {
    if (!e || typeof e !== "object" || depth > 8) return;
    const { apiId, message, errors, cause } = e as {
      apiId?: string;
      message?: string;
      errors?: unknown[];
      cause?: unknown;
    };
    if (apiId) names.add(apiId);
    else if (!errors && message) names.add(message);
    for (const inner of errors ?? []) walk(inner, depth + 1);
    walk(cause, depth + 1);
  };
  walk(error, 0);
  return [...names].join(", ");
}

interface GroupCommit {
  groupId: string;
  topic: string;
}

/** Commits (log end − lag) on every partition of each group's topic; returns the commits that failed, with why. */
async function commitRound(admin: Admin, commits: GroupCommit[], ends: EndOffsets, lag: bigint) {
  const failed: { commit: GroupCommit; error: unknown }[] = [];
  await pool(commits, CONCURRENT_COMMITS, async (commit) => {
    const partitionOffsets = (ends.get(commit.topic) ?? []).map((end, partition) => ({
      partition,
      offset: end > lag ? end - lag : 0n,
    }));
    await admin
      .alterConsumerGroupOffsets({ groupId: commit.groupId, topics: [{ name: commit.topic, partitionOffsets }] })
      .catch((error: unknown) => failed.push({ commit, error }));
  });
  return failed;
}

const COMMIT_ROUNDS = 20;

/**
 * Commits (log end − lag) on every partition, so the lag is exact even if a retried send wrote messages twice. On a
 * fresh multi-broker cluster the first commits create `__consumer_offsets` and its leaders move while they settle;
 * the client keeps answering NOT_COORDINATOR from its cached coordinators, so failed commits are retried in rounds,
 * each with a new client.
 */
async function commitOffsets(cluster: KafkaCluster, groups: string[], topics: string[], shape: DataShape) {
  const ends = await withAdmin(cluster, (admin) => endOffsets(admin, topics, shape.partitions));
  const lag = BigInt(shape.lagPerPartition);
  let pending: GroupCommit[] = groups.map((groupId, i) => ({ groupId, topic: topics[i % topics.length] as string }));
  for (let round = 1; pending.length > 0; round++) {
    const failed = await withAdmin(cluster, (admin) => commitRound(admin, pending, ends, lag));
    if (failed.length > 0 && round === COMMIT_ROUNDS) {
      const why = kafkaErrorNames(failed[0]?.error);
      throw new Error(`committing offsets of ${failed.length} groups failed: ${why}`, { cause: failed[0]?.error });
    }
    pending = failed.map((f) => f.commit);
    if (pending.length > 0) await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

/**
 * Fills a cluster for benchmarks: `topics` topics of `partitions` partitions, `messagesPerPartition` messages on each
 * partition, and `groups` consumer groups (without members) with committed offsets, hence lag. Topics are created in
 * batches, messages go through one producer in large multi-partition sends, and offsets are committed by one admin
 * client, many groups at a time. 2,000 topics × 5 partitions × 10 messages and 2,000 groups take about 45 s on a
 * `single` cluster on 2 cores.
 */
export async function generateData(cluster: KafkaCluster, shape: DataShape): Promise<GeneratedData> {
  const prefix = shape.prefix ?? "bench";
  const log = (line: string) => shape.progress !== false && process.stderr.write(`test-infra: ${line}\n`);
  const topics = numbered(prefix, "topic", shape.topics);
  const groups = numbered(prefix, "group", topics.length === 0 ? 0 : shape.groups);
  const replicas = shape.replicationFactor ?? Math.min(3, cluster.brokerIds.length);
  const started = Date.now();
  const elapsed = () => `${((Date.now() - started) / 1000).toFixed(1)} s`;
  await withAdmin(cluster, (admin) => createTopics(admin, topics, shape, replicas));
  log(`created ${topics.length} topics × ${shape.partitions} partitions (${elapsed()})`);
  await fillPartitions(cluster, topics, shape);
  log(
    `produced ${shape.messagesPerPartition} messages on each of ${topics.length * shape.partitions} partitions (${elapsed()})`,
  );
  await commitOffsets(cluster, groups, topics, shape);
  log(`committed offsets of ${groups.length} groups (${elapsed()})`);
  return { topics, groups };
}
