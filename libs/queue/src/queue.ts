import type { Component, ReadinessCheck } from "@kcp/shared";

/**
 * The job queue only says "do this now"; what the job works on lives in the store. Two adapters implement it:
 * in-process (npm start) and BullMQ (Redis), tested by one contract suite.
 */
export interface QueueConnection extends Component, ReadinessCheck {
  readonly kind: QueueKind;
}

export type QueueKind = "inprocess" | "bullmq";

/** The named queues of the service. */
export const QUEUE_NAMES = ["collect", "operations", "audit", "autopilot"] as const;
export type QueueName = (typeof QUEUE_NAMES)[number];

export interface EnqueueOptions {
  /** Jobs with the same id are de-duplicated while one is waiting or running. */
  jobId?: string;
  /** Lower runs first (BullMQ's convention); default 0. */
  priority?: number;
  delayMs?: number;
  /** Attempts in all, with exponential backoff between them; default 1. */
  attempts?: number;
  backoffMs?: number;
}

export interface ProcessOptions {
  concurrency?: number;
}

export interface RecurringOptions {
  /** Stable across instances, so several processes registering it do not multiply it. */
  id: string;
  everyMs: number;
}

export interface JobCounts {
  waiting: number;
  active: number;
  delayed: number;
}

export type JobHandler<P, R> = (payload: P, job: { id: string; attempt: number }) => Promise<R>;

/**
 * Payloads and results must be plain JSON: the BullMQ adapter stores them in Redis. They never carry secrets.
 */
export interface JobQueue extends QueueConnection {
  /** Adds a job and returns its id. With a `jobId` that is already waiting or running, returns that id instead. */
  enqueue<P>(queue: QueueName, payload: P, options?: EnqueueOptions): Promise<string>;
  /**
   * Adds a job (or joins the one already waiting or running with the same `jobId`) and resolves with its handler's
   * result. Rejects with `JobFailedError` when its last attempt failed, `QueueTimeoutError` after `timeoutMs`.
   */
  enqueueAndWait<P, R>(queue: QueueName, payload: P, timeoutMs: number, options?: EnqueueOptions): Promise<R>;
  /** Registers the handler of a queue; jobs run at most `concurrency` at a time per process (default 1). */
  process<P, R>(queue: QueueName, handler: JobHandler<P, R>, options?: ProcessOptions): void;
  /** Adds a job every `everyMs`. Registering the same `id` again (from any instance) replaces it. */
  every<P>(queue: QueueName, payload: P, options: RecurringOptions): Promise<void>;
  /** Stops a recurring job. */
  cancelEvery(queue: QueueName, id: string): Promise<void>;
  /** How many of the queue's jobs wait, run or wait for their time (every instance's, for BullMQ). For metrics. */
  counts(queue: QueueName): Promise<JobCounts>;
}

/** Every named queue's job counts (what the metrics show). */
export async function countAll(queue: JobQueue): Promise<Record<QueueName, JobCounts>> {
  const entries = await Promise.all(QUEUE_NAMES.map(async (name) => [name, await queue.counts(name)] as const));
  return Object.fromEntries(entries) as Record<QueueName, JobCounts>;
}
