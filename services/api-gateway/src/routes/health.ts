import { type Metrics, metricsAuthorized, metricsUnauthorized } from "@kcp/metrics";
import { AppError, type ReadinessCheck, withDeadline } from "@kcp/shared";
import { Router } from "express";

export interface HealthRoutesOptions {
  checks: readonly ReadinessCheck[];
  /** True once shutdown began: the instance reports not ready so load balancers stop sending to it. */
  isShuttingDown: () => boolean;
  checkTimeoutMs?: number;
  metrics: Metrics;
  /** When set, `/metrics` needs `Authorization: Bearer <this>` (METRICS_TOKEN); the probes stay open. */
  metricsToken?: string;
}

type CheckResult = { ok: true } | { ok: false; error: string };

async function runCheck(check: ReadinessCheck, timeoutMs: number): Promise<CheckResult> {
  try {
    await withDeadline(check.ping(), timeoutMs, `no answer within ${timeoutMs} ms`);
    return { ok: true };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * `/healthz`: the process is up. `/readyz`: every dependency answers (200), else 503 `not_ready` naming them.
 * `/metrics`: Prometheus's text format (outside /api: no session), behind the METRICS_TOKEN when there is one (401
 * `unauthenticated` without it); its series name clusters and consumer groups, so expose it to the scraper only.
 */
export function healthRoutes(options: HealthRoutesOptions): Router {
  const router = Router();
  const timeoutMs = options.checkTimeoutMs ?? 2000;

  router.get("/healthz", (_req, res) => {
    res.json({ status: "ok" });
  });

  router.get("/readyz", async (_req, res) => {
    const entries = await Promise.all(
      options.checks.map(async (check) => [check.name, await runCheck(check, timeoutMs)] as const),
    );
    const checks = Object.fromEntries(entries);
    const failing = entries.filter(([, result]) => !result.ok).map(([name]) => name);
    if (options.isShuttingDown()) failing.push("shutting down");
    if (failing.length === 0) {
      res.json({ status: "ready", checks });
      return;
    }
    const error = new AppError("not_ready", `Not ready: ${failing.join(", ")}`);
    res.status(error.status).json({ ...error.toEnvelope(), checks });
  });

  router.get("/metrics", async (req, res) => {
    if (!metricsAuthorized(req.get("authorization"), options.metricsToken)) {
      const { error, headers } = metricsUnauthorized();
      res.status(error.status).set(headers).json(error.toEnvelope());
      return;
    }
    res.type(options.metrics.contentType).send(await options.metrics.text());
  });

  return router;
}
