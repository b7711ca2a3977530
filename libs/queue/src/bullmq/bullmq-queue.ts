import { randomUUID } from "node:crypto";
import { type Logger, withDeadline } from "@kcp/shared";
import { type Job, Queue, QueueEvents, Worker } from "bullmq";
import { JobFailedError, QueueTimeoutError } from "../errors.js";
import {
  type EnqueueOptions,
  type JobCounts,
  type JobHandler,
  type JobQueue,
  type ProcessOptions,
  QUEUE_NAMES,
  type QueueName,
  type RecurringOptions,
} from "../queue.js";
import { isConnectionError, openRedisConnections, type RedisConnections } from "./connection.js";

export interface BullMqQueueOptions {
  url: string;
  /** Key prefix in Redis; several deployments (or test runs) can share one Redis with different prefixes. */
  prefix?: string;
  logger: Logger;
  pingTimeoutMs?: number;
  /** How long `stop` waits for running jobs before it closes by force (default 10 s). */
  closeTimeoutMs?: number;
}

const JOB_NAME = "job";

/** Waits for `work`, but never longer than `ms`. */
async function withTimeout(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}
/** Finished jobs are kept a while so late waiters still find their result; their ids are unique, so this never blocks. */
const KEEP_COMPLETED = { age: 600, count: 1000 };
const KEEP_FAILED = { age: 24 * 3600, count: 5000 };

/**
 * The distributed queue: BullMQ on Redis. Caller-given job ids become BullMQ de-duplication ids (held while the job
 * waits or runs), and every BullMQ job gets a unique id, so a finished job never blocks the next one with the same id.
 */
export class BullMqQueue implements JobQueue {
  readonly kind = "bullmq";
  readonly name = "queue";
  private readonly connections: RedisConnections;
  private readonly prefix: string;
  private readonly queues = new Map<QueueName, Queue>();
  private readonly events = new Map<QueueName, Promise<QueueEvents>>();
  private readonly workers: Worker[] = [];
  private stopped = false;

  constructor(private readonly options: BullMqQueueOptions) {
    this.prefix = options.prefix ?? "kcp";
    this.connections = openRedisConnections(options.url, options.logger);
  }

  async ping(): Promise<void> {
    const timeoutMs = this.options.pingTimeoutMs ?? 1000;
    await withDeadline(this.connections.producer.ping(), timeoutMs, `redis did not answer within ${timeoutMs} ms`);
  }

  async enqueue<P>(queue: QueueName, payload: P, options: EnqueueOptions = {}): Promise<string> {
    // A queue first used while Redis is away waits for it: never let a caller hang on that.
    const job = await withDeadline(
      this.add(queue, payload, options),
      2000,
      "redis did not accept the job within 2000 ms",
    );
    return options.jobId ?? (job.id as string);
  }

  async enqueueAndWait<P, R>(queue: QueueName, payload: P, timeoutMs: number, options: EnqueueOptions = {}) {
    const events = await this.queueEvents(queue);
    const job = await this.add(queue, payload, options);
    const id = options.jobId ?? (job.id as string);
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new QueueTimeoutError(queue, id, timeoutMs)), timeoutMs);
    });
    try {
      return (await Promise.race([job.waitUntilFinished(events), timeout])) as R;
    } catch (error) {
      if (error instanceof QueueTimeoutError) throw error;
      throw new JobFailedError(queue, id, error instanceof Error ? error.message : String(error));
    } finally {
      clearTimeout(timer);
    }
  }

  process<P, R>(queue: QueueName, handler: JobHandler<P, R>, options: ProcessOptions = {}): void {
    const worker = new Worker<P, R>(
      queue,
      (job) =>
        handler(job.data, { id: job.opts.deduplication?.id ?? (job.id as string), attempt: job.attemptsMade + 1 }),
      { connection: this.connections.consumer, prefix: this.prefix, concurrency: options.concurrency ?? 1 },
    );
    worker.on("error", (error) => this.logError(error, { queue }, "queue worker error"));
    this.workers.push(worker);
  }

  async every<P>(queue: QueueName, payload: P, options: RecurringOptions): Promise<void> {
    await this.queue(queue).upsertJobScheduler(
      options.id,
      { every: options.everyMs },
      { name: JOB_NAME, data: payload, opts: { removeOnComplete: KEEP_COMPLETED, removeOnFail: KEEP_FAILED } },
    );
  }

  async cancelEvery(queue: QueueName, id: string): Promise<void> {
    await this.queue(queue).removeJobScheduler(id);
  }

  /** Lets running jobs finish (Worker.close waits for them), then closes every connection. */
  /** BullMQ's own queue objects, one per named queue (for the queue dashboard). */
  bullQueues(): Queue[] {
    return QUEUE_NAMES.map((name) => this.queue(name));
  }

  async counts(queue: QueueName): Promise<JobCounts> {
    const counts = await this.queue(queue).getJobCounts("waiting", "prioritized", "active", "delayed");
    return {
      waiting: (counts.waiting ?? 0) + (counts.prioritized ?? 0),
      active: counts.active ?? 0,
      delayed: counts.delayed ?? 0,
    };
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    // Running jobs get `closeTimeoutMs` to finish; after that (or when Redis is away) everything is closed by force.
    const graceful = (async () => {
      await Promise.allSettled(this.workers.map((worker) => worker.close()));
      const events = await Promise.allSettled([...this.events.values()]);
      await Promise.allSettled(events.map((e) => (e.status === "fulfilled" ? e.value.close() : undefined)));
      await Promise.allSettled([...this.queues.values()].map((queue) => queue.close()));
    })();
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, this.options.closeTimeoutMs ?? 10_000);
    });
    await Promise.race([graceful, timeout]);
    clearTimeout(timer);
    this.connections.stopReconnecting();
    await withTimeout(Promise.allSettled(this.workers.map((worker) => worker.close(true))), 2000);
    await withTimeout(this.connections.close(), 2000);
  }

  private add(queue: QueueName, payload: unknown, options: EnqueueOptions): Promise<Job> {
    if (this.stopped) throw new Error("the queue is stopped");
    return this.queue(queue).add(JOB_NAME, payload, {
      jobId: randomUUID(),
      ...(options.jobId === undefined ? {} : { deduplication: { id: options.jobId } }),
      // BullMQ runs jobs without a priority before all prioritized ones; giving every job one keeps a single order.
      priority: (options.priority ?? 0) + 1,
      delay: options.delayMs ?? 0,
      attempts: Math.max(1, options.attempts ?? 1),
      backoff: { type: "exponential", delay: options.backoffMs ?? 1000 },
      removeOnComplete: KEEP_COMPLETED,
      removeOnFail: KEEP_FAILED,
    });
  }

  /** BullMQ's error events: a lost Redis at debug level (the connection's own lines say it once), others as warnings. */
  private logError(error: Error, context: Record<string, unknown>, message: string): void {
    const level = isConnectionError(error) ? "debug" : "warn";
    this.options.logger[level]({ ...context, error: error.message }, message);
  }

  private queue(name: QueueName): Queue {
    let queue = this.queues.get(name);
    if (!queue) {
      queue = new Queue(name, { connection: this.connections.producer, prefix: this.prefix });
      queue.on("error", (error) => this.logError(error, { queue: name }, "queue error"));
      this.queues.set(name, queue);
    }
    return queue;
  }

  private queueEvents(name: QueueName): Promise<QueueEvents> {
    let events = this.events.get(name);
    if (!events) {
      const created = new QueueEvents(name, { connection: this.connections.consumer, prefix: this.prefix });
      created.on("error", (error) => this.logError(error, { queue: name }, "queue events error"));
      events = created.waitUntilReady().then(() => created);
      this.events.set(name, events);
    }
    return events;
  }
}
