import type { OperationRecord, Store } from "@kcp/store";
import { LIGHT } from "./operation-heads.js";
import { documentOf } from "./operation-records.js";

/** Contract §4: a plan can be confirmed for 15 minutes. */
export const PLAN_LIFETIME_MS = 15 * 60 * 1000;

const isExpired = (record: OperationRecord, now: Date) =>
  record.status === "planned" && now.getTime() >= record.expiresAt.getTime();

/**
 * planned → cancelled with error `plan_expired`, if the plan has expired and is still planned. Answers the record
 * after the change, or undefined when it did not apply (not expired, or confirmed or cancelled meanwhile).
 */
export async function expirePlan(store: Store, record: OperationRecord, now: Date) {
  if (!isExpired(record, now)) return undefined;
  const document = {
    ...documentOf(record),
    error: "plan_expired: the plan was not confirmed within 15 minutes",
    finishedAt: now.toISOString(),
    steps: documentOf(record).steps.map((step) => ({ ...step, status: "skipped" as const })),
  };
  return store.operations.transition(
    record.id,
    { from: ["planned"], version: record.version },
    { status: "cancelled", document: document as unknown as Record<string, unknown> },
    LIGHT,
  );
}
