import type { NextFunction, Request, Response } from "express";

/**
 * API answers carry sessions, configs and audit entries: no browser or proxy cache may keep them. A client that polls
 * (the overview's ETag) still sends `If-None-Match` itself.
 */
export function noStore(_req: Request, res: Response, next: NextFunction) {
  res.setHeader("Cache-Control", "no-store");
  next();
}
