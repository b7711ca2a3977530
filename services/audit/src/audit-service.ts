import { Metrics, timedJobs } from "@kcp/metrics";
import type { JobQueue } from "@kcp/queue";
import type { AuditEvent, Component, Logger } from "@kcp/shared";
import type { Store } from "@kcp/store";

export interface AuditServiceDependencies {
  logger: Logger;
  store: Store;
  queue: JobQueue;
  concurrency?: number;
  metrics?: Metrics;
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
      const metrics = deps.metrics ?? new Metrics({ service: "audit" });
      deps.queue.process<AuditEvent, void>(
        "audit",
        timedJobs(metrics, "audit", async (event: AuditEvent) => {
          await deps.store.audit.append({ ...event, at: new Date(event.at) });
        }),
        { concurrency: deps.concurrency ?? 4 },
      );
      logger.info("audit service started");
    },
    async stop() {
      logger.info("audit service stopped");
    },
  };
}
