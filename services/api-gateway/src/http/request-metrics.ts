import type { Metrics } from "@kcp/metrics";
import type { NextFunction, Request, Response } from "express";
import { onFinish } from "./on-finish.js";

/**
 * Times every request into `kcp_http_request_duration_seconds`, labelled by the matched route's pattern (never the raw
 * path, whose ids would make labels without bound); requests no route matched count as "unmatched".
 */
export function requestMetrics(metrics: Metrics) {
  return (req: Request, res: Response, next: NextFunction) => {
    const stop = metrics.httpRequestDuration.startTimer();
    onFinish(req, res, () => {
      const route =
        res.locals.route?.path ?? (req.path === "/healthz" || req.path === "/readyz" ? req.path : "unmatched");
      stop({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
