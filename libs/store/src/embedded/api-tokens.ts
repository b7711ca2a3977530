import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import type { ApiTokenRecord, ApiTokenRepository, NewApiToken, Role } from "../repositories.js";
import { date, iso, type Row } from "./sql.js";

function toToken(row: Row): ApiTokenRecord {
  return {
    id: String(row.id),
    name: String(row.name),
    ownerId: String(row.owner_id),
    role: row.role as Role,
    tokenHash: String(row.token_hash),
    createdAt: date(row.created_at),
    expiresAt: date(row.expires_at),
    ...(row.last_used_at ? { lastUsedAt: date(row.last_used_at) } : {}),
    ...(row.revoked_at ? { revokedAt: date(row.revoked_at) } : {}),
  };
}

export class EmbeddedApiTokens implements ApiTokenRepository {
  constructor(private readonly db: DatabaseSync) {}

  async create(token: NewApiToken): Promise<ApiTokenRecord> {
    const record: ApiTokenRecord = { ...token, id: randomUUID(), createdAt: token.createdAt ?? new Date() };
    this.db
      .prepare(
        `INSERT INTO api_tokens (id, name, owner_id, role, token_hash, created_at, expires_at, seq)
         VALUES (?, ?, ?, ?, ?, ?, ?, (SELECT coalesce(max(seq), 0) + 1 FROM api_tokens))`,
      )
      .run(
        record.id,
        record.name,
        record.ownerId,
        record.role,
        record.tokenHash,
        iso(record.createdAt),
        iso(record.expiresAt),
      );
    return record;
  }

  async findById(id: string): Promise<ApiTokenRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM api_tokens WHERE id = ?").get(id) as Row | undefined;
    return row && toToken(row);
  }

  async findActiveByHash(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined> {
    const row = this.db
      .prepare("SELECT * FROM api_tokens WHERE token_hash = ? AND revoked_at IS NULL AND expires_at > ?")
      .get(tokenHash, iso(now)) as Row | undefined;
    return row && toToken(row);
  }

  async list(query: { ownerId?: string }): Promise<ApiTokenRecord[]> {
    const rows =
      query.ownerId === undefined
        ? this.db.prepare("SELECT * FROM api_tokens WHERE revoked_at IS NULL ORDER BY seq DESC").all()
        : this.db
            .prepare("SELECT * FROM api_tokens WHERE owner_id = ? AND revoked_at IS NULL ORDER BY seq DESC")
            .all(query.ownerId);
    return (rows as Row[]).map(toToken);
  }

  async revoke(id: string, at: Date): Promise<boolean> {
    const result = this.db
      .prepare("UPDATE api_tokens SET revoked_at = ? WHERE id = ? AND revoked_at IS NULL")
      .run(iso(at), id);
    return Number(result.changes) > 0;
  }

  async revokeAllOfOwner(ownerId: string, at: Date): Promise<number> {
    const result = this.db
      .prepare("UPDATE api_tokens SET revoked_at = ? WHERE owner_id = ? AND revoked_at IS NULL")
      .run(iso(at), ownerId);
    return Number(result.changes);
  }

  async touch(id: string, at: Date): Promise<void> {
    this.db.prepare("UPDATE api_tokens SET last_used_at = ? WHERE id = ?").run(iso(at), id);
  }
}
