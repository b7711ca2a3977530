import type { ReadinessCheck } from "@kcp/shared";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import helmet from "helmet";
import { auditRequests, durableAudit } from "./audit/audit-requests.js";
import { authenticate } from "./auth/authenticate.js";
import { consoleSite } from "./console/console-site.js";
import type { GatewayContext } from "./context.js";
import { accessLog } from "./http/access-log.js";
import { requireServiceHeader } from "./http/csrf.js";
import { errorResponder, unknownRoute } from "./http/errors.js";
import { noStore } from "./http/no-store.js";
import { QUEUE_DASHBOARD_PATH, queueDashboard } from "./http/queue-dashboard.js";
import { requestId } from "./http/request-id.js";
import { requestMetrics } from "./http/request-metrics.js";
import { CHECK_RESPONSES_ENV, checkResponses, responseJudge } from "./http/response-check.js";
import { trustProxySetting } from "./http/trust-proxy.js";
import { healthRoutes } from "./routes/health.js";
import { mountRoutes } from "./routes/mount.js";
import type { AccessLookups } from "./routes/route-access.js";
import { API_VERSION, routeTable } from "./routes/table.js";

/** What the application needs beyond the context: how the HTTP server of this deployment is set up. */
export interface GatewayAppOptions {
  /** What `/readyz` asks: the store and the queue. */
  readinessChecks: readonly ReadinessCheck[];
  isShuttingDown: () => boolean;
  /** Check every API answer against the OpenAPI document (test runs; default: KCP_CHECK_RESPONSES=1). */
  checkResponses?: boolean;
  /** The built web console served at `/` (CONSOLE_DIR; default apps/console/dist of this checkout). */
  consoleDir?: string;
  /** When set, `/metrics` needs `Authorization: Bearer <this>` (METRICS_TOKEN). */
  metricsToken?: string;
}

/** What route authorization looks up: a cluster's labels, an operation's cluster and planner (parts not read). */
function accessLookups(store: GatewayContext["store"]): AccessLookups {
  return {
    async cluster(id) {
      const record = await store.clusters.findById(id);
      return record && { id: record.id, name: record.name, labels: record.labels };
    },
    async operation(id) {
      const record = await store.operations.findById(id, { parts: "refs" });
      return record && { clusterId: record.clusterId, createdBy: String(record.document.createdBy ?? "") };
    },
  };
}

/**
 * The Express application. Order: request id → request metrics → security headers → access log → audit (registered early so refusals
 * are audited too) → session → CSRF header → routes (each: role guard, then its body, then validation and handler) →
 * queue dashboard → web console (GET of any other page) → unknown route → errors. No body is read before a route's role
 * guard let the request through.
 */
export function createGatewayApp(context: GatewayContext, options: GatewayAppOptions): Express {
  const app = express();
  app.disable("x-powered-by");
  // No hashing of every body: routes whose responses clients poll (the overview) set their own cached ETag.
  app.disable("etag");
  app.set("trust proxy", trustProxySetting(context.config.TRUST_PROXY));
  app.use(requestId(context.logger));
  const routes = routeTable(context);
  if (options.checkResponses ?? process.env[CHECK_RESPONSES_ENV] === "1")
    app.use(checkResponses(responseJudge(routes, API_VERSION)));
  app.use(requestMetrics(context.metrics));
  app.use(helmet());
  app.use(accessLog());
  app.use((_req, res, next) => {
    if (options.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  app.use(cookieParser());
  app.use("/api", noStore);
  const audit = auditRequests(durableAudit(context.store, context.audit), {
    isUser: async (username) => (await context.store.users.findByUsername(username)) !== undefined,
    loginFailures: context.loginFailures,
    onLoginFailure: (kept) => context.metrics.loginFailures.inc({ audit: kept }),
  });
  app.use("/api", audit);
  app.use(QUEUE_DASHBOARD_PATH, audit);
  app.use(
    healthRoutes({
      checks: options.readinessChecks,
      isShuttingDown: options.isShuttingDown,
      metrics: context.metrics,
      ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    }),
  );
  app.use("/api", authenticate(context.store, context.access, context.sso), requireServiceHeader);
  app.use(mountRoutes(routes, accessLookups(context.store)));
  app.use(QUEUE_DASHBOARD_PATH, queueDashboard(context.queue, context.store, context.access));
  app.use(consoleSite(options.consoleDir));
  app.use(unknownRoute);
  app.use(errorResponder);
  return app;
}
