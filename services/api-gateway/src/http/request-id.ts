import { randomUUID } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import type { Logger } from "pino";

declare global {
  namespace Express {
    interface Request {
      /** The request id: the caller's `X-Request-Id` when it is well-formed, else a fresh UUID. */
      id: string;
      /** A logger whose every line carries the request id. */
      log: Logger;
    }
  }
}

const ACCEPTED_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/** Gives every request an id, echoes it in `X-Request-Id` on every response, and a child logger that carries it. */
export function requestId(logger: Logger) {
  return (req: Request, res: Response, next: NextFunction) => {
    const incoming = req.get("x-request-id");
    req.id = incoming !== undefined && ACCEPTED_ID.test(incoming) ? incoming : randomUUID();
    req.log = logger.child({ requestId: req.id });
    res.setHeader("X-Request-Id", req.id);
    next();
  };
}
