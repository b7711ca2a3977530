import { type Connection, metadataV12 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { untilEveryBrokerShows } from "./until-shown.js";

/** Whether a broker's metadata shows the topic with `partitions` partitions, each with a leader. */
async function serves(connection: Connection, topic: string, partitions: number): Promise<boolean> {
  const response = await metadataV12.api.async(connection, [topic], false, false);
  const found = response.topics.find((t) => t.name === topic);
  return found !== undefined && found.partitions.length >= partitions && found.partitions.every((p) => p.leaderId >= 0);
}

/**
 * A created or grown topic is answered once every broker serves all its partitions with a leader (a produce before
 * that is refused: UNKNOWN_TOPIC_OR_PARTITION, NOT_LEADER_OR_FOLLOWER); within the bounds of `untilEveryBrokerShows`.
 */
export async function untilTopicServed(client: KafkaClient, topic: string, partitions: number): Promise<void> {
  await untilEveryBrokerShows(client, "all", (connection) => serves(connection, topic, partitions));
}

/** Whether a broker's metadata shows every topic with its partitions, each with a leader (one request for all). */
async function servesAll(connection: Connection, topics: ReadonlyMap<string, number>): Promise<boolean> {
  const response = await metadataV12.api.async(connection, [...topics.keys()], false, false);
  const shown = new Map(response.topics.map((t) => [t.name, t.partitions]));
  for (const [topic, partitions] of topics) {
    const found = shown.get(topic);
    if (!found || found.length < partitions || !found.every((p) => p.leaderId >= 0)) return false;
  }
  return true;
}

/** `untilTopicServed` for many topics at once: one Metadata request per broker and round for all of them. */
export async function untilTopicsServed(client: KafkaClient, topics: ReadonlyMap<string, number>): Promise<void> {
  if (topics.size === 0) return;
  await untilEveryBrokerShows(client, "all", (connection) => servesAll(connection, topics));
}
