import { randomUUID } from "node:crypto";
import { AppError, type DesiredFile, type SealedSecrets } from "@kcp/shared";
import { type AppliedFile, replacedBy } from "./applied.js";
import { type StagedFiles, stagedFiles } from "./thread-work.js";

/** The store's desired-state records as this book uses them (@kcp/store's DesiredStateRepository). */
export interface DesiredStateRecords {
  put(record: { clusterId: string; key: string; body: string; updatedAt: Date }): Promise<void>;
  get(clusterId: string, key: string): Promise<{ body: string; updatedAt: Date } | undefined>;
  list(clusterId: string, prefix: string): Promise<{ key: string; body: string; updatedAt: Date }[]>;
  remove(clusterId: string, key: string): Promise<boolean>;
}

const APPLIED = "applied:";
const STAGED = "staged:";
const CREDENTIALS = "credentials:";
const HOLD = "hold:";
/** Marks a cluster whose staged files from before holds were kept (a week each) have been swept once. */
const SWEPT = "staging:holds";
/** Credentials of a plan whose hold is gone are forgotten after a week at most (an operation expires long before). */
const STAGED_KEPT_MS = 7 * 24 * 3600_000;
/** A hold not yet tied to its operation (the plan is being stored) is let go after this long. */
const UNTIED_MS = 5 * 60_000;

interface Staged {
  files: DesiredFile[];
}

/**
 * What keeps a plan's staged files: one small record per plan (`hold:<operation id>`), beside the files stored once
 * under their digest (`staged:<digest>`), so that counting and sweeping what is staged reads only holds.
 */
interface Hold {
  digest: string;
  user: string;
  /** The characters of the staged files' JSON: what they cost the store. */
  bytes: number;
  paths: string[];
  at: string;
  operationId?: string;
}

/** How far staged files may grow: per user on a cluster, and per cluster (bytes of distinct staged files). */
export interface StagingBounds {
  perUserBytes: number;
  perClusterBytes: number;
}

/**
 * Where the operation a hold names is: `planned` (confirmable), `active` (confirmed, not finished: its last step will
 * read the files) or `ended` (finished, cancelled, expired or gone: its files are no longer needed).
 */
export type PlanState = (operationId: string) => Promise<"planned" | "active" | "ended">;

export interface Staging {
  /** The hold of this plan: `tie` it to the operation once planned, `release` it if planning fails. */
  hold: string;
  /** The user's earlier plans (still only planned) of the same file paths: superseded, to be cancelled. */
  superseded: string[];
}

const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** The staging of each cluster, one at a time in this process: each turn starts when the one before it ended. */
const stagingTurns = new Map<string, Promise<unknown>>();

function inTurn<T>(clusterId: string, work: () => Promise<T>): Promise<T> {
  const before = stagingTurns.get(clusterId) ?? Promise.resolve();
  const turn = before.then(work, work);
  const settled = turn.catch(() => undefined);
  stagingTurns.set(clusterId, settled);
  void settled.then(() => {
    if (stagingTurns.get(clusterId) === settled) stagingTurns.delete(clusterId);
  });
  return turn;
}

/**
 * A cluster's desired state in the store: the files of a planned apply are staged under their digest, and become the
 * applied state only when the apply's last step records them — so a plan never confirmed, or an apply that failed
 * half-way, leaves the last applied state as it was. Recording is idempotent: run again after a crash, it converges.
 */
export class DesiredStateBook {
  constructor(
    private readonly records: DesiredStateRecords,
    private readonly now: () => Date = () => new Date(),
  ) {}

  /**
   * Stages the files of a plan by `user`: stored once under their digest (a plan of the same files shares them), and
   * held by the plan until it ends. First the holds of plans that ended (finished, cancelled, expired) are let go with
   * the files no other plan holds; then the user's earlier plans of the same paths are superseded (answered, to be
   * cancelled, and not counted); then the bounds are checked: past either, 429 `too_many_attempts` with `Retry-After`
   * until the user's oldest plan expires, nothing staged. Reads holds only, never staged files.
   */
  stage(
    clusterId: string,
    digest: string,
    files: readonly DesiredFile[] | StagedFiles,
    plan: { user: string; bounds: StagingBounds; state: PlanState; expiresInMs: number },
  ): Promise<Staging> {
    // The bounds are a check and then a write: plans on one cluster take turns in this process, so that 50 at once
    // cannot all pass the check before any of them is written.
    return inTurn(clusterId, () => this.stageNow(clusterId, digest, files, plan));
  }

  private async stageNow(
    clusterId: string,
    digest: string,
    files: readonly DesiredFile[] | StagedFiles,
    plan: { user: string; bounds: StagingBounds; state: PlanState; expiresInMs: number },
  ): Promise<Staging> {
    // Serialized by the caller (the desired-state thread) where it can be: the request thread only writes the text.
    const staged = "json" in files ? files : stagedFiles(files);
    const now = this.now();
    await this.sweepUnheld(clusterId);
    const live = await this.liveHolds(clusterId, plan.state);
    const paths = staged.paths;
    const superseded = live.filter(
      ({ hold, state }) =>
        hold.user === plan.user && state === "planned" && hold.operationId && samePaths(hold.paths, paths),
    );
    const kept = live.filter((entry) => !superseded.includes(entry)).map(({ hold }) => hold);
    const text = staged.json;
    const held = kept.some((hold) => hold.digest === digest);
    const bytes = Buffer.byteLength(text);
    if (!held) {
      const distinct = (holds: Hold[]) =>
        [...new Map(holds.map((hold) => [hold.digest, hold.bytes])).values()].reduce((sum, n) => sum + n, 0);
      const user = distinct(kept.filter((hold) => hold.user === plan.user));
      const cluster = distinct(kept);
      const retryAfter = String(Math.max(1, Math.ceil(plan.expiresInMs / 1000)));
      const refuse = (message: string) =>
        new AppError("too_many_attempts", message, { headers: { "Retry-After": retryAfter } });
      if (user + bytes > plan.bounds.perUserBytes)
        throw refuse(
          `The plans of ${plan.user} on this cluster that are not applied yet hold ${mib(user)} of files; with these ${mib(bytes)} they would pass the bound of ${mib(plan.bounds.perUserBytes)} (DESIRED_STATE_STAGED_MIB_PER_USER): confirm or cancel a plan, or wait for one to expire`,
        );
      if (cluster + bytes > plan.bounds.perClusterBytes)
        throw refuse(
          `The plans on this cluster that are not applied yet hold ${mib(cluster)} of files; with these ${mib(bytes)} they would pass the bound of ${mib(plan.bounds.perClusterBytes)} (DESIRED_STATE_STAGED_MIB_PER_CLUSTER): confirm or cancel a plan, or wait for one to expire`,
        );
    }
    const hold = randomUUID();
    const record: Hold = { digest, user: plan.user, bytes, paths, at: now.toISOString() };
    // The hold first: files are never in the store without a hold that a sweep can see.
    await this.records.put({ clusterId, key: `${HOLD}${hold}`, body: JSON.stringify(record), updatedAt: now });
    if (!held) await this.records.put({ clusterId, key: `${STAGED}${digest}`, body: text, updatedAt: now });
    return { hold, superseded: superseded.map(({ hold }) => hold.operationId as string) };
  }

  /** The hold of a plan being stored becomes its operation's: it lasts as long as the operation needs the files. */
  async tie(clusterId: string, hold: string, operationId: string): Promise<void> {
    const record = await this.records.get(clusterId, `${HOLD}${hold}`);
    if (!record) return;
    const body: Hold = { ...(JSON.parse(record.body) as Hold), operationId };
    await this.records.put({
      clusterId,
      key: `${HOLD}${operationId}`,
      body: JSON.stringify(body),
      updatedAt: this.now(),
    });
    await this.records.remove(clusterId, `${HOLD}${hold}`);
  }

  /**
   * Lets go of a plan's hold (an operation id, or the hold of a plan that failed to be stored): its files go too unless
   * another plan holds the same ones, and its credentials with it. What an apply recorded stays (the applied files).
   */
  async release(clusterId: string, holdOrOperation: string): Promise<void> {
    const record = await this.records.get(clusterId, `${HOLD}${holdOrOperation}`);
    await this.records.remove(clusterId, `${CREDENTIALS}${holdOrOperation}`);
    if (!record) return;
    await this.records.remove(clusterId, `${HOLD}${holdOrOperation}`);
    const { digest } = JSON.parse(record.body) as Hold;
    const others = (await this.records.list(clusterId, HOLD)).some(
      (r) => (JSON.parse(r.body) as Hold).digest === digest,
    );
    if (!others) await this.records.remove(clusterId, `${STAGED}${digest}`);
  }

  /** The cluster's holds whose plans still need their files; the others are released (with their files). */
  private async liveHolds(clusterId: string, state: PlanState) {
    const now = this.now().getTime();
    const live: { hold: Hold; state: "planned" | "active" }[] = [];
    const ended: { key: string; hold: Hold }[] = [];
    for (const record of await this.records.list(clusterId, HOLD)) {
      const hold = JSON.parse(record.body) as Hold;
      const current = hold.operationId
        ? await state(hold.operationId)
        : now - Date.parse(hold.at) < UNTIED_MS
          ? "planned"
          : "ended";
      if (current === "ended") ended.push({ key: record.key.slice(HOLD.length), hold });
      else live.push({ hold, state: current });
    }
    const held = new Set(live.map(({ hold }) => hold.digest));
    for (const { key, hold } of ended) {
      await this.records.remove(clusterId, `${HOLD}${key}`);
      await this.records.remove(clusterId, `${CREDENTIALS}${key}`);
      if (!held.has(hold.digest)) await this.records.remove(clusterId, `${STAGED}${hold.digest}`);
    }
    for (const old of await this.records.list(clusterId, CREDENTIALS))
      if (now - old.updatedAt.getTime() > STAGED_KEPT_MS) await this.records.remove(clusterId, old.key);
    return live;
  }

  /** Once per cluster: staged files kept before plans held them (a week each) go, unless a hold names them. */
  private async sweepUnheld(clusterId: string): Promise<void> {
    if (await this.records.get(clusterId, SWEPT)) return;
    const held = new Set((await this.records.list(clusterId, HOLD)).map((r) => (JSON.parse(r.body) as Hold).digest));
    const now = this.now().getTime();
    for (const old of await this.records.list(clusterId, STAGED))
      if (!held.has(old.key.slice(STAGED.length)) && now - old.updatedAt.getTime() > UNTIED_MS)
        await this.records.remove(clusterId, old.key);
    await this.records.put({ clusterId, key: SWEPT, body: "{}", updatedAt: this.now() });
  }

  /**
   * The staged files of `digest` become applied, replacing the applied files of the same paths (`replaced`) and no
   * other. `recorded: false` when nothing is staged under the digest (already recorded by an earlier run).
   */
  async record(
    clusterId: string,
    digest: string,
    by: { operationId: string; user: string },
  ): Promise<{ recorded: boolean; files: string[]; replaced: string[] }> {
    const staged = await this.records.get(clusterId, `${STAGED}${digest}`);
    if (!staged) return { recorded: false, files: [], replaced: [] };
    const { files } = JSON.parse(staged.body) as Staged;
    const applied = await this.applied(clusterId);
    const now = this.now();
    for (const file of files) {
      const record: AppliedFile = {
        ...file,
        digest,
        operationId: by.operationId,
        appliedAt: now.toISOString(),
        appliedBy: by.user,
      };
      await this.records.put({
        clusterId,
        key: `${APPLIED}${file.path}`,
        body: JSON.stringify(record),
        updatedAt: now,
      });
    }
    const paths = new Set(files.map((f) => f.path));
    // Only the records of these paths are replaced: another file's record stays, whatever is applied after it.
    const replaced = replacedBy(applied, files);
    await this.records.remove(clusterId, `${STAGED}${digest}`);
    await this.records.remove(clusterId, `${HOLD}${by.operationId}`);
    await this.records.remove(clusterId, `${CREDENTIALS}${by.operationId}`);
    return { recorded: true, files: [...paths], replaced };
  }

  /**
   * Keeps the credentials an operation's plan salted, sealed (never a password), until its apply records the files;
   * an apply never confirmed leaves them a week at most.
   */
  async keepCredentials(clusterId: string, operationId: string, sealed: SealedSecrets): Promise<void> {
    await this.records.put({
      clusterId,
      key: `${CREDENTIALS}${operationId}`,
      body: JSON.stringify(sealed),
      updatedAt: this.now(),
    });
  }

  /** The sealed credentials of the operation's plan, if it salted any and its apply has not recorded the files yet. */
  async credentials(clusterId: string, operationId: string): Promise<SealedSecrets | undefined> {
    const record = await this.records.get(clusterId, `${CREDENTIALS}${operationId}`);
    return record ? (JSON.parse(record.body) as SealedSecrets) : undefined;
  }

  /** The cluster's last applied files, as stored (JSON of AppliedFile, by path): parsed where the work is done. */
  async appliedRecords(clusterId: string): Promise<string[]> {
    return (await this.records.list(clusterId, APPLIED)).map((r) => r.body);
  }

  /** The cluster's last applied files, by path. */
  async applied(clusterId: string): Promise<AppliedFile[]> {
    return (await this.records.list(clusterId, APPLIED)).map((r) => JSON.parse(r.body) as AppliedFile);
  }
}

const samePaths = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && a.every((path, i) => path === b[i]);
