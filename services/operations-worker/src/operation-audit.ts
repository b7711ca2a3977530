import type { AuditNote } from "@kcp/operation-lifecycle";
import type { AuditEmitter } from "@kcp/process";
import type { OperationRecord } from "@kcp/store";

/** What an audit entry names of an operation. */
type Audited = Pick<OperationRecord, "id" | "clusterId" | "type" | "status">;

/** The actor of the transitions the worker makes (the user's plan and confirm are audited by the gateway). */
export const WORKER_ACTOR = "system:operations-worker";

/**
 * Audits one transition of an operation (`operation.start`, `operation.step`, `operation.finish`, ...), or a change it
 * made on a person's behalf (a credential: `scram.upsert` by its confirmer, its target the credential).
 */
export function auditTransition(audit: AuditEmitter, record: Audited, note: AuditNote): Promise<void> {
  return audit.emit({
    at: new Date().toISOString(),
    actor: note.actor ?? WORKER_ACTOR,
    action: note.action,
    clusterId: record.clusterId,
    target: note.target ?? record.id,
    result: note.result,
    detail: { type: record.type, status: record.status, ...note.detail },
  });
}
