import type { OperationStatus, RequestedAction, StepStatus } from "@kcp/shared";
import { REQUESTED_ACTION_FROM } from "./statuses.js";

/**
 * Every move among operation statuses; `decide` makes no other. A plan is created `planned`; `planned → pending` is a
 * confirm, `planned → cancelled` plan expiry or cancel; `pending → running` the first step about to run; `running →
 * paused` and back are honoured requests (or a step that must not go on); `pending`/`paused → cancelled` a cancel that
 * needs no (more) cleanup steps; `pending`/`paused → failed` an operation whose cluster was removed from the control
 * plane before or while it waited.
 */
export const OPERATION_TRANSITIONS: Readonly<Record<OperationStatus, readonly OperationStatus[]>> = {
  planned: ["pending", "cancelled"],
  pending: ["running", "cancelled", "failed"],
  running: ["paused", "succeeded", "failed", "cancelled"],
  paused: ["running", "cancelled", "failed"],
  succeeded: [],
  failed: [],
  cancelled: [],
};

export const STEP_TRANSITIONS: Readonly<Record<StepStatus, readonly StepStatus[]>> = {
  pending: ["running", "skipped"],
  // running → pending: a long step interrupted by pause or cancel; it runs again on resume.
  running: ["succeeded", "failed", "pending"],
  succeeded: [],
  failed: [],
  skipped: [],
};

export function canTransition(from: OperationStatus, to: OperationStatus): boolean {
  return OPERATION_TRANSITIONS[from].includes(to);
}

export function canTransitionStep(from: StepStatus, to: StepStatus): boolean {
  return STEP_TRANSITIONS[from].includes(to);
}

/** The statuses from which a requested action (pause, resume, cancel) is accepted. */
export const REQUESTED_ACTION_RULES: Readonly<Record<RequestedAction, { from: readonly OperationStatus[] }>> = {
  pause: { from: REQUESTED_ACTION_FROM.pause },
  resume: { from: REQUESTED_ACTION_FROM.resume },
  cancel: { from: REQUESTED_ACTION_FROM.cancel },
};

export function acceptsAction(status: OperationStatus, action: RequestedAction): boolean {
  return REQUESTED_ACTION_RULES[action].from.includes(status);
}
