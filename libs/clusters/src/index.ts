export { type CollectedFacts, clusterCapabilities, providerAbilities } from "./capabilities.js";
export {
  type CollectDependencies,
  type CollectOptions,
  type CollectSettings,
  collectClusterView,
} from "./collect-view.js";
export {
  type CollectJob,
  type CollectResult,
  collectJobId,
  collectWaitMs,
  enqueueCollection,
  jitteredIntervalMs,
  requestCollection,
  scheduleCollections,
  unscheduleCollections,
} from "./collection-jobs.js";
export {
  collectionIntervalOf,
  type FleetListAnswer,
  type FleetListInput,
  type FreshnessSettings,
  fleetList,
  freshnessOf,
  isDefaultListQuery,
} from "./fleet-list.js";
export { identityIssue, identityRefusal, withIdentityIssue } from "./identity.js";
export {
  NODE_SETTINGS,
  type NodeSettingChange,
  nodeSettingChanges,
  reachChanges,
  weakenings,
} from "./profile-changes.js";
export {
  changesConnection,
  clusterResource,
  connectionTarget,
  connectionVersion,
  newClusterRecord,
  openRecordSecrets,
  patchedProfile,
  providerCluster,
  type RecordProvider,
  recordChanges,
  recordProvider,
  withClusterClient,
} from "./records.js";
export { ClusterRegistry, type FleetViews, type RegistryDependencies } from "./registry.js";
export { type ResealResult, resealSecrets } from "./reseal.js";
export type { SerializedResponse } from "./serialized.js";
export {
  answerCanObtain,
  askCanObtain,
  isVersionQuestion,
  type VersionAnswer,
  type VersionQuestionJob,
} from "./version-questions.js";
export { clusterView } from "./views.js";
