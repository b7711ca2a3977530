import type { DesiredFile } from "@kcp/shared";
import { type AppliedFile, lastAppliedOf } from "./applied.js";
import { type CurrentResources, type DiffResult, diffDesiredState } from "./diff.js";
import { type Drift, driftOf } from "./drift.js";
import { type CheckedPlanRequest, checkPlanRequest, checkPlanRequestBytes } from "./validation.js";

/** What an applied file's record says of it besides its documents. */
export type AppliedSummary = Pick<AppliedFile, "path" | "digest" | "operationId" | "appliedAt" | "appliedBy">;

/** The work done off the request thread, each job's input as structured data (applied files as their stored JSON). */
export type ThreadJob =
  /** The body as received (bytes) or already parsed. */
  | { kind: "check"; raw: unknown }
  /** The files, or only their digest when a check just kept them. */
  | { kind: "plan"; digest: string; files?: DesiredFile[]; current: CurrentResources; applied: string[] }
  | { kind: "drift"; applied: string[]; current: CurrentResources };

export interface ThreadResults {
  check: CheckedPlanRequest;
  /** `missing`: the files of the digest are no longer kept: send them. */
  plan: DiffResult | { missing: true };
  drift: { applied: AppliedSummary[]; drift: Drift };
}

const parsed = (records: readonly string[]) => records.map((body) => JSON.parse(body) as AppliedFile);

/** The files of the last bodies checked, by digest: the plan that follows a check sends its digest, not its files. */
const KEPT_BODIES = 4;

/** One thread's work: the jobs in the order given (the worker thread runs one; tests run one in-line). */
export class ThreadWork {
  private readonly kept = new Map<string, DesiredFile[]>();

  run(job: ThreadJob): ThreadResults[ThreadJob["kind"]] {
    switch (job.kind) {
      case "check": {
        const checked = job.raw instanceof Uint8Array ? checkPlanRequestBytes(job.raw) : checkPlanRequest(job.raw);
        if ("body" in checked) {
          this.kept.delete(checked.digest);
          this.kept.set(checked.digest, checked.body.files);
          for (const oldest of this.kept.keys()) if (this.kept.size > KEPT_BODIES) this.kept.delete(oldest);
        }
        return checked;
      }
      case "plan": {
        const files = job.files ?? this.kept.get(job.digest);
        if (!files) return { missing: true };
        const applied = parsed(job.applied);
        return diffDesiredState(files, job.current, lastAppliedOf(applied), applied);
      }
      case "drift":
        return runThreadJob(job);
    }
  }
}

/** Pure: one job's result, on its own (a plan with its files). */
export function runThreadJob(job: ThreadJob): ThreadResults[ThreadJob["kind"]] {
  switch (job.kind) {
    case "check":
    case "plan":
      return new ThreadWork().run(job);
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
