import type { ClusterActions } from "@kcp/cluster-actions";
import type { ClusterRegistry } from "@kcp/clusters";
import type { Metrics } from "@kcp/metrics";
import type { OperationService } from "@kcp/operation-service";
import type { AuditEmitter } from "@kcp/process";
import type { JobQueue } from "@kcp/queue";
import type { AuthConfig, Logger, ReadinessCheck, SecretBox } from "@kcp/shared";
import type { Store } from "@kcp/store";
import cookieParser from "cookie-parser";
import express, { type Express } from "express";
import helmet from "helmet";
import { auditRequests, durableAudit } from "./audit/audit-requests.js";
import type { LoginFailureBudget } from "./audit/login-failures.js";
import { authenticate } from "./auth/authenticate.js";
import type { LoginService } from "./auth/login.js";
import { consoleSite } from "./console/console-site.js";
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
import { API_VERSION, routeTable } from "./routes/table.js";

export interface GatewayDependencies {
  logger: Logger;
  store: Store;
  auth: AuthConfig;
  login: LoginService;
  audit: AuditEmitter;
  clusters: ClusterRegistry;
  actions: ClusterActions;
  operations: OperationService;
  /** AUTOPILOT_ENABLED (the kill switch), for the autopilot's status; default true. */
  autopilotEnabled?: boolean;
  /** The service's secret key: seals what a plan keeps until its apply (desired state's salted credentials). */
  box: SecretBox;
  /** What `/readyz` asks: the store and the queue. */
  readinessChecks: readonly ReadinessCheck[];
  isShuttingDown: () => boolean;
  metrics: Metrics;
  /** The dashboard at /admin/queues shows its queues (BullMQ). */
  queue: JobQueue;
  /** Check every API answer against the OpenAPI document (test runs; default: KCP_CHECK_RESPONSES=1). */
  checkResponses?: boolean;
  /** The built web console served at `/` (CONSOLE_DIR; default apps/console/dist of this checkout). */
  consoleDir?: string;
  /**
   * Which refused anonymous requests (failed logins included) get an audit entry of their own (the caller writes the
   * summaries of the rest).
   */
  loginFailures: LoginFailureBudget;
  /** When set, `/metrics` needs `Authorization: Bearer <this>` (METRICS_TOKEN). */
  metricsToken?: string;
}

/**
 * The Express application. Order: request id → request metrics → security headers → access log → audit (registered early so refusals
 * are audited too) → session → CSRF header → routes (each: role guard, then its body, then validation and handler) →
 * queue dashboard → web console (GET of any other page) → unknown route → errors. No body is read before a route's role
 * guard let the request through.
 */
export function createGatewayApp(deps: GatewayDependencies): Express {
  const app = express();
  app.disable("x-powered-by");
  // No hashing of every body: routes whose responses clients poll (the overview) set their own cached ETag.
  app.disable("etag");
  app.set("trust proxy", trustProxySetting(deps.auth.TRUST_PROXY));
  app.use(requestId(deps.logger));
  const routes = routeTable({
    store: deps.store,
    box: deps.box,
    login: deps.login,
    auth: deps.auth,
    clusters: deps.clusters,
    actions: deps.actions,
    operations: deps.operations,
    ...(deps.autopilotEnabled === undefined ? {} : { autopilotEnabled: deps.autopilotEnabled }),
  });
  if (deps.checkResponses ?? process.env[CHECK_RESPONSES_ENV] === "1")
    app.use(checkResponses(responseJudge(routes, API_VERSION)));
  app.use(requestMetrics(deps.metrics));
  app.use(helmet());
  app.use(accessLog());
  app.use((_req, res, next) => {
    if (deps.isShuttingDown()) res.setHeader("Connection", "close");
    next();
  });
  app.use(cookieParser());
  app.use("/api", noStore);
  const audit = auditRequests(durableAudit(deps.store, deps.audit), {
    isUser: async (username) => (await deps.store.users.findByUsername(username)) !== undefined,
    loginFailures: deps.loginFailures,
    onLoginFailure: (kept) => deps.metrics.loginFailures.inc({ audit: kept }),
  });
  app.use("/api", audit);
  app.use(QUEUE_DASHBOARD_PATH, audit);
  app.use(
    healthRoutes({
      checks: deps.readinessChecks,
      isShuttingDown: deps.isShuttingDown,
      metrics: deps.metrics,
      ...(deps.metricsToken ? { metricsToken: deps.metricsToken } : {}),
    }),
  );
  app.use("/api", authenticate(deps.store), requireServiceHeader);
  app.use(mountRoutes(routes));
  app.use(QUEUE_DASHBOARD_PATH, queueDashboard(deps.queue, deps.store));
  app.use(consoleSite(deps.consoleDir));
  app.use(unknownRoute);
  app.use(errorResponder);
  return app;
}
