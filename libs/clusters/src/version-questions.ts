import type { ProviderAccess, Refusal } from "@kcp/providers";
import { JobFailedError, type JobQueue, QueueTimeoutError } from "@kcp/queue";
import { AppError, type SecretBox } from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";
import { recordProvider } from "./records.js";

/**
 * A job of the `collect` queue asking whether a cluster's nodes can obtain a Kafka version (installed, or available
 * from the agents' artifact sources; the image on the container engine). The collector answers it: it holds the
 * providers' access (the agents' read-only signer, their pins and CA; the engine), which the API does not.
 */
export interface VersionQuestionJob {
  clusterId: string;
  kind: "canObtain";
  version: string;
}

/** The collector's answer: plain JSON, a refusal as data. */
export interface VersionAnswer {
  refusal?: Refusal;
}

export const isVersionQuestion = (job: { kind: string }): job is VersionQuestionJob => job.kind === "canObtain";

/**
 * Asks the collector whether the nodes of cluster `clusterId` can obtain `version`, waiting at most `timeoutMs`:
 * undefined when they can, else the provider's refusal. Questions about the same cluster and version asked meanwhile
 * share one job. A question that cannot be answered is an AppError: `cluster_unreachable` when the collector failed or
 * took too long, `not_ready` when the queue cannot be reached.
 */
export async function askCanObtain(
  queue: JobQueue,
  clusterId: string,
  version: string,
  timeoutMs: number,
): Promise<Refusal | undefined> {
  const job: VersionQuestionJob = { clusterId, kind: "canObtain", version };
  try {
    const answer = await queue.enqueueAndWait<VersionQuestionJob, VersionAnswer | undefined>(
      "collect",
      job,
      timeoutMs,
      { jobId: `can-obtain-${clusterId}-${version}` },
    );
    return answer?.refusal;
  } catch (error) {
    if (error instanceof QueueTimeoutError || error instanceof JobFailedError) {
      const why = error instanceof QueueTimeoutError ? `no answer within ${error.timeoutMs} ms` : "the question failed";
      throw new AppError(
        "cluster_unreachable",
        `Whether the cluster's nodes can obtain Kafka ${version} could not be asked of its provider: ${why}`,
        { cause: error },
      );
    }
    throw new AppError("not_ready", "The job queue cannot be reached at the moment; try again shortly", {
      headers: { "Retry-After": "5" },
      cause: error,
    });
  }
}

/**
 * The collector's side: the cluster's node provider asked (its module's `canObtain`) with the collector's access to
 * providers. Agent clusters ask every agent of `settings.agents` (read-only); container clusters their engine, when
 * CONTAINER_ENGINES lists it (else the refusal says so and nothing is sent). Other providers (operator-managed: the
 * operator decides what it can run) are not asked: no refusal. No provider reads a secret to answer this question.
 */
export async function answerCanObtain(
  record: ClusterRecord,
  version: string,
  access: ProviderAccess,
  box: SecretBox,
): Promise<VersionAnswer> {
  const refusal = await recordProvider(record, box, access).canObtain(version);
  return refusal ? { refusal } : {};
}
