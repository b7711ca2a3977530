import { z } from "zod";
import { DateTime, IdSchema, Int64, LimitQuery } from "./common.js";

export const AUDIT_RESULTS = ["success", "failure", "denied"] as const;

export const AuditEntrySchema = z.object({
  id: Int64,
  at: DateTime,
  actor: z.string(),
  action: z.string().describe("Dotted name: auth.login, cluster.register, operation.confirm, ..."),
  clusterId: z.string().optional(),
  target: z.string().optional(),
  result: z.enum(AUDIT_RESULTS),
  detail: z.record(z.string(), z.unknown()),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

export const AuditQuerySchema = z.strictObject({ clusterId: IdSchema.optional(), limit: LimitQuery });
export const ListQuerySchema = z.strictObject({ limit: LimitQuery });

/** What the gateway sends through the `audit` queue: an entry without its id, the time as ISO text. */
export const AuditEventSchema = AuditEntrySchema.omit({ id: true });
export type AuditEvent = z.infer<typeof AuditEventSchema>;
