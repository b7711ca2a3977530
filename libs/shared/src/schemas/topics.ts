import { z } from "zod";
import { Int16, Int32, Int64, NonNegativeInt32, StringMap } from "./common.js";

/** Kafka's rule for topic names: 1–249 of [a-zA-Z0-9._-], and not "." or "..". */
export const TopicNameSchema = z
  .string()
  .regex(/^[a-zA-Z0-9._-]{1,249}$/, "must be 1-249 letters, digits, '.', '_' or '-'")
  .refine((name) => name !== "." && name !== "..", "cannot be '.' or '..'");

const ConfigKey = z.string().regex(/^[a-z0-9][a-z0-9._-]{0,254}$/, "must be a Kafka config name");

export const CreateTopicRequestSchema = z.strictObject({
  name: TopicNameSchema,
  partitions: NonNegativeInt32.default(0).describe("0 = the broker default"),
  replicationFactor: Int16.min(0).default(0).describe("0 = the broker default"),
  configs: z.record(ConfigKey, z.string().max(4096)).default({}),
});
export type CreateTopicRequest = z.infer<typeof CreateTopicRequestSchema>;
export const CreateTopicResponseSchema = z.object({ topic: z.string(), id: z.string() });

export const IncreasePartitionsRequestSchema = z.strictObject({
  count: Int32.min(1).describe("The new total number of partitions"),
});
export const IncreasePartitionsResponseSchema = z.object({ topic: z.string(), partitions: z.number().int() });

/** Incremental config change: `set` and `delete`, applied together; never a replacement of the whole config. */
export const ConfigChangeRequestSchema = z
  .strictObject({
    set: z.record(ConfigKey, z.string().max(4096)).default({}),
    delete: z.array(ConfigKey).max(1000).default([]),
  })
  .superRefine((change, ctx) => {
    if (Object.keys(change.set).length === 0 && change.delete.length === 0) {
      ctx.addIssue({ code: "custom", path: ["set"], message: "give at least one key to set or delete" });
    }
    for (const key of change.delete) {
      if (key in change.set)
        ctx.addIssue({ code: "custom", path: ["delete"], message: `${key} is both set and deleted` });
    }
  });
export type ConfigChangeRequest = z.infer<typeof ConfigChangeRequestSchema>;
export const TopicConfigChangeResponseSchema = z.object({
  topic: z.string(),
  set: StringMap,
  deleted: z.array(z.string()),
});
export const BrokerConfigChangeResponseSchema = z.object({
  broker: Int32,
  set: StringMap,
  deleted: z.array(z.string()),
});

export const ProduceRequestSchema = z.strictObject({
  partition: NonNegativeInt32.nullable().default(null).describe("null = Kafka's default partitioner"),
  key: z.string().nullable().default(null),
  value: z.string(),
  headers: z
    .array(z.strictObject({ key: z.string().min(1).max(1024), value: z.string() }))
    .max(100)
    .default([]),
});
export type ProduceRequest = z.infer<typeof ProduceRequestSchema>;
export const ProduceResponseSchema = z.object({ partition: Int32, offset: Int64 });
