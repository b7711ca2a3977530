import { z } from "zod";
import { DateTimeSchema, IdSchema, Int64Schema, LimitQuerySchema } from "./common.js";
import { cursorQuery } from "./cursor.js";
import { AUDIT_RESULTS } from "./lists.js";

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

const QueryTimeSchema = z.iso
  .datetime({ offset: true })
  .transform((text) => new Date(text))
  .optional();

/** The filters of the audit list and of its export: every one given narrows. */
export const AuditFilterQuerySchema = z.strictObject({
  actor: z.string().min(1).max(256).optional().describe("Only entries of this actor (a username, or anonymous)"),
  action: z.string().min(1).max(128).optional().describe("Only this action, e.g. topic.create"),
  result: AuditResultSchema.optional(),
  clusterId: IdSchema.optional(),
  from: QueryTimeSchema.describe("Only entries at or after this time (ISO 8601)"),
  to: QueryTimeSchema.describe("Only entries before this time (ISO 8601)"),
});
export type AuditFilterQuery = z.infer<typeof AuditFilterQuerySchema>;

/** GET /audit (20): newest first, a page at a time. */
export const AuditQuerySchema = AuditFilterQuerySchema.extend({
  limit: LimitQuerySchema,
  before: cursorQuery("audit", "The nextCursor of the previous page: the entries older than its last one"),
});
export type AuditQuery = z.infer<typeof AuditQuerySchema>;

export const AuditListResponseSchema = z.object({
  entries: z.array(AuditEntrySchema),
  nextCursor: z
    .string()
    .optional()
    .describe("Present when older entries match: pass it as before= for the next page (stable under new entries)"),
});
export type AuditListResponse = z.infer<typeof AuditListResponseSchema>;

/** What the gateway sends through the `audit` queue: an entry without its id, the time as ISO text. */
export const AuditEventSchema = AuditEntrySchema.omit({ id: true });
export type AuditEvent = z.infer<typeof AuditEventSchema>;
