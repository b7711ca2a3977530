import { randomUUID } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { AppError } from "@kcp/shared";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";

interface AdminLockDoc {
  _id: number;
  owner: string;
  at: Date;
  releasedAt?: Date | null;
}

/** A link neither released nor older than this is held; an older one was left by a writer that died: taken over. */
export const ADMIN_LOCK_HOLD_MS = 10_000;
/** How long a writer waits for the holder before giving up with `conflict`. */
const WAIT_MS = ADMIN_LOCK_HOLD_MS + 5_000;

/**
 * One lock over the set of enabled admins, for the changes that may remove one, as a chain of links `_id` = 1, 2, ...
 * (FerretDB does not perform conditional updates atomically, so unique `_id` inserts decide): the holder is whoever
 * inserted the newest link, while that link is neither released nor older than `ADMIN_LOCK_HOLD_MS`. A writer that
 * dies holding it leaves a link that goes stale and is taken over by inserting the next one; links are never
 * deleted, so a stalled writer cannot insert an old number again. A holder checks `stillHeld()` right before its
 * write, so one stalled past half the hold time gives up instead of writing after a takeover.
 */
export class AdminLocks {
  constructor(private readonly models: Models) {}

  async withLock<T>(work: (stillHeld: () => boolean) => Promise<T>): Promise<T> {
    const deadline = Date.now() + WAIT_MS;
    for (;;) {
      const newest = await this.newest();
      if (newest && !newest.releasedAt && Date.now() - newest.at.getTime() < ADMIN_LOCK_HOLD_MS) {
        if (Date.now() > deadline) {
          throw new AppError("conflict", "Another change of the admins is under way; try again");
        }
        await sleep(5 + Math.random() * 20);
        continue;
      }
      const link: AdminLockDoc = { _id: (newest?._id ?? 0) + 1, owner: randomUUID(), at: new Date() };
      const taken = await this.models.adminLocks.collection.insertOne(link as never).then(
        () => true,
        (error: unknown) => {
          if (isDuplicateKey(error)) return false;
          throw error;
        },
      );
      if (!taken) continue;
      try {
        return await work(() => Date.now() - link.at.getTime() < ADMIN_LOCK_HOLD_MS / 2);
      } finally {
        await this.models.adminLocks
          .updateOne({ _id: link._id, owner: link.owner }, { $set: { releasedAt: new Date() } })
          .catch(() => undefined); // not released: it goes stale and is taken over
      }
    }
  }

  private async newest(): Promise<AdminLockDoc | undefined> {
    const [link] = await this.models.adminLocks.find().sort({ _id: -1 }).limit(1).lean<AdminLockDoc[]>();
    return link;
  }
}
