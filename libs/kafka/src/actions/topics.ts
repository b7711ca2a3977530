import type { CreateTopicRequest, CreateTopicResponse, IncreasePartitionsResponse } from "@kcp/shared";
import { AppError } from "@kcp/shared";
import { createTopicsV7, metadataV12, ResponseError } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { type ExpectedKafkaErrors, toKafkaAppError } from "../errors.js";
import { toKafkaUuid } from "../protocol/uuid.js";
import { untilTopicServed, untilTopicsServed } from "./topic-served.js";

/** What Kafka says about an impossible topic request (422 invalid_request, with Kafka's message). */
const INVALID_TOPIC_REQUEST: ExpectedKafkaErrors = {
  INVALID_PARTITIONS: "invalid_request",
  INVALID_REPLICATION_FACTOR: "invalid_request",
  INVALID_REPLICA_ASSIGNMENT: "invalid_request",
  INVALID_CONFIG: "invalid_request",
  INVALID_TOPIC_EXCEPTION: "invalid_request",
  POLICY_VIOLATION: "invalid_request",
  INVALID_REQUEST: "invalid_request",
};

/**
 * CreateTopics: 0 partitions or replication factor means the broker default (sent as -1). Answers once every broker
 * serves the topic (at most a few seconds), so that a produce right after it lands.
 */
export async function createTopic(client: KafkaClient, request: CreateTopicRequest): Promise<CreateTopicResponse> {
  let created: Awaited<ReturnType<typeof client.admin.createTopics>>[number] | undefined;
  try {
    [created] = await client.admin.createTopics({
      topics: [request.name],
      partitions: request.partitions === 0 ? -1 : request.partitions,
      replicas: request.replicationFactor === 0 ? -1 : request.replicationFactor,
      configs: Object.entries(request.configs).map(([name, value]) => ({ name, value })),
    });
  } catch (error) {
    throw toKafkaAppError(error, `creating topic ${request.name}`, {
      ...INVALID_TOPIC_REQUEST,
      TOPIC_ALREADY_EXISTS: "already_exists",
    });
  }
  await untilTopicServed(client, request.name, created?.partitions ?? Math.max(request.partitions, 1));
  return { topic: request.name, id: toKafkaUuid(created?.id ?? "") ?? "" };
}

/** Topics per CreateTopics request of a batch: keeps each request well under Kafka's request size. */
const CREATE_BATCH = 500;
const CREATE_TIMEOUT_MS = 30_000;
const TOPIC_ALREADY_EXISTS = 36;

/**
 * Many topics created in few requests (one CreateTopics per 500, each topic with its own partitions, replication
 * factor and configs): a topic that exists already (an earlier run of the same work) counts as done. Whatever Kafka
 * did not create otherwise — a broker that is not the controller of a ZooKeeper cluster, a topic it refuses — is done
 * again one topic at a time by `createTopic`, so a refusal names its topic. Answers once every broker's metadata shows
 * every topic with a leader for each partition (a leader loading hundreds of new partitions may still refuse a
 * produce for a moment: a step that creates topics is followed by steps that change them, never by a produce).
 */
export async function createTopics(
  client: KafkaClient,
  requests: readonly CreateTopicRequest[],
): Promise<{ created: number; existed: string[] }> {
  const existed: string[] = [];
  for (let start = 0; start < requests.length; start += CREATE_BATCH) {
    const batch = requests.slice(start, start + CREATE_BATCH);
    const answers = await createTopicsRequest(client, batch);
    for (const request of batch) {
      const code = answers.get(request.name);
      if (code === 0) continue;
      if (code === TOPIC_ALREADY_EXISTS) {
        existed.push(request.name);
        continue;
      }
      try {
        await createTopic(client, request);
      } catch (error) {
        if (!(error instanceof AppError && error.code === "already_exists")) throw error;
        existed.push(request.name);
      }
    }
    await untilTopicsServed(client, new Map(batch.map((r) => [r.name, Math.max(r.partitions, 1)])));
  }
  return { created: requests.length - existed.length, existed };
}

/** One CreateTopics for the batch: each topic's error code (0: created); none at all when the request failed whole. */
async function createTopicsRequest(
  client: KafkaClient,
  batch: readonly CreateTopicRequest[],
): Promise<Map<string, number>> {
  type Answer = Awaited<ReturnType<typeof createTopicsV7.api.async>>;
  let response: Answer | undefined;
  try {
    response = await createTopicsV7.api.async(
      await client.anyConnection(),
      batch.map((r) => ({
        name: r.name,
        numPartitions: r.partitions === 0 ? -1 : r.partitions,
        replicationFactor: r.replicationFactor === 0 ? -1 : r.replicationFactor,
        assignments: [],
        configs: Object.entries(r.configs).map(([name, value]) => ({ name, value })),
      })),
      CREATE_TIMEOUT_MS,
      false,
    );
  } catch (error) {
    // Some topics refused: Platformatic throws with the per-topic answers on the error.
    response = error instanceof ResponseError ? (error.response as Answer | undefined) : undefined;
  }
  return new Map((response?.topics ?? []).map((t) => [t.name, t.errorCode]));
}

/**
 * The topic's partition count from a Metadata request of our own (the client library's metadata call turns Kafka's
 * UNKNOWN_TOPIC_OR_PARTITION into a generic error); 404 when the topic does not exist.
 */
export async function partitionCount(client: KafkaClient, topic: string): Promise<number> {
  try {
    const response = await metadataV12.api.async(await client.anyConnection(), [topic], false, false);
    const found = response.topics.find((t) => t.name === topic);
    if (!found) throw new AppError("not_found", `No topic ${topic}`);
    return found.partitions.length;
  } catch (error) {
    throw toKafkaAppError(error, `reading topic ${topic}`, { UNKNOWN_TOPIC_OR_PARTITION: "not_found" });
  }
}

/**
 * CreatePartitions to a new total; a total not above the current count is refused before Kafka is asked. Answers once
 * every broker serves the new partitions, as a created topic.
 */
export async function increasePartitions(
  client: KafkaClient,
  topic: string,
  count: number,
): Promise<IncreasePartitionsResponse> {
  const current = await partitionCount(client, topic);
  if (count <= current) {
    throw new AppError(
      "invalid_request",
      `Topic ${topic} has ${current} partitions; count is the new total and must be greater (partitions cannot be removed)`,
    );
  }
  try {
    await client.admin.createPartitions({ topics: [{ name: topic, count }] });
  } catch (error) {
    throw toKafkaAppError(error, `increasing the partitions of ${topic}`, {
      ...INVALID_TOPIC_REQUEST,
      UNKNOWN_TOPIC_OR_PARTITION: "not_found",
    });
  }
  await untilTopicServed(client, topic, count);
  return { topic, partitions: count };
}
