import { enqueueRun, OperationRecords, type OperationState } from "@kcp/operation-lifecycle";
import type { ServiceContext } from "@kcp/process";
import { auditTransition } from "./operation-audit.js";

export type SweepDependencies = Pick<ServiceContext, "store" | "queue" | "audit" | "desiredStates">;

const EXPIRED_PER_SWEEP = 100;

/** Plans not confirmed within their lifetime become cancelled with error plan_expired. */
export async function expirePlans(deps: SweepDependencies, now: Date): Promise<number> {
  const records = new OperationRecords(deps.store);
  let expired = 0;
  for (const operation of await records.findExpiredPlans(now, EXPIRED_PER_SWEEP)) {
    const applied = await records.apply(operation.id, { kind: "expire", at: now }, operation);
    if (!applied.changed) continue;
    expired++;
    // A desired state's plan lets go of its staged files with it (the applied files are another record).
    if (operation.type === "applyDesiredState") await deps.desiredStates.release(operation.clusterId, operation.id);
    for (const note of applied.decision.audits) await auditTransition(deps.audit, applied.operation, note);
  }
  return expired;
}

/** An active operation no worker holds (its worker died or stopped), unless it is paused and waits for a request. */
export function needsWorker(operation: OperationState, now: Date): boolean {
  const waiting = operation.status === "paused" && operation.document.requestedAction === null;
  const held = operation.lease !== undefined && operation.lease.expiresAt.getTime() > now.getTime();
  return !waiting && !held;
}

/** Hands every orphaned active operation to a worker (a fresh job each time: the lease decides who runs it). */
export async function adoptOrphans(deps: SweepDependencies, now: Date): Promise<number> {
  const records = new OperationRecords(deps.store);
  let adopted = 0;
  for (const cluster of await deps.store.clusters.list()) {
    const active = await records.findActive(cluster.id);
    if (active && needsWorker(active, now)) {
      await enqueueRun(deps.queue, active.id, { adoption: true });
      adopted++;
    }
  }
  return adopted;
}
