import { z } from "zod";
import { DateTimeSchema, Int32Schema } from "./common.js";
import { SERIES_RESOLUTIONS } from "./lists.js";

/**
 * What a figure is measured of. Each kind names its entity in `entity` of a series query:
 * - `cluster`: none (the cluster itself; `entity` is left out);
 * - `broker`: the broker's node id, e.g. `4`;
 * - `logDir`: the broker's id, a colon and the log dir's path, e.g. `4:/var/lib/kafka/data`;
 * - `topic`: the topic's name;
 * - `group`: the group's id;
 * - `groupTopic`: the group's id, `|` and the topic's name, e.g. `billing|orders` (split at the last `|`: a topic name
 *   never holds one).
 */
export const SERIES_ENTITY_KINDS = ["cluster", "broker", "logDir", "topic", "group", "groupTopic"] as const;
export type SeriesEntityKind = (typeof SERIES_ENTITY_KINDS)[number];

export const FIGURE_UNITS = ["bytes/s", "messages/s", "bytes", "percent", "partitions", "messages", "node"] as const;
export type FigureUnit = (typeof FIGURE_UNITS)[number];

export interface FigureDefinition {
  entity: SeriesEntityKind;
  unit: FigureUnit;
  description: string;
}

/**
 * Every figure the service keeps a history of, written from each collection: the one catalogue the store, the API,
 * the console and the CLI name figures from.
 */
export const FIGURES = {
  "cluster.bytesInPerSec": {
    entity: "cluster",
    unit: "bytes/s",
    description: "Bytes appended per second to every partition (producers' throughput)",
  },
  "cluster.messagesInPerSec": {
    entity: "cluster",
    unit: "messages/s",
    description: "Messages appended per second to every partition",
  },
  "cluster.bytesOutPerSec": {
    entity: "cluster",
    unit: "bytes/s",
    description:
      "Bytes consumed per second, estimated from the groups' committed offsets (the topics' bytesOutPerSec summed)",
  },
  "cluster.messagesOutPerSec": {
    entity: "cluster",
    unit: "messages/s",
    description: "Messages consumed per second: the growth of every group's committed offsets",
  },
  "cluster.dataBytes": { entity: "cluster", unit: "bytes", description: "Bytes of every replica on every broker" },
  "cluster.underReplicatedPartitions": {
    entity: "cluster",
    unit: "partitions",
    description: "Partitions with fewer in-sync replicas than replicas",
  },
  "cluster.underMinIsrPartitions": {
    entity: "cluster",
    unit: "partitions",
    description: "Partitions with fewer in-sync replicas than their topic's min.insync.replicas",
  },
  "cluster.offlinePartitions": { entity: "cluster", unit: "partitions", description: "Partitions without a leader" },
  "cluster.activeController": {
    entity: "cluster",
    unit: "node",
    description: "The node id of the metadata quorum's leader (KRaft's active controller)",
  },
  "cluster.quorumLag": {
    entity: "cluster",
    unit: "messages",
    description: "The largest lag of a voter of the metadata quorum behind its leader, in records",
  },
  "cluster.maxGroupLag": { entity: "cluster", unit: "messages", description: "The largest total lag of a group" },
  "cluster.totalGroupLag": { entity: "cluster", unit: "messages", description: "Every group's total lag, summed" },
  "broker.bytesInPerSec": {
    entity: "broker",
    unit: "bytes/s",
    description: "Bytes appended per second to the partitions it leads",
  },
  "broker.messagesInPerSec": {
    entity: "broker",
    unit: "messages/s",
    description: "Messages appended per second to the partitions it leads",
  },
  "broker.replicationBytesInPerSec": {
    entity: "broker",
    unit: "bytes/s",
    description: "Bytes per second it fetches as a follower",
  },
  "broker.dataBytes": { entity: "broker", unit: "bytes", description: "Bytes of the replicas it holds" },
  "broker.diskUsedBytes": {
    entity: "broker",
    unit: "bytes",
    description: "Used bytes of the volumes holding its log dirs (each volume once)",
  },
  "broker.diskUsedPercent": {
    entity: "broker",
    unit: "percent",
    description: "Used share of the volumes holding its log dirs",
  },
  "broker.replicas": { entity: "broker", unit: "partitions", description: "Replicas it holds" },
  "broker.leaders": { entity: "broker", unit: "partitions", description: "Partitions it leads" },
  "logDir.dataBytes": { entity: "logDir", unit: "bytes", description: "Bytes of the replicas in the log dir" },
  "logDir.usedPercent": {
    entity: "logDir",
    unit: "percent",
    description: "Used share of the log dir's volume (where Kafka reports its size)",
  },
  "topic.bytesInPerSec": { entity: "topic", unit: "bytes/s", description: "Bytes appended per second" },
  "topic.messagesInPerSec": { entity: "topic", unit: "messages/s", description: "Messages appended per second" },
  "topic.bytesOutPerSec": {
    entity: "topic",
    unit: "bytes/s",
    description:
      "Bytes consumed per second, estimated: messagesOutPerSec times the topic's mean message size (Kafka reports no fetch rate over its protocol)",
  },
  "topic.messagesOutPerSec": {
    entity: "topic",
    unit: "messages/s",
    description: "Messages consumed per second: the growth of the groups' committed offsets on the topic, summed",
  },
  "topic.sizeBytes": { entity: "topic", unit: "bytes", description: "Bytes of its partitions (one replica each)" },
  "group.lag": { entity: "group", unit: "messages", description: "The group's total lag" },
  "groupTopic.lag": { entity: "groupTopic", unit: "messages", description: "The group's lag on one topic" },
} as const satisfies Record<string, FigureDefinition>;

export type FigureName = keyof typeof FIGURES;
export const FIGURE_NAMES = Object.keys(FIGURES) as [FigureName, ...FigureName[]];
export const FigureNameSchema = z.enum(FIGURE_NAMES);

/** Points of a series kept at each collection's resolution for this long, then only as 10-minute summaries. */
export const SERIES_RAW_RETENTION_MS = 24 * 3600_000;
/** The 10-minute summaries (min, mean, max) are kept this long. */
export const SERIES_SUMMARY_RETENTION_MS = 30 * 24 * 3600_000;
/** The span of one summary. */
export const SERIES_SUMMARY_STEP_MS = 10 * 60_000;
/** The span of an hourly summary (made from the 10-minute ones, kept as long): what ranges of days are read from. */
export const SERIES_HOURLY_STEP_MS = 3600_000;
/** An answer holds at most this many points; a range and step that would give more are refused. */
export const MAX_SERIES_POINTS = 1000;

const QueryTimeSchema = z.iso
  .datetime({ offset: true })
  .transform((text) => new Date(text))
  .optional();

/** GET /clusters/{id}/series */
export const SeriesQuerySchema = z.strictObject({
  figure: FigureNameSchema.describe("A figure of the catalogue (GET /series/figures)"),
  entity: z
    .string()
    .min(1)
    .max(512)
    .optional()
    .describe(
      "What the figure is of: a broker id, `broker:path` of a log dir, a topic, a group, `group|topic`; left out for cluster figures",
    ),
  from: QueryTimeSchema.describe("Start of the range (ISO 8601; default: an hour before `to`)"),
  to: QueryTimeSchema.describe("End of the range (ISO 8601; default: now)"),
  step: z.coerce
    .number<unknown>()
    .int()
    .min(1)
    .max(30 * 86400)
    .optional()
    .describe(
      "Seconds per point (default: the range in 300 points, at least 10 s); raised to a multiple of 10 minutes or an hour where the range is read from summaries; at most 1,000 points per answer",
    ),
});
export type SeriesQuery = z.infer<typeof SeriesQuerySchema>;

export const SeriesPointSchema = z.object({
  at: DateTimeSchema.describe("Start of the point's step"),
  value: z.number().describe("Mean of the values measured in the step"),
  min: z.number(),
  max: z.number(),
});
export type SeriesPoint = z.infer<typeof SeriesPointSchema>;

export const SeriesResponseSchema = z.object({
  figure: FigureNameSchema,
  unit: z.enum(FIGURE_UNITS),
  entity: z.string().describe("What the figure is of; empty for cluster figures"),
  from: DateTimeSchema,
  to: DateTimeSchema,
  step: Int32Schema.min(1).describe("Seconds per point"),
  resolution: z
    .enum(SERIES_RESOLUTIONS)
    .describe(
      "What the points were computed from: each collection's values (last 24 h), 10-minute or hourly summaries (30 days)",
    ),
  points: z.array(SeriesPointSchema).describe("Oldest first; steps without a measurement are left out"),
});
export type SeriesResponse = z.infer<typeof SeriesResponseSchema>;

export const FigureListingSchema = z.object({
  name: FigureNameSchema,
  entity: z.enum(SERIES_ENTITY_KINDS),
  unit: z.enum(FIGURE_UNITS),
  description: z.string(),
});
export const FigureListResponseSchema = z.object({ figures: z.array(FigureListingSchema) });
export type FigureListResponse = z.infer<typeof FigureListResponseSchema>;

/** How a group's total lag moved recently, from the history (the group list's trend). */
export const LagGrowthSchema = z.object({
  growingForSeconds: Int32Schema.min(0).describe(
    "How long the lag has grown without falling (within the last hour: 3600 means at least an hour)",
  ),
  perSecond: z.number().describe("Messages per second the lag grew by over that time"),
});
export type LagGrowth = z.infer<typeof LagGrowthSchema>;
