import { z } from "zod";
import { jsonIf, LimitQuerySchema, offsetQuery } from "./common.js";
import { ACL_OPERATIONS, ACL_PATTERN_TYPES, ACL_PERMISSIONS, ACL_RESOURCE_TYPES } from "./lists.js";

export const AclResourceTypeSchema = z.enum(ACL_RESOURCE_TYPES);
export const AclPatternTypeSchema = z.enum(ACL_PATTERN_TYPES);
export const AclOperationSchema = z.enum(ACL_OPERATIONS);
export const AclPermissionSchema = z.enum(ACL_PERMISSIONS);
export type AclResourceType = z.infer<typeof AclResourceTypeSchema>;
export type AclPatternType = z.infer<typeof AclPatternTypeSchema>;
export type AclOperation = z.infer<typeof AclOperationSchema>;
export type AclPermission = z.infer<typeof AclPermissionSchema>;

/**
 * The operations Kafka checks on each resource type (ALL goes with any type), for clients that offer choices.
 * Not enforced: Kafka stores other combinations too (they are never consulted), and deleting one must stay possible.
 */
export const ACL_OPERATIONS_BY_RESOURCE: Readonly<Record<AclResourceType, readonly AclOperation[]>> = {
  TOPIC: ["READ", "WRITE", "CREATE", "DELETE", "ALTER", "DESCRIBE", "DESCRIBE_CONFIGS", "ALTER_CONFIGS"],
  GROUP: ["READ", "DELETE", "DESCRIBE", "DESCRIBE_CONFIGS", "ALTER_CONFIGS"],
  CLUSTER: ["CREATE", "ALTER", "DESCRIBE", "CLUSTER_ACTION", "DESCRIBE_CONFIGS", "ALTER_CONFIGS", "IDEMPOTENT_WRITE"],
  TRANSACTIONAL_ID: ["WRITE", "DESCRIBE", "TWO_PHASE_COMMIT"],
  DELEGATION_TOKEN: ["DESCRIBE"],
  USER: ["CREATE_TOKENS", "DESCRIBE_TOKENS"],
};

const isIp = (value: string) => z.ipv4().safeParse(value).success || z.ipv6().safeParse(value).success;

export const AclBindingSchema = z
  .strictObject({
    resourceType: AclResourceTypeSchema,
    resourceName: z.string().min(1).max(1024).describe("* with LITERAL = every resource of the type"),
    patternType: AclPatternTypeSchema,
    principal: z
      .string()
      .max(1024)
      .regex(/^User:.+$/, "must be User:<name>")
      .describe("User:<name>, or User:* for every user"),
    // Kafka compares a binding's host with the client's IP address only: host names would never match.
    host: z
      .string()
      .refine((host) => host === "*" || isIp(host), "must be * or an IPv4/IPv6 address")
      .meta({ anyOf: [{ const: "*" }, { format: "ipv4" }, { format: "ipv6" }] })
      .describe("* or the client's IP address"),
    operation: AclOperationSchema,
    permission: AclPermissionSchema,
  })
  .meta(
    jsonIf(
      { properties: { resourceType: { const: "CLUSTER" } } },
      { properties: { resourceName: { const: "kafka-cluster" }, patternType: { const: "LITERAL" } } },
    ),
  )
  .superRefine((binding, ctx) => {
    if (binding.resourceType !== "CLUSTER") return;
    if (binding.resourceName !== "kafka-cluster") {
      ctx.addIssue({ code: "custom", path: ["resourceName"], message: "must be kafka-cluster for CLUSTER" });
    }
    if (binding.patternType !== "LITERAL") {
      ctx.addIssue({ code: "custom", path: ["patternType"], message: "must be LITERAL for CLUSTER" });
    }
  });
export type AclBinding = z.infer<typeof AclBindingSchema>;

/** Create (13) answers the binding; delete (14) the bindings it removed, possibly none. */
export const CreateAclResponseSchema = z.object({ binding: AclBindingSchema });
export type CreateAclResponse = z.infer<typeof CreateAclResponseSchema>;
export const DeleteAclResponseSchema = z.object({ deleted: z.array(AclBindingSchema) });
export type DeleteAclResponse = z.infer<typeof DeleteAclResponseSchema>;

/**
 * GET /clusters/{id}/acls: every field is optional and an absent one matches anything. `patternType` also takes
 * Kafka's filter values: ANY (either pattern type, names compared literally) and MATCH (the bindings that apply to
 * the named resource: literal, wildcard and matching prefixes).
 */
export const AclFilterSchema = z.strictObject({
  resourceType: AclResourceTypeSchema.optional(),
  resourceName: z.string().min(1).max(1024).optional(),
  patternType: z.enum([...ACL_PATTERN_TYPES, "ANY", "MATCH"]).optional(),
  principal: z.string().min(1).max(1024).optional(),
  host: z.string().min(1).max(256).optional(),
  operation: AclOperationSchema.optional(),
  permission: AclPermissionSchema.optional(),
});
export type AclFilter = z.infer<typeof AclFilterSchema>;

export const AclListQuerySchema = AclFilterSchema.extend({
  limit: LimitQuerySchema.describe("How many bindings to return (1-1000, default 100)"),
  offset: offsetQuery("How many bindings to skip"),
});
export type AclListQuery = z.infer<typeof AclListQuerySchema>;
export const AclListResponseSchema = z.object({
  bindings: z.array(AclBindingSchema),
  total: z.number().int().describe("Bindings matching the filter, all pages"),
});
