import type { NextFunction, Request, Response } from "express";
import { onFinish } from "./on-finish.js";

/** What orchestrators and Prometheus ask every few seconds: logged at debug level, so they do not drown the rest. */
const PROBES = new Set(["/healthz", "/readyz", "/metrics"]);

/**
 * One line per request when the response is done: method, path, status, duration. Headers and bodies are never
 * logged here (they may carry cookies, tokens and secrets).
 */
export function accessLog() {
  return (req: Request, res: Response, next: NextFunction) => {
    const started = process.hrtime.bigint();
    onFinish(req, res, () => {
      const durationMs = Number(process.hrtime.bigint() - started) / 1e6;
      const line = { method: req.method, path: req.path, status: res.statusCode, durationMs: Math.round(durationMs) };
      if (res.statusCode >= 500) req.log.error(line, "request failed");
      else if (PROBES.has(req.path)) req.log.debug(line, "probe");
      else req.log.info(line, "request");
    });
    next();
  };
}
