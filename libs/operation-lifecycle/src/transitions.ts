import {
  ACTIVE_OPERATION_STATUSES,
  FINAL_OPERATION_STATUSES,
  type OperationStatus,
  type RequestedAction,
  type StepStatus,
} from "@kcp/shared";

/**
 * The moves among operation statuses (contract §5). `planned → cancelled` is plan expiry or cancel; `running → paused`
 * and back are honoured requests; `paused → cancelled` is a cancel while paused (cleanup steps still run).
 */
export const OPERATION_TRANSITIONS: Readonly<Record<OperationStatus, readonly OperationStatus[]>> = {
  planned: ["pending", "cancelled"],
  pending: ["running", "cancelled"],
  running: ["paused", "succeeded", "failed", "cancelled"],
  paused: ["running", "cancelled"],
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

/** Pending, running or paused: at most one such operation per cluster. */
export function isActive(status: OperationStatus): boolean {
  return (ACTIVE_OPERATION_STATUSES as readonly OperationStatus[]).includes(status);
}

export function isFinal(status: OperationStatus): boolean {
  return (FINAL_OPERATION_STATUSES as readonly OperationStatus[]).includes(status);
}

/** The statuses from which a requested action can be accepted, and what a worker moves to when it honours it. */
export const REQUESTED_ACTION_RULES: Readonly<Record<RequestedAction, { from: readonly OperationStatus[] }>> = {
  pause: { from: ["pending", "running"] },
  resume: { from: ["paused"] },
  cancel: { from: ["planned", "pending", "running", "paused"] },
};

export function acceptsAction(status: OperationStatus, action: RequestedAction): boolean {
  return REQUESTED_ACTION_RULES[action].from.includes(status);
}
