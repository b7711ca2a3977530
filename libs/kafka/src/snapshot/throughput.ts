import type { Broker, Partition, Snapshot, Topic } from "@kcp/shared";
import { partitionKey } from "./end-offsets.js";

/** Two collections closer than this give no new rates: the ones measured before are kept. */
export const MIN_RATE_INTERVAL_MS = 1_000;

/** The snapshot with each partition's log-end offset (high watermark) as the collection read it. */
export function withLogEndOffsets(snapshot: Snapshot, ends: ReadonlyMap<string, number> | undefined): Snapshot {
  if (!ends || ends.size === 0) return snapshot;
  return {
    ...snapshot,
    topics: snapshot.topics.map((topic) => ({
      ...topic,
      partitions: topic.partitions.map((p) => {
        const end = ends.get(partitionKey(topic.name, p.id));
        return end === undefined ? p : { ...p, logEndOffset: end };
      }),
    })),
  };
}

type Rates = Pick<Partition, "bytesInPerSec" | "messagesInPerSec">;

/**
 * The broker whose replica sizes are compared: the same broker in both collections, in sync both times (a replica
 * catching up grows by copying, not by appends). The current leader first.
 */
function comparedBroker(now: Partition, before: Partition): number | undefined {
  const candidates = [now.leader, ...now.isr.filter((id) => id !== now.leader)];
  return candidates.find(
    (id) =>
      id >= 0 &&
      before.isr.includes(id) &&
      now.isr.includes(id) &&
      now.replicaBytes?.[String(id)] !== undefined &&
      before.replicaBytes?.[String(id)] !== undefined,
  );
}

/**
 * Pure: one partition's appends per second between two collections `seconds` apart.
 * - messages: growth of the log-end offset; an offset that went back (an unclean election truncated the log) gives
 *   no rate.
 * - bytes: growth of the same in-sync replica's size. No offset growth is 0 bytes whatever the size did (a size that
 *   moved without appends is retention or compaction). A size that shrank while offsets grew (a segment deleted or
 *   compacted in between) is estimated from the messages appended and the bytes per message measured the time
 *   before; without that, no bytes rate.
 * Absent values mean unknown, never 0.
 */
export function partitionRates(now: Partition, before: Partition, seconds: number): Rates {
  if (now.logEndOffset === undefined || before.logEndOffset === undefined || seconds <= 0) return {};
  const appended = now.logEndOffset - before.logEndOffset;
  if (appended < 0) return {};
  const messagesInPerSec = appended / seconds;
  if (appended === 0) return { messagesInPerSec: 0, bytesInPerSec: 0 };
  const broker = comparedBroker(now, before);
  if (broker === undefined) return { messagesInPerSec };
  const grown = (now.replicaBytes?.[String(broker)] ?? 0) - (before.replicaBytes?.[String(broker)] ?? 0);
  if (grown >= 0) return { messagesInPerSec, bytesInPerSec: grown / seconds };
  const perMessage =
    before.bytesInPerSec !== undefined && before.messagesInPerSec ? before.bytesInPerSec / before.messagesInPerSec : 0;
  return perMessage > 0 ? { messagesInPerSec, bytesInPerSec: perMessage * messagesInPerSec } : { messagesInPerSec };
}

const sumOf = (values: (number | undefined)[]) => {
  const known = values.filter((v): v is number => v !== undefined);
  return known.length === 0 ? undefined : known.reduce((a, b) => a + b, 0);
};

/** The sum when every value is known; undefined otherwise (a sum of the known ones would understate the whole). */
const sumOfAll = (values: (number | undefined)[]) =>
  values.length > 0 && values.every((v) => v !== undefined) ? sumOf(values) : undefined;

/** A topic's rates: the sums over its partitions, known only when every partition's is. */
function topicRates(topic: Topic): Topic {
  const bytes = sumOfAll(topic.partitions.map((p) => p.bytesInPerSec));
  const messages = sumOfAll(topic.partitions.map((p) => p.messagesInPerSec));
  return {
    ...topic,
    ...(bytes === undefined ? {} : { bytesInPerSec: bytes }),
    ...(messages === undefined ? {} : { messagesInPerSec: messages }),
  };
}

/**
 * A broker's share: the bytes and messages appended to the partitions it leads (what producers send it), and the
 * bytes it fetches as a follower of the others (replication in).
 */
function brokerRates(broker: Broker, topics: readonly Topic[]): Broker {
  const partitions = topics.flatMap((t) => t.partitions);
  const led = partitions.filter((p) => p.leader === broker.id);
  const followed = partitions.filter((p) => p.leader !== broker.id && p.replicas.includes(broker.id));
  const bytes = sumOf(led.map((p) => p.bytesInPerSec));
  if (bytes === undefined && sumOf(followed.map((p) => p.bytesInPerSec)) === undefined) return broker;
  return {
    ...broker,
    bytesInPerSec: bytes ?? 0,
    messagesInPerSec: sumOf(led.map((p) => p.messagesInPerSec)) ?? 0,
    replicationBytesInPerSec: sumOf(followed.map((p) => p.bytesInPerSec)) ?? 0,
  };
}

/**
 * Pure: the snapshot with the rates measured against the previous collection of the same cluster (as the stored view
 * keeps it): per partition, then summed per topic and per broker. Topics recreated since (another id) and partitions
 * new since have none. Collections closer than MIN_RATE_INTERVAL_MS keep the rates measured before.
 */
export function withThroughput(now: Snapshot, before: Snapshot | undefined): Snapshot {
  if (!before) return now;
  const elapsedMs = Date.parse(now.collectedAt) - Date.parse(before.collectedAt);
  const topicsBefore = new Map(before.topics.map((t) => [t.name, t]));
  const topics = now.topics.map((topic) => {
    const previous = topicsBefore.get(topic.name);
    if (!previous || previous.id !== topic.id) return topic;
    const partitionsBefore = new Map(previous.partitions.map((p) => [p.id, p]));
    return topicRates({
      ...topic,
      partitions: topic.partitions.map((p) => {
        const old = partitionsBefore.get(p.id);
        if (!old) return p;
        const rates =
          elapsedMs < MIN_RATE_INTERVAL_MS
            ? {
                ...(old.bytesInPerSec === undefined ? {} : { bytesInPerSec: old.bytesInPerSec }),
                ...(old.messagesInPerSec === undefined ? {} : { messagesInPerSec: old.messagesInPerSec }),
              }
            : partitionRates(p, old, elapsedMs / 1000);
        return { ...p, ...rates };
      }),
    });
  });
  return { ...now, topics, brokers: now.brokers.map((b) => brokerRates(b, topics)) };
}
