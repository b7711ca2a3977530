import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from "prom-client";
import type { GaugeFamily } from "./kafka-metrics.js";

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

  readonly kafkaClientsOpened = new Counter({
    name: "kcp_kafka_clients_opened_total",
    help: "Kafka clients this process opened, by cluster id (one per cluster kept between calls: flat in steady state)",
    labelNames: ["cluster"] as const,
    registers: [this.registry],
  });

  readonly kafkaConnectionsOpened = new Counter({
    name: "kcp_kafka_connections_opened_total",
    help: "Connections to brokers this process established, by cluster id (flat in steady state; a broken one re-opened counts)",
    labelNames: ["cluster"] as const,
    registers: [this.registry],
  });

  readonly historyBytes = new Counter({
    name: "kcp_history_bytes_written_total",
    help: "Bytes of history frames written (each collection's figures and the 10-minute summaries)",
    registers: [this.registry],
  });

  readonly historyFailures = new Counter({
    name: "kcp_history_failures_total",
    help: "Collections whose figures could not be recorded in the history (the view itself was stored)",
    registers: [this.registry],
  });

  readonly operationsFinished = new Counter({
    name: "kcp_operations_finished_total",
    help: "Operations that ended, by type and outcome (succeeded, failed, cancelled)",
    labelNames: ["type", "outcome"] as const,
    registers: [this.registry],
  });

  readonly autopilotEvents = new Counter({
    name: "kcp_autopilot_events_total",
    help: "What the autopilot's policies did about anomalies (observed, proposed, acted, refused), by the reason code (none when there is none)",
    labelNames: ["kind", "reason"] as const,
    registers: [this.registry],
  });

  readonly autopilotAnomalies = new Counter({
    name: "kcp_autopilot_anomalies_total",
    help: "Anomalies the autopilot opened and cleared, by trigger code",
    labelNames: ["code", "change"] as const,
    registers: [this.registry],
  });

  readonly loginFailures = new Counter({
    name: "kcp_login_failures_total",
    help: "Logins that did not succeed, by how the audit kept them: entry (one each) or summary (counted, one entry per address and minute)",
    labelNames: ["audit"] as const,
    registers: [this.registry],
  });

  readonly storeWrites = new Counter({
    name: "kcp_store_writes_total",
    help: "Write commands this process sent to the MongoDB store (insert, update, delete, findAndModify), by collection",
    labelNames: ["collection"] as const,
    registers: [this.registry],
  });

  readonly storeWriteBytes = new Counter({
    name: "kcp_store_write_bytes_total",
    help: "BSON bytes of the write commands this process sent to the MongoDB store, by collection",
    labelNames: ["collection"] as const,
    registers: [this.registry],
  });

  private queueCounts: QueueCounts | undefined;
  private kafkaSource: (() => Promise<GaugeFamily[]>) | undefined;
  private readonly kafkaGauges = new Map<string, Gauge>();

  constructor(options: { service: string }) {
    this.registry.setDefaultLabels({ service: options.service });
    collectDefaultMetrics({ register: this.registry, prefix: "kcp_" });
    // prom-client names these gauges *_total, which Prometheus keeps for counters (promtool check metrics says so);
    // their series by type (kcp_nodejs_active_handles{type}, ...) stay, and sum to the same.
    for (const name of ["handles", "requests", "resources"])
      this.registry.removeSingleMetric(`kcp_nodejs_active_${name}_total`);
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

  /** The Kafka clusters' and operations' gauges are read from `source` at each scrape (see kafkaGauges). */
  watchKafka(source: () => Promise<GaugeFamily[]>): void {
    this.kafkaSource = source;
  }

  /** The text exposition format Prometheus scrapes. */
  async text(): Promise<string> {
    if (this.kafkaSource) this.setKafkaGauges(await this.kafkaSource());
    return this.registry.metrics();
  }

  /** Replaces every Kafka series by this scrape's: a cluster forgotten or an operation ended leaves no series behind. */
  private setKafkaGauges(families: GaugeFamily[]): void {
    for (const gauge of this.kafkaGauges.values()) gauge.reset();
    for (const family of families) {
      let gauge = this.kafkaGauges.get(family.name);
      if (!gauge) {
        gauge = new Gauge({
          name: family.name,
          help: family.help,
          labelNames: [...new Set(family.samples.flatMap((sample) => Object.keys(sample.labels)))],
          registers: [this.registry],
        });
        this.kafkaGauges.set(family.name, gauge);
      }
      for (const sample of family.samples) gauge.set(sample.labels, sample.value);
    }
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

/** The callbacks of a process's Kafka clients (KafkaClients) that count clients and connections opened per cluster. */
export function kafkaClientCounters(metrics: Metrics) {
  return {
    onOpen: (cluster: string) => metrics.kafkaClientsOpened.inc({ cluster }),
    onConnect: (cluster: string) => metrics.kafkaConnectionsOpened.inc({ cluster }),
  };
}
