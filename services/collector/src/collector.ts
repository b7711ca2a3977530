import { enqueueEvaluation } from "@kcp/autopilot";
import {
  answerCanObtain,
  type CollectJob,
  type CollectResult,
  collectClusterView,
  enqueueCollection,
  isVersionQuestion,
  scheduleCollections,
  unscheduleCollections,
  type VersionAnswer,
  type VersionQuestionJob,
} from "@kcp/clusters";
import type { RecordedCollection } from "@kcp/history";
import { type HealthThresholds, kafkaClientSettings } from "@kcp/kafka";
import { timedJobs } from "@kcp/metrics";
import type { ServiceContext } from "@kcp/process";
import { AgentAccess, type ProviderAccess, providerAccess, readOnlyAccess } from "@kcp/providers";
import {
  type AgentConfig,
  AppError,
  type AutopilotConfig,
  CONFIG_DEFAULTS,
  type CollectorConfig,
  type Component,
  type KafkaConfig,
  type SecretBox,
  SNAPSHOT_SLOW_PARTS,
  type Snapshot,
  type SnapshotSlowPart,
} from "@kcp/shared";

/** What the collector takes from its process's context, with the secret box, its configuration and agent access. */
export interface CollectorDependencies
  extends Pick<
    ServiceContext,
    "logger" | "store" | "queue" | "metrics" | "kafkaClients" | "history" | "desiredStates"
  > {
  box: SecretBox;
  /**
   * KAFKA_ALLOWED_HOSTS: the hosts a collection may connect to (brokers advertised, Kubernetes APIs); any unset.
   * CONTAINER_ENGINES: the engines `container` clusters are collected from; none unset.
   */
  config: CollectorConfig &
    Partial<AutopilotConfig> &
    Partial<Pick<AgentConfig, "AGENT_REQUEST_TIMEOUT_MS">> &
    Partial<Pick<KafkaConfig, "KAFKA_ALLOWED_HOSTS" | "CONTAINER_ENGINES">>;
  /**
   * The process's access to the node providers: how the node agents are asked at each collection (signing key, pinned
   * URLs, CA), the engines CONTAINER_ENGINES lists. Used read-only whatever it is given (readOnlyAccess): the
   * collector never commands an agent. Without it (tests), that of `config` without a signing key: `agent` clusters
   * offer no node-lifecycle action.
   */
  providers?: ProviderAccess;
}

/**
 * Collects cluster snapshots as jobs of the `collect` queue: on demand (a refresh waits for its job, de-duplicated
 * per cluster) and on a schedule per cluster (default every 30 s, with jitter). Each collection has a timeout, and a
 * process runs several at once, so a slow or unreachable cluster never delays the others. The snapshot, health and
 * capabilities are written to the store as the cluster's view.
 */
export interface CollectorService extends Component {
  start(): Promise<void>;
}

export function healthThresholds(config: CollectorConfig): HealthThresholds {
  return {
    diskHighPercent: config.HEALTH_DISK_HIGH_PERCENT,
    diskCriticalPercent: config.HEALTH_DISK_CRITICAL_PERCENT,
    voterLagOffsets: config.HEALTH_VOTER_LAG_OFFSETS,
    voterCaughtUpMs: config.HEALTH_VOTER_CAUGHT_UP_MS,
    diskImbalancePercent: config.HEALTH_DISK_IMBALANCE_PERCENT,
    leaderImbalancePercent: config.HEALTH_LEADER_IMBALANCE_PERCENT,
  };
}

/** The slow parts a stored snapshot kept from an earlier collection (read before this collection began). */
export function keptParts(snapshot: Snapshot | undefined): SnapshotSlowPart[] {
  if (!snapshot?.partsCollectedAt) return [];
  const collectedAt = Date.parse(snapshot.collectedAt);
  return SNAPSHOT_SLOW_PARTS.filter((part) => {
    const readAt = snapshot.partsCollectedAt?.[part];
    return readAt !== undefined && Date.parse(readAt) < collectedAt;
  });
}

export function intervalOf(settings: Record<string, unknown>, config: CollectorConfig): number {
  const own = settings.collectionIntervalSeconds;
  return typeof own === "number" ? own : config.COLLECT_INTERVAL_SECONDS;
}

export function createCollectorService(deps: CollectorDependencies): CollectorService {
  const logger = deps.logger.child({ component: "collector" });
  const { metrics } = deps;
  const collectDeps = {
    store: deps.store,
    box: deps.box,
    history: deps.history,
    desiredStates: deps.desiredStates,
    onHistory(result: { recorded: RecordedCollection } | { error: unknown }) {
      if ("recorded" in result) metrics.historyBytes.inc(result.recorded.bytes);
      else {
        metrics.historyFailures.inc();
        logger.warn({ err: result.error }, "could not record the collection's figures in the history");
      }
    },
    clients: deps.kafkaClients,
    settings: {
      timeoutMs: deps.config.COLLECT_TIMEOUT_MS,
      slowPartsSeconds: deps.config.COLLECT_SLOW_PARTS_SECONDS,
      thresholds: healthThresholds(deps.config),
      kafka: kafkaClientSettings(deps.config),
      providers: readOnlyAccess(
        deps.providers ??
          providerAccess(
            deps.config,
            new AgentAccess({
              timeoutMs: deps.config.AGENT_REQUEST_TIMEOUT_MS ?? CONFIG_DEFAULTS.AGENT_REQUEST_TIMEOUT_MS,
            }),
          ),
      ),
    },
  };

  /** Interval of each cluster this process has scheduled: a cluster registered or re-tuned since start gets its own. */
  const scheduled = new Map<string, number>();
  async function ensureSchedule(clusterId: string, settings: Record<string, unknown>): Promise<void> {
    const interval = intervalOf(settings, deps.config);
    if (scheduled.get(clusterId) === interval) return;
    await scheduleCollections(deps.queue, clusterId, interval);
    scheduled.set(clusterId, interval);
  }

  async function collect(clusterId: string, readAll: boolean): Promise<CollectResult> {
    const record = await deps.store.clusters.findById(clusterId);
    if (!record) throw new AppError("not_found", `No cluster ${clusterId}`);
    await ensureSchedule(clusterId, record.settings);
    const started = Date.now();
    const startedAt = new Date(started).toISOString();
    const stop = metrics.collectionDuration.startTimer({ cluster: clusterId });
    const view = await collectClusterView(collectDeps, clusterId, { readAll }).catch((error: unknown) => {
      stop({ outcome: "failure" });
      metrics.collectionFailures.inc({ cluster: clusterId });
      throw error;
    });
    const health = view.health as { status?: string };
    const reached = health.status !== "unreachable";
    stop({ outcome: reached ? "success" : "failure" });
    if (!reached) metrics.collectionFailures.inc({ cluster: clusterId });
    logger.info({ clusterId, status: health.status, ms: Date.now() - started }, "cluster collected");
    // The autopilot judges each stored view; a failure to ask is logged, never the collection's failure.
    if (deps.config.AUTOPILOT_ENABLED)
      await enqueueEvaluation(deps.queue, clusterId).catch((error: unknown) =>
        logger.warn({ err: error, clusterId }, "could not ask the autopilot to judge the view"),
      );
    const kept = keptParts(view.snapshot as unknown as Snapshot | undefined);
    return { clusterId, startedAt, updatedAt: view.updatedAt.toISOString(), ...(kept.length > 0 ? { kept } : {}) };
  }

  /** A tick of a deleted cluster stops its schedule; a live one asks for a (de-duplicated) collection. */
  async function tick(clusterId: string): Promise<undefined> {
    if (!(await deps.store.clusters.findById(clusterId))) {
      await unscheduleCollections(deps.queue, clusterId);
      scheduled.delete(clusterId);
      return undefined;
    }
    await enqueueCollection(deps.queue, clusterId, { due: true });
    return undefined;
  }

  /** Whether the cluster's nodes can obtain a version, asked of its provider (a plan asks before it is shown). */
  async function canObtain(job: VersionQuestionJob): Promise<VersionAnswer> {
    const record = await deps.store.clusters.findById(job.clusterId);
    if (!record) throw new AppError("not_found", `No cluster ${job.clusterId}`);
    const answer = await answerCanObtain(record, job.version, collectDeps.settings.providers, deps.box);
    logger.info({ clusterId: job.clusterId, version: job.version, refused: answer.refusal?.code }, "version asked");
    return answer;
  }

  return {
    name: "collector",
    async start() {
      deps.queue.process<CollectJob | VersionQuestionJob, CollectResult | VersionAnswer | undefined>(
        "collect",
        timedJobs(metrics, "collect", async (job: CollectJob | VersionQuestionJob) => {
          try {
            if (isVersionQuestion(job)) return await canObtain(job);
            return job.kind === "tick" ? await tick(job.clusterId) : await collect(job.clusterId, job.parts !== "due");
          } catch (error) {
            if (error instanceof AppError && error.code === "not_found") return undefined;
            throw error;
          }
        }),
        { concurrency: deps.config.COLLECT_CONCURRENCY },
      );
      for (const cluster of await deps.store.clusters.list()) await ensureSchedule(cluster.id, cluster.settings);
      logger.info({ concurrency: deps.config.COLLECT_CONCURRENCY }, "collector started");
    },
    async stop() {
      logger.info("collector stopped");
    },
  };
}
