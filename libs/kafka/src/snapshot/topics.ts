import { ConfigResourceTypes, ConfigSources, describeConfigsV4, metadataV12 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaUuid } from "../protocol/uuid.js";

const UNKNOWN_TOPIC_OR_PARTITION = 3;

/** Kafka's internal topics (Topic.isInternal on the broker side). */
export const INTERNAL_TOPICS = new Set(["__consumer_offsets", "__transaction_state", "__share_group_state"]);

/** What one Metadata request says of the topics asked for and of the unfenced brokers. */
export interface TopicLayouts {
  topics: TopicLayout[];
  brokers: MetadataBroker[];
}

export interface TopicLayout {
  name: string;
  id: string;
  internal: boolean;
  partitions: {
    id: number;
    leader: number;
    leaderEpoch: number;
    replicas: number[];
    isr: number[];
    offline: number[];
  }[];
}

export interface TopicConfigs {
  /** Configs set on the topic itself (overrides); defaults are left out, they are the brokers'. */
  overrides: Record<string, string>;
  minInsyncReplicas: number;
}

/** Every topic (internal ones too) with its partitions' leaders, replicas and ISR, from Metadata. */
export interface MetadataBroker {
  id: number;
  host: string;
  port: number;
  rack: string | null;
}

/**
 * Metadata v12 of every topic (names null) or of the named ones. Partitions without a leader come with an error code,
 * which makes the client throw with the parsed response attached: an offline partition is a fact of the snapshot, not
 * a failure to read it.
 */
async function topicsMetadata(client: KafkaClient, names: string[] | null): Promise<metadataV12.MetadataResponse> {
  const connection = await client.anyConnection();
  try {
    return await metadataV12.api.async(connection, names, false, false);
  } catch (error) {
    const response = (error as { response?: metadataV12.MetadataResponse }).response;
    if (response?.topics) return response;
    throw error;
  }
}

/**
 * Every topic (internal ones too), or the named ones, with its partitions' leaders, replicas and ISR, and the
 * unfenced brokers. A named topic that does not exist is left out.
 */
export async function readTopicLayouts(client: KafkaClient, names: string[] | null = null): Promise<TopicLayouts> {
  const metadata = await topicsMetadata(client, names);
  const topics = metadata.topics
    .filter((topic) => topic.errorCode !== UNKNOWN_TOPIC_OR_PARTITION)
    .map((topic) => ({
      name: topic.name ?? "",
      id: toKafkaUuid(topic.topicId) ?? "",
      internal: topic.isInternal || INTERNAL_TOPICS.has(topic.name ?? ""),
      partitions: topic.partitions
        .map((p) => ({
          id: p.partitionIndex,
          leader: p.leaderId,
          leaderEpoch: p.leaderEpoch,
          replicas: p.replicaNodes,
          isr: p.isrNodes,
          offline: p.offlineReplicas,
        }))
        .sort((a, b) => a.id - b.id),
    }))
    .sort((a, b) => a.name.localeCompare(b.name));
  const brokers = metadata.brokers
    .map((b) => ({ id: b.nodeId, host: b.host, port: b.port, rack: b.rack ?? null }))
    .sort((a, b) => a.id - b.id);
  return { topics, brokers };
}

/** Splits the items into `count` slices of near-equal size (fewer when there are fewer items). */
function slices<T>(items: T[], count: number): T[][] {
  const size = Math.ceil(items.length / Math.max(1, count));
  return Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));
}

function topicConfigsOf(result: describeConfigsV4.DescribeConfigsResponseResult): TopicConfigs {
  const overrides: Record<string, string> = {};
  let minInsyncReplicas = 1;
  for (const config of result.configs) {
    const value = config.value ?? undefined;
    if (value === undefined) continue;
    if (config.name === "min.insync.replicas") minInsyncReplicas = Number(value);
    if (config.configSource === ConfigSources.DYNAMIC_TOPIC_CONFIG && !config.isSensitive)
      overrides[config.name] = value;
  }
  return { overrides, minInsyncReplicas };
}

/**
 * The overrides and the effective min.insync.replicas of each topic. The topics are split across the brokers, one
 * DescribeConfigs request each on the bulk lane, sent side by side: a single request for thousands of topics takes a
 * broker long enough that splitting it shortens the collection.
 */
export async function readTopicConfigs(
  client: KafkaClient,
  names: string[],
  brokerIds: number[],
): Promise<Map<string, TopicConfigs>> {
  if (names.length === 0) return new Map();
  const connections = await client.bulkConnections(brokerIds);
  const answering = [...connections.values()];
  const responses = await Promise.all(
    slices(names, answering.length).map((slice, i) =>
      describeConfigsV4.api.async(
        answering[i] as (typeof answering)[number],
        slice.map((name) => ({ resourceType: ConfigResourceTypes.TOPIC, resourceName: name })),
        false,
        false,
      ),
    ),
  );
  return new Map(responses.flatMap((r) => r.results.map((result) => [result.resourceName, topicConfigsOf(result)])));
}

/** The `cordoned.log.dirs` of each broker (Kafka 4.3+; older brokers do not know the key and return nothing). */
export async function readCordonedLogDirs(client: KafkaClient, brokerIds: number[]): Promise<Map<number, string[]>> {
  if (brokerIds.length === 0) return new Map();
  const results = await client.admin.describeConfigs({
    resources: brokerIds.map((id) => ({
      resourceType: ConfigResourceTypes.BROKER,
      resourceName: String(id),
      configurationKeys: ["cordoned.log.dirs"],
    })),
  });
  return new Map(
    results.map((result) => {
      const value = result.configs.find((c) => c.name === "cordoned.log.dirs")?.value ?? "";
      const dirs = value
        .split(",")
        .map((dir) => dir.trim())
        .filter((dir) => dir.length > 0);
      return [Number(result.resourceName), dirs];
    }),
  );
}
