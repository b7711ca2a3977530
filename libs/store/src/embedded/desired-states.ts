import type { DatabaseSync } from "node:sqlite";
import type { DesiredStateRecord, DesiredStateRepository } from "../repositories.js";
import { date, iso, type Row } from "./sql.js";

const toRecord = (row: Row): DesiredStateRecord => ({
  clusterId: String(row.cluster_id),
  key: String(row.key),
  body: String(row.body),
  updatedAt: date(row.updated_at),
});

export class EmbeddedDesiredStates implements DesiredStateRepository {
  constructor(private readonly db: DatabaseSync) {}

  async put(record: DesiredStateRecord): Promise<void> {
    this.db
      .prepare(
        `INSERT INTO desired_states (cluster_id, key, body, updated_at) VALUES (?, ?, ?, ?)
         ON CONFLICT (cluster_id, key) DO UPDATE SET body = excluded.body, updated_at = excluded.updated_at`,
      )
      .run(record.clusterId, record.key, record.body, iso(record.updatedAt));
  }

  async get(clusterId: string, key: string): Promise<DesiredStateRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM desired_states WHERE cluster_id = ? AND key = ?").get(clusterId, key);
    return row ? toRecord(row as Row) : undefined;
  }

  async list(clusterId: string, prefix: string): Promise<DesiredStateRecord[]> {
    // substr rather than LIKE: a key may hold % or _ (file paths do).
    const rows = this.db
      .prepare("SELECT * FROM desired_states WHERE cluster_id = ? AND substr(key, 1, ?) = ? ORDER BY key")
      .all(clusterId, prefix.length, prefix) as Row[];
    return rows.map(toRecord);
  }

  async remove(clusterId: string, key: string): Promise<boolean> {
    const result = this.db.prepare("DELETE FROM desired_states WHERE cluster_id = ? AND key = ?").run(clusterId, key);
    return Number(result.changes) > 0;
  }

  async removeCluster(clusterId: string): Promise<void> {
    this.db.prepare("DELETE FROM desired_states WHERE cluster_id = ?").run(clusterId);
  }
}
