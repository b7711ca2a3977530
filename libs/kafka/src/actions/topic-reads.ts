import { AppError, type Topic, type TopicListQuery, type TopicListResponse, type TopicSummary } from "@kcp/shared";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { topicOf } from "../snapshot/assemble.js";
import { partitionKey, readEndOffsets } from "../snapshot/end-offsets.js";
import { type BrokerLogDirs, readBrokerLogDirs } from "../snapshot/log-dirs.js";
import { readTopicConfigs, readTopicLayouts, type TopicLayout, type TopicLayouts } from "../snapshot/topics.js";

/**
 * What a topic list reads of every topic at once: the layouts (one Metadata request) and each broker's replica sizes
 * (DescribeLogDirs of all its replicas). A caller keeps it a few seconds to share it between lists (searches, pages).
 */
export interface TopicListing extends TopicLayouts {
  sizes: Map<number, BrokerLogDirs>;
}

export async function readTopicListing(client: KafkaClient): Promise<TopicListing> {
  const layouts = await readTopicLayouts(client);
  const sizes = await Promise.all(
    layouts.brokers.map(async (broker) => [broker.id, await readBrokerLogDirs(client, broker.id)] as const),
  );
  return { ...layouts, sizes: new Map(sizes) };
}

/** Configs of these topics, with their replica sizes from `sizes` (every broker's, read by the caller). */
async function topicsWithKnownSizes(
  client: KafkaClient,
  layouts: TopicLayout[],
  brokerIds: number[],
  sizes: Map<number, BrokerLogDirs>,
): Promise<Topic[]> {
  if (layouts.length === 0) return [];
  const topicConfigs = await readTopicConfigs(
    client,
    layouts.map((t) => t.name),
    brokerIds,
  );
  return layouts.map((layout) => topicOf(layout, { topicConfigs, logDirs: sizes }));
}

/** Configs and replica sizes of these topics only, from every broker that holds one of their replicas. */
async function topicsWithSizes(client: KafkaClient, layouts: TopicLayout[], brokerIds: number[]): Promise<Topic[]> {
  if (layouts.length === 0) return [];
  const only = layouts.map((t) => ({ name: t.name, partitions: t.partitions.map((p) => p.id) }));
  const holders = [...new Set(layouts.flatMap((t) => t.partitions.flatMap((p) => p.replicas)))].filter((id) =>
    brokerIds.includes(id),
  );
  const [topicConfigs, logDirs] = await Promise.all([
    readTopicConfigs(
      client,
      layouts.map((t) => t.name),
      brokerIds,
    ),
    Promise.all(holders.map(async (id) => [id, await readBrokerLogDirs(client, id, only)] as const)),
  ]);
  const sizes = new Map<number, BrokerLogDirs>(logDirs);
  return layouts.map((layout) => topicOf(layout, { topicConfigs, logDirs: sizes }));
}

/**
 * Configs of these topics, with each topic's size as the last collection measured it: no DescribeLogDirs, which
 * costs each broker a walk through all its logs (tens of milliseconds at 50,000 partitions) even for one topic.
 */
async function topicsWithCollectedSizes(
  client: KafkaClient,
  layouts: TopicLayout[],
  brokerIds: number[],
  collectedSizes: Map<string, number>,
): Promise<Topic[]> {
  const topics = await topicsWithKnownSizes(client, layouts, brokerIds, new Map());
  return topics.map((topic) => ({ ...topic, sizeBytes: collectedSizes.get(topic.name) ?? topic.sizeBytes }));
}

function summaryOf(topic: Topic): TopicSummary {
  const count = (test: (p: Topic["partitions"][number]) => boolean) => topic.partitions.filter(test).length;
  return {
    name: topic.name,
    id: topic.id,
    internal: topic.internal,
    partitions: topic.partitions.length,
    replicationFactor: topic.replicationFactor,
    minInsyncReplicas: topic.minInsyncReplicas,
    sizeBytes: topic.sizeBytes,
    underReplicatedPartitions: count((p) => p.isr.length < p.replicas.length),
    underMinIsrPartitions: count((p) => p.leader >= 0 && p.isr.length < topic.minInsyncReplicas),
    offlinePartitions: count((p) => p.leader < 0),
  };
}

/** What the caller of listTopics knows of the cluster's topics already (see listTopics). */
export interface KnownTopics {
  listing?: TopicListing;
  candidates?: string[];
  collectedSizes?: Map<string, number>;
}

/**
 * A page of topics by name: the names come from one Metadata request; configs and sizes are read for the page's
 * topics only, so a page costs the same on a cluster of ten topics or of fifty thousand. With `known.listing` (every
 * topic's layout and size, read a moment ago by the caller), only the page's configs are read. With
 * `known.candidates` (the names a search can match, from what the caller knows of the cluster), Metadata is asked
 * for those names only; with `known.collectedSizes` (each topic's size from the caller's last collection), a page
 * whose topics all have one shows those sizes instead of asking the brokers. `visible` keeps the names the caller may
 * see: the page and the total count only those.
 */
export async function listTopics(
  client: KafkaClient,
  query: TopicListQuery,
  known: KnownTopics = {},
  visible: (name: string) => boolean = () => true,
): Promise<TopicListResponse> {
  const { listing, candidates, collectedSizes } = known;
  if (!listing && candidates?.length === 0) return { topics: [], total: 0 };
  try {
    const { topics, brokers } = listing ?? (await readTopicLayouts(client, candidates ?? null));
    const matching = topics.filter(
      (t) =>
        (!query.search || t.name.includes(query.search)) &&
        (query.internal !== "false" || !t.internal) &&
        visible(t.name),
    );
    const page = matching.slice(query.offset, query.offset + query.limit);
    const brokerIds = brokers.map((b) => b.id);
    const described = listing
      ? await topicsWithKnownSizes(client, page, brokerIds, listing.sizes)
      : collectedSizes && page.every((topic) => collectedSizes.has(topic.name))
        ? await topicsWithCollectedSizes(client, page, brokerIds, collectedSizes)
        : await topicsWithSizes(client, page, brokerIds);
    return { topics: described.map(summaryOf), total: matching.length };
  } catch (error) {
    throw toKafkaAppError(error, "listing topics");
  }
}

/**
 * One topic with its configs (overrides), partitions (leader, replicas, ISR, offline), sizes per replica and each
 * partition's log end offset now (ListOffsets latest to each leader, beside the configs and sizes). A partition with
 * no leader, or whose leader moved since the layout was read, has none.
 */
export async function describeTopic(client: KafkaClient, name: string): Promise<Topic> {
  try {
    const { topics, brokers } = await readTopicLayouts(client, [name]);
    const keys = new Set(topics.flatMap((t) => t.partitions.map((p) => partitionKey(t.name, p.id))));
    const [[topic], ends] = await Promise.all([
      topicsWithSizes(
        client,
        topics,
        brokers.map((b) => b.id),
      ),
      readEndOffsets(client, topics, keys),
    ]);
    if (!topic) throw new AppError("not_found", `No topic ${name}`);
    return {
      ...topic,
      partitions: topic.partitions.map((p) => {
        const end = ends.get(partitionKey(topic.name, p.id));
        return end === undefined ? p : { ...p, logEndOffset: end };
      }),
    };
  } catch (error) {
    throw toKafkaAppError(error, `describing topic ${name}`, { UNKNOWN_TOPIC_OR_PARTITION: "not_found" });
  }
}
