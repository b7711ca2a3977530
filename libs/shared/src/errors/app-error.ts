import { ERROR_CATALOG, type ErrorCode, type ErrorEnvelope } from "./catalog.js";

export interface AppErrorOptions {
  /** Extra response headers, e.g. `Retry-After` for `too_many_attempts`. */
  headers?: Record<string, string>;
  cause?: unknown;
}

/**
 * The one error type that crosses layers. Its `code` decides the HTTP status (from the catalog);
 * its `message` is shown to clients, so it must never carry a secret or a stack trace.
 */
export class AppError extends Error {
  readonly code: ErrorCode;
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;

  constructor(code: ErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? ERROR_CATALOG[code].message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = "AppError";
    this.code = code;
    this.status = ERROR_CATALOG[code].status;
    this.headers = options.headers ?? {};
  }

  toEnvelope(): ErrorEnvelope {
    return { error: { code: this.code, message: this.message } };
  }
}

export function isAppError(value: unknown): value is AppError {
  return value instanceof AppError;
}

/** Anything that is not an AppError becomes `internal`, with a message that reveals nothing. */
export function toAppError(value: unknown): AppError {
  return isAppError(value) ? value : new AppError("internal", undefined, { cause: value });
}
