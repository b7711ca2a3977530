import { AppError } from "@kcp/shared";
import express, { type NextFunction, type Request, type Response } from "express";
import { exceedsJsonDepth, MAX_JSON_DEPTH } from "./json-depth.js";

/** The JSON body limit: 1 MiB (413 payload_too_large above). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * The body limit of a desired-state plan: 16 MiB. Its files declare every resource of a team (10,000 topics with their
 * configs are 1.3 MiB of JSON); every other route keeps JSON_BODY_LIMIT_BYTES.
 */
export const DESIRED_STATE_PLAN_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

/** `POST /api/v1/clusters/:id/desired-state/plan` as the router matches it (case-insensitive, a trailing slash too). */
const DESIRED_STATE_PLAN_PATH = /^\/api\/v1\/clusters\/[^/]+\/desired-state\/plan\/?$/i;

/** The body limit of the request's route: the plan's own, or JSON_BODY_LIMIT_BYTES. */
function bodyLimitOf(req: Request): number {
  return req.method === "POST" && DESIRED_STATE_PLAN_PATH.test(req.path)
    ? DESIRED_STATE_PLAN_BODY_LIMIT_BYTES
    : JSON_BODY_LIMIT_BYTES;
}

function hasBody(req: Request): boolean {
  const length = req.get("content-length");
  return req.get("transfer-encoding") !== undefined || (length !== undefined && length !== "0");
}

/** The charset a Content-Type names, lower-cased; undefined when it names none. */
function charsetOf(req: Request): string | undefined {
  return /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(req.get("content-type") ?? "")?.[1]?.toLowerCase();
}

/** A request that sends a body must send JSON in UTF-8 (400 `bad_request` otherwise: RFC 8259 allows no other). */
function requireJsonContentType(req: Request, _res: Response, next: NextFunction) {
  if (!hasBody(req)) {
    next();
    return;
  }
  if (!req.is("application/json")) {
    next(new AppError("bad_request", "The request body must be JSON (Content-Type: application/json)"));
    return;
  }
  const charset = charsetOf(req);
  if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
    next(new AppError("bad_request", "The request body must be UTF-8 JSON"));
    return;
  }
  next();
}

/** Refuses a body nested deeper than MAX_JSON_DEPTH before it is parsed. */
function refuseDeepNesting(_req: Request, _res: Response, body: Buffer) {
  if (exceedsJsonDepth(body)) throw Object.assign(new Error("too deep"), { type: "entity.too.deep" });
}

/**
 * Parses JSON bodies up to the route's limit (1 MiB, a desired-state plan 16 MiB). The parser's own errors are
 * translated once, here, into the envelope's codes, with fixed messages: the parser's messages quote the body, which
 * may hold secrets.
 */
function translateParserErrors(error: unknown, req: Request, _res: Response, next: NextFunction) {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === "entity.too.large") {
    next(new AppError("payload_too_large", `The request body is larger than ${bodyLimitOf(req)} bytes`));
  } else if (type === "entity.too.deep") {
    next(new AppError("bad_request", `The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`));
  } else if (type === "entity.parse.failed") {
    next(new AppError("bad_request", "The request body is not valid JSON"));
  } else if (type === "encoding.unsupported" || type === "charset.unsupported") {
    next(new AppError("bad_request", "The request body must be UTF-8 JSON"));
  } else {
    next(error);
  }
}

const parser = (limit: number) =>
  express.json({ limit, strict: true, type: "application/json", verify: refuseDeepNesting });

/** Runs `handler` only for requests of the desired-state plan route (`plan` true) or only for the others. */
function onlyFor(plan: boolean, handler: (req: Request, res: Response, next: NextFunction) => void) {
  return (req: Request, res: Response, next: NextFunction) => {
    if ((bodyLimitOf(req) === DESIRED_STATE_PLAN_BODY_LIMIT_BYTES) === plan) handler(req, res, next);
    else next();
  };
}

/**
 * The JSON body of every request but a desired-state plan, parsed up to 1 MiB before anything else (a malformed body is
 * 400 whoever sends it).
 */
export function jsonBody() {
  return [onlyFor(false, requireJsonContentType), onlyFor(false, parser(JSON_BODY_LIMIT_BYTES)), translateParserErrors];
}

/**
 * A desired-state plan's body (up to 16 MiB), parsed only once the request carries the CSRF header and a valid session
 * or token (401 otherwise, before a byte of the body is read): nobody without one makes the service parse 16 MiB.
 */
export function planJsonBody() {
  const requireSession = (req: Request, _res: Response, next: NextFunction) =>
    next(req.principal ? undefined : new AppError("unauthenticated"));
  return [
    onlyFor(true, requireSession),
    onlyFor(true, requireJsonContentType),
    onlyFor(true, parser(DESIRED_STATE_PLAN_BODY_LIMIT_BYTES)),
    translateParserErrors,
  ];
}
