import type { DatabaseSync, SQLInputValue } from "node:sqlite";
import { AppError } from "@kcp/shared";

export type Row = Record<string, SQLInputValue>;

export const iso = (date: Date) => date.toISOString();
export const date = (value: unknown) => new Date(String(value));
export const json = (value: unknown) => JSON.stringify(value);
export const parse = <T>(value: unknown) => JSON.parse(String(value)) as T;

export function isUniqueViolation(error: unknown): boolean {
  return error instanceof Error && /UNIQUE constraint failed/.test(error.message);
}

/** Runs `work` in one write transaction: SQLite's single writer makes each such block atomic. */
export function transaction<T>(db: DatabaseSync, work: () => T): T {
  db.exec("BEGIN IMMEDIATE");
  try {
    const result = work();
    db.exec("COMMIT");
    return result;
  } catch (error) {
    db.exec("ROLLBACK");
    throw error;
  }
}

export function alreadyExists(what: string, error: unknown): never {
  if (isUniqueViolation(error)) throw new AppError("already_exists", what);
  throw error;
}
