import { z } from "zod";

export const HEALTH_STATUSES = ["ok", "warning", "critical", "unreachable", "unknown"] as const;
export const ISSUE_SEVERITIES = ["critical", "warning", "info"] as const;

/** Issue codes of the contract (§6), in the order of its table. */
export const HEALTH_ISSUE_CODES = [
  "cluster_unreachable",
  "offline_partitions",
  "under_min_isr",
  "no_quorum_leader",
  "log_dir_failed",
  "disk_critical",
  "broker_down",
  "under_replicated",
  "at_min_isr",
  "broker_fenced",
  "voters_lagging",
  "quorum_no_fault_tolerance",
  "disk_high",
  "collection_incomplete",
  "reassignment_in_progress",
  "broker_cordoned",
  "features_finalizable",
] as const;
export type HealthIssueCode = (typeof HEALTH_ISSUE_CODES)[number];

export const HealthIssueSchema = z.object({
  severity: z.enum(ISSUE_SEVERITIES),
  code: z.enum(HEALTH_ISSUE_CODES),
  message: z.string(),
});
export type HealthIssue = z.infer<typeof HealthIssueSchema>;

const count = z.number().int().min(0).optional();

export const HealthSchema = z.object({
  status: z.enum(HEALTH_STATUSES),
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
  quorumLeader: z.number().int().optional(),
  voters: count,
  votersLagging: count,
  diskUsedPercentMax: z.number().min(0).max(100).optional(),
  metadataVersion: z.string().optional(),
  quorumVersion: z.number().int().optional(),
});
export type Health = z.infer<typeof HealthSchema>;
