export {
  type FinalStatus,
  finalStepStatus,
  type NextMove,
  nextMove,
  type ProgressState,
  sameSteps,
} from "./next-move.js";
export type { BuiltPlan, PlanBuilder, PlanInput } from "./plan-builder.js";
export {
  PLAN_BUILDERS,
  planAddControllers,
  planCordonBrokers,
  planElectLeaders,
  planFinalizeFeatures,
  planMigrateQuorum,
  planRemoveVoters,
  planUncordonBrokers,
  planUnregisterBrokers,
} from "./plans/index.js";
export {
  acceptsAction,
  canTransition,
  canTransitionStep,
  isActive,
  isFinal,
  OPERATION_TRANSITIONS,
  REQUESTED_ACTION_RULES,
  STEP_TRANSITIONS,
} from "./state-machine.js";
export { STEP_KINDS } from "./step-kinds/index.js";
export type { PlannedStep, StepContext, StepDetail, StepExecutor, StepRegistry } from "./steps.js";
