export type { BuiltPlan, PlanBuilder, PlanInput, PlanValidator } from "./plan-builder.js";
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
export type { PlannedStep, StepContext, StepKind, StepRegistry } from "./steps.js";
