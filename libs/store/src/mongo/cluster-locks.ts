import { ACTIVE_OPERATION_STATUSES, AppError, type OperationStatus } from "@kcp/shared";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";
import type { OperationStates } from "./operation-states.js";

interface LockDoc {
  _id: string;
  clusterId: string;
  n: number;
  opId: string;
  at: Date;
}

/** A link whose operation is still `planned` is held this long: the time its confirm needs to make it active. */
const CONFIRM_GRACE_MS = 30_000;

/**
 * The chain of a cluster's activation locks, `_id` "<cluster>#<n>": the newest link names the operation that may be
 * active. Taking the cluster inserts link n+1, which exactly one writer can do. A link is held only while its
 * operation is active (or, briefly, being confirmed), so a process that dies between the link and the status write
 * leaves nothing to clean up: the link goes stale and the next confirm takes the cluster over. Links are never
 * deleted, so a stalled writer cannot insert an old number again.
 */
export class ClusterLocks {
  constructor(
    private readonly models: Models,
    private readonly states: OperationStates,
  ) {}

  /** The operation named by the newest link, if any. */
  async holderOf(clusterId: string): Promise<string | undefined> {
    return (await this.newest(clusterId))?.opId;
  }

  /** Takes the cluster for `opId`, or throws `AppError("conflict")` when another operation holds it. */
  async take(clusterId: string, opId: string): Promise<void> {
    const lock = await this.newest(clusterId);
    if (lock?.opId === opId) return;
    if (lock && (await this.holds(lock))) throw conflict(clusterId);
    const n = (lock?.n ?? 0) + 1;
    const link: LockDoc = { _id: `${clusterId}#${n}`, clusterId, n, opId, at: new Date() };
    await this.models.clusterLocks.collection.insertOne(link as never).catch((error: unknown) => {
      throw isDuplicateKey(error) ? conflict(clusterId) : error;
    });
  }

  private async newest(clusterId: string): Promise<LockDoc | undefined> {
    const [lock] = await this.models.clusterLocks.find({ clusterId }).sort({ n: -1 }).limit(1).lean<LockDoc[]>();
    return lock;
  }

  private async holds(lock: LockDoc): Promise<boolean> {
    const state = await this.states.latest(lock.opId);
    if (!state) return false;
    if ((ACTIVE_OPERATION_STATUSES as readonly OperationStatus[]).includes(state.status)) return true;
    return state.status === "planned" && Date.now() - lock.at.getTime() < CONFIRM_GRACE_MS;
  }
}

function conflict(clusterId: string): AppError {
  return new AppError("conflict", `Another operation is pending, running or paused on cluster ${clusterId}`);
}
