import type { OperationType } from "@kcp/shared";
import type { PlanBuilder } from "../plan-builder.js";
import { planAddControllers } from "./add-controllers.js";
import { planApplyDesiredState } from "./apply-desired-state.js";
import { planCordonBrokers, planUncordonBrokers } from "./cordon-brokers.js";
import { planElectLeaders } from "./elect-leaders.js";
import { planFinalizeFeatures } from "./finalize-features.js";
import { planMigrateQuorum } from "./migrate-quorum.js";
import { planScaleNodePools } from "./operator.js";
import { planProvisionNodes } from "./provision-nodes.js";
import { movesStillApply, planDrainBrokers, planRebalance } from "./rebalance.js";
import { planRemoveVoters } from "./remove-voters.js";
import { planRestartNodes } from "./restart-nodes.js";
import { planUnregisterBrokers } from "./unregister-brokers.js";
import { planUpgradeVersion } from "./upgrade-version.js";

/** The plan builder of each operation type written so far. */
export const PLAN_BUILDERS: { readonly [T in OperationType]?: PlanBuilder<T> } = {
  electLeaders: planElectLeaders,
  unregisterBrokers: planUnregisterBrokers,
  removeVoters: planRemoveVoters,
  finalizeFeatures: planFinalizeFeatures,
  cordonBrokers: planCordonBrokers,
  uncordonBrokers: planUncordonBrokers,
  addControllers: planAddControllers,
  migrateQuorum: planMigrateQuorum,
  rebalance: planRebalance,
  drainBrokers: planDrainBrokers,
  restartNodes: planRestartNodes,
  provisionNodes: planProvisionNodes,
  upgradeVersion: planUpgradeVersion,
  scaleNodePools: planScaleNodePools,
  applyDesiredState: planApplyDesiredState,
};

export {
  movesStillApply,
  planAddControllers,
  planCordonBrokers,
  planDrainBrokers,
  planElectLeaders,
  planFinalizeFeatures,
  planMigrateQuorum,
  planProvisionNodes,
  planRebalance,
  planRemoveVoters,
  planRestartNodes,
  planScaleNodePools,
  planUncordonBrokers,
  planUnregisterBrokers,
  planUpgradeVersion,
};
