import { AppError, toAppError } from "@kcp/shared";
import { isStoreUnavailable } from "@kcp/store";
import type { NextFunction, Request, Response } from "express";

/** Every route that matched nothing: 404 `not_found` in the envelope. */
export function unknownRoute(req: Request, _res: Response, next: NextFunction) {
  next(new AppError("not_found", `No route for ${req.method} ${req.path}`));
}

/** Express fails to decode a path parameter such as `%E0%A4%A`: the caller's mistake, not ours. */
const malformedPath = () => new AppError("bad_request", "The request path holds malformed percent-encoding");

/** The store away (MongoDB restarting, unreachable): a passing state the client may retry, not an internal error. */
const storeUnavailable = (cause: unknown) =>
  new AppError("not_ready", "The store cannot be reached at the moment; try again shortly", {
    headers: { "Retry-After": "5" },
    cause,
  });

function answerFor(error: unknown): AppError {
  if (error instanceof URIError) return malformedPath();
  if (isStoreUnavailable(error)) return storeUnavailable(error);
  return toAppError(error);
}

/**
 * The one place where errors become responses: the envelope `{error: {code, message}}` with the catalog's status.
 * Internal errors are logged with the request id (also in `X-Request-Id`) and answered without any detail.
 */
export function errorResponder(error: unknown, req: Request, res: Response, next: NextFunction) {
  if (res.headersSent) {
    next(error);
    return;
  }
  const appError = answerFor(error);
  if (appError.code === "internal") {
    req.log.error({ err: appError.cause ?? appError }, "unhandled error");
  } else if (appError.code === "not_ready") {
    req.log.warn({ err: appError.cause }, "store unavailable");
  }
  for (const [name, value] of Object.entries(appError.headers)) res.setHeader(name, value);
  res.status(appError.status).json(appError.toEnvelope());
}
