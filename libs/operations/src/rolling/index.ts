export { type NodeHealth, type NodeHealthOptions, nodeHealthy, RAFT_FETCH_MAX_WAIT_MS } from "./node-health.js";
export { type RollNode, rollNodes } from "./nodes.js";
export { rollOrder } from "./roll-order.js";
export {
  brokerNotCaughtUp,
  DEFAULT_QUORUM_CATCH_UP,
  minInsyncReplicasOf,
  type QuorumCatchUp,
  type RollSafety,
  rollSafety,
  voterCaughtUp,
} from "./roll-safety.js";
export {
  type FeatureRaise,
  MIN_METADATA_LEVEL_FOR_4,
  parseKafkaVersion,
  RELEASE_FEATURE_LEVELS,
  type UpgradePath,
  type UpgradePathInput,
  upgradePath,
} from "./upgrade-path.js";
