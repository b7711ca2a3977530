import { AppError } from "@kcp/shared";
import type { NewOperation, OperationPageQuery, Store } from "@kcp/store";
import { type Decision, decide, type OperationEvent } from "./decide.js";
import { LIGHT, type OperationDocument, type OperationState, stored, typed } from "./document.js";

/** What `apply` did: the operation after it, and the effects to carry out when it changed. */
export type Applied =
  | { changed: true; operation: OperationState; decision: Extract<Decision, { kind: "change" }> }
  | { changed: false; operation: OperationState };

const MAX_ATTEMPTS = 20;

/**
 * The operations of the store, typed, and the one way to change one: `apply(id, event)`. Every read leaves a plan's
 * large arrays in the store (`LIGHT`), so each change costs what it touches, not the plan's size.
 */
export class OperationRecords {
  constructor(private readonly store: Store) {}

  async create(operation: Omit<NewOperation, "document"> & { document: OperationDocument }): Promise<OperationState> {
    return typed(await this.store.operations.create({ ...operation, document: stored(operation.document) }, LIGHT));
  }

  async find(id: string): Promise<OperationState | undefined> {
    const record = await this.store.operations.findById(id, LIGHT);
    return record && typed(record);
  }

  async get(id: string): Promise<OperationState> {
    const operation = await this.find(id);
    if (!operation) throw new AppError("not_found", `No operation ${id}`);
    return operation;
  }

  async findActive(clusterId: string): Promise<OperationState | undefined> {
    const record = await this.store.operations.findActive(clusterId, LIGHT);
    return record && typed(record);
  }

  async findExpiredPlans(now: Date, limit: number): Promise<OperationState[]> {
    return (await this.store.operations.findExpiredPlans(now, limit, LIGHT)).map(typed);
  }

  async listPage(clusterId: string, query: OperationPageQuery) {
    const page = await this.store.operations.listPage(clusterId, query, LIGHT);
    return { ...page, operations: page.operations.map(typed) };
  }

  /**
   * A piece of an operation read light (its document, a step, a step's args), whole: every reference (`PartRef`) in it,
   * however deep, replaced by what it stands for. The one way a reader that uses the content of a document (rather
   * than its status and steps) gets it: no reader has to know which of its fields were large enough to be stored apart.
   */
  resolve<T>(id: string, value: T): Promise<T> {
    return this.store.operations.resolveParts(id, value);
  }

  /** The operation with its whole document (see `resolve`): what building the plan again and comparing it needs. */
  async whole(operation: OperationState): Promise<OperationState> {
    return { ...operation, document: await this.resolve(operation.id, operation.document) };
  }

  /** Throws the refusal `decide` gives the event on the operation as read, writing nothing: a check before slow work. */
  check(operation: OperationState, event: OperationEvent): void {
    const decision = decide(operation, event);
    if (decision.kind === "refused") throw decision.error;
  }

  /**
   * Applies an event to the operation as it is now: read, `decide`, write under the version read. Another writer in
   * between (the API setting `requestedAction` while the worker records a step) makes the write miss; the event is
   * then decided again on the fresh record. A refusal is thrown. `current`, when the caller has just read the
   * operation, saves the first read.
   */
  async apply(id: string, event: OperationEvent, current?: OperationState): Promise<Applied> {
    let operation = current;
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      operation ??= await this.get(id);
      const decision = decide(operation, event);
      if (decision.kind === "refused") throw decision.error;
      if (decision.kind === "none") return { changed: false, operation };
      const updated = await this.store.operations.transition(
        id,
        { from: [operation.status], version: operation.version },
        {
          ...(decision.status === operation.status ? {} : { status: decision.status }),
          document: stored(decision.document),
        },
        LIGHT,
      );
      if (updated) return { changed: true, operation: typed(updated), decision };
      operation = undefined;
    }
    throw new AppError("conflict", `Operation ${id} kept changing; try again`);
  }
}
