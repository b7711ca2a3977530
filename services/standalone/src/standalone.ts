import { randomUUID } from "node:crypto";
import { collectWaitMs, type RunningGateway, startGateway } from "@kcp/api-gateway";
import { auditEmitter, createAuditService, retentionOf } from "@kcp/audit";
import { createCollectorService } from "@kcp/collector";
import { Metrics } from "@kcp/metrics";
import { createOperationsWorker } from "@kcp/operations-worker";
import { AgentAccess } from "@kcp/providers";
import { countAll, openQueue } from "@kcp/queue";
import {
  type AgentConfig,
  type AgentUrlsConfig,
  type AuditConfig,
  type AuthConfig,
  agentPinsOf,
  type CollectorConfig,
  type Component,
  type HttpConfig,
  type KafkaConfig,
  type Logger,
  loadMetricsToken,
  loadSecretBox,
  type MetricsConfig,
  type OperationsConfig,
  type QueueConfig,
  type SecretsConfig,
  type StoreConfig,
} from "@kcp/shared";
import { openStore, type Store } from "@kcp/store";

export type StandaloneConfig = HttpConfig &
  Partial<AuditConfig> &
  StoreConfig &
  QueueConfig &
  AuthConfig &
  SecretsConfig &
  CollectorConfig &
  OperationsConfig &
  Partial<KafkaConfig> &
  Partial<AgentConfig> &
  Partial<AgentUrlsConfig> &
  Partial<MetricsConfig>;

export interface Standalone {
  gateway: RunningGateway;
  /** The store every service shares (tests read and change records behind the API through it). */
  store: Store;
  /** In shutdown order: the HTTP server first (no new work), then the services, then the queue and the store. */
  components: Component[];
}

/** Opens the store and the queue, starts every service, then the HTTP server. */
export async function startStandalone(config: StandaloneConfig, logger: Logger): Promise<Standalone> {
  const metricsToken = await loadMetricsToken(config);
  // Without a configured key, the single process makes one in DATA_DIR: `npm start` works on a fresh machine.
  const box = await loadSecretBox(config, { logger, generateIn: config.DATA_DIR });
  const agentAccess = await AgentAccess.fromConfig(config);
  const store = await openStore(config, logger);
  const queue = await openQueue(config, logger);
  const metrics = new Metrics({ service: "standalone" });
  metrics.watchQueues(() => countAll(queue));
  const deps = { logger, store, queue, metrics };
  const services = [
    createAuditService({ ...deps, retention: retentionOf(config) }),
    createCollectorService({ ...deps, box, config, agentAccess: agentAccess.readOnly() }),
    createOperationsWorker({
      ...deps,
      box,
      config,
      audit: auditEmitter(queue, store, logger),
      workerId: `standalone-${randomUUID()}`,
      agentAccess,
    }),
  ];
  for (const service of services) await service.start();
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
    ...(config.KAFKA_ALLOWED_HOSTS ? { allowedHosts: config.KAFKA_ALLOWED_HOSTS } : {}),
    containerEngines: config.CONTAINER_ENGINES,
    agentPins: agentPinsOf(config),
    topicMaxPartitions: config.TOPIC_MAX_PARTITIONS,
    topicListCacheMs: config.TOPIC_LIST_CACHE_MS,
    metricsGroupLagLimit: config.METRICS_GROUP_LAG_LIMIT,
    ...(metricsToken ? { metricsToken } : {}),
    metrics,
  });
  return { gateway, store, components: [gateway, ...services.reverse(), queue, store] };
}
