import { z } from "zod";
import { AclBindingSchema } from "./acls.js";
import { Int16Schema, Int32Schema } from "./common.js";
import { QUOTA_KEYS } from "./lists.js";
import { QuotaEntitySchema } from "./quotas.js";
import {
  SCRAM_DEFAULT_ITERATIONS,
  SCRAM_MAX_ITERATIONS,
  SCRAM_MIN_ITERATIONS,
  ScramMechanismSchema,
  ScramUserNameSchema,
} from "./scram.js";
import { ConfigNameSchema, TopicNameSchema } from "./topics.js";

/**
 * Desired state: the documents of a team's files (YAML or JSON, several per file), each a `kind`. A file owns what its
 * `Scope` names; nothing outside any file's scope is ever changed or deleted. One schema per kind; the CLI reads the
 * files, resolves password references, and sends the documents with the file they came from.
 */

const deleted = z
  .boolean()
  .default(false)
  .describe("true: the resource is deleted (an irreversible plan, confirmed with the cluster's name)");

/** A config value as YAML writes it (a number or a boolean too); Kafka takes the string. */
const ConfigValueSchema = z
  .union([z.string().max(4096), z.number(), z.boolean()])
  .transform((value) => String(value))
  .describe("A string (numbers and booleans are written as strings)");

export const DesiredTopicSchema = z.strictObject({
  kind: z.literal("Topic"),
  name: TopicNameSchema,
  partitions: Int32Schema.min(1).describe("Partitions can be added, never removed (Kafka cannot)"),
  replicationFactor: Int16Schema.min(1).describe("Changed by a throttled reassignment, never by re-creating the topic"),
  configs: z
    .record(ConfigNameSchema, ConfigValueSchema)
    .default({})
    .describe("Topic-level configs; compared only with what is set on the topic itself, never with broker defaults"),
  deleted,
});
export type DesiredTopic = z.infer<typeof DesiredTopicSchema>;

export const DesiredAclSchema = AclBindingSchema.safeExtend({ kind: z.literal("Acl"), deleted });
export type DesiredAcl = z.infer<typeof DesiredAclSchema>;

export const DesiredQuotaSchema = z.strictObject({
  kind: z.literal("Quota"),
  entity: z.array(QuotaEntitySchema).min(1).max(2).describe("One type, or user and client-id"),
  values: z.partialRecord(z.enum(QUOTA_KEYS), z.number().min(0)).describe("The quota's values by key"),
  deleted,
});
export type DesiredQuota = z.infer<typeof DesiredQuotaSchema>;

/** Where the CLI reads a password: an environment variable or a file of its own machine. Never the password. */
export const PasswordRefSchema = z.union([
  z.strictObject({ env: z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,127}$/, "must be an environment variable name") }),
  z.strictObject({ file: z.string().min(1).max(4096) }),
]);

export const DesiredScramUserSchema = z.strictObject({
  kind: z.literal("ScramUser"),
  name: ScramUserNameSchema,
  mechanism: ScramMechanismSchema,
  iterations: Int32Schema.min(SCRAM_MIN_ITERATIONS).max(SCRAM_MAX_ITERATIONS).default(SCRAM_DEFAULT_ITERATIONS),
  password: PasswordRefSchema.optional().describe(
    "Where the CLI reads the password (env or file); needed to create or rotate, never sent as part of the document",
  ),
  passwordVersion: z
    .union([z.string().min(1).max(128), z.number()])
    .transform((value) => String(value))
    .optional()
    .describe(
      "Changed by the team to rotate: a credential is set again when its version differs from the last applied",
    ),
  deleted,
});
export type DesiredScramUser = z.infer<typeof DesiredScramUserSchema>;

/**
 * What a file owns: nothing outside it is changed or deleted, and `prune` deletes only inside it. The bounds keep any
 * request that breaks them under the plan's body limit (16 MiB), so that it is refused for what it is.
 */
export const DesiredScopeSchema = z.strictObject({
  kind: z.literal("Scope"),
  topics: z
    .strictObject({
      names: z.array(TopicNameSchema).max(1000).default([]),
      prefixes: z.array(z.string().min(1).max(249)).max(1000).default([]),
    })
    .prefault({}),
  aclPrincipals: z
    .array(
      z
        .string()
        .max(256)
        .regex(/^User:.+$/, "must be User:<name>"),
    )
    .max(1000)
    .default([])
    .describe("The ACL bindings of these principals"),
  quotaEntities: z
    .array(z.array(QuotaEntitySchema).min(1).max(2))
    .max(200)
    .default([])
    .describe("Quota entities, each as in a Quota document"),
  scramUsers: z.array(ScramUserNameSchema).max(500).default([]),
  prune: z
    .boolean()
    .default(false)
    .describe(
      "true: what the scope covers but no file declares is deleted (topics, ACLs, quotas, SCRAM credentials), and configs and quota values set but not declared are removed",
    ),
});
export type DesiredScope = z.infer<typeof DesiredScopeSchema>;

export const DesiredDocumentSchema = z.discriminatedUnion("kind", [
  DesiredScopeSchema,
  DesiredTopicSchema,
  DesiredAclSchema,
  DesiredQuotaSchema,
  DesiredScramUserSchema,
]);
export type DesiredDocument = z.infer<typeof DesiredDocumentSchema>;
export type DesiredResource = Exclude<DesiredDocument, DesiredScope>;

/** One file as the CLI read it: its path (for error messages and the audit's digest) and its documents in order. */
export const DesiredFileSchema = z.strictObject({
  path: z.string().min(1).max(4096),
  documents: z.array(DesiredDocumentSchema).max(5000),
});
export type DesiredFile = z.infer<typeof DesiredFileSchema>;

const QuotaValueChangeSchema = z.object({
  key: z.enum(QUOTA_KEYS),
  before: z.number().nullable(),
  after: z.number().nullable().describe("null: removed"),
});
const ConfigChangeSchema = z.object({
  name: z.string(),
  before: z.string().nullable().describe("null: not set on the topic (a broker or Kafka default applies)"),
  after: z.string().nullable().describe("null: removed from the topic"),
});

/** The most changes one plan holds (more: apply the files in parts). */
export const DESIRED_CHANGES_MAX = 10_000;

/** One change of a desired-state plan, with what is there now and what will be. */
export const DesiredChangeSchema = z.discriminatedUnion("kind", [
  z.object({
    kind: z.literal("createTopic"),
    topic: z.string(),
    partitions: z.number().int(),
    replicationFactor: z.number().int(),
    configs: z.record(z.string(), z.string()),
  }),
  z.object({ kind: z.literal("addPartitions"), topic: z.string(), before: z.number().int(), after: z.number().int() }),
  z.object({
    kind: z.literal("changeReplicationFactor"),
    topic: z.string(),
    before: z.number().int(),
    after: z.number().int(),
  }),
  z.object({ kind: z.literal("alterTopicConfigs"), topic: z.string(), configs: z.array(ConfigChangeSchema) }),
  z.object({ kind: z.literal("deleteTopic"), topic: z.string(), partitions: z.number().int() }),
  z.object({ kind: z.literal("createAcl"), binding: AclBindingSchema }),
  z.object({ kind: z.literal("deleteAcl"), binding: AclBindingSchema }),
  z.object({
    kind: z.literal("setQuota"),
    entity: z.array(QuotaEntitySchema),
    values: z.array(QuotaValueChangeSchema),
  }),
  z.object({
    kind: z.literal("deleteQuota"),
    entity: z.array(QuotaEntitySchema),
    values: z.array(QuotaValueChangeSchema),
  }),
  z.object({
    kind: z.literal("createScramCredential"),
    user: z.string(),
    mechanism: ScramMechanismSchema,
    iterations: z.number().int(),
  }),
  z.object({
    kind: z.literal("rotateScramCredential"),
    user: z.string(),
    mechanism: ScramMechanismSchema,
    iterations: z.number().int(),
    reason: z.string().describe("Why: the iterations or the password version changed"),
  }),
  z.object({ kind: z.literal("deleteScramCredential"), user: z.string(), mechanism: ScramMechanismSchema }),
]);
export type DesiredChange = z.infer<typeof DesiredChangeSchema>;
export type DesiredChangeKind = DesiredChange["kind"];

/** A problem with the documents, before anything is planned: where it is and what is wrong. */
export const DesiredProblemSchema = z.object({
  file: z.string(),
  document: z.number().int().min(0).describe("The document's index in its file, from 0"),
  field: z.string().optional(),
  message: z.string(),
});
export type DesiredProblem = z.infer<typeof DesiredProblemSchema>;
