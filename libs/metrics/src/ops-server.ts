import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { AppError, type Component, type ReadinessCheck, withDeadline } from "@kcp/shared";
import type { Metrics } from "./metrics.js";
import { metricsAuthorized, metricsUnauthorized } from "./metrics-auth.js";

export interface OpsServerOptions {
  host: string;
  port: number;
  checks: readonly ReadinessCheck[];
  metrics: Metrics;
  /** True once shutdown began: the process reports not ready. */
  isShuttingDown: () => boolean;
  checkTimeoutMs?: number;
  /** When set, `/metrics` needs `Authorization: Bearer <this>` (METRICS_TOKEN); the probes stay open. */
  metricsToken?: string;
}

export interface OpsServer extends Component {
  url: string;
}

async function readiness(checks: readonly ReadinessCheck[], timeoutMs: number, shuttingDown: boolean) {
  const entries = await Promise.all(
    checks.map(async (check) => {
      try {
        await withDeadline(check.ping(), timeoutMs, `no answer within ${timeoutMs} ms`);
        return [check.name, { ok: true }] as const;
      } catch (error) {
        return [check.name, { ok: false, error: error instanceof Error ? error.message : String(error) }] as const;
      }
    }),
  );
  const failing = entries.filter(([, result]) => !result.ok).map(([name]) => name);
  if (shuttingDown) failing.push("shutting down");
  return { checks: Object.fromEntries(entries), failing };
}

/**
 * The HTTP endpoints a service without an API of its own exposes to its orchestrator: `/healthz` (the process is up),
 * `/readyz` (its store and queue answer; 503 `not_ready` naming what does not, as the gateway's) and `/metrics`
 * (behind the METRICS_TOKEN when there is one).
 */
export async function startOpsServer(options: OpsServerOptions): Promise<OpsServer> {
  const timeoutMs = options.checkTimeoutMs ?? 2000;
  const json = (status: number, body: unknown, headers: Record<string, string> = {}) => ({
    status,
    type: "application/json",
    text: JSON.stringify(body),
    headers,
  });
  const server: Server = createServer((req, res) => {
    const answer = async () => {
      if (req.method !== "GET") return json(404, new AppError("not_found", "Not found").toEnvelope());
      if (req.url === "/healthz") return json(200, { status: "ok" });
      if (req.url === "/readyz") {
        const { checks, failing } = await readiness(options.checks, timeoutMs, options.isShuttingDown());
        if (failing.length === 0) return json(200, { status: "ready", checks });
        const error = new AppError("not_ready", `Not ready: ${failing.join(", ")}`);
        return json(error.status, { ...error.toEnvelope(), checks });
      }
      if (req.url === "/metrics") {
        if (!metricsAuthorized(req.headers.authorization, options.metricsToken)) {
          const { error, headers } = metricsUnauthorized();
          return json(error.status, error.toEnvelope(), headers);
        }
        return { status: 200, type: options.metrics.contentType, text: await options.metrics.text(), headers: {} };
      }
      return json(404, new AppError("not_found", `No route for GET ${req.url}`).toEnvelope());
    };
    answer().then(
      ({ status, type, text, headers }) => res.writeHead(status, { ...headers, "content-type": type }).end(text),
      () =>
        res
          .writeHead(500, { "content-type": "application/json" })
          .end(JSON.stringify(new AppError("internal", "Internal error").toEnvelope())),
    );
  });
  await new Promise<void>((resolve) => server.listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    name: "ops-http",
    url: `http://${options.host}:${port}`,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
