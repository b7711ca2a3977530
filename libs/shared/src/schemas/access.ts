import { z } from "zod";
import { RoleSchema } from "./auth.js";
import { LabelsSchema } from "./clusters.js";
import { DateTimeSchema, IdSchema } from "./common.js";

/**
 * A resource pattern of a role binding: a literal name (`payments.orders`), a prefix written with one `*` at its end
 * (`payments.*`, `payments-*`), or `*` alone for every name. A pattern matches everything only when written as `*`: an
 * empty pattern, a `*` elsewhere than at the end, or a prefix of nothing but `*`s is refused, so no typo widens a binding
 * to the whole cluster.
 */
export const ResourcePatternSchema = z
  .string()
  .min(1, "must not be empty")
  .max(256, "must be at most 256 characters")
  .refine((pattern) => pattern === "*" || !pattern.slice(0, -1).includes("*"), {
    message: "a '*' may stand only at the end of a pattern (a prefix), or alone for every name",
  })
  .refine((pattern) => pattern === "*" || !/^\*+$/.test(pattern), {
    message: "write '*' alone to match every name",
  })
  .refine((pattern) => !/\s/.test(pattern), { message: "must not contain spaces" });
export type ResourcePattern = z.infer<typeof ResourcePatternSchema>;

/** The sources of group names: `local` for none; an identity provider's id (`corp`, `ldap`) otherwise. */
export const SourceIdSchema = z
  .string()
  .regex(/^[a-z][a-z0-9-]{0,31}$/, "must be 1-32 lower-case letters, digits or '-', starting with a letter");

/** Who a binding gives its role to: a user by name (local or of an identity provider), or a group of a provider. */
export const SubjectSchema = z.discriminatedUnion("kind", [
  z.strictObject({ kind: z.literal("user"), username: z.string().min(1).max(256) }),
  z.strictObject({ kind: z.literal("group"), source: SourceIdSchema, group: z.string().min(1).max(256) }),
]);
export type Subject = z.infer<typeof SubjectSchema>;

/** Which clusters a binding covers: all of them, some by id, or those whose labels include every label given. */
export const ClusterScopeSchema = z.union([
  z.strictObject({ all: z.literal(true) }),
  z.strictObject({ ids: z.array(IdSchema).min(1).max(1000) }),
  z.strictObject({
    labels: LabelsSchema.refine((labels) => Object.keys(labels).length > 0, "give at least one label").meta({
      minProperties: 1,
    }),
  }),
]);
export type ClusterScope = z.infer<typeof ClusterScopeSchema>;

/** The kinds of named resources within a cluster a binding can be narrowed to. */
export const RESOURCE_KINDS = ["topics", "groups", "aclPrincipals", "scramUsers"] as const;
export type ResourceKind = (typeof RESOURCE_KINDS)[number];

const patterns = z.array(ResourcePatternSchema).min(1).max(1000);

/**
 * Narrows a binding to named resources of its clusters: without `resources`, the binding covers each cluster whole
 * (its brokers, configs, quotas and operations included); with it, only the resources its patterns match, of the kinds
 * it names.
 */
export const ResourceScopeSchema = z
  .strictObject({
    topics: patterns.optional(),
    groups: patterns.optional(),
    aclPrincipals: patterns.optional(),
    scramUsers: patterns.optional(),
  })
  .refine((scope) => RESOURCE_KINDS.some((kind) => scope[kind] !== undefined), {
    message: "name at least one of topics, groups, aclPrincipals, scramUsers (leave resources out for whole clusters)",
  })
  .meta({ minProperties: 1 });
export type ResourceScope = z.infer<typeof ResourceScopeSchema>;

export const TeamNameSchema = z
  .string()
  .regex(/^[a-z0-9][a-z0-9._-]{0,62}$/, "must be 1-63 lower-case letters, digits, '.', '_' or '-'");

/** A role on a scope given to a subject; bindings of the same `team` are that team's access. */
export const RoleBindingSpecSchema = z.strictObject({
  subject: SubjectSchema,
  role: RoleSchema,
  clusters: ClusterScopeSchema,
  resources: ResourceScopeSchema.optional(),
  team: TeamNameSchema.optional(),
});
export type RoleBindingSpec = z.infer<typeof RoleBindingSpecSchema>;

export const RoleBindingSchema = RoleBindingSpecSchema.extend({
  id: IdSchema,
  /** `file` for a binding loaded from the bindings file at start (it wins over edits: read-only through the API). */
  origin: z.enum(["api", "file"]),
  createdAt: DateTimeSchema,
  updatedAt: DateTimeSchema,
});
export type RoleBinding = z.infer<typeof RoleBindingSchema>;
