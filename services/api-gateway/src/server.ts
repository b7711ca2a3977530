import { once } from "node:events";
import type { Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Component, Logger, ReadinessCheck } from "@kcp/shared";
import { createGatewayApp } from "./app.js";

export interface GatewayOptions {
  host: string;
  port: number;
  /** After this, connections still busy are closed so shutdown always ends. */
  shutdownTimeoutMs: number;
  logger: Logger;
  readinessChecks: readonly ReadinessCheck[];
}

export interface RunningGateway extends Component {
  readonly url: string;
  readonly port: number;
}

/**
 * Starts the HTTP server. `stop` is graceful: it stops accepting connections, lets in-flight requests finish
 * (telling keep-alive clients to close), and after `shutdownTimeoutMs` closes whatever is left.
 */
export async function startGateway(options: GatewayOptions): Promise<RunningGateway> {
  let shuttingDown = false;
  const app = createGatewayApp({
    logger: options.logger,
    readinessChecks: options.readinessChecks,
    isShuttingDown: () => shuttingDown,
  });
  const server: Server = app.listen(options.port, options.host);
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const host = options.host.includes(":") ? `[${options.host}]` : options.host;

  return {
    name: "http",
    port,
    url: `http://${host}:${port}`,
    async stop() {
      if (shuttingDown) return;
      shuttingDown = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      // Keep-alive connections become idle when their last response is done; close them as they do.
      const closeIdle = setInterval(() => server.closeIdleConnections(), 50);
      server.closeIdleConnections();
      const force = setTimeout(() => {
        options.logger.warn("shutdown timeout: closing the connections still open");
        server.closeAllConnections();
      }, options.shutdownTimeoutMs);
      await closed;
      clearInterval(closeIdle);
      clearTimeout(force);
    },
  };
}
