import type { JobQueue } from "@kcp/queue";

/** Jobs of the `operations` queue: run (or resume) one operation, or sweep (expire plans, pick up orphans). */
export type OperationJob = { kind: "run"; operationId: string } | { kind: "sweep" };

export const SWEEP_JOB_ID = "operations-sweep";

/** Asks a worker to run the operation; joins a job for it that is already waiting or running. */
export function enqueueRun(queue: JobQueue, operationId: string): Promise<string> {
  const job: OperationJob = { kind: "run", operationId };
  return queue.enqueue("operations", job, { jobId: `run-${operationId}` });
}
