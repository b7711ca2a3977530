// Generated from OPERATION_TYPE_DEFINITIONS (src/schemas/operations.ts) by `npm run generate -w @kcp/shared`. Do not edit.

/** The operation types, in the contract's order, each with the capability flag it needs. */
export const OPERATION_TYPE_CAPABILITY = {
  rebalance: "reassign",
  drainBrokers: "reassign",
  electLeaders: "electLeaders",
  cordonBrokers: "cordon",
  uncordonBrokers: "cordon",
  unregisterBrokers: "unregisterBrokers",
  addControllers: "addControllers",
  removeVoters: "removeVoters",
  finalizeFeatures: "finalizeFeatures",
  migrateQuorum: "migrateQuorum",
  restartNodes: "restartNodes",
  upgradeVersion: "upgradeVersion",
  provisionNodes: "provisionNodes",
  scaleNodePools: "scaleNodePools",
  applyDesiredState: "manageTopics",
} as const;
