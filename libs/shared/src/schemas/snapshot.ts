import { z } from "zod";
import { CapabilitiesSchema } from "./capabilities.js";
import { ClusterSchema } from "./clusters.js";
import { DateTimeSchema, Int32Schema, Int64Schema, StringMapSchema } from "./common.js";
import { FreshnessSchema, HealthCountsSchema } from "./fleet.js";
import { HealthSchema } from "./health.js";
import { OperatorStatusSchema } from "./kubernetes-settings.js";

/**
 * Parts of a snapshot that change rarely, read on a schedule of their own (COLLECT_SLOW_PARTS_SECONDS) and at once
 * after a write through the service: topics' and brokers' configs, and the reads of a desired state's drift (ACLs,
 * quotas, SCRAM users).
 */
export const SNAPSHOT_SLOW_PARTS = ["topicConfigs", "brokerConfigs", "desiredStateDrift"] as const;
export type SnapshotSlowPart = (typeof SNAPSHOT_SLOW_PARTS)[number];

export const LogDirSchema = z.object({
  path: z.string(),
  totalBytes: Int64Schema.optional(),
  usableBytes: Int64Schema.optional(),
  dataBytes: Int64Schema,
  cordoned: z.boolean().optional(),
  error: z.string().optional(),
});
export type LogDir = z.infer<typeof LogDirSchema>;

export const BrokerSchema = z.object({
  id: Int32Schema,
  host: z.string(),
  port: z.number().int(),
  rack: z.string().optional(),
  fenced: z.boolean(),
  alive: z.boolean(),
  registered: z
    .boolean()
    .optional()
    .describe(
      "false: no longer registered with the cluster, known only as the holder of replicas (unregistered, gone for good); absent where Kafka cannot tell (before 4.0, DescribeCluster lists no fenced broker)",
    ),
  cordoned: z.boolean(),
  logDirs: z.array(LogDirSchema).nullable(),
  diskTotalBytes: Int64Schema.optional().describe(
    "Size of the volumes holding the broker's log dirs, each volume once (dirs reporting the same size and free space, within 64 MiB, share one)",
  ),
  diskUsableBytes: Int64Schema.optional().describe("Free space on those volumes, each volume once"),
  dataBytes: Int64Schema,
  replicas: z.number().int(),
  leaders: z.number().int(),
  preferredLeaders: z.number().int(),
  bytesInPerSec: z
    .number()
    .min(0)
    .optional()
    .describe(
      "Bytes appended per second to the partitions it leads (their bytesInPerSec summed); absent until measured",
    ),
  messagesInPerSec: z.number().min(0).optional().describe("Messages appended per second to the partitions it leads"),
  replicationBytesInPerSec: z
    .number()
    .min(0)
    .optional()
    .describe("Bytes per second it fetches as a follower (bytesInPerSec of the partitions it follows)"),
});
export type Broker = z.infer<typeof BrokerSchema>;

export const QuorumNodeSchema = z.object({
  nodeId: z.number().int(),
  directoryId: z.string().optional(),
  role: z.enum(["leader", "follower", "observer"]),
  logEndOffset: Int64Schema,
  lag: Int64Schema,
  lastFetchTimestamp: Int64Schema,
  lastCaughtUpTimestamp: Int64Schema,
  endpoints: z.array(z.object({ name: z.string(), host: z.string(), port: z.number().int() })),
});
export type QuorumNode = z.infer<typeof QuorumNodeSchema>;

export const QuorumSchema = z.object({
  leaderId: z.number().int(),
  leaderEpoch: z.number().int(),
  highWatermark: Int64Schema,
  voters: z.array(QuorumNodeSchema),
  observers: z.array(QuorumNodeSchema),
});
export type Quorum = z.infer<typeof QuorumSchema>;

export const FeatureSchema = z.object({
  name: z.string(),
  finalized: z.number().int(),
  supportedMin: z.number().int(),
  supportedMax: z.number().int(),
});
export type Feature = z.infer<typeof FeatureSchema>;

export const PartitionSchema = z.object({
  id: Int32Schema,
  leader: Int32Schema,
  leaderEpoch: Int32Schema,
  replicas: z.array(z.number().int()),
  isr: z.array(z.number().int()),
  offline: z.array(z.number().int()).nullable(),
  sizeBytes: Int64Schema,
  replicaBytes: z.record(z.string(), Int64Schema).nullable().describe("Size of each replica by broker id"),
  logEndOffset: Int64Schema.optional().describe(
    "The high watermark (ListOffsets latest): in a snapshot as collected (what the next collection measures growth " +
      "against); in a topic's detail as read for that answer. Absent for a partition without a leader (or whose " +
      "leader moved while it was read)",
  ),
  bytesInPerSec: z
    .number()
    .min(0)
    .optional()
    .describe("Bytes appended per second, measured between this collection and the one before (absent on the first)"),
  messagesInPerSec: z
    .number()
    .min(0)
    .optional()
    .describe("Messages appended per second (log-end offset growth), measured like bytesInPerSec"),
  replicaLogDirs: z
    .record(z.string(), z.string())
    .optional()
    .describe("The log dir holding the replica, by broker id: only brokers with several log dirs (JBOD)"),
  futureLogDirs: z
    .record(z.string(), z.string())
    .optional()
    .describe("By broker id: the log dir a replica is being moved to (AlterReplicaLogDirs in progress)"),
});
export type Partition = z.infer<typeof PartitionSchema>;

export const TopicSchema = z.object({
  name: z.string(),
  id: z.string(),
  internal: z.boolean(),
  replicationFactor: z.number().int(),
  minInsyncReplicas: z.number().int(),
  configs: StringMapSchema,
  sizeBytes: Int64Schema,
  partitions: z.array(PartitionSchema),
  bytesInPerSec: z.number().min(0).optional().describe("Its partitions' bytesInPerSec summed; absent until measured"),
  messagesInPerSec: z.number().min(0).optional().describe("Its partitions' messagesInPerSec summed"),
  error: z.string().optional(),
});
export type Topic = z.infer<typeof TopicSchema>;

export const ReassignmentSchema = z.object({
  topic: z.string(),
  partition: Int32Schema,
  replicas: z.array(z.number().int()),
  adding: z.array(z.number().int()).nullable(),
  removing: z.array(z.number().int()).nullable(),
});
export type Reassignment = z.infer<typeof ReassignmentSchema>;

export const GROUP_TYPES = ["consumer", "classic", "share", "streams"] as const;
export const GroupTypeSchema = z.enum(GROUP_TYPES);
export type GroupType = z.infer<typeof GroupTypeSchema>;

export const GroupSchema = z.object({
  id: z.string(),
  type: GroupTypeSchema,
  state: z.string().describe("Kafka's own state name"),
  protocolType: z.string(),
  members: z.number().int(),
  lag: Int64Schema,
  topics: z.array(z.string()).nullable(),
  topicLags: z.record(z.string(), Int64Schema).optional().describe("Lag by topic (topics with committed offsets only)"),
  topicCommitted: z
    .record(z.string(), Int64Schema)
    .optional()
    .describe("Committed offsets summed by topic: what the next collection measures consumption against"),
  error: z.string().optional(),
});
export type Group = z.infer<typeof GroupSchema>;

/** A node as the cluster's provider runs it (agent clusters: what the node agents report), at collection time. */
export const ProviderNodeSchema = z.object({
  nodeId: z.number().int(),
  version: z.string().describe("The Kafka version it runs; while it is stopped, the version it starts with"),
  state: z.enum(["running", "stopped", "starting", "stopping"]),
});
export type ProviderNode = z.infer<typeof ProviderNodeSchema>;

export const SnapshotSchema = z.object({
  collectedAt: DateTimeSchema,
  partsCollectedAt: z
    .partialRecord(z.enum(SNAPSHOT_SLOW_PARTS), DateTimeSchema)
    .optional()
    .describe(
      "When each part that changes rarely was read (it is read less often than the rest, whose time is collectedAt, " +
        "and at once after a write through the service): topicConfigs, brokerConfigs, desiredStateDrift",
    ),
  durationMs: Int64Schema,
  clusterId: z.string(),
  brokers: z.array(BrokerSchema),
  quorum: QuorumSchema.optional(),
  features: z.array(FeatureSchema),
  topics: z.array(TopicSchema),
  reassignments: z.array(ReassignmentSchema),
  groups: z.array(GroupSchema),
  providerNodes: z
    .array(ProviderNodeSchema)
    .optional()
    .describe(
      "Each node as the cluster's provider reports it (agent clusters: the agents' nodes of settings.agents, by id); " +
        "absent when the provider was not asked (external clusters) or no agent answered",
    ),
  operator: OperatorStatusSchema.optional().describe(
    "What the cluster's operator reports (operator-managed clusters): readiness, status conditions and node pools",
  ),
  errors: z.array(z.string()),
});
export type Snapshot = z.infer<typeof SnapshotSchema>;

export const ClusterViewSchema = z.object({
  cluster: ClusterSchema,
  health: HealthSchema,
  capabilities: CapabilitiesSchema,
  updatedAt: DateTimeSchema,
  freshness: FreshnessSchema.optional().describe("How old the view is against the cluster's collection interval"),
  snapshot: SnapshotSchema.optional(),
});
export type ClusterView = z.infer<typeof ClusterViewSchema>;

/** GET /clusters/{id}: the snapshot can be left out by pages that need only health and capabilities. */
export const ClusterViewQuerySchema = z.strictObject({
  snapshot: z
    .enum(["full", "none"])
    .default("full")
    .describe(
      "full (default): the view with its latest snapshot; none: without it — health and capabilities only, " +
        "a few kilobytes where a snapshot of 50,000 partitions is tens of megabytes",
    ),
});
export type ClusterViewQuery = z.infer<typeof ClusterViewQuerySchema>;

/**
 * Overview (3); GET /clusters answers the same payload: the page of matching clusters, how many match, and the counts
 * by health status of the clusters matching every filter but `health`.
 */
export const OverviewResponseSchema = z.object({
  clusters: z.array(ClusterViewSchema),
  total: z.number().int().min(0).optional().describe("Clusters matching the filters (all pages)"),
  counts: HealthCountsSchema.optional().describe("Clusters matching every filter but health, by health status"),
  stale: z.number().int().min(0).optional().describe("Clusters matching the filters whose view is stale"),
  hidden: z
    .number()
    .int()
    .min(0)
    .optional()
    .describe(
      "Registered clusters the caller's role bindings do not cover, left out of every figure above (absent for a caller who sees every cluster)",
    ),
});
export type OverviewResponse = z.infer<typeof OverviewResponseSchema>;
