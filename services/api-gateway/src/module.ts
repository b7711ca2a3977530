import { collectWaitMs } from "@kcp/clusters";
import { serviceModule } from "@kcp/process";
import {
  agentPinsOf,
  agentUrlsSection,
  authSection,
  autopilotSection,
  collectorSection,
  kafkaApiSection,
  kafkaHostsSection,
  loadMetricsToken,
  secretsSection,
} from "@kcp/shared";
import { startGateway } from "./server.js";

/** The collectors' interval and timeout: how long register waits, and when a cluster's view is stale. */
const gatewayCollectorSection = collectorSection.pick({ COLLECT_INTERVAL_SECONDS: true, COLLECT_TIMEOUT_MS: true });

/** The gateway: the HTTP API and the console (with /healthz, /readyz, /metrics); collections run in the collectors. */
export const gatewayModule = serviceModule({
  name: "api-gateway",
  sections: [
    authSection,
    secretsSection,
    kafkaHostsSection,
    kafkaApiSection,
    agentUrlsSection,
    gatewayCollectorSection,
    autopilotSection,
  ],
  async start(config, context) {
    const metricsToken = await loadMetricsToken(config, context.logger);
    return startGateway({
      host: config.HOST,
      port: config.PORT,
      shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
      keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
      headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
      ...(config.CONSOLE_DIR ? { consoleDir: config.CONSOLE_DIR } : {}),
      logger: context.logger,
      store: context.store,
      queue: context.queue,
      metrics: context.metrics,
      audit: context.audit,
      kafkaClients: context.kafkaClients,
      auth: config,
      box: await context.secretBox(),
      collectWaitMs: collectWaitMs(config.COLLECT_TIMEOUT_MS),
      collectIntervalSeconds: config.COLLECT_INTERVAL_SECONDS,
      collectTimeoutMs: config.COLLECT_TIMEOUT_MS,
      allowedHosts: config.KAFKA_ALLOWED_HOSTS,
      containerEngines: config.CONTAINER_ENGINES,
      agentPins: agentPinsOf(config),
      topicMaxPartitions: config.TOPIC_MAX_PARTITIONS,
      topicListCacheMs: config.TOPIC_LIST_CACHE_MS,
      kafkaRequestTimeoutMs: config.KAFKA_REQUEST_TIMEOUT_MS,
      metricsGroupLagLimit: config.METRICS_GROUP_LAG_LIMIT,
      autopilotEnabled: config.AUTOPILOT_ENABLED,
      ...(metricsToken ? { metricsToken } : {}),
    });
  },
});
