import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";

/** Counts of one queue's jobs, read at each scrape. */
export type QueueCounts = () => Promise<Record<string, { waiting: number; active: number; delayed: number }>>;

/**
 * The process's metrics: one registry with Node's process metrics and every instrument the services record into.
 * Label values are bounded: routes are route patterns (never raw paths), clusters are ids, queues and operation
 * types are fixed lists.
 */
export class Metrics {
  readonly registry = new Registry();

  readonly httpRequestDuration = new Histogram({
    name: "kcp_http_request_duration_seconds",
    help: "HTTP request duration by method, route pattern and status",
    labelNames: ["method", "route", "status"] as const,
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });

  readonly jobDuration = new Histogram({
    name: "kcp_queue_job_duration_seconds",
    help: "Duration of the jobs this process ran, by queue and outcome",
    labelNames: ["queue", "outcome"] as const,
    buckets: [0.01, 0.05, 0.1, 0.5, 1, 5, 10, 30, 60, 300, 1800],
    registers: [this.registry],
  });

  readonly collectionDuration = new Histogram({
    name: "kcp_collection_duration_seconds",
    help: "Duration of cluster collections by cluster id and outcome",
    labelNames: ["cluster", "outcome"] as const,
    buckets: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20, 60],
    registers: [this.registry],
  });

  readonly collectionFailures = new Counter({
    name: "kcp_collection_failures_total",
    help: "Cluster collections that failed (cluster unreachable, timeout), by cluster id",
    labelNames: ["cluster"] as const,
    registers: [this.registry],
  });

  readonly operationsFinished = new Counter({
    name: "kcp_operations_finished_total",
    help: "Operations that ended, by type and outcome (succeeded, failed, cancelled)",
    labelNames: ["type", "outcome"] as const,
    registers: [this.registry],
  });

  private queueCounts: QueueCounts | undefined;

  constructor(options: { service: string }) {
    this.registry.setDefaultLabels({ service: options.service });
    collectDefaultMetrics({ register: this.registry, prefix: "kcp_" });
    const metrics = this;
    new Gauge({
      name: "kcp_queue_jobs",
      help: "Jobs in each queue by state (waiting, active, delayed), read at each scrape",
      labelNames: ["queue", "state"] as const,
      registers: [this.registry],
      async collect() {
        if (!metrics.queueCounts) return;
        for (const [queue, states] of Object.entries(await metrics.queueCounts()))
          for (const [state, value] of Object.entries(states)) this.set({ queue, state }, value);
      },
    });
  }

  /** The queue counts are read at each scrape (from Redis for BullMQ: every instance shows the shared queues). */
  watchQueues(counts: QueueCounts): void {
    this.queueCounts = counts;
  }

  /** The text exposition format Prometheus scrapes. */
  text(): Promise<string> {
    return this.registry.metrics();
  }

  get contentType(): string {
    return this.registry.contentType;
  }
}

/** A queue handler that records each job's duration and outcome. */
export function timedJobs<A extends unknown[], R>(
  metrics: Metrics,
  queue: string,
  handler: (...args: A) => Promise<R>,
): (...args: A) => Promise<R> {
  return async (...args) => {
    const stop = metrics.jobDuration.startTimer({ queue });
    try {
      const result = await handler(...args);
      stop({ outcome: "success" });
      return result;
    } catch (error) {
      stop({ outcome: "failure" });
      throw error;
    }
  };
}
