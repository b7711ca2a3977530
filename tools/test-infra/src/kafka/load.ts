import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { Consumer, Producer, stringDeserializers, stringSerializers } from "@platformatic/kafka";
import { backgroundTask, waitFor } from "../common/index.js";
import type { KafkaClients } from "./clients.js";
import { uniqueTopicName } from "./helpers.js";

export interface LoadOptions {
  /** Messages per send (default 20). */
  batchSize?: number;
  /** Pause between sends (default 50 ms). */
  intervalMs?: number;
}

/** What a load saw, once stopped: every acknowledged message should have been consumed. */
export interface LoadResult {
  /** Messages the broker acknowledged (acks=all, idempotent producer). */
  acknowledged: number;
  /** sha256 of the acknowledged values, sorted. */
  acknowledgedChecksum: string;
  /** Distinct values the consumer read, without those of failed sends (they may or may not have been written). */
  consumed: number;
  consumedChecksum: string;
  /** Acknowledged values the consumer never read. */
  missing: string[];
  /** Sends that failed after the client's retries (their messages are neither acknowledged nor expected). */
  failedSends: string[];
  /** Times the consumer was made again after its stream failed (it then reads from the start: values are deduplicated). */
  consumerRestarts: number;
  durationMs: number;
}

export interface RunningLoad {
  /** Acknowledged and consumed so far. */
  progress(): { acknowledged: number; consumed: number };
  /** Stops producing, waits (up to `drainMs`, default 60 s) until the consumer has read every acknowledged message. */
  stop(drainMs?: number): Promise<LoadResult>;
}

const checksum = (values: Iterable<string>) =>
  createHash("sha256")
    .update([...values].sort().join("\n"))
    .digest("hex");

/**
 * Continuous load on a topic: an idempotent producer (acks=all) sending batches of numbered values without pause but
 * `intervalMs`, and a consumer reading the topic from the start the whole time. For rolling restarts: afterwards every
 * acknowledged message must have been consumed, compared by count and checksum.
 */
export async function startLoad(cluster: KafkaClients, topic: string, options: LoadOptions = {}): Promise<RunningLoad> {
  const started = Date.now();
  const batchSize = options.batchSize ?? 20;
  const intervalMs = options.intervalMs ?? 50;
  const acknowledged = new Set<string>();
  const uncertain = new Set<string>();
  const consumed = new Set<string>();
  const failedSends: string[] = [];
  let consumerRestarts = 0;
  let producing = true;
  let consuming = true;

  const producer = new Producer({
    ...cluster.clientOptions(undefined, "kcp-load-producer"),
    serializers: stringSerializers,
    idempotent: true,
    acks: -1,
    retries: 20,
    retryDelay: 500,
    repeatOnStaleMetadata: true,
  });
  const produced = (async () => {
    for (let seq = 0; producing; ) {
      const values = Array.from({ length: batchSize }, (_, i) => `load-${seq + i}`);
      seq += batchSize;
      try {
        await producer.send({ messages: values.map((value) => ({ topic, key: value, value })), acks: -1 });
        for (const v of values) acknowledged.add(v);
      } catch (error) {
        failedSends.push(`${values[0]}..: ${(error as Error).message}`);
        for (const v of values) uncertain.add(v);
      }
      await sleep(intervalMs);
    }
  })();

  let consumer: Consumer<string, string, string, string> | undefined;
  const consumedLoop = (async () => {
    while (consuming) {
      consumer = new Consumer({
        ...cluster.clientOptions(undefined, "kcp-load-consumer"),
        groupId: uniqueTopicName("load-reader"),
        deserializers: stringDeserializers,
        retries: 20,
        retryDelay: 500,
      });
      try {
        const stream = await consumer.consume({
          topics: [topic],
          mode: "earliest",
          autocommit: false,
          maxWaitTime: 500,
        });
        try {
          for await (const message of stream) {
            if (message.value !== undefined) consumed.add(message.value);
            if (!consuming) break;
          }
        } finally {
          await stream.close().catch(() => undefined);
        }
      } catch {
        if (consuming) consumerRestarts += 1;
      } finally {
        await consumer.close(true).catch(() => undefined);
      }
      if (consuming) await sleep(500);
    }
  })();

  const stop = async (drainMs = 60_000): Promise<LoadResult> => {
    producing = false;
    await produced;
    await producer.close().catch(() => undefined);
    const everyAcknowledgedRead = () =>
      waitFor(
        "the consumer to read every acknowledged message",
        async () => ([...acknowledged].every((v) => consumed.has(v)) ? true : undefined),
        { timeoutMs: drainMs, intervalMs: 200 },
      ).then(
        () => true,
        () => false,
      );
    if (!(await everyAcknowledgedRead())) {
      // A consumer does not always notice partitions added while it reads: closed, it is made again (a new group,
      // from the start), and the new one reads every partition the topic has now.
      await consumer?.close(true).catch(() => undefined);
      await everyAcknowledgedRead();
    }
    consuming = false;
    await consumer?.close(true).catch(() => undefined);
    await Promise.race([consumedLoop, sleep(10_000)]);
    const certain = [...consumed].filter((v) => !uncertain.has(v));
    return {
      acknowledged: acknowledged.size,
      acknowledgedChecksum: checksum(acknowledged),
      consumed: certain.length,
      consumedChecksum: checksum(certain),
      missing: [...acknowledged].filter((v) => !consumed.has(v)),
      failedSends,
      consumerRestarts,
      durationMs: Date.now() - started,
    };
  };
  // Left running by a failed test, it is stopped without waiting for the consumer to catch up.
  const task = backgroundTask(() => stop(0));
  return {
    progress: () => ({ acknowledged: acknowledged.size, consumed: consumed.size }),
    stop(drainMs?: number) {
      task.ended();
      return stop(drainMs);
    },
  };
}
