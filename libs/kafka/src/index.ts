export {
  type AppliedConfigChange,
  type ConfigResource,
  type DescribedConfig,
  HIDDEN_VALUE,
} from "./actions/configs.js";
export type { ElectionOutcome, PartitionRef } from "./actions/elections.js";
export { type FeatureRefusal, FeatureUpdateRefused, featureRefusals } from "./actions/features.js";
export type { LogDirMoveOutcome, LogDirMoveRequest, ReplicaPlacement } from "./actions/log-dirs.js";
export { defaultPartition, MAX_PRODUCED_VALUE_BYTES } from "./actions/produce.js";
export type { NewVoter, VoterRef } from "./actions/quorum-voters.js";
export type { PartitionReplicas, ReassignmentInProgress } from "./actions/reassignments.js";
export { targetOffset } from "./actions/reset-offsets.js";
export type { KnownTopics, TopicListing } from "./actions/topic-reads.js";
export type { RefusedTopicChange } from "./actions/validate-topics.js";
export { KafkaAdmin } from "./admin.js";
export { guardConnections, KafkaClient } from "./client.js";
export {
  type ClientOptionsSettings,
  type CloudTokenProvider,
  type ConnectionTarget,
  clientOptionsFor,
  type KafkaClientOptions,
  kafkaClientBounds,
  kafkaClientSettings,
  type SaslOptions,
  type TlsOptions,
} from "./client-options.js";
export { type CallDeadline, KafkaClients, type KafkaClientsOptions } from "./clients.js";
export { testConnection } from "./connection-test.js";
export { describeKafkaError, isUnreachable, kafkaErrorNames, toKafkaAppError } from "./errors.js";
export { describePending, describeUnanswered, InFlightRequests, type PendingRequest } from "./in-flight.js";
export { type AddRaftVoterArgs, addRaftVoterV0, type VoterListener } from "./protocol/add-raft-voter-v0.js";
export {
  type ElectionResult,
  type ElectionType,
  ElectionTypes,
  type ElectLeadersResponse,
  electLeadersV2,
} from "./protocol/elect-leaders-v2.js";
export type { RaftVoterResponse } from "./protocol/raft-voter-response.js";
export { type RemoveRaftVoterArgs, removeRaftVoterV0 } from "./protocol/remove-raft-voter-v0.js";
export { fromKafkaUuid, toKafkaUuid } from "./protocol/uuid.js";
export {
  type Ability,
  type CapabilityFacts,
  deriveCapabilities,
  type ProviderAbilities,
  snapshotNodeIds,
} from "./rules/capabilities.js";
export { deriveHealth } from "./rules/health.js";
export { metadataVersionName } from "./rules/metadata-version.js";
export {
  newScramCredential,
  SCRAM_MECHANISM_CODES,
  type ScramUpsertion,
  scramHmac,
  scramMechanismOf,
  scramSaltedPassword,
} from "./rules/scram-credential.js";
export { DEFAULT_HEALTH_THRESHOLDS, type HealthThresholds } from "./rules/thresholds.js";
export { groupByVolume, VOLUME_READ_SLACK_BYTES, type VolumeFacts } from "./rules/volumes.js";
export { type Collection, collectSnapshot } from "./snapshot/collect.js";
export { readQuorum } from "./snapshot/quorum.js";
export {
  keptCordonedLogDirs,
  keptTopicConfigs,
  partReadAt,
  reusableParts,
  SLOW_PART_NAMES,
  type SlowPartsQuestion,
} from "./snapshot/slow-parts.js";
export type { TopicLayout, TopicLayouts } from "./snapshot/topics.js";
