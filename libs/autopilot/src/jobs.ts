import type { JobQueue } from "@kcp/queue";

/** A job of the `autopilot` queue: evaluate the cluster's latest stored view. */
export interface AutopilotJob {
  clusterId: string;
}

/**
 * One id per cluster: while an evaluation of a cluster waits or runs, asking again joins it, so of any number of
 * workers exactly one evaluates (and acts for) a cluster at a time. A view stored meanwhile is judged by the next one.
 */
export const autopilotJobId = (clusterId: string) => `autopilot-${clusterId}`;

/** Asks for an evaluation of the cluster's latest view (after each collection), without waiting. */
export function enqueueEvaluation(queue: JobQueue, clusterId: string): Promise<string> {
  const job: AutopilotJob = { clusterId };
  return queue.enqueue("autopilot", job, { jobId: autopilotJobId(clusterId) });
}
