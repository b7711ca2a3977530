import { createHash } from "node:crypto";
import type { JobQueue } from "@kcp/queue";
import type { SnapshotSlowPart } from "@kcp/shared";

/**
 * Jobs of the `collect` queue: `collect` reads a cluster; `tick` (recurring) asks for a `collect` of its cluster.
 * A `collect` reads every part unless `parts` is "due" (a tick's): then the slow parts are read only when due.
 */
export interface CollectJob {
  clusterId: string;
  kind: "collect" | "tick";
  parts?: "due";
}

export interface CollectResult {
  clusterId: string;
  /** When the collector began reading the cluster (its clock). */
  startedAt: string;
  updatedAt: string;
  /** The slow parts this collection kept from the previous one instead of reading them (none: all read). */
  kept?: SnapshotSlowPart[];
}

/**
 * One id per cluster: while a collection of a cluster waits or runs, asking again joins it, so refreshes and ticks
 * never run two collections of one cluster at once, on any number of collector instances.
 */
export const collectJobId = (clusterId: string) => `collect-${clusterId}`;
const tickId = (clusterId: string) => `tick-${clusterId}`;

/**
 * Up to +10 % of the interval, fixed per cluster: clusters registered together do not all collect at the same moment,
 * and re-registering a schedule (every collector does it at start) keeps its phase.
 */
export function jitteredIntervalMs(clusterId: string, intervalSeconds: number): number {
  const spreadMs = intervalSeconds * 100;
  const hash = createHash("sha256").update(clusterId).digest().readUInt32BE(0);
  return intervalSeconds * 1000 + (hash % (spreadMs + 1));
}

export function scheduleCollections(queue: JobQueue, clusterId: string, intervalSeconds: number): Promise<void> {
  const job: CollectJob = { clusterId, kind: "tick" };
  return queue.every("collect", job, {
    id: tickId(clusterId),
    everyMs: jitteredIntervalMs(clusterId, intervalSeconds),
  });
}

export function unscheduleCollections(queue: JobQueue, clusterId: string): Promise<void> {
  return queue.cancelEvery("collect", tickId(clusterId));
}

/**
 * Asks for a collection without waiting (joins one already waiting or running). `due`: the slow parts only when due
 * (the schedule's collections); otherwise every part is read.
 */
export function enqueueCollection(
  queue: JobQueue,
  clusterId: string,
  options: { due?: boolean } = {},
): Promise<string> {
  const job: CollectJob = { clusterId, kind: "collect", ...(options.due ? { parts: "due" as const } : {}) };
  return queue.enqueue("collect", job, { jobId: collectJobId(clusterId) });
}

/**
 * Asks for a collection and waits for one that began reading the cluster after the request (a refresh): a collection
 * already running when asked may have read the cluster before the change the caller wants to see (a plan must not be
 * built on it), so it is waited for and the next one (shared by every request made meanwhile) too.
 */
export async function requestCollection(queue: JobQueue, clusterId: string, timeoutMs: number): Promise<CollectResult> {
  const askedAt = Date.now();
  let result = await collectionWaitedFor(queue, clusterId, timeoutMs);
  // A scheduled collection joined (waiting when asked) may have kept slow parts: the caller wants every part read,
  // so it asks again (bounded by its time) until a collection read them all.
  for (
    let round = 0;
    result && round < 3 && !(Date.parse(result.startedAt) >= askedAt && !result.kept?.length);
    round++
  )
    result = await collectionWaitedFor(queue, clusterId, Math.max(1, askedAt + timeoutMs - Date.now()));
  return result;
}

function collectionWaitedFor(queue: JobQueue, clusterId: string, timeoutMs: number): Promise<CollectResult> {
  const job: CollectJob = { clusterId, kind: "collect" };
  return queue.enqueueAndWait<CollectJob, CollectResult>("collect", job, timeoutMs, {
    jobId: collectJobId(clusterId),
  });
}

/** How long register and refresh wait for a collection: the collector's own timeout plus time in the queue. */
export function collectWaitMs(collectTimeoutMs: number): number {
  return collectTimeoutMs + 10_000;
}
