import type { DatabaseSync } from "node:sqlite";
import { AppError } from "@kcp/shared";
import {
  ACTIVE_STATUSES,
  type NewOperation,
  type OperationChanges,
  type OperationRecord,
  type OperationRepository,
  type TransitionCondition,
} from "../repositories.js";
import { type Clause, placeholders, setClause, toOperation, whereClause } from "./operation-rows.js";
import { iso, isUniqueViolation, json, type Row } from "./sql.js";

const ACTIVE_IN = `status IN (${placeholders(ACTIVE_STATUSES)})`;

/**
 * Operations in SQLite. Each conditional write is one UPDATE whose WHERE clause is the condition (SQLite runs each
 * statement atomically, and one writer at a time even across processes); a partial unique index on `cluster_id` over
 * the active statuses enforces one active operation per cluster.
 */
export class EmbeddedOperations implements OperationRepository {
  constructor(private readonly db: DatabaseSync) {}

  async create(operation: NewOperation): Promise<OperationRecord> {
    const now = iso(operation.createdAt ?? new Date());
    // seq orders a cluster's operations by creation, also across processes sharing the file (one statement).
    this.db
      .prepare(
        `INSERT INTO operations (id, cluster_id, type, status, version, expires_at, doc, created_at, updated_at, seq)
         VALUES (?, ?, ?, 'planned', 1, ?, ?, ?, ?,
                 (SELECT COALESCE(MAX(seq), 0) + 1 FROM operations WHERE cluster_id = ?))`,
      )
      .run(
        operation.id,
        operation.clusterId,
        operation.type,
        iso(operation.expiresAt),
        json(operation.document),
        now,
        now,
        operation.clusterId,
      );
    return this.get(operation.id);
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
      .prepare(`SELECT * FROM operations WHERE cluster_id = ? AND ${ACTIVE_IN}`)
      .get(clusterId, ...ACTIVE_STATUSES) as Row | undefined;
    return row && toOperation(row);
  }

  async transition(id: string, condition: TransitionCondition, changes: OperationChanges) {
    const current = await this.get(id);
    try {
      return await this.update(id, setClause(changes), whereClause(condition));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError("conflict", `Another operation is pending, running or paused on cluster ${current.clusterId}`);
    }
  }

  async acquireLease(id: string, owner: string, until: Date, now: Date) {
    return this.update(
      id,
      { sql: ["lease_owner = ?", "lease_expires_at = ?"], values: [owner, iso(until)] },
      { sql: ["(lease_owner IS NULL OR lease_owner = ? OR lease_expires_at <= ?)"], values: [owner, iso(now)] },
    );
  }

  async renewLease(id: string, owner: string, until: Date) {
    return this.update(
      id,
      { sql: ["lease_expires_at = ?"], values: [iso(until)] },
      { sql: ["lease_owner = ?"], values: [owner] },
    );
  }

  async releaseLease(id: string, owner: string) {
    return this.update(
      id,
      { sql: ["lease_owner = NULL", "lease_expires_at = NULL"], values: [] },
      { sql: ["lease_owner = ?"], values: [owner] },
    );
  }

  /** One conditional UPDATE that bumps the version; undefined when the condition did not hold. */
  private async update(id: string, set: Clause, where: Clause): Promise<OperationRecord | undefined> {
    const sets = ["version = version + 1", "updated_at = ?", ...set.sql].join(", ");
    const conditions = ["id = ?", ...where.sql].join(" AND ");
    const result = this.db
      .prepare(`UPDATE operations SET ${sets} WHERE ${conditions}`)
      .run(iso(new Date()), ...set.values, id, ...where.values);
    if (Number(result.changes) === 1) return this.get(id);
    await this.get(id); // not_found for an unknown id
    return undefined;
  }

  private async get(id: string): Promise<OperationRecord> {
    const operation = await this.findById(id);
    if (!operation) throw new AppError("not_found", `No operation ${id}`);
    return operation;
  }
}
