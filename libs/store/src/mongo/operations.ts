import { AppError } from "@kcp/shared";
import {
  ACTIVE_STATUSES,
  type NewOperation,
  type OperationChanges,
  type OperationLease,
  type OperationRecord,
  type OperationRepository,
  type OperationStatus,
  type TransitionCondition,
} from "../repositories.js";
import { isDuplicateKey, timeOrderedNumber } from "./errors.js";
import type { Models } from "./models.js";

interface StateDoc {
  _id: string;
  opId: string;
  version: number;
  clusterId: string;
  type: string;
  status: OperationStatus;
  lease?: OperationLease | null;
  expiresAt: Date;
  document: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

interface LockDoc {
  _id: string;
  clusterId: string;
  n: number;
  opId: string;
  at: Date;
}

/** A lock whose operation is still `planned` is held this long: the time its confirm needs to make it active. */
const CONFIRM_GRACE_MS = 30_000;

const isActive = (status: OperationStatus) => ACTIVE_STATUSES.includes(status);

function toRecord(state: StateDoc): OperationRecord {
  return {
    id: state.opId,
    clusterId: state.clusterId,
    type: state.type,
    status: state.status,
    version: state.version,
    ...(state.lease ? { lease: state.lease } : {}),
    expiresAt: state.expiresAt,
    document: state.document,
    createdAt: state.createdAt,
    updatedAt: state.updatedAt,
  };
}

/**
 * Operations in MongoDB, built only on unique inserts so the guarantees hold on FerretDB too:
 * - every change inserts the next version of the state with `_id` "<id>#<version>": of concurrent writers that read
 *   the same version, exactly one insert succeeds; older versions are then deleted;
 * - activating an operation inserts the next link of its cluster's lock chain ("<cluster>#<n>"); a link is held while
 *   its operation is active (or being confirmed), so a crash never leaves a lock to release by hand.
 */
export class MongoOperations implements OperationRepository {
  constructor(private readonly models: Models) {}

  async create(operation: NewOperation): Promise<OperationRecord> {
    const now = new Date();
    await this.models.operations.collection.insertOne({
      _id: operation.id,
      clusterId: operation.clusterId,
      seq: timeOrderedNumber(),
      createdAt: now,
    } as never);
    const state: StateDoc = {
      _id: `${operation.id}#1`,
      opId: operation.id,
      version: 1,
      clusterId: operation.clusterId,
      type: operation.type,
      status: "planned",
      lease: null,
      expiresAt: operation.expiresAt,
      document: operation.document,
      createdAt: now,
      updatedAt: now,
    };
    await this.models.operationStates.collection.insertOne(state as never);
    return toRecord(state);
  }

  async findById(id: string): Promise<OperationRecord | undefined> {
    const state = await this.latest(id);
    return state && toRecord(state);
  }

  async listByCluster(clusterId: string, limit: number): Promise<OperationRecord[]> {
    const ops = await this.models.operations
      .find({ clusterId })
      .sort({ seq: -1 })
      .limit(limit)
      .lean<{ _id: string }[]>();
    const ids = ops.map((op) => op._id);
    const states = await this.models.operationStates.find({ opId: { $in: ids } }).lean<StateDoc[]>();
    const newest = new Map<string, StateDoc>();
    for (const state of states) {
      const seen = newest.get(state.opId);
      if (!seen || state.version > seen.version) newest.set(state.opId, state);
    }
    return ids.flatMap((id) => {
      const state = newest.get(id);
      return state ? [toRecord(state)] : [];
    });
  }

  async findExpiredPlans(now: Date, limit: number): Promise<OperationRecord[]> {
    const candidates = await this.models.operationStates
      .find({ status: "planned", expiresAt: { $lt: now } })
      .sort({ expiresAt: 1 })
      .limit(limit)
      .lean<StateDoc[]>();
    const current = await Promise.all(candidates.map((c) => this.latest(c.opId)));
    const seen = new Set<string>();
    return current.flatMap((state) => {
      if (state?.status !== "planned" || seen.has(state.opId)) return [];
      seen.add(state.opId);
      return [toRecord(state)];
    });
  }

  async findActive(clusterId: string): Promise<OperationRecord | undefined> {
    const lock = await this.latestLock(clusterId);
    if (!lock) return undefined;
    const state = await this.latest(lock.opId);
    return state && isActive(state.status) ? toRecord(state) : undefined;
  }

  async transition(id: string, condition: TransitionCondition, changes: OperationChanges) {
    const current = await this.latest(id);
    if (!current || !condition.from.includes(current.status)) return undefined;
    if (condition.version !== undefined && current.version !== condition.version) return undefined;
    if (changes.status !== undefined && isActive(changes.status) && !isActive(current.status)) {
      await this.lockCluster(current.clusterId, id);
    }
    return this.writeNext(current, {
      ...(changes.status === undefined ? {} : { status: changes.status }),
      ...(changes.document === undefined ? {} : { document: changes.document }),
      ...(changes.lease === undefined ? {} : { lease: changes.lease }),
    });
  }

  async acquireLease(id: string, owner: string, until: Date, now: Date) {
    const current = await this.latest(id);
    if (!current) return undefined;
    const lease = current.lease;
    if (lease && lease.owner !== owner && lease.expiresAt > now) return undefined;
    return this.writeNext(current, { lease: { owner, expiresAt: until } });
  }

  private async latest(opId: string): Promise<StateDoc | undefined> {
    const [state] = await this.models.operationStates.find({ opId }).sort({ version: -1 }).limit(1).lean<StateDoc[]>();
    return state;
  }

  /** Inserts version+1; undefined when another writer inserted it first. */
  private async writeNext(current: StateDoc, changes: Partial<StateDoc>): Promise<OperationRecord | undefined> {
    const version = current.version + 1;
    const next: StateDoc = {
      ...current,
      ...changes,
      _id: `${current.opId}#${version}`,
      version,
      updatedAt: new Date(),
    };
    try {
      await this.models.operationStates.collection.insertOne(next as never);
    } catch (error) {
      if (isDuplicateKey(error)) return undefined;
      throw error;
    }
    await this.models.operationStates.deleteMany({ opId: current.opId, version: { $lt: version } });
    return toRecord(next);
  }

  private async latestLock(clusterId: string): Promise<LockDoc | undefined> {
    const [lock] = await this.models.clusterLocks.find({ clusterId }).sort({ n: -1 }).limit(1).lean<LockDoc[]>();
    return lock;
  }

  private async lockCluster(clusterId: string, opId: string): Promise<void> {
    const conflict = () =>
      new AppError("conflict", `Another operation is pending, running or paused on cluster ${clusterId}`);
    const lock = await this.latestLock(clusterId);
    if (lock && lock.opId !== opId && (await this.holds(lock))) throw conflict();
    if (lock?.opId === opId) return;
    const n = (lock?.n ?? 0) + 1;
    try {
      await this.models.clusterLocks.collection.insertOne({
        _id: `${clusterId}#${n}`,
        clusterId,
        n,
        opId,
        at: new Date(),
      } as never);
    } catch (error) {
      if (isDuplicateKey(error)) throw conflict();
      throw error;
    }
    await this.models.clusterLocks.deleteMany({ clusterId, n: { $lt: n } });
  }

  private async holds(lock: LockDoc): Promise<boolean> {
    const state = await this.latest(lock.opId);
    if (!state) return false;
    if (isActive(state.status)) return true;
    return state.status === "planned" && Date.now() - lock.at.getTime() < CONFIRM_GRACE_MS;
  }
}
