export { type AccessConfig, accessSection, loadBindingsFile, parseBindingsFile } from "./access-section.js";
export {
  type AgentPinRefusal,
  AgentPins,
  type AgentUrlsConfig,
  agentPinsOf,
  agentUrlsSection,
  canonicalAgentUrl,
} from "./agent-urls.js";
export { AllowedHosts, checkAgentUrls, hostOf } from "./allowed-hosts.js";
export { type ApprovalConfig, approvalSection, loadApprovalRules } from "./approval-section.js";
export { type AuditConfig, auditSection } from "./audit-section.js";
export {
  checkProviderIdsApart,
  type LdapConfig,
  type LdapProvider,
  LdapProviderSchema,
  type LdapProviderSpec,
  LdapProvidersFileSchema,
  ldapSection,
  loadLdapProviders,
  parseLdapProviders,
} from "./ldap-section.js";
export { ConfigError, loadConfig } from "./load.js";
export { loadMetricsToken, METRICS_OPEN_WARNING, type MetricsConfig, metricsSection } from "./metrics-section.js";
export {
  loadOidcProviders,
  type OidcConfig,
  type OidcProvider,
  OidcProviderSchema,
  type OidcProviderSpec,
  OidcProvidersFileSchema,
  oidcSection,
  parseOidcProviders,
} from "./oidc-section.js";
export {
  type AgentConfig,
  type AuthConfig,
  type AutopilotConfig,
  agentSection,
  authSection,
  autopilotSection,
  CONFIG_DEFAULTS,
  type CollectorConfig,
  collectorSection,
  collectTimeoutSection,
  type HttpConfig,
  httpSection,
  type KafkaApiConfig,
  type KafkaConfig,
  type KafkaHostsConfig,
  kafkaApiSection,
  kafkaHostsSection,
  kafkaSection,
  type LogConfig,
  logSection,
  type OperationsConfig,
  operationsSection,
  type QueueConfig,
  queueSection,
  type SecretsConfig,
  type StoreConfig,
  secretsSection,
  storeSection,
} from "./sections.js";
