import type { DatabaseSync } from "node:sqlite";
import { AppError } from "@kcp/shared";
import {
  ACTIVE_STATUSES,
  type NewOperation,
  type OperationChanges,
  type OperationRecord,
  type OperationRepository,
  type OperationStatus,
  type TransitionCondition,
} from "../repositories.js";
import { date, iso, isUniqueViolation, json, parse, type Row, transaction } from "./sql.js";

function toOperation(row: Row): OperationRecord {
  return {
    id: String(row.id),
    clusterId: String(row.cluster_id),
    type: String(row.type),
    status: row.status as OperationStatus,
    version: Number(row.version),
    ...(row.lease_owner ? { lease: { owner: String(row.lease_owner), expiresAt: date(row.lease_expires_at) } } : {}),
    expiresAt: date(row.expires_at),
    document: parse<Record<string, unknown>>(row.doc),
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

/**
 * Operations in SQLite. Each conditional write is one UPDATE whose WHERE clause is the condition (SQLite runs it
 * atomically); a partial unique index on `cluster_id` over the active statuses enforces one active operation per
 * cluster.
 */
export class EmbeddedOperations implements OperationRepository {
  private seq = 0;

  constructor(private readonly db: DatabaseSync) {
    const row = db.prepare("SELECT MAX(seq) AS seq FROM operations").get() as Row;
    this.seq = Number(row.seq ?? 0);
  }

  async create(operation: NewOperation): Promise<OperationRecord> {
    const now = iso(new Date());
    this.seq += 1;
    this.db
      .prepare(
        "INSERT INTO operations (id, cluster_id, type, status, version, expires_at, doc, created_at, updated_at, seq) VALUES (?, ?, ?, 'planned', 1, ?, ?, ?, ?, ?)",
      )
      .run(
        operation.id,
        operation.clusterId,
        operation.type,
        iso(operation.expiresAt),
        json(operation.document),
        now,
        now,
        this.seq,
      );
    return (await this.findById(operation.id)) as OperationRecord;
  }

  async findById(id: string): Promise<OperationRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM operations WHERE id = ?").get(id) as Row | undefined;
    return row && toOperation(row);
  }

  async listByCluster(clusterId: string, limit: number): Promise<OperationRecord[]> {
    const rows = this.db
      .prepare("SELECT * FROM operations WHERE cluster_id = ? ORDER BY seq DESC LIMIT ?")
      .all(clusterId, limit) as Row[];
    return rows.map(toOperation);
  }

  async findExpiredPlans(now: Date, limit: number): Promise<OperationRecord[]> {
    const rows = this.db
      .prepare("SELECT * FROM operations WHERE status = 'planned' AND expires_at < ? ORDER BY expires_at LIMIT ?")
      .all(iso(now), limit) as Row[];
    return rows.map(toOperation);
  }

  async findActive(clusterId: string): Promise<OperationRecord | undefined> {
    const row = this.db
      .prepare(
        `SELECT * FROM operations WHERE cluster_id = ? AND status IN (${ACTIVE_STATUSES.map(() => "?").join(",")})`,
      )
      .get(clusterId, ...ACTIVE_STATUSES) as Row | undefined;
    return row && toOperation(row);
  }

  async transition(id: string, condition: TransitionCondition, changes: OperationChanges) {
    const current = await this.findById(id);
    if (!current) return undefined;
    const sets = ["version = version + 1", "updated_at = ?"];
    const values: (string | number | null)[] = [iso(new Date())];
    if (changes.status !== undefined) {
      sets.push("status = ?");
      values.push(changes.status);
    }
    if (changes.document !== undefined) {
      sets.push("doc = ?");
      values.push(json(changes.document));
    }
    if (changes.lease !== undefined) {
      sets.push("lease_owner = ?", "lease_expires_at = ?");
      values.push(changes.lease?.owner ?? null, changes.lease ? iso(changes.lease.expiresAt) : null);
    }
    const where = [`id = ?`, `status IN (${condition.from.map(() => "?").join(",") || "NULL"})`];
    values.push(id, ...condition.from);
    if (condition.version !== undefined) {
      where.push("version = ?");
      values.push(condition.version);
    }
    try {
      const result = transaction(this.db, () =>
        this.db.prepare(`UPDATE operations SET ${sets.join(", ")} WHERE ${where.join(" AND ")}`).run(...values),
      );
      return Number(result.changes) === 1 ? this.findById(id) : undefined;
    } catch (error) {
      if (isUniqueViolation(error)) {
        throw new AppError(
          "conflict",
          `Another operation is pending, running or paused on cluster ${current.clusterId}`,
        );
      }
      throw error;
    }
  }

  async acquireLease(id: string, owner: string, until: Date, now: Date) {
    const result = this.db
      .prepare(
        "UPDATE operations SET lease_owner = ?, lease_expires_at = ?, version = version + 1, updated_at = ? WHERE id = ? AND (lease_owner IS NULL OR lease_owner = ? OR lease_expires_at <= ?)",
      )
      .run(owner, iso(until), iso(now), id, owner, iso(now));
    return Number(result.changes) === 1 ? this.findById(id) : undefined;
  }
}
