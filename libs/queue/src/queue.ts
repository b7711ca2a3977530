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
export type QueueName = "collect" | "operations" | "audit";

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

export type JobHandler<P, R> = (payload: P, job: { id: string; attempt: number }) => Promise<R>;

/** The full queue interface; adapters implement it as the features that need it land. */
export interface JobQueue extends QueueConnection {
  enqueue<P>(queue: QueueName, payload: P, options?: EnqueueOptions): Promise<string>;
  /** Resolves with the handler's result; rejects with a typed timeout after `timeoutMs`. */
  enqueueAndWait<P, R>(queue: QueueName, payload: P, timeoutMs: number, options?: EnqueueOptions): Promise<R>;
  process<P, R>(queue: QueueName, handler: JobHandler<P, R>, options?: ProcessOptions): void;
  every<P>(queue: QueueName, payload: P, options: RecurringOptions): Promise<void>;
}
