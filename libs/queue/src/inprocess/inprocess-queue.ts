import { randomUUID } from "node:crypto";
import { JobFailedError, QueueTimeoutError } from "../errors.js";
import type {
  EnqueueOptions,
  JobCounts,
  JobHandler,
  JobQueue,
  ProcessOptions,
  QueueName,
  RecurringOptions,
} from "../queue.js";

interface Job {
  id: string;
  queue: QueueName;
  payload: unknown;
  priority: number;
  sequence: number;
  attempts: number;
  attempt: number;
  backoffMs: number;
  waiters: { resolve: (value: unknown) => void; reject: (error: Error) => void }[];
}

interface Worker {
  handler: JobHandler<unknown, unknown>;
  concurrency: number;
  active: number;
}

/**
 * The queue of the standalone service: the same semantics as the BullMQ adapter (de-duplication while a job is
 * waiting or running, priorities, delays, retries with exponential backoff, recurring jobs by stable id), inside one
 * process. Jobs are lost when the process stops, which is why every job's state of record lives in the store.
 */
export class InProcessQueue implements JobQueue {
  readonly kind = "inprocess";
  readonly name = "queue";
  private readonly waiting = new Map<QueueName, Job[]>();
  /** Jobs waiting, delayed or running, by id: what de-duplication looks at. */
  private readonly pending = new Map<string, Job>();
  private readonly workers = new Map<QueueName, Worker>();
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly recurring = new Map<string, NodeJS.Timeout>();
  private readonly running = new Set<Promise<void>>();
  private sequence = 0;
  private stopped = false;

  async ping(): Promise<void> {
    if (this.stopped) throw new Error("the in-process queue is stopped");
  }

  async enqueue<P>(queue: QueueName, payload: P, options: EnqueueOptions = {}): Promise<string> {
    return this.add(queue, payload, options).id;
  }

  async enqueueAndWait<P, R>(queue: QueueName, payload: P, timeoutMs: number, options: EnqueueOptions = {}) {
    const job = this.add(queue, payload, options);
    return new Promise<R>((resolve, reject) => {
      const timer = setTimeout(() => {
        job.waiters = job.waiters.filter((w) => w.resolve !== onResult);
        reject(new QueueTimeoutError(queue, job.id, timeoutMs));
      }, timeoutMs);
      const onResult = (value: unknown) => {
        clearTimeout(timer);
        resolve(value as R);
      };
      job.waiters.push({
        resolve: onResult,
        reject: (error) => {
          clearTimeout(timer);
          reject(error);
        },
      });
    });
  }

  process<P, R>(queue: QueueName, handler: JobHandler<P, R>, options: ProcessOptions = {}): void {
    if (this.workers.has(queue)) throw new Error(`queue ${queue} already has a handler in this process`);
    const worker = {
      handler: handler as JobHandler<unknown, unknown>,
      concurrency: options.concurrency ?? 1,
      active: 0,
    };
    this.workers.set(queue, worker);
    this.drain(queue);
  }

  async every<P>(queue: QueueName, payload: P, options: RecurringOptions): Promise<void> {
    const key = `${queue}:${options.id}`;
    clearInterval(this.recurring.get(key));
    // One recurring job waits or runs at a time (as BullMQ's job schedulers): a process that cannot keep up skips
    // ticks instead of piling them up.
    const timer = setInterval(() => {
      if (!this.stopped) this.add(queue, payload, { jobId: `every:${options.id}` });
    }, options.everyMs);
    this.recurring.set(key, timer);
  }

  async cancelEvery(queue: QueueName, id: string): Promise<void> {
    const key = `${queue}:${id}`;
    clearInterval(this.recurring.get(key));
    this.recurring.delete(key);
  }

  /** Stops taking jobs, then waits for the running handlers to finish. Waiting jobs are dropped. */
  async counts(queue: QueueName): Promise<JobCounts> {
    const waiting = this.waiting.get(queue)?.length ?? 0;
    const active = this.workers.get(queue)?.active ?? 0;
    const all = [...this.pending.values()].filter((job) => job.queue === queue).length;
    return { waiting, active, delayed: Math.max(0, all - waiting - active) };
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    for (const timer of [...this.timers, ...this.recurring.values()]) clearTimeout(timer);
    this.timers.clear();
    this.recurring.clear();
    await Promise.allSettled([...this.running]);
    for (const job of this.pending.values()) {
      for (const waiter of job.waiters) waiter.reject(new JobFailedError(job.queue, job.id, "the queue was stopped"));
    }
    this.pending.clear();
    this.waiting.clear();
  }

  private add(queue: QueueName, payload: unknown, options: EnqueueOptions): Job {
    if (this.stopped) throw new Error("the in-process queue is stopped");
    const existing = options.jobId === undefined ? undefined : this.pending.get(options.jobId);
    if (existing) return existing;
    const job: Job = {
      id: options.jobId ?? randomUUID(),
      queue,
      payload: structuredClone(payload),
      priority: options.priority ?? 0,
      sequence: this.sequence++,
      attempts: Math.max(1, options.attempts ?? 1),
      attempt: 0,
      backoffMs: options.backoffMs ?? 1000,
      waiters: [],
    };
    this.pending.set(job.id, job);
    this.schedule(job, options.delayMs ?? 0);
    return job;
  }

  private schedule(job: Job, delayMs: number): void {
    if (delayMs <= 0) {
      this.makeWaiting(job);
      return;
    }
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      this.makeWaiting(job);
    }, delayMs);
    this.timers.add(timer);
  }

  private makeWaiting(job: Job): void {
    const list = this.waiting.get(job.queue) ?? [];
    list.push(job);
    list.sort((a, b) => a.priority - b.priority || a.sequence - b.sequence);
    this.waiting.set(job.queue, list);
    this.drain(job.queue);
  }

  private drain(queue: QueueName): void {
    const worker = this.workers.get(queue);
    const list = this.waiting.get(queue);
    while (!this.stopped && worker && list && list.length > 0 && worker.active < worker.concurrency) {
      const job = list.shift() as Job;
      worker.active++;
      const run = this.run(job, worker).finally(() => {
        worker.active--;
        this.running.delete(run);
        this.drain(queue);
      });
      this.running.add(run);
    }
  }

  private async run(job: Job, worker: Worker): Promise<void> {
    job.attempt++;
    try {
      const result = await worker.handler(structuredClone(job.payload), { id: job.id, attempt: job.attempt });
      this.finish(job, (waiter) => waiter.resolve(structuredClone(result)));
    } catch (error) {
      if (job.attempt < job.attempts && !this.stopped) {
        this.schedule(job, job.backoffMs * 2 ** (job.attempt - 1));
        return;
      }
      const message = error instanceof Error ? error.message : String(error);
      this.finish(job, (waiter) => waiter.reject(new JobFailedError(job.queue, job.id, message)));
    }
  }

  private finish(job: Job, settle: (waiter: Job["waiters"][number]) => void): void {
    this.pending.delete(job.id);
    for (const waiter of job.waiters) settle(waiter);
  }
}
