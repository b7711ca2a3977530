import type { SQLInputValue } from "node:sqlite";
import type { OperationChanges, OperationRecord, OperationStatus, TransitionCondition } from "../repositories.js";
import { date, iso, type Row } from "./sql.js";

/** The record of a row, with its document as read (operation-parts.ts). */
export function toOperation(row: Row, document: Record<string, unknown>): OperationRecord {
  return {
    id: String(row.id),
    clusterId: String(row.cluster_id),
    type: String(row.type),
    status: row.status as OperationStatus,
    version: Number(row.version),
    ...(row.lease_owner ? { lease: { owner: String(row.lease_owner), expiresAt: date(row.lease_expires_at) } } : {}),
    expiresAt: date(row.expires_at),
    document,
    createdAt: date(row.created_at),
    updatedAt: date(row.updated_at),
  };
}

/** A SQL fragment with its parameters. */
export interface Clause {
  sql: string[];
  values: SQLInputValue[];
}

export const placeholders = (values: readonly unknown[]) => values.map(() => "?").join(", ") || "NULL";

/** The SET list of a transition (the version and updated_at are bumped by the caller); `doc`: the document's text. */
export function setClause(changes: OperationChanges, doc?: string): Clause {
  const clause: Clause = { sql: [], values: [] };
  const add = (sql: string, ...values: SQLInputValue[]) => {
    clause.sql.push(sql);
    clause.values.push(...values);
  };
  if (changes.status !== undefined) add("status = ?", changes.status);
  if (doc !== undefined) add("doc = ?", doc);
  if (changes.lease !== undefined) {
    add("lease_owner = ?", changes.lease?.owner ?? null);
    add("lease_expires_at = ?", changes.lease ? iso(changes.lease.expiresAt) : null);
  }
  return clause;
}

/** The WHERE conditions of a transition, beyond the id. */
export function whereClause(condition: TransitionCondition): Clause {
  const clause: Clause = { sql: [`status IN (${placeholders(condition.from)})`], values: [...condition.from] };
  if (condition.version !== undefined) {
    clause.sql.push("version = ?");
    clause.values.push(condition.version);
  }
  return clause;
}
