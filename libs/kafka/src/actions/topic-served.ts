import { metadataV12 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { kafkaErrorNames } from "../errors.js";

const SERVED_WITHIN_MS = 5_000;
const SERVED_POLL_MS = 100;

/** Whether one broker's metadata shows the topic with `partitions` partitions, each with a leader. */
async function servedBy(client: KafkaClient, brokerId: number, topic: string, partitions: number): Promise<boolean> {
  const connection = (await client.connections([brokerId])).get(brokerId);
  if (!connection) return false;
  const response = await metadataV12.api.async(connection, [topic], false, false);
  const found = response.topics.find((t) => t.name === topic);
  return found !== undefined && found.partitions.length >= partitions && found.partitions.every((p) => p.leaderId >= 0);
}

/**
 * The controller answers a topic change once it is in the metadata log; each broker serves it a moment later, and
 * a produce in between is refused (UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER). So a created or grown topic
 * is read from every broker until each serves all its partitions with a leader: at most 5 s, then the change is
 * answered anyway (it is made; a slow broker only serves it later). Read failures count as "not yet", except a
 * principal not allowed to describe the topic: it would never see it, so there is nothing to wait for.
 */
export async function untilTopicServed(client: KafkaClient, topic: string, partitions: number): Promise<void> {
  const deadline = Date.now() + SERVED_WITHIN_MS;
  // The brokers registered now, not those of a long-lived client's last metadata: read afresh once per wait.
  const brokers = [...(await client.admin.metadata({ topics: [], forceUpdate: true })).brokers.keys()];
  for (;;) {
    const served = await everyBrokerServes(client, brokers, topic, partitions).catch(notAllowedToSee);
    if (served || Date.now() > deadline) return;
    await new Promise((resolve) => setTimeout(resolve, SERVED_POLL_MS));
  }
}

async function everyBrokerServes(
  client: KafkaClient,
  brokers: readonly number[],
  topic: string,
  partitions: number,
): Promise<boolean> {
  const answers = await Promise.all(brokers.map((id) => servedBy(client, id, topic, partitions)));
  return answers.every(Boolean);
}

const notAllowedToSee = (error: unknown) =>
  kafkaErrorNames(error).some((name) => name.endsWith("_AUTHORIZATION_FAILED"));
