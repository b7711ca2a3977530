import type { LoginAttempt, LoginAttemptRepository, SessionRecord, SessionRepository } from "../repositories.js";
import type { Models } from "./models.js";

interface SessionDoc {
  _id: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date | null;
}

const toSession = ({ _id, revokedAt, ...rest }: SessionDoc): SessionRecord => ({
  tokenHash: _id,
  ...rest,
  ...(revokedAt ? { revokedAt } : {}),
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
}

/** Attempts are inserted, never updated: concurrent failures from several gateways all count. */
export class MongoLoginAttempts implements LoginAttemptRepository {
  constructor(private readonly models: Models) {}

  async record(key: string, attempt: LoginAttempt): Promise<void> {
    await this.models.loginAttempts.collection.insertOne({ key, ...attempt } as never);
  }

  async since(key: string, since: Date): Promise<LoginAttempt[]> {
    const docs = await this.models.loginAttempts
      .find({ key, at: { $gte: since } })
      .sort({ at: 1, _id: 1 })
      .lean<{ at: Date; succeeded: boolean }[]>();
    return docs.map(({ at, succeeded }) => ({ at, succeeded }));
  }

  async prune(before: Date): Promise<void> {
    await this.models.loginAttempts.deleteMany({ at: { $lt: before } });
  }
}
