import { z } from "zod";

export const QUOTA_ENTITY_TYPES = ["user", "client-id", "ip"] as const;
/** Kafka's client quota keys; `ip` entities take only connection_creation_rate. */
export const QUOTA_KEYS = [
  "producer_byte_rate",
  "consumer_byte_rate",
  "request_percentage",
  "controller_mutation_rate",
  "connection_creation_rate",
] as const;

export const QuotaEntitySchema = z.strictObject({
  type: z.enum(QUOTA_ENTITY_TYPES),
  name: z.string().min(1).max(1024).nullable().describe("null = the default entity of the type"),
});

export const QuotaRequestSchema = z
  .strictObject({
    entity: z.array(QuotaEntitySchema).min(1).max(2),
    set: z.partialRecord(z.enum(QUOTA_KEYS), z.number().min(0)).default({}),
    remove: z.array(z.enum(QUOTA_KEYS)).default([]),
  })
  .superRefine((request, ctx) => {
    const types = request.entity.map((e) => e.type);
    if (new Set(types).size !== types.length)
      ctx.addIssue({ code: "custom", path: ["entity"], message: "each entity type at most once" });
    const ip = types.includes("ip");
    if (ip && types.length > 1)
      ctx.addIssue({ code: "custom", path: ["entity"], message: "an ip entity stands alone" });
    const keys = [...Object.keys(request.set), ...request.remove];
    if (keys.length === 0)
      ctx.addIssue({ code: "custom", path: ["set"], message: "give at least one key to set or remove" });
    for (const key of keys) {
      if (ip && key !== "connection_creation_rate") {
        ctx.addIssue({ code: "custom", path: ["set"], message: `${key} does not apply to ip entities` });
      }
      if (!ip && key === "connection_creation_rate") {
        ctx.addIssue({
          code: "custom",
          path: ["set"],
          message: "connection_creation_rate applies only to ip entities",
        });
      }
    }
    for (const key of request.remove) {
      if (key in request.set)
        ctx.addIssue({ code: "custom", path: ["remove"], message: `${key} is both set and removed` });
    }
  });
export type QuotaRequest = z.infer<typeof QuotaRequestSchema>;

export const QuotaResponseSchema = z.object({
  entity: z.array(QuotaEntitySchema),
  quotas: z.record(z.string(), z.number()),
});
