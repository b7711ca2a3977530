import { ACTIVE_OPERATION_STATUSES, AppError } from "@kcp/shared";
import { type PartRef, resolveRefs, splitDocument } from "../document-parts.js";
import type {
  ItemsPage,
  NewOperation,
  OperationChanges,
  OperationLease,
  OperationPage,
  OperationPageQuery,
  OperationReadOptions,
  OperationRecord,
  OperationRepository,
  OperationStatus,
  TransitionCondition,
} from "../repositories.js";
import { ClusterLocks } from "./cluster-locks.js";
import { timeOrderedNumber } from "./errors.js";
import type { Models } from "./models.js";
import { OperationStates, type StateDoc } from "./operation-states.js";

/** Pending, running or paused: at most one such operation per cluster. */
const isActive = (status: OperationStatus) =>
  (ACTIVE_OPERATION_STATUSES as readonly OperationStatus[]).includes(status);
/** Versions another writer may insert between a lease change's read and its write before the change gives up. */
const LEASE_ATTEMPTS = 20;
/** How often a process looks for parts no operation references (on its next create). */
const ORPHAN_SWEEP_EVERY_MS = 60 * 60_000;

/**
 * Operations in MongoDB, built only on unique inserts so the guarantees hold on FerretDB v1 too: every change inserts
 * the next version of the state (`OperationStates`), and activating an operation takes its cluster's lock chain
 * (`ClusterLocks`) before that insert.
 */
export class MongoOperations implements OperationRepository {
  private readonly states: OperationStates;
  private readonly locks: ClusterLocks;
  private lastOrphanSweep = 0;

  constructor(private readonly models: Models) {
    this.states = new OperationStates(models);
    this.locks = new ClusterLocks(models, this.states);
  }

  /** The parts of operation documents (stored apart; exposed for tests and the orphan sweep). */
  get parts() {
    return this.states.parts;
  }

  /** The document's parts stored (those not stored yet), and what the state keeps of it. */
  private async storeDocument(id: string, document: Record<string, unknown>, current?: StateDoc) {
    const split = splitDocument(id, document, this.states.parts.known);
    await this.states.parts.store(id, split.parts.values());
    const ids = new Set(split.ids);
    const nestedMap: Record<string, string[]> = {};
    for (const part of split.parts.values()) if (part.nested.length > 0) nestedMap[part.id] = part.nested;
    // References written back from a read with parts: "refs": their parts stay, with those they reference (listed
    // by the state they were read from; read from the part itself for a state written before it listed them).
    for (const ref of split.refs) {
      const nested = current?.nested ? (current.nested[ref] ?? []) : await this.states.parts.nestedOf(id, ref);
      if (nested.length > 0) nestedMap[ref] = nested;
      for (const child of nested) ids.add(child);
    }
    return { fields: { document: split.inline, parts: [...ids], nested: nestedMap }, written: split.parts };
  }

  async readItems(id: string, ref: PartRef, offset: number, limit: number): Promise<ItemsPage> {
    await this.get(id);
    return this.states.parts.page(id, ref, offset, limit);
  }

  async resolveParts<T>(id: string, value: T): Promise<T> {
    return resolveRefs(value, async (ref) => {
      const text = JSON.stringify(ref);
      return this.states.parts.join(id, text);
    });
  }

  async create(operation: NewOperation, options?: OperationReadOptions): Promise<OperationRecord> {
    const now = operation.createdAt ?? new Date();
    const { id, clusterId } = operation;
    this.sweepOrphansNow(now);
    // Parts first: the operation becomes visible only once everything it references is stored.
    const { fields, written } = await this.storeDocument(id, operation.document);
    // The immutable index entry that listing per cluster sorts on.
    await this.models.operations.collection.insertOne({
      _id: id,
      clusterId,
      seq: timeOrderedNumber(),
      createdAt: now,
    } as never);
    const state: StateDoc = {
      _id: `${id}#1`,
      opId: id,
      version: 1,
      clusterId,
      type: operation.type,
      status: "planned",
      lease: null,
      expiresAt: operation.expiresAt,
      ...fields,
      createdAt: now,
      updatedAt: now,
    };
    await this.states.insertFirst(state);
    return this.states.record(state, written, options);
  }

  /** At most once per ORPHAN_SWEEP_EVERY_MS, in the background: a failure only waits for the next one. */
  private sweepOrphansNow(now: Date): void {
    if (now.getTime() - this.lastOrphanSweep < ORPHAN_SWEEP_EVERY_MS) return;
    this.lastOrphanSweep = now.getTime();
    this.states.parts.collectOrphans(now).catch(() => undefined);
  }

  async findById(id: string, options?: OperationReadOptions): Promise<OperationRecord | undefined> {
    const state = await this.states.latest(id);
    return state && this.states.record(state, undefined, options);
  }

  async listByCluster(clusterId: string, limit: number, options?: OperationReadOptions): Promise<OperationRecord[]> {
    const ops = await this.models.operations
      .find({ clusterId })
      .sort({ seq: -1 })
      .limit(limit)
      .lean<{ _id: string }[]>();
    const states = await this.states.latestOf(ops.map((op) => op._id));
    return Promise.all(states.map((s) => this.states.record(s, undefined, options)));
  }

  /**
   * The status lives in each operation's newest state, not in its immutable listing document: the listing is read
   * newest first in batches (index clusterId, seq) and each batch's states are checked, until the page is full.
   */
  async listPage(clusterId: string, query: OperationPageQuery, options?: OperationReadOptions): Promise<OperationPage> {
    const wanted = query.statuses && query.statuses.length > 0 ? new Set(query.statuses) : undefined;
    const batch = Math.max(query.limit + 1, 100);
    const found: { seq: number; state: StateDoc }[] = [];
    let before = query.before ?? Number.MAX_SAFE_INTEGER;
    for (;;) {
      const ops = await this.models.operations
        .find({ clusterId, seq: { $lt: before } })
        .sort({ seq: -1 })
        .limit(batch)
        .lean<{ _id: string; seq: number }[]>();
      const states = await this.states.latestOf(ops.map((op) => op._id));
      const byId = new Map(states.map((state) => [state.opId, state]));
      for (const op of ops) {
        const state = byId.get(op._id);
        if (state && (!wanted || wanted.has(state.status))) found.push({ seq: op.seq, state });
      }
      const last = ops.at(-1);
      if (found.length > query.limit || ops.length < batch || !last) break;
      before = last.seq;
    }
    const page = found.slice(0, query.limit);
    const last = page.at(-1);
    return {
      operations: await Promise.all(page.map(({ state }) => this.states.record(state, undefined, options))),
      ...(found.length > query.limit && last ? { nextBefore: last.seq } : {}),
    };
  }

  async findExpiredPlans(now: Date, limit: number, options?: OperationReadOptions): Promise<OperationRecord[]> {
    const candidates = await this.states.expiredPlanCandidates(now, limit);
    const current = await this.states.latestOf([...new Set(candidates.map((c) => c.opId))]);
    const expired = current.filter((state) => state.status === "planned" && state.expiresAt < now);
    return Promise.all(expired.map((state) => this.states.record(state, undefined, options)));
  }

  async findActive(clusterId: string, options?: OperationReadOptions): Promise<OperationRecord | undefined> {
    const holder = await this.locks.holderOf(clusterId);
    const state = holder === undefined ? undefined : await this.states.latest(holder);
    return state && isActive(state.status) ? this.states.record(state, undefined, options) : undefined;
  }

  async transition(
    id: string,
    condition: TransitionCondition,
    changes: OperationChanges,
    options?: OperationReadOptions,
  ) {
    const current = await this.get(id);
    if (!condition.from.includes(current.status)) return undefined;
    if (condition.version !== undefined && current.version !== condition.version) return undefined;
    if (changes.status !== undefined && isActive(changes.status) && !isActive(current.status)) {
      await this.locks.take(current.clusterId, id);
    }
    const stored = changes.document === undefined ? undefined : await this.storeDocument(id, changes.document, current);
    return this.states.writeNext(
      current,
      {
        ...(changes.status === undefined ? {} : { status: changes.status }),
        ...(stored?.fields ?? {}),
        ...(changes.lease === undefined ? {} : { lease: changes.lease }),
      },
      stored?.written,
      options,
    );
  }

  async acquireLease(id: string, owner: string, until: Date, now: Date, options?: OperationReadOptions) {
    return this.changeLease(
      id,
      (lease) => (lease && lease.owner !== owner && lease.expiresAt > now ? undefined : { owner, expiresAt: until }),
      options,
    );
  }

  async renewLease(id: string, owner: string, until: Date, options?: OperationReadOptions) {
    return this.changeLease(id, (lease) => (lease?.owner === owner ? { owner, expiresAt: until } : undefined), options);
  }

  async releaseLease(id: string, owner: string, options?: OperationReadOptions) {
    return this.changeLease(id, (lease) => (lease?.owner === owner ? null : undefined), options);
  }

  /**
   * Writes the lease `decide` gives for the current one (undefined: refused). A miss on the version only means that
   * another write came in between — most often the lease holder's own step record — so the lease is decided again on
   * the fresh state: a renewal that lost such a race must not read as a lost lease.
   */
  private async changeLease(
    id: string,
    decide: (lease: OperationLease | null | undefined) => OperationLease | null | undefined,
    options?: OperationReadOptions,
  ): Promise<OperationRecord | undefined> {
    for (let attempt = 0; attempt < LEASE_ATTEMPTS; attempt++) {
      const current = await this.get(id);
      const lease = decide(current.lease);
      if (lease === undefined) return undefined;
      const written = await this.states.writeNext(current, { lease }, undefined, options);
      if (written) return written;
    }
    return undefined;
  }

  private async get(id: string): Promise<StateDoc> {
    const state = await this.states.latest(id);
    if (!state) throw new AppError("not_found", `No operation ${id}`);
    return state;
  }
}
