export {
  type ApprovalSubject,
  approvalRefusal,
  approvalRequired,
  approvalView,
  approversOf,
  describeRule,
  type PlannedApproval,
  plannedApproval,
} from "./approval.js";
export {
  type AuditNote,
  type Decision,
  decide,
  notConfirmable,
  type OperationEvent,
  planExpired,
  type StepOutcome,
} from "./decide.js";
export {
  type EndReason,
  LIGHT,
  type OperationDocument,
  type OperationState,
  PLAN_EXPIRED_ERROR,
  plannedDocument,
  stored,
  typed,
} from "./document.js";
export { enqueueRun, type OperationJob } from "./jobs.js";
export { finalStepStatus, type NextMove, nextMove, type ProgressState } from "./next-move.js";
export { type Applied, OperationRecords } from "./repository.js";
export {
  ACTIVE_OPERATION_STATUSES,
  type ActiveStatus,
  FINAL_OPERATION_STATUSES,
  type FinalStatus,
  isActive,
  isFinal,
  REQUESTED_ACTION_FROM,
  UNFINISHED_OPERATION_STATUSES,
} from "./statuses.js";
export {
  acceptsAction,
  canTransition,
  canTransitionStep,
  OPERATION_TRANSITIONS,
  REQUESTED_ACTION_RULES,
  STEP_TRANSITIONS,
} from "./transitions.js";

/** A plan can be confirmed for 15 minutes after it is made. */
export const PLAN_LIFETIME_MS = 15 * 60 * 1000;
