import { z } from "zod";

/** The complete value sets Kafka accepts for a binding (no ANY/MATCH/UNKNOWN: bindings are exact). */
export const ACL_RESOURCE_TYPES = [
  "TOPIC",
  "GROUP",
  "CLUSTER",
  "TRANSACTIONAL_ID",
  "DELEGATION_TOKEN",
  "USER",
] as const;
export const ACL_PATTERN_TYPES = ["LITERAL", "PREFIXED"] as const;
export const ACL_OPERATIONS = [
  "ALL",
  "READ",
  "WRITE",
  "CREATE",
  "DELETE",
  "ALTER",
  "DESCRIBE",
  "CLUSTER_ACTION",
  "DESCRIBE_CONFIGS",
  "ALTER_CONFIGS",
  "IDEMPOTENT_WRITE",
  "CREATE_TOKENS",
  "DESCRIBE_TOKENS",
  "TWO_PHASE_COMMIT",
] as const;
export const ACL_PERMISSIONS = ["ALLOW", "DENY"] as const;

export const AclBindingSchema = z
  .strictObject({
    resourceType: z.enum(ACL_RESOURCE_TYPES),
    resourceName: z.string().min(1).max(1024),
    patternType: z.enum(ACL_PATTERN_TYPES),
    principal: z.string().regex(/^User:.+$/, "must be User:<name>"),
    host: z.string().regex(/^(\*|[A-Za-z0-9.:-]{1,255})$/, "must be * or a host address"),
    operation: z.enum(ACL_OPERATIONS),
    permission: z.enum(ACL_PERMISSIONS),
  })
  .superRefine((binding, ctx) => {
    if (
      binding.resourceType === "CLUSTER" &&
      (binding.resourceName !== "kafka-cluster" || binding.patternType !== "LITERAL")
    ) {
      ctx.addIssue({
        code: "custom",
        path: ["resourceName"],
        message: "a CLUSTER binding names the LITERAL resource kafka-cluster",
      });
    }
  });
export type AclBinding = z.infer<typeof AclBindingSchema>;

export const CreateAclResponseSchema = z.object({ binding: AclBindingSchema });
export const DeleteAclResponseSchema = z.object({ deleted: z.array(AclBindingSchema) });
