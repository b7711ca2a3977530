import type { Snapshot } from "../schemas/snapshot.js";
import { usedPercent } from "./disk.js";

/** The fullest log dir of the live brokers against the mean of all their dirs (percentage points of disk use). */
export interface DiskImbalance {
  broker: number;
  logDir: string;
  usedPercent: number;
  meanPercent: number;
  abovePercent: number;
  logDirs: number;
}

/**
 * How far the fullest log dir of the live (answering, unfenced) brokers is above the mean disk use of all their dirs,
 * failed dirs left out; undefined with fewer than two dirs, or when a dir does not report its size and free space.
 */
export function diskImbalance(snapshot: Snapshot): DiskImbalance | undefined {
  const dirs = snapshot.brokers
    .filter((b) => b.alive && !b.fenced)
    .flatMap((b) =>
      (b.logDirs ?? [])
        .filter((d) => d.error === undefined)
        .map((d) => ({ broker: b.id, path: d.path, used: usedPercent(d.totalBytes, d.usableBytes) })),
    );
  if (dirs.length < 2 || dirs.some((d) => d.used === undefined)) return undefined;
  const mean = dirs.reduce((n, d) => n + (d.used as number), 0) / dirs.length;
  const fullest = dirs.reduce((a, b) => ((b.used as number) > (a.used as number) ? b : a));
  return {
    broker: fullest.broker,
    logDir: fullest.path,
    usedPercent: fullest.used as number,
    meanPercent: mean,
    abovePercent: (fullest.used as number) - mean,
    logDirs: dirs.length,
  };
}

/** Replicated partitions with a leader, and how many of them are led by another replica than their preferred one. */
export interface LeaderImbalance {
  partitions: number;
  notPreferred: number;
  notPreferredPercent: number;
}

/** Whether a preferred-leader election could move the partition's leadership back: led, but not by its preferred
 * (first) replica, which is in sync. */
export const electablePreferred = (p: { leader: number; replicas: number[]; isr: number[] }): boolean =>
  p.leader >= 0 && p.replicas.length > 1 && p.leader !== p.replicas[0] && p.isr.includes(p.replicas[0] as number);

/**
 * The share of replicated partitions (two replicas or more, with a leader and their preferred replica in sync) led by
 * another replica than their preferred (first) one: what a preferred-leader election would change. A partition whose
 * preferred replica is down or behind is not counted: leadership moved away for a reason no election fixes.
 */
export function leaderImbalance(snapshot: Snapshot): LeaderImbalance {
  let partitions = 0;
  let notPreferred = 0;
  for (const topic of snapshot.topics)
    for (const p of topic.partitions) {
      if (p.leader < 0 || p.replicas.length < 2 || !p.isr.includes(p.replicas[0] as number)) continue;
      partitions++;
      if (electablePreferred(p)) notPreferred++;
    }
  return { partitions, notPreferred, notPreferredPercent: partitions === 0 ? 0 : (notPreferred / partitions) * 100 };
}
