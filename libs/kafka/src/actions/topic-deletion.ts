import { AppError, type DeleteTopicResponse } from "@kcp/shared";
import { metadataV12 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { toKafkaUuid } from "../protocol/uuid.js";
import { INTERNAL_TOPICS } from "../snapshot/topics.js";

/** The topic's id and whether Kafka counts it as internal; 404 when it does not exist. */
async function topicFacts(client: KafkaClient, topic: string): Promise<{ id: string; internal: boolean }> {
  try {
    const response = await metadataV12.api.async(await client.anyConnection(), [topic], false, false);
    const found = response.topics.find((t) => t.name === topic);
    if (!found) throw new AppError("not_found", `No topic ${topic}`);
    return { id: toKafkaUuid(found.topicId) ?? "", internal: found.isInternal || INTERNAL_TOPICS.has(topic) };
  } catch (error) {
    throw toKafkaAppError(error, `reading topic ${topic}`, { UNKNOWN_TOPIC_OR_PARTITION: "not_found" });
  }
}

const internalTopic = (topic: string) =>
  new AppError("invalid_request", `${topic} is one of Kafka's internal topics: it cannot be deleted here`);

/**
 * DeleteTopics of one topic. Kafka's internal topics (group offsets, transaction and share-group state) are refused
 * before Kafka is asked: deleting one loses every group's offsets or every transaction's state. Brokers started with
 * `delete.topic.enable=false` refuse every deletion (TOPIC_DELETION_DISABLED: capability_unavailable).
 */
export async function deleteTopic(client: KafkaClient, topic: string): Promise<DeleteTopicResponse> {
  // By name first: refused the same way whether or not Kafka has created the topic yet.
  if (INTERNAL_TOPICS.has(topic)) throw internalTopic(topic);
  const { id, internal } = await topicFacts(client, topic);
  if (internal) throw internalTopic(topic);
  try {
    await client.admin.deleteTopics({ topics: [topic] });
    return { topic, id };
  } catch (error) {
    throw toKafkaAppError(error, `deleting topic ${topic}`, {
      UNKNOWN_TOPIC_OR_PARTITION: "not_found",
      UNKNOWN_TOPIC_ID: "not_found",
      TOPIC_DELETION_DISABLED: "capability_unavailable",
    });
  }
}
