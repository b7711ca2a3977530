import type { AuditEmitter } from "@kcp/process";
import type { OperationRecord } from "@kcp/store";

/** What an audit entry names of an operation. */
type Audited = Pick<OperationRecord, "id" | "clusterId" | "type" | "status">;

/** The actor of the transitions the worker makes (the user's plan and confirm are audited by the gateway). */
export const WORKER_ACTOR = "system:operations-worker";

/** Audits one transition of an operation (`operation.start`, `operation.step`, `operation.finish`, ...). */
export function auditTransition(
  audit: AuditEmitter,
  record: Audited,
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
