import { z } from "zod";
import { DateTimeSchema, IdSchema, Int64Schema, LimitQuerySchema } from "./common.js";

export const AUDIT_RESULTS = ["success", "failure", "denied"] as const;
export const AuditResultSchema = z.enum(AUDIT_RESULTS);
export type AuditResult = z.infer<typeof AuditResultSchema>;

export const AuditEntrySchema = z.object({
  id: Int64Schema,
  at: DateTimeSchema,
  actor: z.string(),
  action: z.string().describe("Dotted name: auth.login, cluster.register, operation.confirm, ..."),
  clusterId: z.string().optional(),
  target: z.string().optional(),
  result: AuditResultSchema.describe("denied = the request was refused (authentication, role, CSRF header)"),
  detail: z
    .record(z.string(), z.unknown())
    .describe("The validated request minus secrets, the client address, the user agent, a failure's error code"),
});
export type AuditEntry = z.infer<typeof AuditEntrySchema>;

/** GET /audit (20). */
export const AuditQuerySchema = z.strictObject({ clusterId: IdSchema.optional(), limit: LimitQuerySchema });
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditListResponseSchema = z.object({ entries: z.array(AuditEntrySchema) });
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/** What the gateway sends through the `audit` queue: an entry without its id, the time as ISO text. */
export const AuditEventSchema = AuditEntrySchema.omit({ id: true });
export type AuditEvent = z.infer<typeof AuditEventSchema>;
