import type { DesiredFile } from "@kcp/shared";
import { type AppliedFile, lastAppliedOf } from "./applied.js";
import { type CurrentResources, type DiffResult, diffDesiredState } from "./diff.js";
import { type Drift, driftOf } from "./drift.js";
import { type CheckedPlanRequest, checkPlanRequest } from "./validation.js";

/** What an applied file's record says of it besides its documents. */
export type AppliedSummary = Pick<AppliedFile, "path" | "digest" | "operationId" | "appliedAt" | "appliedBy">;

/** The work done off the request thread, each job's input as structured data (applied files as their stored JSON). */
export type ThreadJob =
  | { kind: "check"; raw: unknown }
  | { kind: "plan"; files: DesiredFile[]; current: CurrentResources; applied: string[] }
  | { kind: "drift"; applied: string[]; current: CurrentResources };

export interface ThreadResults {
  check: CheckedPlanRequest;
  plan: DiffResult;
  drift: { applied: AppliedSummary[]; drift: Drift };
}

const parsed = (records: readonly string[]) => records.map((body) => JSON.parse(body) as AppliedFile);

/** Pure: one job's result (what the worker thread runs; run in-line by tests). */
export function runThreadJob(job: ThreadJob): ThreadResults[ThreadJob["kind"]] {
  switch (job.kind) {
    case "check":
      return checkPlanRequest(job.raw);
    case "plan": {
      const applied = parsed(job.applied);
      return diffDesiredState(job.files, job.current, lastAppliedOf(applied), applied);
    }
    case "drift": {
      const applied = parsed(job.applied);
      return {
        applied: applied.map(({ path, digest, operationId, appliedAt, appliedBy }) => ({
          path,
          digest,
          operationId,
          appliedAt,
          appliedBy,
        })),
        drift: driftOf(applied, job.current),
      };
    }
  }
}
