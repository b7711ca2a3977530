import { randomInt } from "node:crypto";
import { AppError, type ProduceRequest, type ProduceResponse } from "@kcp/shared";
import { murmur2 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { KAFKA_BACKOFF, NOT_APPENDED_PRODUCE_ERRORS, withKafkaRetries } from "../retry.js";
import { describeConfigs } from "./configs.js";
import { partitionCount } from "./topics.js";

/** A produced value is never above 1 MiB, whatever the topic allows. */
export const MAX_PRODUCED_VALUE_BYTES = 1024 * 1024;

/**
 * Kafka's default partitioner for a keyed record (Java: toPositive(murmur2(key)) % partitions). Without a key, one
 * partition at random: what the sticky partitioner amounts to for a single record.
 */
export function defaultPartition(key: string | null, partitions: number): number {
  if (key === null) return randomInt(partitions);
  return (murmur2(Buffer.from(key, "utf8"), false) & 0x7fffffff) % partitions;
}

async function valueLimit(client: KafkaClient, topic: string): Promise<number> {
  const configs = await describeConfigs(client, { type: "topic", name: topic });
  const topicLimit = Number(configs.find((c) => c.name === "max.message.bytes")?.value ?? MAX_PRODUCED_VALUE_BYTES);
  return Math.min(topicLimit, MAX_PRODUCED_VALUE_BYTES);
}

/** Sending again what Kafka refused without appending it: for at most 5 s (a topic created a moment ago). */
const PRODUCE_RETRIES = { ...KAFKA_BACKOFF, budgetMs: 5_000 };

/**
 * Produces one record (acks=all) and answers where it landed. Key, value and headers are UTF-8. Refusals that say
 * the record was not appended are sent again, with the producer's metadata read afresh (see
 * NOT_APPENDED_PRODUCE_ERRORS); a timeout is not, so a record is never written twice by us.
 */
export async function produceMessage(
  client: KafkaClient,
  topic: string,
  message: ProduceRequest,
): Promise<ProduceResponse> {
  const partitions = await partitionCount(client, topic);
  if (message.partition !== null && message.partition >= partitions)
    throw new AppError("invalid_request", `Topic ${topic} has partitions 0 to ${partitions - 1}`);
  const limit = await valueLimit(client, topic);
  const size = Buffer.byteLength(message.value, "utf8");
  if (size > limit)
    throw new AppError("payload_too_large", `The value is ${size} bytes; ${topic} accepts at most ${limit} bytes`);
  const partition = message.partition ?? defaultPartition(message.key, partitions);
  try {
    return await withKafkaRetries(
      (attempt) => sendOne(client, topic, partition, message, attempt > 0),
      PRODUCE_RETRIES,
      undefined,
      NOT_APPENDED_PRODUCE_ERRORS,
    );
  } catch (error) {
    throw toKafkaAppError(error, `producing to ${topic}`, {
      RECORD_TOO_LARGE: "payload_too_large",
      MESSAGE_TOO_LARGE: "payload_too_large",
      UNKNOWN_TOPIC_OR_PARTITION: "not_found",
    });
  }
}

async function sendOne(
  client: KafkaClient,
  topic: string,
  partition: number,
  message: ProduceRequest,
  freshMetadata: boolean,
): Promise<ProduceResponse> {
  const producer = client.producer();
  if (freshMetadata) producer.clearMetadata();
  const result = await producer.send({
    acks: -1,
    messages: [
      {
        topic,
        partition,
        ...(message.key === null ? {} : { key: Buffer.from(message.key, "utf8") }),
        value: Buffer.from(message.value, "utf8"),
        // Buffer keys: two headers of the same name stay two headers, as Kafka allows.
        headers: new Map(message.headers.map((h) => [Buffer.from(h.key, "utf8"), Buffer.from(h.value, "utf8")])),
      },
    ],
  });
  const offset = result.offsets?.find((o) => o.topic === topic && o.partition === partition)?.offset;
  if (offset === undefined) throw new Error("the broker did not return the record's offset");
  return { partition, offset: Number(offset) };
}
