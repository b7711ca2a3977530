import { openBackends, runProcess, separateServiceConfig } from "@kcp/process";
import {
  agentPinsOf,
  agentUrlsSection,
  authSection,
  collectorSection,
  httpSection,
  kafkaSection,
  loadMetricsToken,
  loadSecretBox,
  logSection,
  metricsSection,
  queueSection,
  secretsSection,
  storeSection,
} from "@kcp/shared";
import { collectWaitMs, startGateway } from "./server.js";

/** The gateway on its own: the HTTP API (with /healthz, /readyz, /metrics); collections run in the collectors. */
const schema = separateServiceConfig(
  logSection
    .and(httpSection)
    .and(storeSection)
    .and(queueSection)
    .and(authSection)
    .and(secretsSection)
    .and(kafkaSection)
    .and(metricsSection)
    .and(agentUrlsSection)
    .and(collectorSection.pick({ COLLECT_TIMEOUT_MS: true })),
);

runProcess("api-gateway", schema, async (config, logger) => {
  const box = await loadSecretBox(config, { logger });
  const { store, queue, metrics } = await openBackends(config, logger, "api-gateway");
  const gateway = await startGateway({
    host: config.HOST,
    port: config.PORT,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    keepAliveTimeoutMs: config.HTTP_KEEP_ALIVE_TIMEOUT_MS,
    ...(config.CONSOLE_DIR ? { consoleDir: config.CONSOLE_DIR } : {}),
    headersTimeoutMs: config.HTTP_HEADERS_TIMEOUT_MS,
    logger,
    store,
    queue,
    auth: config,
    box,
    collectWaitMs: collectWaitMs(config.COLLECT_TIMEOUT_MS),
    allowedHosts: config.KAFKA_ALLOWED_HOSTS,
    containerEngines: config.CONTAINER_ENGINES,
    agentPins: agentPinsOf(config),
    topicMaxPartitions: config.TOPIC_MAX_PARTITIONS,
    topicListCacheMs: config.TOPIC_LIST_CACHE_MS,
    metricsGroupLagLimit: config.METRICS_GROUP_LAG_LIMIT,
    metricsToken: await loadMetricsToken(config),
    metrics,
  });
  return { url: gateway.url, components: [gateway, queue, store] };
});
