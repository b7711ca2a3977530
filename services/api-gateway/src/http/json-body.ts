import { AppError } from "@kcp/shared";
import express, { type NextFunction, type Request, type Response } from "express";

/** The JSON body limit of the contract (§4). */
export const JSON_BODY_LIMIT_BYTES = 1024 * 1024;

function hasBody(req: Request): boolean {
  const length = req.get("content-length");
  return req.get("transfer-encoding") !== undefined || (length !== undefined && length !== "0");
}

/** A request that sends a body must send JSON (400 `bad_request` otherwise). */
function requireJsonContentType(req: Request, _res: Response, next: NextFunction) {
  if (hasBody(req) && !req.is("application/json")) {
    next(new AppError("bad_request", "The request body must be JSON (Content-Type: application/json)"));
    return;
  }
  next();
}

/**
 * Parses JSON bodies up to 1 MiB. The parser's own errors are translated once, here, into the envelope's codes,
 * with fixed messages: the parser's messages quote the body, which may hold secrets.
 */
function translateParserErrors(error: unknown, _req: Request, _res: Response, next: NextFunction) {
  const type = (error as { type?: unknown } | null)?.type;
  if (type === "entity.too.large") {
    next(new AppError("payload_too_large", `The request body is larger than ${JSON_BODY_LIMIT_BYTES} bytes`));
  } else if (type === "entity.parse.failed") {
    next(new AppError("bad_request", "The request body is not valid JSON"));
  } else if (type === "encoding.unsupported" || type === "charset.unsupported") {
    next(new AppError("bad_request", "The request body must be UTF-8 JSON"));
  } else {
    next(error);
  }
}

export function jsonBody() {
  return [
    requireJsonContentType,
    express.json({ limit: JSON_BODY_LIMIT_BYTES, strict: true, type: "application/json" }),
    translateParserErrors,
  ];
}
