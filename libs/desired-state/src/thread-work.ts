import type { DesiredFile, DesiredProblem } from "@kcp/shared";
import { type AppliedFile, lastAppliedOf } from "./applied.js";
import { type CurrentResources, type DiffResult, diffDesiredState } from "./diff.js";
import { type Drift, driftOf } from "./drift.js";
import { type CheckedPlanSummary, checkPlanRequest, checkPlanRequestBytes, summaryOf } from "./validation.js";

/** What an applied file's record says of it besides its documents. */
export type AppliedSummary = Pick<AppliedFile, "path" | "digest" | "operationId" | "appliedAt" | "appliedBy">;

/** The work done off the request thread, each job's input as structured data (applied files as their stored JSON). */
export type ThreadJob =
  /** The body as received (bytes) or already parsed: checked, its files kept under their digest until released. */
  | { kind: "check"; raw: unknown }
  /** The kept files of the digest diffed. */
  | { kind: "plan"; digest: string; current: CurrentResources; applied: string[] }
  /** Kafka's refusals of topics, at the documents of the kept files that declare them. */
  | { kind: "refused"; digest: string; refused: { topic: string; reason: string }[] }
  /** The kept files as the JSON a planned apply stages, with their paths (serialized here, not on the request thread). */
  | { kind: "files"; digest: string }
  /** The request that checked the files is done with them. */
  | { kind: "release"; digest: string }
  | { kind: "drift"; applied: string[]; current: CurrentResources };

export interface ThreadResults {
  check: CheckedPlanSummary;
  plan: DiffResult;
  refused: DesiredProblem[];
  files: StagedFiles;
  release: null;
  drift: { applied: AppliedSummary[]; drift: Drift };
}

/** Pure: Kafka's refusals as problems of the files, each at the document that declares its topic. */
export function refusedProblems(
  files: readonly DesiredFile[],
  refused: readonly { topic: string; reason: string }[],
): DesiredProblem[] {
  const declared = new Map<string, { file: string; document: number }>();
  for (const file of files)
    file.documents.forEach((d, document) => {
      if (d.kind === "Topic") declared.set(d.name, { file: file.path, document });
    });
  return refused.map(({ topic, reason }) => ({
    ...(declared.get(topic) ?? { file: "(no file)", document: 0 }),
    field: "configs",
    message: `Kafka refuses topic ${topic}: ${reason}`,
  }));
}

const parsed = (records: readonly string[]) => records.map((body) => JSON.parse(body) as AppliedFile);

/**
 * One thread's work: the jobs in the order given (the worker thread runs one; tests run one in-line). The files of a
 * checked body are kept under their digest, counted per request holding them, until each has released them.
 */
export class ThreadWork {
  private readonly kept = new Map<string, { files: DesiredFile[]; holders: number }>();

  /** How many bodies' files are kept. */
  get keptCount(): number {
    return this.kept.size;
  }

  private files(digest: string): DesiredFile[] {
    const kept = this.kept.get(digest);
    if (!kept) throw new Error(`no files are kept under the digest ${digest}`);
    return kept.files;
  }

  run(job: ThreadJob): ThreadResults[ThreadJob["kind"]] {
    switch (job.kind) {
      case "check": {
        const checked = job.raw instanceof Uint8Array ? checkPlanRequestBytes(job.raw) : checkPlanRequest(job.raw);
        if (!("body" in checked)) return checked;
        const kept = this.kept.get(checked.digest);
        this.kept.set(checked.digest, { files: checked.body.files, holders: (kept?.holders ?? 0) + 1 });
        return { summary: summaryOf(checked.body, checked.digest) };
      }
      case "plan": {
        const applied = parsed(job.applied);
        return diffDesiredState(this.files(job.digest), job.current, lastAppliedOf(applied), applied);
      }
      case "refused":
        return refusedProblems(this.files(job.digest), job.refused);
      case "files":
        return stagedFiles(this.files(job.digest));
      case "release": {
        const kept = this.kept.get(job.digest);
        if (kept && --kept.holders <= 0) this.kept.delete(job.digest);
        return null;
      }
      case "drift":
        return runThreadJob(job);
    }
  }
}

/**
 * Files as a planned apply stages them: their JSON text (`{"files": [...]}`) and their paths, sorted. Handed between
 * threads as one string, which is copied, not rebuilt object by object.
 */
export interface StagedFiles {
  json: string;
  paths: string[];
}

/** Pure: the staged form of files. */
export function stagedFiles(files: readonly DesiredFile[]): StagedFiles {
  return { json: JSON.stringify({ files }), paths: [...new Set(files.map((f) => f.path))].sort() };
}

/** Pure: one job's result, on its own (a plan with its files). */
export function runThreadJob(job: ThreadJob): ThreadResults[ThreadJob["kind"]] {
  switch (job.kind) {
    case "check":
    case "plan":
    case "refused":
    case "files":
    case "release":
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
