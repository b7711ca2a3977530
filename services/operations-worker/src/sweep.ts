import type { AuditEmitter } from "@kcp/audit";
import { documentOf, enqueueRun, expirePlan, LIGHT } from "@kcp/operation-service";
import type { JobQueue } from "@kcp/queue";
import type { OperationRecord, Store } from "@kcp/store";
import { auditTransition } from "./operation-audit.js";

export interface SweepDependencies {
  store: Store;
  queue: JobQueue;
  audit: AuditEmitter;
}

const EXPIRED_PER_SWEEP = 100;

/** Plans not confirmed within their lifetime become cancelled with error plan_expired. */
export async function expirePlans(deps: SweepDependencies, now: Date): Promise<number> {
  let expired = 0;
  for (const record of await deps.store.operations.findExpiredPlans(now, EXPIRED_PER_SWEEP, LIGHT)) {
    const cancelled = await expirePlan(deps.store, record, now);
    if (!cancelled) continue;
    expired++;
    await auditTransition(deps.audit, cancelled, "operation.expire", { error: documentOf(cancelled).error });
  }
  return expired;
}

/** An active operation no worker holds (its worker died or stopped), unless it is paused and waits for a request. */
export function needsWorker(record: OperationRecord, now: Date): boolean {
  const waiting = record.status === "paused" && documentOf(record).requestedAction === null;
  const held = record.lease !== undefined && record.lease.expiresAt.getTime() > now.getTime();
  return !waiting && !held;
}

/** Hands every orphaned active operation to a worker (a fresh job each time: the lease decides who runs it). */
export async function adoptOrphans(deps: SweepDependencies, now: Date): Promise<number> {
  let adopted = 0;
  for (const cluster of await deps.store.clusters.list()) {
    const active = await deps.store.operations.findActive(cluster.id, LIGHT);
    if (active && needsWorker(active, now)) {
      await enqueueRun(deps.queue, active.id, { adoption: true });
      adopted++;
    }
  }
  return adopted;
}
