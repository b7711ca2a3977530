import { AppError } from "@kcp/shared";

/**
 * A unique-index violation: MongoDB's code 11000. FerretDB reports one caused by an update as an internal error
 * (code 1) quoting SQLite's "UNIQUE constraint failed", so that is recognised too.
 */
export function isDuplicateKey(error: unknown): boolean {
  const { code, message } = (error ?? {}) as { code?: unknown; message?: unknown };
  return code === 11000 || (code === 1 && typeof message === "string" && message.includes("UNIQUE constraint failed"));
}

export function alreadyExists(what: string, error: unknown): never {
  if (isDuplicateKey(error)) throw new AppError("already_exists", what);
  throw error;
}

let sequence = 0;

/**
 * A number that increases with time, unique in this process and very likely across processes: milliseconds × 1000
 * plus a counter. Writers insert it under a unique index and take the next one on a clash.
 */
export function timeOrderedNumber(): number {
  sequence = (sequence + 1) % 1000;
  return Date.now() * 1000 + sequence;
}
