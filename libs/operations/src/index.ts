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
export * from "./plans/index.js";
export {
  brokerNotCaughtUp,
  DEFAULT_QUORUM_CATCH_UP,
  type FeatureRaise,
  MIN_METADATA_LEVEL_FOR_4,
  minInsyncReplicasOf,
  type NodeHealth,
  type NodeHealthOptions,
  nodeHealthy,
  parseKafkaVersion,
  type QuorumCatchUp,
  RAFT_FETCH_MAX_WAIT_MS,
  RELEASE_FEATURE_LEVELS,
  type RollNode,
  type RollSafety,
  rollNodes,
  rollOrder,
  rollSafety,
  type UpgradePath,
  type UpgradePathInput,
  upgradePath,
  voterCaughtUp,
} from "./rolling/index.js";
export { sameSteps } from "./same-steps.js";
export { STEP_KINDS } from "./step-kinds/index.js";
export { markOf, type ProcessMark, startDecision, stopDecision } from "./step-kinds/node-lifecycle.js";
export { type SwitchDecision, switchDecision } from "./step-kinds/node-version.js";
export {
  type PlannedStep,
  type StepContext,
  type StepDetail,
  type StepExecutor,
  StepInterrupted,
  type StepNodes,
  StepPaused,
  type StepRegistry,
} from "./steps.js";
