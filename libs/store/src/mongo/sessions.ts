import type {
  LoginAttempt,
  LoginAttemptRepository,
  LoginReservation,
  SessionFederation,
  SessionRecord,
  SessionRepository,
} from "../repositories.js";
import { isDuplicateKey } from "./errors.js";
import type { Models } from "./models.js";

interface SessionDoc {
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date | null;
  federation?: SessionFederation | null;
}

const toSession = ({ _id, revokedAt, federation, ...rest }: SessionDoc): SessionRecord => ({
  tokenHash: _id,
  ...rest,
  ...(revokedAt ? { revokedAt } : {}),
  ...(federation ? { federation } : {}),
});

export class MongoSessions implements SessionRepository {
  constructor(private readonly models: Models) {}

  async create(session: Omit<SessionRecord, "revokedAt">): Promise<SessionRecord> {
    const { tokenHash, ...rest } = session;
    await this.models.sessions.collection.insertOne({ _id: tokenHash, ...rest } as never);
    return { ...session };
  }

  async findActive(tokenHash: string, now: Date): Promise<SessionRecord | undefined> {
    const doc = await this.models.sessions.findById(tokenHash).lean<SessionDoc>();
    if (!doc || doc.revokedAt || doc.expiresAt <= now) return undefined;
    return toSession(doc);
  }

  async revoke(tokenHash: string, at: Date): Promise<void> {
    await this.models.sessions.updateOne({ _id: tokenHash, revokedAt: null }, { $set: { revokedAt: at } });
  }

  async revokeAllOfUser(userId: string, at: Date): Promise<number> {
    const result = await this.models.sessions.updateMany(
      { userId, revokedAt: null, expiresAt: { $gt: at } },
      { $set: { revokedAt: at } },
    );
    return result.modifiedCount;
  }

  async updateFederation(tokenHash: string, federation: SessionFederation): Promise<void> {
    await this.models.sessions.updateOne({ _id: tokenHash }, { $set: { federation } });
  }
}

interface AttemptDoc {
  _id: unknown;
  key: string;
  n?: number;
  at: Date;
  succeeded: boolean;
}

/** How many times in a row a reservation may lose its slot to other attempts of the key before it is refused. */
const MAX_SLOT_TRIES = 25;

/**
 * Attempts are inserted, never deleted while they matter, each in the key's next slot: `_id` = "<key>#<n>", n = 1, 2,
 * ... Whoever inserts slot n+1 first wins it, so the writers of one key are serialized by the unique `_id` alone
 * (FerretDB does not perform conditional updates atomically). A reservation reads the newest slot n first, then the
 * attempts, decides, and inserts n+1: any attempt appended after its read holds a slot > n, so if one did, the insert
 * of n+1 fails (or the other writer's does), and the loser reads again. Slots are taken in order (n+1 is inserted only
 * after n exists), so no attempt can appear below the newest slot. The only update marks a reservation succeeded.
 */
export class MongoLoginAttempts implements LoginAttemptRepository {
  constructor(private readonly models: Models) {}

  async record(key: string, attempt: LoginAttempt): Promise<void> {
    for (let tries = 0; ; tries++) {
      const n = await this.newestSlot(key);
      const inserted = await this.insertSlot(key, n + 1, attempt);
      if (inserted) return;
      if (tries >= MAX_SLOT_TRIES * 4)
        throw new Error(`could not append a login attempt for ${key}: too much contention`);
    }
  }

  async reserve(
    key: string,
    since: Date,
    at: Date,
    admit: (attempts: LoginAttempt[]) => boolean,
  ): Promise<LoginReservation> {
    let attempts: LoginAttempt[] = [];
    for (let tries = 0; tries < MAX_SLOT_TRIES; tries++) {
      // The newest slot first: an attempt appended after this read takes a slot the insert below competes for.
      const n = await this.newestSlot(key);
      attempts = await this.since(key, since);
      if (!admit(attempts)) return { admitted: false, attempts };
      const id = await this.insertSlot(key, n + 1, { at, succeeded: false });
      if (id) return { admitted: true, id };
      if (tries >= 5) await new Promise((resolve) => setTimeout(resolve, Math.random() * 20));
    }
    return { admitted: false, attempts };
  }

  async markSucceeded(key: string, id: string): Promise<void> {
    await this.models.loginAttempts.updateOne({ _id: id, key } as never, { $set: { succeeded: true } });
  }

  async since(key: string, since: Date): Promise<LoginAttempt[]> {
    const docs = await this.models.loginAttempts
      .find({ key, at: { $gte: since } })
      .sort({ at: 1, n: 1 })
      .lean<AttemptDoc[]>();
    return docs.map(({ at, succeeded }) => ({ at, succeeded }));
  }

  async keysStartingWith(prefix: string): Promise<string[]> {
    const pattern = `^${prefix.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`;
    const keys = (await this.models.loginAttempts.distinct("key", { key: { $regex: pattern } })) as string[];
    return keys.filter((key) => key.startsWith(prefix)).sort();
  }

  async prune(before: Date): Promise<void> {
    await this.models.loginAttempts.deleteMany({ at: { $lt: before } });
  }

  /** The key's newest slot number, 0 when it has none (attempts stored before slots count as 0). */
  private async newestSlot(key: string): Promise<number> {
    const [doc] = await this.models.loginAttempts
      .find({ key, n: { $gte: 1 } })
      .sort({ n: -1 })
      .limit(1)
      .lean<AttemptDoc[]>();
    return doc?.n ?? 0;
  }

  /** Inserts the attempt in slot n; its id, or undefined when another attempt took the slot first. */
  private async insertSlot(key: string, n: number, attempt: LoginAttempt): Promise<string | undefined> {
    const _id = `${key}#${n}`;
    try {
      await this.models.loginAttempts.collection.insertOne({ _id, key, n, ...attempt } as never);
      return _id;
    } catch (error) {
      if (isDuplicateKey(error)) return undefined;
      throw error;
    }
  }
}
