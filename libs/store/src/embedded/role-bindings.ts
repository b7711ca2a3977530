import { randomUUID } from "node:crypto";
import type { DatabaseSync } from "node:sqlite";
import { AppError, type RoleBindingSpec } from "@kcp/shared";
import { fileBindingId, type RoleBindingRecord, type RoleBindingRepository, specOf } from "../role-bindings.js";
import { date, iso, json, parse, type Row, transaction } from "./sql.js";

const toRecord = (row: Row): RoleBindingRecord => ({
  ...parse<RoleBindingSpec>(row.spec),
  id: String(row.id),
  origin: row.origin === "file" ? "file" : "api",
  createdAt: date(row.created_at),
  updatedAt: date(row.updated_at),
});

const fromFile = (id: string) =>
  new AppError("binding_from_file", `Binding ${id} comes from the bindings file: change it there`);

/**
 * Role bindings in one table, and their version in a one-row table bumped in the same transaction as every change:
 * SQLite's single writer orders the changes of every process on the file, so the version read after a change is new.
 */
export class EmbeddedRoleBindings implements RoleBindingRepository {
  constructor(private readonly db: DatabaseSync) {}

  private bump(): void {
    this.db.prepare("UPDATE role_binding_version SET n = n + 1 WHERE id = 1").run();
  }

  private row(id: string): Row | undefined {
    return this.db.prepare("SELECT * FROM role_bindings WHERE id = ?").get(id) as Row | undefined;
  }

  async create(spec: RoleBindingSpec): Promise<RoleBindingRecord> {
    const id = randomUUID();
    const now = iso(new Date());
    transaction(this.db, () => {
      this.db
        .prepare(
          `INSERT INTO role_bindings (id, origin, spec, created_at, updated_at, seq)
           VALUES (?, 'api', ?, ?, ?, (SELECT COALESCE(MAX(seq), 0) + 1 FROM role_bindings WHERE origin = 'api'))`,
        )
        .run(id, json(specOf(spec)), now, now);
      this.bump();
    });
    return toRecord(this.row(id) as Row);
  }

  async get(id: string): Promise<RoleBindingRecord | undefined> {
    const row = this.row(id);
    return row && toRecord(row);
  }

  async list(): Promise<RoleBindingRecord[]> {
    const rows = this.db.prepare("SELECT * FROM role_bindings ORDER BY origin = 'api', seq").all() as Row[];
    return rows.map(toRecord);
  }

  async update(id: string, spec: RoleBindingSpec): Promise<RoleBindingRecord> {
    transaction(this.db, () => {
      const row = this.row(id);
      if (!row) throw new AppError("not_found", `No binding ${id}`);
      if (row.origin === "file") throw fromFile(id);
      this.db
        .prepare("UPDATE role_bindings SET spec = ?, updated_at = ? WHERE id = ?")
        .run(json(specOf(spec)), iso(new Date()), id);
      this.bump();
    });
    return toRecord(this.row(id) as Row);
  }

  async remove(id: string): Promise<boolean> {
    return transaction(this.db, () => {
      const row = this.row(id);
      if (!row) return false;
      if (row.origin === "file") throw fromFile(id);
      this.db.prepare("DELETE FROM role_bindings WHERE id = ?").run(id);
      this.bump();
      return true;
    });
  }

  async replaceFileBindings(specs: readonly RoleBindingSpec[]): Promise<RoleBindingRecord[]> {
    const now = iso(new Date());
    transaction(this.db, () => {
      const before = new Map(
        (this.db.prepare("SELECT id, created_at FROM role_bindings WHERE origin = 'file'").all() as Row[]).map(
          (row) => [String(row.id), String(row.created_at)],
        ),
      );
      this.db.prepare("DELETE FROM role_bindings WHERE origin = 'file'").run();
      const insert = this.db.prepare(
        "INSERT INTO role_bindings (id, origin, spec, created_at, updated_at, seq) VALUES (?, 'file', ?, ?, ?, ?)",
      );
      specs.forEach((spec, n) => {
        const id = fileBindingId(spec);
        const createdAt = before.get(id) ?? now;
        insert.run(id, json(specOf(spec)), createdAt, before.has(id) ? createdAt : now, n);
      });
      this.bump();
    });
    return (await this.list()).filter((binding) => binding.origin === "file");
  }

  async version(): Promise<string> {
    const row = this.db.prepare("SELECT n FROM role_binding_version WHERE id = 1").get() as Row | undefined;
    return String(row?.n ?? 0);
  }
}
