import type { DesiredFile, SealedSecrets } from "@kcp/shared";
import { type AppliedFile, replacedBy } from "./applied.js";

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
/** Files and credentials planned but never applied are forgotten after a week (an operation expires long before). */
const STAGED_KEPT_MS = 7 * 24 * 3600_000;

interface Staged {
  files: DesiredFile[];
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

  async stage(clusterId: string, digest: string, files: readonly DesiredFile[]): Promise<void> {
    const now = this.now();
    for (const prefix of [STAGED, CREDENTIALS])
      for (const old of await this.records.list(clusterId, prefix))
        if (now.getTime() - old.updatedAt.getTime() > STAGED_KEPT_MS) await this.records.remove(clusterId, old.key);
    const body: Staged = { files: [...files] };
    await this.records.put({ clusterId, key: `${STAGED}${digest}`, body: JSON.stringify(body), updatedAt: now });
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
