import type { DatabaseSync } from "node:sqlite";
import type {
  LoginAttempt,
  LoginAttemptRepository,
  LoginReservation,
  SessionFederation,
  SessionRecord,
  SessionRepository,
} from "../repositories.js";
import { date, iso, json, parse, type Row, transaction } from "./sql.js";

const toFederation = (text: unknown): SessionFederation => {
  const { checkedAt, ...rest } = parse<Omit<SessionFederation, "checkedAt"> & { checkedAt: string }>(text);
  return { ...rest, checkedAt: date(checkedAt) };
};

function toSession(row: Row): SessionRecord {
  return {
    tokenHash: String(row.token_hash),
    userId: String(row.user_id),
    createdAt: date(row.created_at),
    expiresAt: date(row.expires_at),
    ...(row.revoked_at ? { revokedAt: date(row.revoked_at) } : {}),
    ...(row.federation ? { federation: toFederation(row.federation) } : {}),
  };
}

export class EmbeddedSessions implements SessionRepository {
  constructor(private readonly db: DatabaseSync) {}

  async create(session: Omit<SessionRecord, "revokedAt">): Promise<SessionRecord> {
    this.db
      .prepare("INSERT INTO sessions (token_hash, user_id, created_at, expires_at, federation) VALUES (?, ?, ?, ?, ?)")
      .run(
        session.tokenHash,
        session.userId,
        iso(session.createdAt),
        iso(session.expiresAt),
        session.federation ? json(session.federation) : null,
      );
    return { ...session };
  }

  async findActive(tokenHash: string, now: Date): Promise<SessionRecord | undefined> {
    const row = this.db
      .prepare("SELECT * FROM sessions WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?")
      .get(tokenHash, iso(now)) as Row | undefined;
    return row && toSession(row);
  }

  async revoke(tokenHash: string, at: Date): Promise<void> {
    this.db
      .prepare("UPDATE sessions SET revoked_at = ? WHERE token_hash = ? AND revoked_at IS NULL")
      .run(iso(at), tokenHash);
  }

  async revokeAllOfUser(userId: string, at: Date): Promise<number> {
    const result = this.db
      .prepare("UPDATE sessions SET revoked_at = ? WHERE user_id = ? AND revoked_at IS NULL AND expires_at > ?")
      .run(iso(at), userId, iso(at));
    return Number(result.changes);
  }

  async updateFederation(tokenHash: string, federation: SessionFederation): Promise<void> {
    this.db.prepare("UPDATE sessions SET federation = ? WHERE token_hash = ?").run(json(federation), tokenHash);
  }
}

export class EmbeddedLoginAttempts implements LoginAttemptRepository {
  constructor(private readonly db: DatabaseSync) {}

  async record(key: string, attempt: LoginAttempt): Promise<void> {
    this.db
      .prepare("INSERT INTO login_attempts (key, at, succeeded) VALUES (?, ?, ?)")
      .run(key, iso(attempt.at), attempt.succeeded ? 1 : 0);
  }

  /** One write transaction: SQLite's single writer serializes it with every other reservation, in any process. */
  async reserve(
    key: string,
    since: Date,
    at: Date,
    admit: (attempts: LoginAttempt[]) => boolean,
  ): Promise<LoginReservation> {
    return transaction(this.db, () => {
      const attempts = this.read(key, since);
      if (!admit(attempts)) return { admitted: false, attempts };
      const result = this.db
        .prepare("INSERT INTO login_attempts (key, at, succeeded) VALUES (?, ?, 0)")
        .run(key, iso(at));
      return { admitted: true, id: String(result.lastInsertRowid) };
    });
  }

  async markSucceeded(key: string, id: string): Promise<void> {
    this.db.prepare("UPDATE login_attempts SET succeeded = 1 WHERE id = ? AND key = ?").run(Number(id), key);
  }

  async since(key: string, since: Date): Promise<LoginAttempt[]> {
    return this.read(key, since);
  }

  async keysStartingWith(prefix: string): Promise<string[]> {
    const rows = this.db
      .prepare("SELECT DISTINCT key FROM login_attempts WHERE substr(key, 1, length(?)) = ? ORDER BY key")
      .all(prefix, prefix) as Row[];
    return rows.map((row) => String(row.key));
  }

  private read(key: string, since: Date): LoginAttempt[] {
    const rows = this.db
      .prepare("SELECT at, succeeded FROM login_attempts WHERE key = ? AND at >= ? ORDER BY at, id")
      .all(key, iso(since)) as Row[];
    return rows.map((row) => ({ at: date(row.at), succeeded: row.succeeded === 1 }));
  }

  async prune(before: Date): Promise<void> {
    this.db.prepare("DELETE FROM login_attempts WHERE at < ?").run(iso(before));
  }
}
