import type { Operation, Plan, Step } from "@kcp/shared";
import type { OperationRecord } from "@kcp/store";

/** What the engine keeps in an operation record's document (everything but id, cluster, type, status, times). */
export interface OperationDocument {
  summary: string;
  params: Record<string, unknown>;
  plan: Plan;
  details: Record<string, unknown>;
  irreversible: boolean;
  currentStep: number;
  requestedAction: Operation["requestedAction"];
  error: string | null;
  createdBy: string;
  /** Who confirmed it (null while planned). */
  confirmedBy: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  steps: Step[];
}

/** The Operation resource of a stored record. */
export function operationView(record: OperationRecord): Operation {
  const doc = record.document as unknown as OperationDocument;
  return {
    id: record.id,
    clusterId: record.clusterId,
    type: record.type as Operation["type"],
    status: record.status,
    summary: doc.summary,
    params: doc.params,
    plan: doc.plan,
    details: doc.details,
    irreversible: doc.irreversible,
    currentStep: doc.currentStep,
    requestedAction: doc.requestedAction,
    error: doc.error,
    createdBy: doc.createdBy,
    confirmedBy: doc.confirmedBy ?? null,
    createdAt: record.createdAt.toISOString(),
    expiresAt: record.expiresAt.toISOString(),
    startedAt: doc.startedAt,
    finishedAt: doc.finishedAt,
    updatedAt: record.updatedAt.toISOString(),
    steps: doc.steps,
  };
}
