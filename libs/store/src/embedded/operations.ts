import type { DatabaseSync } from "node:sqlite";
import { ACTIVE_OPERATION_STATUSES, AppError } from "@kcp/shared";
import { type PartRef, type SplitDocument, splitDocument } from "../document-parts.js";
import type {
  ItemsPage,
  NewOperation,
  OperationChanges,
  OperationPage,
  OperationPageQuery,
  OperationReadOptions,
  OperationRecord,
  OperationRepository,
  TransitionCondition,
} from "../repositories.js";
import { EmbeddedOperationParts } from "./operation-parts.js";
import { type Clause, placeholders, setClause, toOperation, whereClause } from "./operation-rows.js";
import { iso, isUniqueViolation, type Row, transaction } from "./sql.js";

const ACTIVE_IN = `status IN (${placeholders(ACTIVE_OPERATION_STATUSES)})`;

/** A conditional write whose condition did not hold: its transaction is rolled back. */
class NotApplied extends Error {}

/**
 * Operations in SQLite. Each conditional write is one UPDATE whose WHERE clause is the condition (SQLite runs each
 * statement atomically, and one writer at a time even across processes); a partial unique index on `cluster_id` over
 * the active statuses enforces one active operation per cluster. Large arrays of a document are rows of
 * `operation_parts` (operation-parts.ts), written once: a write of progress rewrites only the small rest.
 */
export class EmbeddedOperations implements OperationRepository {
  private readonly parts: EmbeddedOperationParts;

  constructor(private readonly db: DatabaseSync) {
    this.parts = new EmbeddedOperationParts(db);
  }

  private split(id: string, document: Record<string, unknown>): SplitDocument {
    return splitDocument(id, document, this.parts.known);
  }

  async create(operation: NewOperation, options?: OperationReadOptions): Promise<OperationRecord> {
    const now = iso(operation.createdAt ?? new Date());
    const split = this.split(operation.id, operation.document);
    transaction(this.db, () => {
      this.parts.store(operation.id, split.parts.values());
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
          split.inline,
          now,
          now,
          operation.clusterId,
        );
    });
    this.parts.remember(operation.id, split.parts.values());
    return this.get(operation.id, options);
  }

  async findById(id: string, options?: OperationReadOptions): Promise<OperationRecord | undefined> {
    const row = this.db.prepare("SELECT * FROM operations WHERE id = ?").get(id) as Row | undefined;
    return row && this.record(row, options);
  }

  async listByCluster(clusterId: string, limit: number, options?: OperationReadOptions): Promise<OperationRecord[]> {
    const rows = this.db
      .prepare("SELECT * FROM operations WHERE cluster_id = ? ORDER BY seq DESC LIMIT ?")
      .all(clusterId, limit) as Row[];
    return rows.map((row) => this.record(row, options));
  }

  async listPage(clusterId: string, query: OperationPageQuery, options?: OperationReadOptions): Promise<OperationPage> {
    const statuses = query.statuses ?? [];
    const rows = this.db
      .prepare(
        `SELECT * FROM operations WHERE cluster_id = ? AND seq < ?
         ${statuses.length > 0 ? `AND status IN (${statuses.map(() => "?").join(", ")})` : ""}
         ORDER BY seq DESC LIMIT ?`,
      )
      .all(clusterId, query.before ?? Number.MAX_SAFE_INTEGER, ...statuses, query.limit + 1) as Row[];
    const page = rows.slice(0, query.limit);
    const last = page.at(-1);
    return {
      operations: page.map((row) => this.record(row, options)),
      ...(rows.length > query.limit && last ? { nextBefore: Number(last.seq) } : {}),
    };
  }

  async findExpiredPlans(now: Date, limit: number, options?: OperationReadOptions): Promise<OperationRecord[]> {
    const rows = this.db
      .prepare("SELECT * FROM operations WHERE status = 'planned' AND expires_at < ? ORDER BY expires_at LIMIT ?")
      .all(iso(now), limit) as Row[];
    return rows.map((row) => this.record(row, options));
  }

  async findActive(clusterId: string, options?: OperationReadOptions): Promise<OperationRecord | undefined> {
    const row = this.db
      .prepare(`SELECT * FROM operations WHERE cluster_id = ? AND ${ACTIVE_IN}`)
      .get(clusterId, ...ACTIVE_OPERATION_STATUSES) as Row | undefined;
    return row && this.record(row, options);
  }

  async readItems(id: string, ref: PartRef, offset: number, limit: number): Promise<ItemsPage> {
    await this.get(id, { parts: "refs" });
    return this.parts.page(id, ref, offset, limit);
  }

  async resolveParts<T>(id: string, value: T): Promise<T> {
    return this.parts.resolve(id, value);
  }

  async transition(
    id: string,
    condition: TransitionCondition,
    changes: OperationChanges,
    options?: OperationReadOptions,
  ) {
    const current = await this.get(id, { parts: "refs" });
    const split = changes.document === undefined ? undefined : this.split(id, changes.document);
    try {
      return await this.update(id, setClause(changes, split?.inline), whereClause(condition), options, split);
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      throw new AppError("conflict", `Another operation is pending, running or paused on cluster ${current.clusterId}`);
    }
  }

  async acquireLease(id: string, owner: string, until: Date, now: Date, options?: OperationReadOptions) {
    return this.update(
      id,
      { sql: ["lease_owner = ?", "lease_expires_at = ?"], values: [owner, iso(until)] },
      { sql: ["(lease_owner IS NULL OR lease_owner = ? OR lease_expires_at <= ?)"], values: [owner, iso(now)] },
      options,
    );
  }

  async renewLease(id: string, owner: string, until: Date, options?: OperationReadOptions) {
    return this.update(
      id,
      { sql: ["lease_expires_at = ?"], values: [iso(until)] },
      { sql: ["lease_owner = ?"], values: [owner] },
      options,
    );
  }

  async releaseLease(id: string, owner: string, options?: OperationReadOptions) {
    return this.update(
      id,
      { sql: ["lease_owner = NULL", "lease_expires_at = NULL"], values: [] },
      { sql: ["lease_owner = ?"], values: [owner] },
      options,
    );
  }

  /**
   * One conditional UPDATE that bumps the version, with the new parts of a new document and the deletion of the parts
   * it no longer references, in one transaction; undefined when the condition did not hold.
   */
  private async update(
    id: string,
    set: Clause,
    where: Clause,
    options?: OperationReadOptions,
    split?: SplitDocument,
  ): Promise<OperationRecord | undefined> {
    const sets = ["version = version + 1", "updated_at = ?", ...set.sql].join(", ");
    const conditions = ["id = ?", ...where.sql].join(" AND ");
    const applied = (() => {
      try {
        return transaction(this.db, () => {
          if (split) {
            // Parts this write refers to without their text must still be there: a concurrent write that stopped
            // referencing them deleted them, and the write is then one that lost the race.
            const old = [...split.parts.values()].filter((p) => p.known).map((p) => p.id);
            if (!this.parts.allStored(id, [...old, ...split.refs])) throw new NotApplied();
            this.parts.store(id, split.parts.values());
          }
          const result = this.db
            .prepare(`UPDATE operations SET ${sets} WHERE ${conditions}`)
            .run(iso(new Date()), ...set.values, id, ...where.values);
          if (Number(result.changes) !== 1) throw new NotApplied();
          if (split) {
            const keep = new Set(split.ids);
            for (const ref of split.refs) for (const nested of this.parts.nestedOf(id, ref)) keep.add(nested);
            this.parts.keepOnly(id, keep);
          }
          return true;
        });
      } catch (error) {
        if (error instanceof NotApplied) return false;
        throw error;
      }
    })();
    if (applied) {
      if (split) this.parts.remember(id, split.parts.values());
      return this.get(id, options);
    }
    await this.get(id, { parts: "refs" }); // not_found for an unknown id
    return undefined;
  }

  private record(row: Row, options?: OperationReadOptions): OperationRecord {
    const document = this.parts.document(String(row.id), String(row.doc), options?.parts === "refs");
    return toOperation(row, document as Record<string, unknown>);
  }

  private async get(id: string, options?: OperationReadOptions): Promise<OperationRecord> {
    const operation = await this.findById(id, options);
    if (!operation) throw new AppError("not_found", `No operation ${id}`);
    return operation;
  }
}
