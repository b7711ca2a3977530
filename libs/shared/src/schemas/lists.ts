/**
 * The value lists of the contract, each written once: the zod schemas build their enums from them, and clients (the
 * kcp command line, the web console) import them from `@kcp/shared/lists`, which imports nothing but the generated
 * list of operation types — a browser bundle takes the lists and no server code. The order of each list is the order
 * of its enum in the OpenAPI document.
 */
import { OPERATION_TYPE_CAPABILITY } from "../generated/operation-types.js";

export const OPERATION_STATUSES = [
  "planned",
  "pending",
  "running",
  "paused",
  "succeeded",
  "failed",
  "cancelled",
] as const;
type Status = (typeof OPERATION_STATUSES)[number];
/** Confirmed and not ended: at most one such operation per cluster (libs/operation-lifecycle gives their meaning). */
export const ACTIVE_OPERATION_STATUSES = ["pending", "running", "paused"] as const satisfies readonly Status[];
/** Ended: no move leads out of them. */
export const FINAL_OPERATION_STATUSES = ["succeeded", "failed", "cancelled"] as const satisfies readonly Status[];
export const STEP_STATUSES = ["pending", "running", "succeeded", "failed", "skipped"] as const;
export const REQUESTED_ACTIONS = ["pause", "resume", "cancel"] as const;
/**
 * The statuses from which each requested action is accepted: libs/operation-lifecycle refuses the others, clients
 * offer the action only in these.
 */
export const REQUESTED_ACTION_FROM = {
  pause: ["pending", "running"],
  resume: ["paused"],
  cancel: ["planned", "pending", "running", "paused"],
} as const satisfies Record<(typeof REQUESTED_ACTIONS)[number], readonly Status[]>;

/** The capability flags of the interface, in its order. */
export const CAPABILITY_NAMES = [
  "manageTopics",
  "manageConfigs",
  "manageAcls",
  "manageScram",
  "manageQuotas",
  "manageGroups",
  "browseMessages",
  "reassign",
  "electLeaders",
  "cordon",
  "unregisterBrokers",
  "describeQuorum",
  "removeVoters",
  "addControllers",
  "provisionNodes",
  "restartNodes",
  "upgradeVersion",
  "finalizeFeatures",
  "migrateQuorum",
  "scaleNodePools",
] as const;

/**
 * The operation types, in the contract's order, each with the capability flag it needs: generated from their
 * definitions (OPERATION_TYPE_DEFINITIONS in ./operations.ts) by `npm run generate -w @kcp/shared`.
 */
export { OPERATION_TYPE_CAPABILITY };
export const OPERATION_TYPES = Object.keys(OPERATION_TYPE_CAPABILITY) as (keyof typeof OPERATION_TYPE_CAPABILITY)[];

/**
 * The complete value sets Kafka accepts in a binding. ANY, MATCH and UNKNOWN are filter values, not binding values:
 * create takes a binding, and delete removes the bindings equal to the body (exact match), so neither takes them.
 */
export const ACL_RESOURCE_TYPES = [
  "TOPIC",
  "GROUP",
  "CLUSTER",
  "TRANSACTIONAL_ID",
  "DELEGATION_TOKEN",
  "USER",
] as const;
export const ACL_PATTERN_TYPES = ["LITERAL", "PREFIXED"] as const;
export const ACL_OPERATIONS = [
  "ALL",
  "READ",
  "WRITE",
  "CREATE",
  "DELETE",
  "ALTER",
  "DESCRIBE",
  "CLUSTER_ACTION",
  "DESCRIBE_CONFIGS",
  "ALTER_CONFIGS",
  "IDEMPOTENT_WRITE",
  "CREATE_TOKENS",
  "DESCRIBE_TOKENS",
  "TWO_PHASE_COMMIT",
] as const;
export const ACL_PERMISSIONS = ["ALLOW", "DENY"] as const;

export const PROVIDERS = ["external", "agent", "container", "operator-managed"] as const;
export const FLAVORS = ["oss", "managed-a", "managed-b", "managed-c"] as const;
export const SECURITY_PROTOCOLS = ["PLAINTEXT", "SSL", "SASL_PLAINTEXT", "SASL_SSL"] as const;
export const SASL_MECHANISMS = ["", "PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512", "CLOUD_IAM", "OAUTHBEARER"] as const;
/** The SASL mechanisms that log in with a username and password. */
export const PASSWORD_MECHANISMS = [
  "PLAIN",
  "SCRAM-SHA-256",
  "SCRAM-SHA-512",
] as const satisfies readonly (typeof SASL_MECHANISMS)[number][];

export const HEALTH_STATUSES = ["ok", "warning", "critical", "unreachable", "unknown"] as const;
export const CLUSTER_SORTS = ["name", "worst", "stalest", "newest"] as const;

export const ROLES = ["viewer", "operator", "admin"] as const;
export const AUDIT_RESULTS = ["success", "failure", "denied"] as const;
/** Kafka's client quota keys; `ip` entities take only connection_creation_rate, which applies to nothing else. */
export const QUOTA_KEYS = [
  "producer_byte_rate",
  "consumer_byte_rate",
  "request_percentage",
  "controller_mutation_rate",
  "connection_creation_rate",
] as const;
/** The SASL/SCRAM mechanisms Kafka stores credentials for (ScramMechanism). */
export const SCRAM_MECHANISMS = ["SCRAM-SHA-256", "SCRAM-SHA-512"] as const;
export const RESET_TARGETS = ["earliest", "latest", "timestamp", "offset", "shift"] as const;
export const BROWSE_STARTS = ["beginning", "end", "offset", "timestamp"] as const;
export const ANOMALY_STATES = ["open", "cleared"] as const;
/** What the points of a series were computed from: each collection's values, 10-minute or hourly summaries. */
export const SERIES_RESOLUTIONS = ["collection", "10m", "1h"] as const;
export type SeriesResolution = (typeof SERIES_RESOLUTIONS)[number];
