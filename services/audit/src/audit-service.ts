import { Metrics, timedJobs } from "@kcp/metrics";
import type { JobQueue } from "@kcp/queue";
import type { AuditConfig, AuditEvent, Component, Logger } from "@kcp/shared";
import type { Store } from "@kcp/store";

const DAY_MS = 86_400_000;

/** Audit retention: entries older than `days` are deleted every `intervalMs`. */
export interface AuditRetention {
  days: number;
  intervalMs: number;
}

/** The retention of the configuration; undefined (keep forever) when AUDIT_RETENTION_DAYS is unset. */
export function retentionOf(config: Partial<AuditConfig>): AuditRetention | undefined {
  if (config.AUDIT_RETENTION_DAYS === undefined) return undefined;
  return { days: config.AUDIT_RETENTION_DAYS, intervalMs: (config.AUDIT_SWEEP_INTERVAL_MINUTES ?? 60) * 60_000 };
}

export interface AuditServiceDependencies {
  logger: Logger;
  store: Store;
  queue: JobQueue;
  concurrency?: number;
  metrics?: Metrics;
  /** Default: keep every entry. */
  retention?: AuditRetention | undefined;
}

/**
 * Consumes audit events from the `audit` queue and appends them to the store's audit log. Events carry no secrets:
 * the gateway strips them before it enqueues. With a retention, a sweep at start and then periodically deletes the
 * entries older than it (several instances sweeping at once delete the same entries: harmless).
 */
export interface AuditService extends Component {
  start(): Promise<void>;
  /** One retention sweep as of `now`: how many entries it deleted (0 without a retention). */
  sweep(now?: Date): Promise<number>;
}

export function createAuditService(deps: AuditServiceDependencies): AuditService {
  const logger = deps.logger.child({ component: "audit" });
  let timer: NodeJS.Timeout | undefined;
  const sweep = async (now = new Date()) => {
    if (!deps.retention) return 0;
    const deleted = await deps.store.audit.deleteOlderThan(new Date(now.getTime() - deps.retention.days * DAY_MS));
    if (deleted > 0) logger.info({ deleted, retentionDays: deps.retention.days }, "audit retention sweep");
    return deleted;
  };
  const sweepLogged = () =>
    sweep().catch((error: unknown) => logger.warn({ err: error }, "audit retention sweep failed; next one later"));
  return {
    name: "audit",
    sweep,
    async start() {
      const metrics = deps.metrics ?? new Metrics({ service: "audit" });
      deps.queue.process<AuditEvent, void>(
        "audit",
        timedJobs(metrics, "audit", async (event: AuditEvent) => {
          await deps.store.audit.append({ ...event, at: new Date(event.at) });
        }),
        { concurrency: deps.concurrency ?? 4 },
      );
      if (deps.retention) {
        void sweepLogged();
        timer = setInterval(() => void sweepLogged(), deps.retention.intervalMs);
        timer.unref();
      }
      logger.info(
        deps.retention ? { retentionDays: deps.retention.days } : { retention: "keep forever" },
        "audit service started",
      );
    },
    async stop() {
      if (timer) clearInterval(timer);
      logger.info("audit service stopped");
    },
  };
}
