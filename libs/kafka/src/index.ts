export type { KafkaAdmin } from "./admin.js";
export { KafkaClient } from "./client.js";
export {
  type ClientOptionsSettings,
  type CloudTokenProvider,
  type ConnectionTarget,
  clientOptionsFor,
  type KafkaClientOptions,
  type SaslOptions,
  type TlsOptions,
} from "./client-options.js";
export { testConnection } from "./connection-test.js";
export { describeKafkaError, isUnreachable, toKafkaAppError } from "./errors.js";
export { type CapabilityFacts, deriveCapabilities } from "./rules/capabilities.js";
export { deriveHealth } from "./rules/health.js";
export { metadataVersionName } from "./rules/metadata-version.js";
export { DEFAULT_HEALTH_THRESHOLDS, type HealthThresholds } from "./rules/thresholds.js";
export { type Collection, collectSnapshot } from "./snapshot/collect.js";
