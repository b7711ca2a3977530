import { serviceModule } from "@kcp/process";
import { loadMetricsToken } from "@kcp/shared";
import { GATEWAY_SECTIONS, gatewayContext } from "./context.js";
import { startGateway } from "./server.js";

/** The gateway: the HTTP API and the console (with /healthz, /readyz, /metrics); collections run in the collectors. */
export const gatewayModule = serviceModule({
  name: "api-gateway",
  sections: GATEWAY_SECTIONS,
  async start(config, context) {
    const metricsToken = await loadMetricsToken(config, context.logger);
    return startGateway(gatewayContext(config, context, await context.secretBox()), {
      host: config.HOST,
      port: config.PORT,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
      ...(config.CONSOLE_DIR ? { consoleDir: config.CONSOLE_DIR } : {}),
      ...(metricsToken ? { metricsToken } : {}),
    });
  },
});
