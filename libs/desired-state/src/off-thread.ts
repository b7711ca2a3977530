import { extname } from "node:path";
import { fileURLToPath } from "node:url";
import { Worker } from "node:worker_threads";
import type { CurrentResources } from "./diff.js";
import type { ThreadJob, ThreadResults } from "./thread-work.js";

type Pending = { resolve: (value: unknown) => void; reject: (error: Error) => void };

/**
 * The heavy work of desired state — a plan request's schema check, a plan's diff, a drift — on one worker thread per
 * process, never on the thread that answers requests (and /healthz): jobs are posted with their input as structured
 * data and run one at a time in the order posted. The thread starts at the first job, holds the process open only
 * while a job is pending, and is started again after it dies (the jobs it held fail with its error).
 */
export class DesiredStateThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private next = 0;

  /**
   * The plan request's body (the bytes received: parsed there too) checked against its schema, answered as its
   * summary (the files by path and count, and their digest), or why not. The thread keeps the files under the digest
   * until `release(digest)`: the request thread never holds them.
   */
  check(raw: unknown): Promise<ThreadResults["check"]> {
    return this.run({ kind: "check", raw }) as Promise<ThreadResults["check"]>;
  }

  /** The kept files' diff against the cluster, the applied files (as stored) keeping what their scopes own. */
  plan(digest: string, current: CurrentResources, applied: string[]): Promise<ThreadResults["plan"]> {
    return this.run({ kind: "plan", digest, current, applied }) as Promise<ThreadResults["plan"]>;
  }

  /** Kafka's refusals of topics as problems at the documents of the kept files that declare them. */
  refused(digest: string, refused: { topic: string; reason: string }[]): Promise<ThreadResults["refused"]> {
    return this.run({ kind: "refused", digest, refused }) as Promise<ThreadResults["refused"]>;
  }

  /** The kept files as a planned apply stages them: their JSON, made on the thread, and their paths. */
  files(digest: string): Promise<ThreadResults["files"]> {
    return this.run({ kind: "files", digest }) as Promise<ThreadResults["files"]>;
  }

  /** The request that checked the files is done with them (kept while another request holds the same). */
  async release(digest: string): Promise<void> {
    await this.run({ kind: "release", digest });
  }

  /** The drift of the cluster from the applied files (as stored), and what each record says of its file. */
  drift(applied: string[], current: CurrentResources): Promise<ThreadResults["drift"]> {
    return this.run({ kind: "drift", applied, current }) as Promise<ThreadResults["drift"]>;
  }

  /** Ends the thread (jobs pending fail). */
  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private run(job: ThreadJob): Promise<unknown> {
    const worker = this.started();
    const id = ++this.next;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      worker.ref();
      worker.postMessage({ id, job });
    });
  }

  private started(): Worker {
    if (this.worker) return this.worker;
    // The entry beside this module: thread-main.ts from source (the same loader as this process), .js once built.
    const entry = new URL(`./thread-main${extname(fileURLToPath(import.meta.url))}`, import.meta.url);
    const worker = new Worker(entry);
    worker.unref();
    const failAll = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const [id, job] of this.pending) {
        this.pending.delete(id);
        job.reject(error);
      }
    };
    worker.on("message", ({ id, result, error }: { id: number; result?: unknown; error?: string }) => {
      const job = this.pending.get(id);
      if (!job) return;
      this.pending.delete(id);
      if (this.pending.size === 0) worker.unref();
      if (error === undefined) job.resolve(result);
      else job.reject(new Error(`desired-state thread: ${error}`));
    });
    worker.on("error", failAll);
    worker.on("exit", (code) => failAll(new Error(`the desired-state thread ended (exit code ${code})`)));
    this.worker = worker;
    return worker;
  }
}

/** The process's one desired-state thread. */
export const desiredStateThread = new DesiredStateThread();
