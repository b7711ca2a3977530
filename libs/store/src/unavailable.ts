/** Errors of a MongoDB client that cannot reach its server (the driver's and mongoose's names). */
const UNREACHABLE_NAMES = new Set([
  "MongoServerSelectionError",
  "MongooseServerSelectionError",
  "MongoNetworkError",
  "MongoNetworkTimeoutError",
  "MongoNotConnectedError",
  "MongoPoolClearedError",
  "PoolClearedOnNetworkError",
]);

/** Server errors MongoDB's drivers retry reads and writes on: a server shutting down, stepping down, unreachable. */
const RETRYABLE_CODES = new Set([6, 7, 89, 91, 189, 262, 9001, 10107, 11600, 11602, 13435, 13436]);

/** SQLite's "database is locked" (SQLITE_BUSY): another writer holds the file longer than the busy timeout. */
const SQLITE_BUSY = 5;

/**
 * Whether a store call failed because the store could not be reached for a while (MongoDB away, restarting or
 * stepping down; SQLite busy) rather than because of what was asked: such a call may succeed when tried again.
 * Looks through `cause`. Callers that retry keep their own deadline.
 */
export function isStoreUnavailable(error: unknown): boolean {
  for (let current = error, depth = 0; current instanceof Error && depth < 5; depth++) {
    const { name, code, errcode } = current as Error & { code?: unknown; errcode?: unknown };
    if (UNREACHABLE_NAMES.has(name)) return true;
    if (name === "MongoServerError" && typeof code === "number" && RETRYABLE_CODES.has(code)) return true;
    if (code === "ERR_SQLITE_ERROR" && errcode === SQLITE_BUSY) return true;
    current = current.cause;
  }
  return false;
}
