import type { OperationStatus, RequestedAction, StepStatus } from "@kcp/shared";
import type { FinalStatus } from "./statuses.js";

/** What the engine needs to know of an operation to decide its next move. */
export interface ProgressState {
  status: OperationStatus;
  requestedAction: RequestedAction | null;
  steps: readonly { status: StepStatus; alwaysRun: boolean }[];
}

export type NextMove =
  /** pending → running: the first step is about to run. */
  | { kind: "start" }
  /** Run this step; a step found `running` is run again (its worker died), which steps are written to allow. */
  | { kind: "run"; index: number }
  | { kind: "pause" }
  | { kind: "resume" }
  /** Paused with nothing requested: the operation waits for resume or cancel. */
  | { kind: "wait" }
  | { kind: "finish"; status: FinalStatus };

function ending(state: ProgressState): Exclude<FinalStatus, "succeeded"> | undefined {
  if (state.requestedAction === "cancel") return "cancelled";
  return state.steps.some((s) => s.status === "failed") ? "failed" : undefined;
}

const unfinished = (status: StepStatus) => status === "pending" || status === "running";

/**
 * Pure: the engine's next move. Steps run in order; after a failure or a cancel only the remaining
 * `alwaysRun` steps run, then the operation ends `failed` or `cancelled`. Pause and resume are honoured between
 * steps. A cancelled operation that never started ends at once; a paused one being cancelled resumes (keeping the
 * cancel) only to run its cleanup steps.
 */
export function nextMove(state: ProgressState): NextMove {
  const end = ending(state);
  if (state.status === "pending") return end === "cancelled" ? { kind: "finish", status: end } : { kind: "start" };
  if (state.status === "paused" && !end)
    return state.requestedAction === "resume" ? { kind: "resume" } : { kind: "wait" };
  if (end) {
    const cleanup = state.steps.findIndex((s) => s.alwaysRun && unfinished(s.status));
    if (cleanup < 0) return { kind: "finish", status: end };
    // Cleanup steps run in status running: a paused operation being cancelled runs again for them.
    return state.status === "paused" ? { kind: "resume" } : { kind: "run", index: cleanup };
  }
  if (state.requestedAction === "pause") return { kind: "pause" };
  const next = state.steps.findIndex((s) => unfinished(s.status));
  return next >= 0 ? { kind: "run", index: next } : { kind: "finish", status: "succeeded" };
}

/**
 * Pure: the step statuses an operation ends with. Steps never run become `skipped`; a step left `running` by a worker
 * that died, when the operation ends without running it again (cancel), becomes `failed`.
 */
export function finalStepStatus(status: StepStatus): StepStatus {
  if (status === "pending") return "skipped";
  if (status === "running") return "failed";
  return status;
}
