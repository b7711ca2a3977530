import { AppError, type OperationStatus } from "@kcp/shared";
import type { OperationChanges, OperationRecord, Store } from "@kcp/store";
import { LIGHT } from "./operation-heads.js";
import type { OperationDocument } from "./operation-view.js";

export const documentOf = (record: OperationRecord) => record.document as unknown as OperationDocument;

/** The changes to make, or undefined for none; may throw to refuse. */
export type OperationChange = (
  record: OperationRecord,
  document: OperationDocument,
) => { status?: OperationStatus; document?: OperationDocument } | undefined;

const MAX_ATTEMPTS = 20;

/**
 * Applies a change to the operation as it is now: read, decide, write under the version read. Another writer in
 * between (the API setting `requestedAction` while the worker records a step) makes the write miss; the change is
 * then decided again on the fresh record. Answers the record after the change (or as it is, when there was none).
 * Read and written with `parts: "refs"`: a plan's large arrays stay references (`PartRef`) in the document the change
 * sees and in the record answered, so each change costs what it touches, not the plan's size.
 */
export async function updateOperation(store: Store, id: string, change: OperationChange): Promise<OperationRecord> {
  for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
    const record = await store.operations.findById(id, LIGHT);
    if (!record) throw new AppError("not_found", `No operation ${id}`);
    const decided = change(record, documentOf(record));
    if (!decided) return record;
    const changes: OperationChanges = {
      ...(decided.status ? { status: decided.status } : {}),
      ...(decided.document ? { document: decided.document as unknown as Record<string, unknown> } : {}),
    };
    const updated = await store.operations.transition(
      id,
      { from: [record.status], version: record.version },
      changes,
      LIGHT,
    );
    if (updated) return updated;
  }
  throw new AppError("conflict", `Operation ${id} kept changing; try again`);
}
