import { z } from "zod";
import { Int32, Int64, NonNegativeInt32 } from "./common.js";
import { TopicNameSchema } from "./topics.js";

export const GroupDetailSchema = z.object({
  group: z.string(),
  type: z.string().optional(),
  state: z.string(),
  protocolType: z.string(),
  members: z.number().int(),
  totalLag: Int64,
  error: z.string().optional(),
  partitions: z.array(
    z.object({
      topic: z.string(),
      partition: Int32,
      committed: Int64,
      end: Int64,
      lag: Int64,
      member: z.string(),
      clientId: z.string(),
      host: z.string(),
    }),
  ),
});
export type GroupDetail = z.infer<typeof GroupDetailSchema>;

export const RESET_TARGETS = ["earliest", "latest", "timestamp", "offset", "shift"] as const;

/** Contract §8: `timestamp` uses `timestamp`; `offset` and `shift` use `offset` (a signed delta for shift). */
export const ResetOffsetsRequestSchema = z
  .strictObject({
    topic: TopicNameSchema,
    partitions: z.array(NonNegativeInt32).max(10_000).optional().describe("Omitted = every partition of the topic"),
    to: z.enum(RESET_TARGETS),
    timestamp: Int64.min(0).optional().describe("Unix milliseconds, for to=timestamp"),
    offset: Int64.optional().describe("The offset (to=offset) or the signed delta (to=shift)"),
    dryRun: z.boolean().default(false),
  })
  .superRefine((request, ctx) => {
    if (request.to === "timestamp" && request.timestamp === undefined) {
      ctx.addIssue({ code: "custom", path: ["timestamp"], message: "is required with to=timestamp" });
    }
    if ((request.to === "offset" || request.to === "shift") && request.offset === undefined) {
      ctx.addIssue({ code: "custom", path: ["offset"], message: `is required with to=${request.to}` });
    }
    if (request.to === "offset" && request.offset !== undefined && request.offset < 0) {
      ctx.addIssue({ code: "custom", path: ["offset"], message: "must be 0 or more with to=offset" });
    }
    if (request.partitions && new Set(request.partitions).size !== request.partitions.length) {
      ctx.addIssue({ code: "custom", path: ["partitions"], message: "must not repeat a partition" });
    }
  });
export type ResetOffsetsRequest = z.infer<typeof ResetOffsetsRequestSchema>;

export const ResetOffsetsResponseSchema = z.object({
  dryRun: z.boolean(),
  offsets: z.array(z.object({ topic: z.string(), partition: Int32, from: Int64, to: Int64 })),
});
