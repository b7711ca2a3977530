import { z } from "zod";
import { HEALTH_STATUSES } from "./lists.js";

export const ISSUE_SEVERITIES = ["critical", "warning", "info"] as const;

/** The health issue codes, in the order docs/health-and-capabilities.md lists them. */
export const HEALTH_ISSUE_CODES = [
  "cluster_unreachable",
  "offline_partitions",
  "under_min_isr",
  "no_quorum_leader",
  "log_dir_failed",
  "disk_critical",
  "broker_down",
  "cluster_identity_changed",
  "under_replicated",
  "at_min_isr",
  "broker_fenced",
  "voters_lagging",
  "quorum_no_fault_tolerance",
  "disk_high",
  "collection_incomplete",
  "desired_state_drift",
  "reassignment_in_progress",
  "broker_cordoned",
  "features_finalizable",
  "disk_imbalance",
  "leader_imbalance",
] as const;
export type HealthIssueCode = (typeof HEALTH_ISSUE_CODES)[number];

export const HealthStatusSchema = z.enum(HEALTH_STATUSES);
export const IssueSeveritySchema = z.enum(ISSUE_SEVERITIES);
export const HealthIssueCodeSchema = z.enum(HEALTH_ISSUE_CODES);
export type HealthStatus = z.infer<typeof HealthStatusSchema>;
export type IssueSeverity = z.infer<typeof IssueSeveritySchema>;

/** The severity of each issue code (the table in docs/health-and-capabilities.md). */
export const HEALTH_ISSUE_SEVERITY: Readonly<Record<HealthIssueCode, IssueSeverity>> = {
  cluster_unreachable: "critical",
  offline_partitions: "critical",
  under_min_isr: "critical",
  no_quorum_leader: "critical",
  log_dir_failed: "critical",
  disk_critical: "critical",
  broker_down: "critical",
  /** The bootstrap address reaches another Kafka cluster than the registered one (writes refused until confirmed). */
  cluster_identity_changed: "critical",
  under_replicated: "warning",
  at_min_isr: "warning",
  broker_fenced: "warning",
  voters_lagging: "warning",
  quorum_no_fault_tolerance: "warning",
  disk_high: "warning",
  collection_incomplete: "warning",
  /** The cluster differs from its last applied desired state (changed by hand, by another tool). */
  desired_state_drift: "warning",
  reassignment_in_progress: "info",
  broker_cordoned: "info",
  features_finalizable: "info",
  disk_imbalance: "info",
  leader_imbalance: "info",
};

export const HealthIssueSchema = z.object({
  severity: IssueSeveritySchema,
  code: HealthIssueCodeSchema,
  message: z.string().describe("Names the objects, e.g. '3 partitions of orders offline: orders-0, ...'"),
});
export type HealthIssue = z.infer<typeof HealthIssueSchema>;

const count = z.number().int().min(0).optional();

export const HealthSchema = z.object({
  status: HealthStatusSchema.describe("The worst issue's severity; unreachable or unknown when nothing answered yet"),
  issues: z.array(HealthIssueSchema),
  brokers: count,
  brokersAlive: count,
  brokersFenced: count,
  brokersCordoned: count,
  topics: count,
  partitions: count,
  offlinePartitions: count,
  underReplicated: count,
  underMinIsr: count,
  atMinIsr: count,
  reassigning: count,
  quorumLeader: z.number().int().optional().describe("Node id of the quorum leader"),
  voters: count,
  votersLagging: count,
  diskUsedPercentMax: z.number().min(0).max(100).optional(),
  metadataVersion: z.string().optional(),
  quorumVersion: z.number().int().optional().describe("Finalized kraft.version"),
  desiredStateDrift: count.describe(
    "Differences between the cluster and its last applied desired state (absent: no desired state applied)",
  ),
});
export type Health = z.infer<typeof HealthSchema>;
