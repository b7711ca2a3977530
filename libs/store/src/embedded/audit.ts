import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import type { AuditFilter, AuditListQuery, AuditRecord, AuditRepository } from "../repositories.js";
import { date, iso, json, parse, type Row } from "./sql.js";

function toEntry(row: Row): AuditRecord {
  return {
    id: Number(row.id),
    at: date(row.at),
    actor: String(row.actor),
    action: String(row.action),
    ...(row.cluster_id ? { clusterId: String(row.cluster_id) } : {}),
    ...(row.target ? { target: String(row.target) } : {}),
    result: row.result as AuditRecord["result"],
    detail: parse<Record<string, unknown>>(row.detail),
  };
}

/** The WHERE clause of a filter (every field an indexed column; `at` is ISO text, so text order is time order). */
function where(filter: AuditFilter & { before?: number }): { sql: string; values: SQLInputValue[] } {
  const clauses: string[] = [];
  const values: SQLInputValue[] = [];
  const add = (clause: string, value: SQLInputValue) => {
    clauses.push(clause);
    values.push(value);
  };
  if (filter.actor !== undefined) add("actor = ?", filter.actor);
  if (filter.action !== undefined) add("action = ?", filter.action);
  if (filter.result !== undefined) add("result = ?", filter.result);
  if (filter.clusterId !== undefined) add("cluster_id = ?", filter.clusterId);
  if (filter.from !== undefined) add("at >= ?", iso(filter.from));
  if (filter.to !== undefined) add("at < ?", iso(filter.to));
  if (filter.before !== undefined) add("id < ?", filter.before);
  return { sql: clauses.length > 0 ? `WHERE ${clauses.join(" AND ")}` : "", values };
}

/** The audit log in SQLite: AUTOINCREMENT ids increase with every entry and are never reused. */
export class EmbeddedAudit implements AuditRepository {
  constructor(private readonly db: DatabaseSync) {}

  async append(entry: Omit<AuditRecord, "id">): Promise<AuditRecord> {
    const result = this.db
      .prepare("INSERT INTO audit (at, actor, action, cluster_id, target, result, detail) VALUES (?, ?, ?, ?, ?, ?, ?)")
      .run(
        iso(entry.at),
        entry.actor,
        entry.action,
        entry.clusterId ?? null,
        entry.target ?? null,
        entry.result,
        json(entry.detail),
      );
    return { ...entry, id: Number(result.lastInsertRowid) };
  }

  async list(query: AuditListQuery): Promise<AuditRecord[]> {
    const { sql, values } = where(query);
    const rows = this.db.prepare(`SELECT * FROM audit ${sql} ORDER BY id DESC LIMIT ?`).all(...values, query.limit);
    return (rows as Row[]).map(toEntry);
  }

  async deleteOlderThan(before: Date): Promise<number> {
    const result = this.db
      .prepare("DELETE FROM audit WHERE at < ? AND id < (SELECT max(id) FROM audit)")
      .run(iso(before));
    return Number(result.changes);
  }
}
