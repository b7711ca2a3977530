import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { AppError, type Role } from "@kcp/shared";
import { federatedConflict } from "../federation.js";
import {
  type FederatedUser,
  isEnabledAdmin,
  LAST_ADMIN_MESSAGE,
  type NewUser,
  type UpdateUserOptions,
  type UserChanges,
  type UserRecord,
  type UserRepository,
} from "../repositories.js";
import { alreadyExists, date, iso, json, parse, type Row, transaction } from "./sql.js";

function toUser(row: Row): UserRecord {
  return {
    id: String(row.id),
    username: String(row.username),
    role: row.role as Role,
    disabled: row.disabled === 1,
    passwordHash: String(row.password_hash),
    ...(row.source == null ? {} : { source: String(row.source), groups: parse<string[]>(row.groups ?? "[]") }),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

export class EmbeddedUsers implements UserRepository {
  constructor(private readonly db: DatabaseSync) {}

  async create(user: NewUser): Promise<UserRecord> {
    const now = iso(new Date());
    const id = randomUUID();
    try {
      this.db
        .prepare(
          "INSERT INTO users (id, username, role, disabled, password_hash, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)",
        )
        .run(id, user.username, user.role, user.disabled ? 1 : 0, user.passwordHash, now, now);
    } catch (error) {
      alreadyExists(`A user named ${user.username} already exists`, error);
    }
    return (await this.findById(id)) as UserRecord;
  }

  async findById(id: string): Promise<UserRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM users WHERE id = ?").get(id) as Row | undefined;
    return row && toUser(row);
  }

  async findByUsername(username: string): Promise<UserRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM users WHERE username = ?").get(username) as Row | undefined;
    return row && toUser(row);
  }

  async list(): Promise<UserRecord[]> {
    return (this.db.prepare("SELECT * FROM users ORDER BY rowid").all() as Row[]).map(toUser);
  }

  /** Read, guard and write in one write transaction: SQLite's single writer makes the last-admin guard atomic. */
  async update(id: string, changes: UserChanges, options: UpdateUserOptions = {}): Promise<UserRecord> {
    transaction(this.db, () => {
      const row = this.db.prepare("SELECT * FROM users WHERE id = ?").get(id) as Row | undefined;
      if (!row) throw new AppError("not_found", `No user ${id}`);
      const current = toUser(row);
      const next = { ...current, ...changes };
      if (options.keepAnEnabledAdmin && isEnabledAdmin(current) && !isEnabledAdmin(next)) {
        const others = this.db
          .prepare("SELECT COUNT(*) AS n FROM users WHERE role = 'admin' AND disabled = 0 AND id <> ?")
          .get(id) as Row;
        if (Number(others.n) === 0) throw new AppError("invalid_request", LAST_ADMIN_MESSAGE);
      }
      this.db
        .prepare("UPDATE users SET role = ?, disabled = ?, password_hash = ?, updated_at = ? WHERE id = ?")
        .run(next.role, next.disabled ? 1 : 0, next.passwordHash, iso(new Date()), id);
    });
    return (await this.findById(id)) as UserRecord;
  }

  /** Read and write in one write transaction: SQLite's single writer makes a first sign-in create one user. */
  async upsertFederated(user: FederatedUser): Promise<UserRecord> {
    const id = transaction(this.db, () => {
      const now = iso(new Date());
      const row = this.db.prepare("SELECT id, source FROM users WHERE username = ?").get(user.username) as
        | Row
        | undefined;
      if (!row) {
        const id = randomUUID();
        this.db
          .prepare(
            "INSERT INTO users (id, username, role, disabled, password_hash, source, groups, created_at, updated_at) " +
              "VALUES (?, ?, 'viewer', 0, '', ?, ?, ?, ?)",
          )
          .run(id, user.username, user.source, json(user.groups), now, now);
        return id;
      }
      if (row.source !== user.source) throw federatedConflict(user);
      this.db
        .prepare("UPDATE users SET groups = ?, updated_at = ? WHERE id = ?")
        .run(json(user.groups), now, String(row.id));
      return String(row.id);
    });
    return (await this.findById(id)) as UserRecord;
  }

  async count(): Promise<number> {
    return Number((this.db.prepare("SELECT COUNT(*) AS n FROM users").get() as Row).n);
  }
}
