export {
  type ActiveOperationFacts,
  type ClusterFacts,
  type GaugeFamily,
  type KafkaFacts,
  kafkaGauges,
} from "./kafka-metrics.js";
export { kafkaClientCounters, Metrics, type QueueCounts, timedJobs } from "./metrics.js";
export { metricsAuthorized, metricsUnauthorized } from "./metrics-auth.js";
export { type OpsServer, type OpsServerOptions, startOpsServer } from "./ops-server.js";
