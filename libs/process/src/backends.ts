import { Metrics, startOpsServer } from "@kcp/metrics";
import { countAll, type JobQueue, openQueue } from "@kcp/queue";
import {
  type Component,
  type HttpConfig,
  type Logger,
  loadMetricsToken,
  type MetricsConfig,
  type QueueConfig,
  type StoreConfig,
} from "@kcp/shared";
import { MongoStore, openStore, type Store } from "@kcp/store";

export interface Backends {
  store: Store;
  queue: JobQueue;
  metrics: Metrics;
}

/**
 * The store and the queue of the configuration, and the process's metrics (with the queues' job counts, and the
 * MongoDB store's writes by collection).
 */
export async function openBackends(
  config: StoreConfig & QueueConfig,
  logger: Logger,
  service: string,
): Promise<Backends> {
  const metrics = new Metrics({ service });
  const store = await openCountedStore(config, logger, metrics);
  const queue = await openQueue(config, logger);
  metrics.watchQueues(() => countAll(queue));
  return { store, queue, metrics };
}

/**
 * openStore, but the MongoDB store counts each write command it sends (kcp_store_writes_total and
 * kcp_store_write_bytes_total by collection: names and sizes only, never contents); the embedded store counts nothing.
 */
function openCountedStore(config: StoreConfig, logger: Logger, metrics: Metrics): Promise<Store> {
  if (config.STORE !== "mongo") return openStore(config, logger);
  return MongoStore.open({
    // The config schema requires MONGO_URL when STORE=mongo.
    url: config.MONGO_URL as string,
    logger,
    onWrite(collection, bytes) {
      metrics.storeWrites.inc({ collection });
      metrics.storeWriteBytes.inc({ collection }, bytes);
    },
  });
}

/**
 * A started worker service (collector, operations worker, audit) on its own: its ops endpoints on HOST:PORT, and the
 * components in shutdown order — the endpoints report not ready first, then the service stops taking work, then the
 * queue and the store close.
 */
export async function workerProcess(
  config: HttpConfig & Partial<MetricsConfig>,
  backends: Backends & { logger?: Logger },
  service: Component,
): Promise<{ url: string; components: Component[] }> {
  let stopping = false;
  const metricsToken = await loadMetricsToken(config, backends.logger);
  const ops = await startOpsServer({
    host: config.HOST,
    port: config.PORT,
    checks: [backends.store, backends.queue],
    metrics: backends.metrics,
    isShuttingDown: () => stopping,
    ...(metricsToken ? { metricsToken } : {}),
  });
  const notReady: Component = {
    name: "readiness",
    async stop() {
      stopping = true;
    },
  };
  return { url: ops.url, components: [notReady, service, ops, backends.queue, backends.store] };
}
