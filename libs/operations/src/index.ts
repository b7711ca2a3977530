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
  ALL_GOALS,
  type Goal,
  loadOf,
  type MovePlan,
  type PlannerBroker,
  type PlannerInput,
  type PlannerPartition,
  planMoves,
  plannerModel,
} from "./planner/index.js";
export {
  movesStillApply,
  PLAN_BUILDERS,
  planAddControllers,
  planCordonBrokers,
  planDrainBrokers,
  planElectLeaders,
  planFinalizeFeatures,
  planMigrateQuorum,
  planRebalance,
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
export {
  type PlannedStep,
  type StepContext,
  type StepDetail,
  type StepExecutor,
  StepInterrupted,
  type StepRegistry,
} from "./steps.js";
