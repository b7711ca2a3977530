import { z } from "zod";
import {
  DesiredChangeSchema,
  DesiredDocumentSchema,
  DesiredFileSchema,
  DesiredProblemSchema,
} from "./desired-state.js";
import { OperationSchema } from "./operations.js";
import { ScramMechanismSchema, ScramUserNameSchema } from "./scram.js";

/** POST /clusters/{id}/desired-state/plan: the files, as the CLI read them (password references left unresolved). */
export const DesiredStatePlanRequestSchema = z.strictObject({
  files: z.array(DesiredFileSchema).min(1).max(100),
  throttleBytesPerSec: z
    .number()
    .int()
    .min(1)
    .max(Number.MAX_SAFE_INTEGER)
    .optional()
    .describe("Replication throttle while a replication factor grows, bytes per second"),
  maxConcurrentMoves: z.number().int().min(1).max(1000).optional().describe("Partition moves in flight at once"),
  passwords: z
    .array(
      z.strictObject({
        user: ScramUserNameSchema,
        mechanism: ScramMechanismSchema,
        password: z.string().min(1).max(1024),
      }),
    )
    .max(500)
    .default([])
    .describe(
      "Write-only: the passwords the files' ScramUser references name, as the CLI resolved them; used to create or rotate a credential (salted here, never stored, answered or logged)",
    ),
  createOperation: z
    .boolean()
    .default(true)
    .describe(
      "false: the changes only (kcp diff): no operation is planned, so nothing waits for a confirm or holds the autopilot back",
    ),
});
export type DesiredStatePlanRequest = z.infer<typeof DesiredStatePlanRequestSchema>;

/** The plan of the files: its changes, and the planned applyDesiredState operation when there is any change. */
export const DesiredStatePlanResponseSchema = z.object({
  digest: z.string().describe("SHA-256 of the files as sent"),
  changes: z.array(DesiredChangeSchema).describe("Every change, in the order it is applied; empty: nothing to do"),
  counts: z.record(z.string(), z.number().int()).describe("Changes by kind"),
  irreversible: z.boolean().describe("Deletes or shrinks something: confirmed with the cluster's name typed back"),
  warnings: z.array(z.string()),
  operation: OperationSchema.optional().describe(
    "The planned applyDesiredState operation; absent when nothing changes",
  ),
});
export type DesiredStatePlanResponse = z.infer<typeof DesiredStatePlanResponseSchema>;

/** One file of a cluster's last applied desired state. */
export const AppliedDesiredFileSchema = z.object({
  path: z.string(),
  digest: z.string().describe("SHA-256 of the files of the apply it came from"),
  operationId: z.string().describe("The applyDesiredState operation that applied it"),
  appliedAt: z.string(),
  appliedBy: z.string(),
});

/** GET /clusters/{id}/desired-state/drift: how the cluster differs from its last applied files, read now. */
export const DesiredStateDriftResponseSchema = z.object({
  applied: z.array(AppliedDesiredFileSchema).describe("The last applied files, by path; empty: none applied"),
  changes: z
    .array(DesiredChangeSchema)
    .describe("What applying the files again would change (empty: no drift), in the order it would be applied"),
  counts: z.record(z.string(), z.number().int()).describe("Changes by kind"),
  problems: z
    .array(DesiredProblemSchema)
    .describe("Differences an apply cannot undo (partitions added by hand: Kafka cannot remove them)"),
});
export type DesiredStateDriftResponse = z.infer<typeof DesiredStateDriftResponseSchema>;

/**
 * A comma-separated list in a query string, at most 200 characters: five of them, even percent-encoded, stay under the
 * 16 KiB a request's line and headers may take (Node answers 431 beyond it). A larger scope is exported in parts.
 */
const listQuery = (description: string, item: z.ZodType<string>) =>
  z
    .string()
    .max(200)
    .optional()
    .transform((value, ctx) => {
      const items = (value ?? "")
        .split(",")
        .map((s) => s.trim())
        .filter((s) => s.length > 0);
      for (const [index, each] of items.entries()) {
        const parsed = item.safeParse(each);
        if (!parsed.success) {
          // By position, never by value: the value may be long, and an answer does not echo what it refuses.
          ctx.addIssue({ code: "custom", message: `item ${index + 1}: ${parsed.error.issues[0]?.message}` });
          return z.NEVER;
        }
      }
      return items;
    })
    .describe(description);

/** A quota entity in a query string: `user=alice`, `user=alice+client-id=app`, `client-id=<default>`. */
const QuotaEntityQuerySchema = z
  .string()
  .regex(/^(user|client-id|ip)=[^+]+(\+(user|client-id|ip)=[^+]+)?$/, "must be type=name[+type=name]");

/** GET /clusters/{id}/desired-state: the scope to export, as a Scope document names it (each list comma-separated). */
export const DesiredStateExportQuerySchema = z.strictObject({
  topicPrefixes: listQuery("Topics whose name starts with one of these", z.string().min(1).max(249)),
  topics: listQuery("Topics of these exact names", z.string().min(1).max(249)),
  aclPrincipals: listQuery("The ACL bindings of these principals (User:<name>)", z.string().regex(/^User:.+$/)),
  quotaEntities: listQuery(
    "Quota entities as type=name, two parts joined by + (user=alice+client-id=app), <default> for a default",
    QuotaEntityQuerySchema,
  ),
  scramUsers: listQuery("The SCRAM credentials of these users (never their passwords)", z.string().min(1).max(1024)),
});
export type DesiredStateExportQuery = z.infer<typeof DesiredStateExportQuerySchema>;

/** The cluster's resources inside the scope, as one file's documents: its Scope first. Applying them changes nothing. */
export const DesiredStateExportResponseSchema = z.object({
  documents: z.array(DesiredDocumentSchema),
});
export type DesiredStateExportResponse = z.infer<typeof DesiredStateExportResponseSchema>;
