export {
  type AuditNote,
  type Decision,
  decide,
  notConfirmable,
  type OperationEvent,
  PLAN_EXPIRED_ERROR,
  planExpired,
  type StepOutcome,
} from "./decide.js";
export {
  LIGHT,
  type OperationDocument,
  type OperationState,
  plannedDocument,
  stored,
  typed,
} from "./document.js";
export { enqueueRun, type OperationJob } from "./jobs.js";
export { type FinalStatus, finalStepStatus, type NextMove, nextMove, type ProgressState } from "./next-move.js";
export { type Applied, OperationRecords } from "./repository.js";
export {
  acceptsAction,
  canTransition,
  canTransitionStep,
  isActive,
  isFinal,
  OPERATION_TRANSITIONS,
  REQUESTED_ACTION_RULES,
  STEP_TRANSITIONS,
} from "./transitions.js";

/** A plan can be confirmed for 15 minutes after it is made. */
export const PLAN_LIFETIME_MS = 15 * 60 * 1000;
