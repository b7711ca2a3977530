import { z } from "zod";
import { Int32Schema, Int64Schema, jsonIf, LimitQuerySchema, offsetQuery } from "./common.js";
import { RESET_TARGETS } from "./lists.js";
import { LagGrowthSchema } from "./series.js";
import { GroupTypeSchema } from "./snapshot.js";
import { TopicNameSchema } from "./topics.js";

export const GroupDetailSchema = z.object({
  group: z.string(),
  type: z.string().optional(),
  state: z.string().describe("Kafka's own state name"),
  protocolType: z.string(),
  members: z.number().int(),
  totalLag: Int64Schema,
  error: z.string().optional(),
  partitions: z.array(
    z.object({
      topic: z.string(),
      partition: Int32Schema,
      committed: Int64Schema,
      end: Int64Schema,
      lag: Int64Schema,
      member: z.string(),
      clientId: z.string(),
      host: z.string(),
    }),
  ),
});
export type GroupDetail = z.infer<typeof GroupDetailSchema>;

export const ResetTargetSchema = z.enum(RESET_TARGETS);
export type ResetTarget = z.infer<typeof ResetTargetSchema>;

/**
 * The field each `to` mode reads: `timestamp` uses `timestamp` (Unix ms); `offset` uses a non-negative `offset`;
 * `shift` uses `offset` as a signed delta. A field the chosen `to` does not use is refused, so a typo cannot silently
 * reset elsewhere.
 */
export const ResetOffsetsRequestSchema = z
  .strictObject({
    topic: TopicNameSchema,
    partitions: z.array(Int32Schema.min(0)).min(1).max(10_000).optional().describe("Omitted = every partition"),
    to: ResetTargetSchema,
    timestamp: Int64Schema.min(0).optional().describe("Unix milliseconds, for to=timestamp"),
    offset: Int64Schema.optional().describe("The offset (to=offset) or the signed delta (to=shift)"),
    dryRun: z.boolean().default(false).describe("Only preview the new offsets"),
  })
  .meta({
    // The rules below as JSON Schema, for the OpenAPI document.
    allOf: [
      { properties: { partitions: { uniqueItems: true } } },
      jsonIf(
        { properties: { to: { const: "timestamp" } } },
        { required: ["timestamp"] },
        { not: { required: ["timestamp"] } },
      ),
      jsonIf(
        { properties: { to: { enum: ["offset", "shift"] } } },
        { required: ["offset"] },
        { not: { required: ["offset"] } },
      ),
      jsonIf({ properties: { to: { const: "offset" } } }, { properties: { offset: { minimum: 0 } } }),
    ],
  })
  .superRefine((request, ctx) => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: "custom", path: [path], message });
    const usesOffset = request.to === "offset" || request.to === "shift";
    if (request.to === "timestamp" && request.timestamp === undefined) {
      issue("timestamp", "is required with to=timestamp");
    }
    if (request.to !== "timestamp" && request.timestamp !== undefined) {
      issue("timestamp", "is only used with to=timestamp");
    }
    if (usesOffset && request.offset === undefined) issue("offset", `is required with to=${request.to}`);
    if (!usesOffset && request.offset !== undefined) issue("offset", "is only used with to=offset or to=shift");
    if (request.to === "offset" && request.offset !== undefined && request.offset < 0) {
      issue("offset", "must be 0 or more with to=offset");
    }
    if (request.partitions && new Set(request.partitions).size !== request.partitions.length) {
      issue("partitions", "must not repeat a partition");
    }
  });
export type ResetOffsetsRequest = z.infer<typeof ResetOffsetsRequestSchema>;

export const ResetOffsetsResponseSchema = z.object({
  dryRun: z.boolean(),
  offsets: z.array(z.object({ topic: z.string(), partition: Int32Schema, from: Int64Schema, to: Int64Schema })),
});
export type ResetOffsetsResponse = z.infer<typeof ResetOffsetsResponseSchema>;

/** GET /clusters/{id}/groups: a page of groups by id, optionally of one type or state, or matching `search`. */
export const GroupListQuerySchema = z.strictObject({
  search: z.string().min(1).max(1024).optional().describe("Only groups whose id contains this"),
  type: GroupTypeSchema.optional(),
  state: z.string().min(1).max(64).optional().describe("Kafka's state name, e.g. Empty, Stable"),
  limit: LimitQuerySchema.describe("How many groups to return (1-1000, default 100)"),
  offset: offsetQuery("How many groups to skip"),
});
export type GroupListQuery = z.infer<typeof GroupListQuerySchema>;

export const GroupListingSchema = z.object({
  id: z.string(),
  type: GroupTypeSchema,
  state: z.string(),
  protocolType: z.string(),
  coordinator: z.number().int().describe("The broker coordinating the group"),
  lag: z
    .number()
    .int()
    .optional()
    .describe("The group's total lag at the last collection (absent for a group the last collection did not see)"),
  lagGrowth: LagGrowthSchema.optional().describe(
    "Present while the lag grows: for how long and how fast, from the history of the group's lag",
  ),
  lagRecent: z
    .array(z.number())
    .max(30)
    .optional()
    .describe("The group's total lag over the last hour, oldest first, at most 30 points (a sparkline)"),
});
export type GroupListing = z.infer<typeof GroupListingSchema>;
export const GroupListResponseSchema = z.object({ groups: z.array(GroupListingSchema), total: z.number().int() });
export type GroupListResponse = z.infer<typeof GroupListResponseSchema>;
