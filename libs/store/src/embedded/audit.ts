import type { DatabaseSync } from "node:sqlite";
import type { AuditRecord, AuditRepository } from "../repositories.js";
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

  async list(query: { clusterId?: string; limit: number }): Promise<AuditRecord[]> {
    const rows =
      query.clusterId === undefined
        ? this.db.prepare("SELECT * FROM audit ORDER BY id DESC LIMIT ?").all(query.limit)
        : this.db
            .prepare("SELECT * FROM audit WHERE cluster_id = ? ORDER BY id DESC LIMIT ?")
            .all(query.clusterId, query.limit);
    return (rows as Row[]).map(toEntry);
  }
}
