import { randomUUID } from "node:crypto";
import { type RunningGateway, startGateway } from "@kcp/api-gateway";
import { createAuditService } from "@kcp/audit";
import { createCollectorService } from "@kcp/collector";
import { createOperationsWorker } from "@kcp/operations-worker";
import { openQueue } from "@kcp/queue";
import type { AuthConfig, Component, HttpConfig, Logger, QueueConfig, StoreConfig } from "@kcp/shared";
import { openStore } from "@kcp/store";

export type StandaloneConfig = HttpConfig & StoreConfig & QueueConfig & AuthConfig;

export interface Standalone {
  gateway: RunningGateway;
  /** In shutdown order: the HTTP server first (no new work), then the services, then the queue and the store. */
  components: Component[];
}

/** Opens the store and the queue, starts every service, then the HTTP server. */
export async function startStandalone(config: StandaloneConfig, logger: Logger): Promise<Standalone> {
  const store = await openStore(config, logger);
  const queue = await openQueue(config, logger);
  const deps = { logger, store, queue };
  const services = [
    createAuditService(deps),
    createCollectorService(deps),
    createOperationsWorker({ ...deps, workerId: `standalone-${randomUUID()}` }),
  ];
  for (const service of services) await service.start();
  const gateway = await startGateway({
    host: config.HOST,
    port: config.PORT,
    shutdownTimeoutMs: config.SHUTDOWN_TIMEOUT_MS,
    logger,
    store,
    queue,
    auth: config,
  });
  return { gateway, components: [gateway, ...services.reverse(), queue, store] };
}
