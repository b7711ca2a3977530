export { agentNodeArgs } from "./agent-bundle.js";
export {
  type AgentAnswer,
  type AgentClusterDescription,
  AgentCommandError,
  AgentKafkaCluster,
  AgentNode,
  type AgentNodeStatus,
  type AgentRequest,
  type AgentSettingsEntry,
  AgentSigner,
  NodeAgent,
  processesUnder,
  type StartAgentClusterOptions,
  startAgentCluster,
} from "./agents.js";
export { type ArtifactSource, buildArtifactSource } from "./artifacts.js";
export type { TlsMaterial } from "./certificates.js";
export { type ClassData, classData } from "./class-data.js";
export {
  bootstrapServers,
  type ClientAuth,
  clientOptions,
  type KafkaClients,
  type PlatformaticClientOptions,
  plaintextClients,
  type SaslPasswordMechanism,
  unsecuredJwt,
} from "./clients.js";
export {
  CLUSTER_START_TIMEOUT_MS,
  type ClusterDescription,
  KafkaCluster,
  type StartClusterOptions,
  startCluster,
} from "./cluster.js";
export { type DataShape, type GeneratedData, generateData } from "./data-generator.js";
export {
  type DescribeClusterV2Broker,
  type DescribeClusterV2Response,
  describeClusterV2,
} from "./describe-cluster-v2.js";
export {
  brokersFromTool,
  commitGroupOffsets,
  configsFromTool,
  consumeMessages,
  createConsumerGroupWithOffsets,
  createTopic,
  IDEMPOTENT,
  kafkaToolOn,
  type ProduceOptions,
  partitionFromTool,
  produceMessages,
  reassignPartition,
  type TopicOptions,
  uniqueTopicName,
  votersFromTool,
  waitForLeaderOnEveryBroker,
  waitForPartitionOnEveryBroker,
  waitForTopicLeaders,
  withAdmin,
} from "./helpers.js";
export { type IsrWatch, type IsrWatchResult, watchIsr } from "./isr-watch.js";
export { type JvmOptions, jvmArgs, type RunningKafkaTool, runKafkaTool, startKafkaTool } from "./java.js";
export { type LoadOptions, type LoadResult, type RunningLoad, startLoad } from "./load.js";
export { type KafkaRuntime, resolveKafka, resolveKafkaStreamsExamples } from "./maven.js";
export type { KafkaNode } from "./node.js";
export { type ClusterState, waitUntilReady } from "./readiness.js";
export { getSharedAgentCluster, getSharedCluster } from "./shared-clusters.js";
export { type ClusterSpec, type Credentials, TOPOLOGIES, type Topology } from "./spec.js";
export { formatNode, logsDir, propertiesFile } from "./storage.js";
export { type StreamsApp, startWordCountApp, WORD_COUNT_INPUT } from "./streams-app.js";
export { planCluster } from "./topology.js";
export { kafkaUuid } from "./uuid.js";
export { DEFAULT_KAFKA_VERSION, isKafkaVersion, KAFKA_VERSIONS, type KafkaVersion } from "./versions.js";
