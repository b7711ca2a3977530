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
export {
  type CapabilityFacts,
  DEFAULT_HEALTH_THRESHOLDS,
  type DeriveCapabilities,
  type DeriveHealth,
  type HealthThresholds,
} from "./rules.js";
export { type Collection, collectSnapshot } from "./snapshot/collect.js";
