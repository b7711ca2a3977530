import { z } from "zod";
import { jsonIf } from "./common.js";
import { QUOTA_KEYS } from "./lists.js";

export const QUOTA_ENTITY_TYPES = ["user", "client-id", "ip"] as const;

export const QuotaEntityTypeSchema = z.enum(QUOTA_ENTITY_TYPES);
export const QuotaKeySchema = z.enum(QUOTA_KEYS);
export type QuotaEntityType = z.infer<typeof QuotaEntityTypeSchema>;
export type QuotaKey = z.infer<typeof QuotaKeySchema>;
export const IP_QUOTA_KEYS: readonly QuotaKey[] = ["connection_creation_rate"];

const isIp = (value: string) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success;

export const QuotaEntitySchema = z
  .strictObject({
    type: QuotaEntityTypeSchema,
    name: z.string().min(1).max(1024).nullable().describe("null = the default entity of the type"),
  })
  .refine((entity) => entity.type !== "ip" || entity.name === null || isIp(entity.name), {
    path: ["name"],
    message: "an ip entity is named by an IPv4/IPv6 address (or null for the default)",
  })
  .meta(
    jsonIf(
      { properties: { type: { const: "ip" } } },
      { properties: { name: { anyOf: [{ type: "null" }, { format: "ipv4" }, { format: "ipv6" }] } } },
    ),
  );
export type QuotaEntity = z.infer<typeof QuotaEntitySchema>;

/** The request's rules below as JSON Schema, for the OpenAPI document (the key sets are finite, so all of them fit). */
function quotaJsonRules() {
  const entityOf = (type: QuotaEntityType) => ({ contains: { properties: { type: { const: type } } } });
  const otherKeys = QUOTA_KEYS.filter((key) => !IP_QUOTA_KEYS.includes(key));
  const keysOnly = (keys: readonly QuotaKey[]) => ({
    set: { propertyNames: { enum: [...keys] } },
    remove: { items: { enum: [...keys] } },
  });
  return {
    // Not `properties` here: metadata replaces the keyword zod writes, so the rules go in `allOf`, each a condition
    // (generators merge the `properties` of an `allOf`'s members into the class, and cannot merge a rule's).
    allOf: [
      // One part, or two: then user and client-id (each type at most once; ip stands alone).
      jsonIf(
        { properties: { entity: { minItems: 2 } } },
        { properties: { entity: { allOf: [entityOf("user"), entityOf("client-id")] } } },
      ),
      jsonIf(
        { properties: { entity: entityOf("ip") } },
        { properties: keysOnly(IP_QUOTA_KEYS) },
        { properties: keysOnly(otherKeys) },
      ),
      {
        anyOf: [
          { required: ["set"], properties: { set: { minProperties: 1 } } },
          { required: ["remove"], properties: { remove: { minItems: 1 } } },
        ],
      },
      ...QUOTA_KEYS.map((key) => ({
        not: {
          required: ["set", "remove"],
          properties: { set: { required: [key] }, remove: { contains: { const: key } } },
        },
      })),
    ],
  };
}

/**
 * PUT /clusters/{id}/quotas (12). The entity is one type or the pair user + client-id, each type at most once; an
 * `ip` entity stands alone. Values are rates (bytes/s, percent, per second): any number ≥ 0.
 */
export const QuotaRequestSchema = z
  .strictObject({
    entity: z.array(QuotaEntitySchema).min(1).max(2),
    set: z.partialRecord(QuotaKeySchema, z.number().min(0)).default({}).describe("Quota values to set"),
    remove: z.array(QuotaKeySchema).default([]).describe("Quota keys to remove"),
  })
  .meta(quotaJsonRules())
  .superRefine((request, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: "custom", path, message });
    const types = request.entity.map((e) => e.type);
    if (new Set(types).size !== types.length) issue(["entity"], "each entity type at most once");
    const ip = types.includes("ip");
    if (ip && types.length > 1) issue(["entity"], "an ip entity stands alone");
    const setKeys = Object.keys(request.set) as QuotaKey[];
    if (setKeys.length === 0 && request.remove.length === 0) issue(["set"], "give at least one key to set or remove");
    const checkKey = (key: QuotaKey, path: (string | number)[]) => {
      if (ip && !IP_QUOTA_KEYS.includes(key)) issue(path, `${key} does not apply to ip entities`);
      if (!ip && IP_QUOTA_KEYS.includes(key)) issue(path, `${key} applies only to ip entities`);
    };
    for (const key of setKeys) checkKey(key, ["set", key]);
    request.remove.forEach((key, index) => {
      checkKey(key, ["remove", index]);
      if (Object.hasOwn(request.set, key)) issue(["remove", index], `${key} is both set and removed`);
    });
  });
export type QuotaRequest = z.infer<typeof QuotaRequestSchema>;

/** The entity's quota values after the change. */
export const QuotaResponseSchema = z.object({
  entity: z.array(z.object({ type: QuotaEntityTypeSchema, name: z.string().nullable() })),
  quotas: z.record(z.string(), z.number()),
});
export type QuotaResponse = z.infer<typeof QuotaResponseSchema>;

/** GET /clusters/{id}/quotas: every entity with quota values set on it. */
export const QuotaListResponseSchema = z.object({ quotas: z.array(QuotaResponseSchema) });
