import { AppError } from "@kcp/shared";
import type { NextFunction, Request, Response } from "express";

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Every non-GET request carries `X-Service-Request: 1` (login included): a header a cross-site form cannot set, so a
 * browser's cookie alone never authorizes a change.
 */
export function requireServiceHeader(req: Request, _res: Response, next: NextFunction) {
  if (!SAFE_METHODS.has(req.method) && req.get("x-service-request") !== "1") {
    next(new AppError("csrf_header_required"));
    return;
  }
  next();
}
