import { once } from "node:events";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import { type AddressInfo, Server as NetServer, type Socket } from "node:net";
import { type Component, httpSection, type ReadinessCheck } from "@kcp/shared";
import { createGatewayApp } from "./app.js";
import { durableAudit } from "./audit/audit-requests.js";
import { type LoginFailureBudget, loginFailureSummaryEvent } from "./audit/login-failures.js";
import { bootstrapAdmin } from "./auth/bootstrap-admin.js";
import { loadBindingsAtStart } from "./auth/store-bindings.js";
import type { GatewayContext } from "./context.js";
import { kafkaGaugeReader } from "./metrics/kafka-facts.js";

/** How this deployment's HTTP server listens and serves (the services come from the context). */
export interface GatewayOptions {
  host: string;
  port: number;
  /** After this, connections still busy are closed so shutdown always ends. */
  shutdownTimeoutMs: number;
  /** Idle keep-alive and request-headers timeouts (HTTP_KEEP_ALIVE_TIMEOUT_MS, HTTP_HEADERS_TIMEOUT_MS); config defaults. */
  keepAliveTimeoutMs?: number;
  headersTimeoutMs?: number;
  /** What /readyz asks; the store and the queue unless given. */
  readinessChecks?: readonly ReadinessCheck[];
  /** The built web console (CONSOLE_DIR); default apps/console/dist of this checkout. */
  consoleDir?: string;
  /** When set, `/metrics` needs `Authorization: Bearer <this>` (METRICS_TOKEN / METRICS_TOKEN_FILE). */
  metricsToken?: string;
}

export interface RunningGateway extends Component {
  readonly url: string;
  readonly port: number;
}

const DAY_MS = 24 * 3_600_000;

const HTTP_DEFAULTS = httpSection.parse({});

/** At shutdown, how long a keep-alive connection may have been idle before it is closed (see `stop`). */
const IDLE_CLOSE_GRACE_MS = 1_000;

/**
 * The server's connections with the requests they carry: `closeIdleFor(ms)` closes those that carry none and have
 * carried none for `ms`.
 */
function idleConnections(server: Server) {
  const connections = new Map<Socket, { busy: number; idleSince: number }>();
  server.on("connection", (socket: Socket) => {
    connections.set(socket, { busy: 0, idleSince: Date.now() });
    socket.once("close", () => connections.delete(socket));
  });
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    const connection = connections.get(req.socket);
    if (!connection) return;
    connection.busy++;
    res.once("close", () => {
      connection.busy--;
      connection.idleSince = Date.now();
    });
  });
  return {
    closeIdleFor(ms: number) {
      const now = Date.now();
      for (const [socket, { busy, idleSince }] of connections)
        if (busy === 0 && now - idleSince >= ms) socket.destroy();
    },
  };
}

/**
 * Creates the first admin if there is no user, then starts the HTTP server. `stop` is graceful: it stops accepting
 * connections, lets in-flight requests finish (telling keep-alive clients to close), and after `shutdownTimeoutMs`
 * closes whatever is left.
 */
export async function startGateway(context: GatewayContext, options: GatewayOptions): Promise<RunningGateway> {
  const { store, queue, logger, metrics, audit, loginFailures } = context;
  await bootstrapAdmin(store, context.config, logger);
  await loadBindingsAtStart(context);
  await context.sso.ready();
  let shuttingDown = false;

  // The clusters and their views come from the registry's cached fleet, the one the cluster list reads.
  metrics.watchKafka(
    kafkaGaugeReader(store, context.clusters, context.collectedFigures, context.config.METRICS_GROUP_LAG_LIMIT),
  );
  const app = createGatewayApp(context, {
    readinessChecks: options.readinessChecks ?? [store, queue],
    isShuttingDown: () => shuttingDown,
    ...(options.metricsToken ? { metricsToken: options.metricsToken } : {}),
    ...(options.consoleDir ? { consoleDir: options.consoleDir } : {}),
  });
  const server: Server = app.listen(options.port, options.host);
  server.keepAliveTimeout = options.keepAliveTimeoutMs ?? HTTP_DEFAULTS.HTTP_KEEP_ALIVE_TIMEOUT_MS;
  const idle = idleConnections(server);
  server.headersTimeout = options.headersTimeoutMs ?? HTTP_DEFAULTS.HTTP_HEADERS_TIMEOUT_MS;
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;
  const prune = setInterval(() => {
    store.loginAttempts.prune(new Date(Date.now() - DAY_MS)).catch((error: unknown) => {
      logger.warn({ err: error }, "could not prune old login attempts");
    });
  }, 3_600_000);
  prune.unref();
  // The summaries of failed logins only counted: one entry per client address and window, once the window ends.
  const recorder = durableAudit(store, audit);
  const writeSummaries = (summaries: ReturnType<LoginFailureBudget["ended"]>) =>
    Promise.all(summaries.map((summary) => recorder.record(loginFailureSummaryEvent(summary), logger)));
  const summarize = setInterval(() => void writeSummaries(loginFailures.ended(Date.now())), 5_000);
  summarize.unref();

  return {
    name: "http",
    port,
    url: `http://${host}:${port}`,
    async stop() {
      if (shuttingDown) return;
      shuttingDown = true;
      clearInterval(prune);
      clearInterval(summarize);
      // Stop accepting connections, as net.Server does: http.Server's own close() would also close every idle
      // keep-alive connection at once, with the race below.
      const closed = new Promise<void>((resolve) => NetServer.prototype.close.call(server, () => resolve()));
      // A keep-alive connection that carries a request from now on is answered with `Connection: close`, and its
      // client closes it: no race. One closed here while idle races with a request its client sends at that instant
      // (the client sees a reset: one request in about 800 while a client polled through a rolling upgrade). So a
      // connection is closed here only once it has been idle for IDLE_CLOSE_GRACE_MS: a client polling it has sent on
      // it by then and been told to close.
      const closeIdle = setInterval(() => idle.closeIdleFor(IDLE_CLOSE_GRACE_MS), 50);
      idle.closeIdleFor(IDLE_CLOSE_GRACE_MS);
      const force = setTimeout(() => {
        logger.warn("shutdown timeout: closing the connections still open");
        server.closeAllConnections();
      }, options.shutdownTimeoutMs);
      await closed;
      clearInterval(closeIdle);
      clearTimeout(force);
      // No login is answered any more: what was counted and not yet summarized is written now.
      await writeSummaries(loginFailures.drain(Date.now()));
    },
  };
}
