import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { AppError, type Role } from "@kcp/shared";
import type { NewUser, UserRecord, UserRepository } from "../repositories.js";
import { alreadyExists, date, iso, type Row } from "./sql.js";

function toUser(row: Row): UserRecord {
  return {
    id: String(row.id),
    username: String(row.username),
    role: row.role as Role,
    disabled: row.disabled === 1,
    passwordHash: String(row.password_hash),
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
        .prepare("INSERT INTO users VALUES (?, ?, ?, ?, ?, ?, ?)")
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

  async update(id: string, changes: Partial<Pick<UserRecord, "role" | "disabled" | "passwordHash">>) {
    const current = await this.findById(id);
    if (!current) throw new AppError("not_found", `No user ${id}`);
    const next = { ...current, ...changes };
    this.db
      .prepare("UPDATE users SET role = ?, disabled = ?, password_hash = ?, updated_at = ? WHERE id = ?")
      .run(next.role, next.disabled ? 1 : 0, next.passwordHash, iso(new Date()), id);
    return (await this.findById(id)) as UserRecord;
  }

  async count(): Promise<number> {
    return Number((this.db.prepare("SELECT COUNT(*) AS n FROM users").get() as Row).n);
  }
}
