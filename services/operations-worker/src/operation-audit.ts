import type { AuditEmitter } from "@kcp/audit";
import type { OperationRecord } from "@kcp/store";

/** The actor of the transitions the worker makes (the user's plan and confirm are audited by the gateway). */
export const WORKER_ACTOR = "system:operations-worker";

/** Audits one transition of an operation (`operation.start`, `operation.step`, `operation.finish`, ...). */
export function auditTransition(
  audit: AuditEmitter,
  record: OperationRecord,
  action: string,
  detail: Record<string, unknown>,
  result: "success" | "failure" = "success",
): Promise<void> {
  return audit.emit({
    at: new Date().toISOString(),
    actor: WORKER_ACTOR,
    action,
    clusterId: record.clusterId,
    target: record.id,
    result,
    detail: { type: record.type, status: record.status, ...detail },
  });
}
