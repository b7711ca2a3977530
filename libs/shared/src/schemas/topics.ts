import { z } from "zod";
import {
  IdSchema,
  Int16Schema,
  Int32Schema,
  Int64Schema,
  LimitQuerySchema,
  NOT_RESERVED_KEY,
  offsetQuery,
  reservedKeyRefused,
  StringMapSchema,
} from "./common.js";

/** Kafka's rule for topic names: 1–249 of [a-zA-Z0-9._-], and not "." or "..". */
export const TopicNameSchema = z
  .string()
  .regex(/^[a-zA-Z0-9._-]{1,249}$/, "must be 1-249 letters, digits, '.', '_' or '-'")
  .refine((name) => name !== "." && name !== "..", "cannot be '.' or '..'")
  .meta({ not: { enum: [".", ".."] } });

/** Config names as Kafka spells them (`retention.ms`, `log.cleaner.threads`, ...). */
export const ConfigNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,254}$/, "must be a Kafka config name")
  .refine(reservedKeyRefused, "is a reserved name, not a Kafka config")
  .meta({ pattern: `^${NOT_RESERVED_KEY}[a-z0-9][a-z0-9._-]{0,254}$` });
const ConfigValue = z.string().max(4096);

export const CreateTopicRequestSchema = z.strictObject({
  name: TopicNameSchema,
  partitions: Int32Schema.min(0).default(0).describe("0 = the broker default"),
  replicationFactor: Int16Schema.min(0).default(0).describe("0 = the broker default"),
  configs: z.record(ConfigNameSchema, ConfigValue).default({}).describe("Topic configs, e.g. retention.ms"),
});
export type CreateTopicRequest = z.infer<typeof CreateTopicRequestSchema>;
export const CreateTopicResponseSchema = z.object({ topic: z.string(), id: z.string().describe("Kafka's topic id") });
export type CreateTopicResponse = z.infer<typeof CreateTopicResponseSchema>;

/** Shrinking is not a schema error but `invalid_request`: it depends on the current count. */
export const IncreasePartitionsRequestSchema = z.strictObject({
  count: Int32Schema.min(1).describe("The new total number of partitions"),
});
export type IncreasePartitionsRequest = z.infer<typeof IncreasePartitionsRequestSchema>;
export const IncreasePartitionsResponseSchema = z.object({
  topic: z.string(),
  partitions: z.number().int().describe("The new total"),
});
export type IncreasePartitionsResponse = z.infer<typeof IncreasePartitionsResponseSchema>;

/** Incremental config change (10, 11): `set` and `delete` applied together; never a replacement of the whole config. */
export const ConfigChangeRequestSchema = z
  .strictObject({
    set: z.record(ConfigNameSchema, ConfigValue).default({}).describe("Configs to set, name to value"),
    delete: z
      .array(ConfigNameSchema)
      .max(1000)
      .default([])
      .describe("Configs to return to their default; a key may not be both set and deleted"),
  })
  .meta({
    // The first rule as JSON Schema; "not both set and deleted" compares keys with items, which JSON Schema cannot.
    anyOf: [
      { required: ["set"], properties: { set: { minProperties: 1 } } },
      { required: ["delete"], properties: { delete: { minItems: 1 } } },
    ],
  })
  .superRefine((change, ctx) => {
    if (Object.keys(change.set).length === 0 && change.delete.length === 0) {
      ctx.addIssue({ code: "custom", path: ["set"], message: "give at least one key to set or delete" });
    }
    for (const key of change.delete) {
      if (Object.hasOwn(change.set, key)) {
        ctx.addIssue({ code: "custom", path: ["delete"], message: `${key} is both set and deleted` });
      }
    }
  });
export type ConfigChangeRequest = z.infer<typeof ConfigChangeRequestSchema>;
export const TopicConfigChangeResponseSchema = z.object({
  topic: z.string(),
  set: StringMapSchema,
  deleted: z.array(z.string()),
});
export type TopicConfigChangeResponse = z.infer<typeof TopicConfigChangeResponseSchema>;
export const BrokerConfigChangeResponseSchema = z.object({
  broker: Int32Schema,
  set: StringMapSchema,
  deleted: z.array(z.string()),
});
export type BrokerConfigChangeResponse = z.infer<typeof BrokerConfigChangeResponseSchema>;

/** The value's size limit (the topic's max.message.bytes, at most 1 MiB) is checked against the topic, not here. */
export const ProduceRequestSchema = z.strictObject({
  partition: Int32Schema.min(0)
    .nullable()
    .default(null)
    .describe("null = Kafka's default partitioner (murmur2 of the key, else spread)"),
  key: z.string().nullable().default(null),
  value: z.string(),
  headers: z
    .array(z.strictObject({ key: z.string().min(1).max(1024), value: z.string() }))
    .max(100)
    .default([]),
});
export type ProduceRequest = z.infer<typeof ProduceRequestSchema>;
export const ProduceResponseSchema = z.object({ partition: Int32Schema, offset: Int64Schema });
export type ProduceResponse = z.infer<typeof ProduceResponseSchema>;

/** Path `{id}/topics/{topic}`. */
export const TopicPathSchema = z.object({ id: IdSchema, topic: TopicNameSchema });
export type TopicPath = z.infer<typeof TopicPathSchema>;

/** One config of a topic or broker as Kafka describes it (GET .../configs). */
export const ConfigEntrySchema = z.object({
  name: z.string(),
  value: z.string().nullable().describe("null for sensitive configs (Kafka never returns them) and unset ones"),
  readOnly: z.boolean().describe("true: cannot be changed through the API (static broker configs)"),
  source: z
    .string()
    .describe("Where the value comes from: topic, broker, cluster, static, default, logger, client-metrics, group"),
  sensitive: z.boolean(),
});
export type ConfigEntry = z.infer<typeof ConfigEntrySchema>;
export const TopicConfigsResponseSchema = z.object({ topic: z.string(), configs: z.array(ConfigEntrySchema) });
export const BrokerConfigsResponseSchema = z.object({ broker: Int32Schema, configs: z.array(ConfigEntrySchema) });

/** GET /clusters/{id}/topics: a page of topics by name, optionally those whose name contains `search`. */
export const TopicListQuerySchema = z.strictObject({
  search: z.string().min(1).max(249).optional().describe("Only topics whose name contains this"),
  internal: z.enum(["true", "false"]).optional().describe("false: leave Kafka's internal topics out"),
  limit: LimitQuerySchema.describe("How many topics to return (1-1000, default 100)"),
  offset: offsetQuery("How many topics to skip"),
});
export type TopicListQuery = z.infer<typeof TopicListQuerySchema>;

/** One topic of the list: its shape, size and partition health, without per-partition detail. */
export const TopicSummarySchema = z.object({
  name: z.string(),
  id: z.string(),
  internal: z.boolean(),
  partitions: z.number().int(),
  replicationFactor: z.number().int(),
  minInsyncReplicas: z.number().int(),
  sizeBytes: Int64Schema.describe("Sum of the partitions' sizes (the leader's replica of each)"),
  underReplicatedPartitions: z.number().int(),
  underMinIsrPartitions: z.number().int(),
  offlinePartitions: z.number().int().describe("Partitions without a leader"),
  bytesInPerSec: z
    .number()
    .min(0)
    .optional()
    .describe("Bytes appended per second, measured between the cluster's last two collections; absent until then"),
  messagesInPerSec: z.number().min(0).optional().describe("Messages appended per second, measured likewise"),
});
export type TopicSummary = z.infer<typeof TopicSummarySchema>;
export const TopicListResponseSchema = z.object({
  topics: z.array(TopicSummarySchema),
  total: z.number().int().describe("Topics matching, all pages"),
});
export type TopicListResponse = z.infer<typeof TopicListResponseSchema>;
