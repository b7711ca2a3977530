import type { JobQueue } from "@kcp/queue";

/** A job of the `operations` queue: run (or resume) one operation. (Each worker sweeps on its own timer.) */
export type OperationJob = { kind: "run"; operationId: string };

/**
 * Asks a worker to run the operation; joins a job for it that is already waiting or running. An adoption (the
 * operation's worker died) does not join: the dead worker's job may still look active in the queue until its own lock
 * lapses, and the operation's lease, not the job, decides who runs it.
 */
export function enqueueRun(
  queue: JobQueue,
  operationId: string,
  options: { adoption?: boolean } = {},
): Promise<string> {
  const job: OperationJob = { kind: "run", operationId };
  return queue.enqueue("operations", job, options.adoption ? {} : { jobId: `run-${operationId}` });
}
