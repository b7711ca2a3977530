import { z } from "zod";

/** The audit service's settings. */
export const auditSection = z.object({
  /**
   * Audit retention in days: entries older than this are deleted by a periodic sweep of the audit service. Unset (the
   * default): kept forever.
   */
  AUDIT_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).optional(),
  /** How often the retention sweep runs (only with AUDIT_RETENTION_DAYS). */
  AUDIT_SWEEP_INTERVAL_MINUTES: z.coerce.number().int().min(1).max(10_080).default(60),
});
export type AuditConfig = z.infer<typeof auditSection>;
