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

/** Whether the request announces a body (a length other than 0, or a chunked one). */
export function hasBody(req: Request): boolean {
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
 * The parser's errors, translated once, here, into the envelope's codes, with fixed messages: the parser's messages quote
 * the body, which may hold secrets.
 */
const translateParserErrors =
  (limit: number) => (error: unknown, _req: Request, _res: Response, next: NextFunction) => {
    const type = (error as { type?: unknown } | null)?.type;
    if (type === "entity.too.large") {
      next(new AppError("payload_too_large", `The request body is larger than ${limit} bytes`));
    } else if (type === "entity.too.deep") {
      next(
        new AppError("bad_request", `The request body nests objects and arrays deeper than ${MAX_JSON_DEPTH} levels`),
      );
    } else if (type === "entity.parse.failed") {
      next(new AppError("bad_request", "The request body is not valid JSON"));
    } else if (type === "encoding.unsupported" || type === "charset.unsupported") {
      next(new AppError("bad_request", "The request body must be UTF-8 JSON"));
    } else {
      next(error);
    }
  };

const parser = (limit: number) =>
  express.json({ limit, strict: true, type: "application/json", verify: refuseDeepNesting });

/**
 * A route's JSON body read as bytes up to `limit`, not parsed (`req.body` a Buffer): for a route whose `parseBody` parses
 * it off the request thread (and refuses what is not JSON, or nested too deep, as jsonBody does).
 */
export function rawJsonBody(limit = JSON_BODY_LIMIT_BYTES) {
  return [requireJsonContentType, express.raw({ limit, type: "application/json" }), translateParserErrors(limit)];
}

/**
 * A route's JSON body, parsed up to `limit` (JSON_BODY_LIMIT_BYTES unless the route says more). Mounted by the route
 * table after the route's role guard: no body is read for a request the route refuses (no session, a lower role).
 */
export function jsonBody(limit = JSON_BODY_LIMIT_BYTES) {
  return [requireJsonContentType, parser(limit), translateParserErrors(limit)];
}
