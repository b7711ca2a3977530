import type { Snapshot, SnapshotSlowPart, Topic } from "@kcp/shared";
import { SNAPSHOT_SLOW_PARTS } from "@kcp/shared";
import type { TopicConfigs, TopicLayout } from "./topics.js";

/** The name each slow part's failure is recorded under in a snapshot's `errors` ("<name>: <why>"). */
export const SLOW_PART_NAMES: Readonly<Record<SnapshotSlowPart, string>> = {
  topicConfigs: "topic configs",
  brokerConfigs: "broker configs",
  desiredStateDrift: "desired state drift",
};

/** When a part of a snapshot was read: its own time when it has one, else the snapshot's. */
export function partReadAt(snapshot: Snapshot, part: SnapshotSlowPart): number {
  return Date.parse(snapshot.partsCollectedAt?.[part] ?? snapshot.collectedAt);
}

/** What decides whether a collection reads a slow part again or keeps the previous snapshot's. */
export interface SlowPartsQuestion {
  /** The cluster's previous snapshot (the stored view's). */
  previous: Snapshot | undefined;
  now: Date;
  /** COLLECT_SLOW_PARTS_SECONDS: a part older than this is read again; 0 reads every part every time. */
  everySeconds: number;
  /** Every part must be read: the collection was asked for (a refresh, a plan, after a write through the service). */
  readAll: boolean;
  /**
   * The last write through the service that may have changed the cluster (an operation running or ended, say), in
   * ms; a part read before it is read again.
   */
  writtenAt?: number;
}

/**
 * Pure: the slow parts a collection keeps from the previous snapshot instead of reading them — those read less than
 * `everySeconds` ago, after the last write, and whose read did not fail.
 */
export function reusableParts(question: SlowPartsQuestion): Set<SnapshotSlowPart> {
  const { previous, now, everySeconds, readAll, writtenAt } = question;
  const reusable = new Set<SnapshotSlowPart>();
  if (!previous || readAll || everySeconds <= 0) return reusable;
  for (const part of SNAPSHOT_SLOW_PARTS) {
    const readAt = partReadAt(previous, part);
    if (!Number.isFinite(readAt) || now.getTime() - readAt >= everySeconds * 1000) continue;
    if (writtenAt !== undefined && writtenAt >= readAt) continue;
    if (previous.errors.some((error) => error.startsWith(`${SLOW_PART_NAMES[part]}:`))) continue;
    reusable.add(part);
  }
  return reusable;
}

/**
 * The previous snapshot's configs of the topics still there (same name and id, configs read without error), and the
 * names of the topics whose configs must be read (new, re-created, or unread before).
 */
export function keptTopicConfigs(previous: Snapshot, topics: readonly TopicLayout[]) {
  const before = new Map<string, Topic>(previous.topics.map((t) => [t.name, t]));
  const kept = new Map<string, TopicConfigs>();
  const missing: string[] = [];
  for (const layout of topics) {
    const topic = before.get(layout.name);
    if (topic && topic.id === layout.id && topic.error === undefined)
      kept.set(layout.name, { overrides: topic.configs, minInsyncReplicas: topic.minInsyncReplicas });
    else missing.push(layout.name);
  }
  return { kept, missing };
}

/**
 * The previous snapshot's cordoned log dirs of the brokers that had their log dirs read, and the ids of the brokers
 * whose configs must be read.
 */
export function keptCordonedLogDirs(previous: Snapshot, brokerIds: readonly number[]) {
  const before = new Map(previous.brokers.map((b) => [b.id, b]));
  const kept = new Map<number, string[]>();
  const missing: number[] = [];
  for (const id of brokerIds) {
    const dirs = before.get(id)?.logDirs;
    if (dirs && dirs.length > 0)
      kept.set(
        id,
        dirs.filter((d) => d.cordoned).map((d) => d.path),
      );
    else missing.push(id);
  }
  return { kept, missing };
}
