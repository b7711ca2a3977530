import { type ClientOptionsSettings, type ConnectionTarget, type KafkaClients, testConnection } from "@kcp/kafka";
import { type ProviderAccess, type ProviderAccessConfig, providerAccess, providerModule } from "@kcp/providers";
import { JobFailedError, type JobQueue, QueueTimeoutError } from "@kcp/queue";
import {
  AllowedHosts,
  AppError,
  type ClusterListQuery,
  type ClusterPatch,
  type ClusterView,
  type ConnectionProfile,
  type ConnectionTestResult,
  collectorSection,
  type SecretBox,
} from "@kcp/shared";
import type { ClusterRecord, Store } from "@kcp/store";
import { requestCollection, unscheduleCollections } from "./collection-jobs.js";
import {
  type FleetListAnswer,
  type FreshnessSettings,
  fleetList,
  freshnessOf,
  isDefaultListQuery,
} from "./fleet-list.js";
import { identityRefusal } from "./identity.js";
import { OverviewCache } from "./overview-cache.js";
import { weakenings } from "./profile-changes.js";
import { changesConnection, newClusterRecord, patchedProfile, recordChanges } from "./records.js";
import { type SerializedResponse, serialized } from "./serialized.js";
import { clusterView } from "./views.js";

export interface RegistryDependencies {
  store: Store;
  queue: JobQueue;
  box: SecretBox;
  /** How long register and refresh wait for a collection (the collector's timeout plus queueing). */
  collectWaitMs: number;
  /** Which bootstrap hosts a profile may name (KAFKA_ALLOWED_HOSTS); any when not given. */
  allowedHosts?: AllowedHosts;
  /**
   * The configuration the process's access to the node providers is built from (providerAccess): which container
   * engines a `container` cluster may name (CONTAINER_ENGINES), the URL each node agent is pinned at (AGENT_URLS);
   * none of either when not given. Its hosts are `allowedHosts`.
   */
  providerConfig?: ProviderAccessConfig;
  /**
   * The process's pooled Kafka clients: a changed or forgotten cluster's client is closed at once (with the secrets
   * it holds in memory) instead of when it would next be used or idle.
   */
  kafkaClients?: KafkaClients;
  /**
   * COLLECT_INTERVAL_SECONDS and COLLECT_TIMEOUT_MS, as the collectors are configured: how old a view may grow before
   * it is stale (each view's freshness). The configuration's defaults when not given.
   */
  collectIntervalSeconds?: number;
  collectTimeoutMs?: number;
  /** The clock (milliseconds), for tests; Date.now by default. */
  now?: () => number;
}

const COLLECTOR_DEFAULTS = collectorSection
  .pick({ COLLECT_INTERVAL_SECONDS: true, COLLECT_TIMEOUT_MS: true })
  .parse({});

/**
 * Every cluster's view without snapshot, as read from the store at `at` (ms), and which clusters have no stored view
 * yet; the list answers are computed from it in memory, the default one serialized once (at its first request).
 */
export interface FleetViews {
  views: readonly ClusterView[];
  neverCollected: ReadonlySet<string>;
  at: number;
}

interface CachedFleet extends FleetViews {
  defaultAnswer?: SerializedResponse;
}

/**
 * Why a collection the caller waits for did not come back: the collector failed or took too long (the cluster did not
 * answer), or the job never reached a collector because the queue cannot be reached (503, try again).
 */
function collectionFailure(record: ClusterRecord, error: unknown): AppError {
  if (error instanceof QueueTimeoutError || error instanceof JobFailedError) {
    const why = error instanceof QueueTimeoutError ? `did not finish within ${error.timeoutMs} ms` : "failed";
    return new AppError("cluster_unreachable", `The collection of ${record.name} ${why}`, { cause: error });
  }
  return new AppError("not_ready", "The job queue cannot be reached at the moment; try again shortly", {
    headers: { "Retry-After": "5" },
    cause: error,
  });
}

const DEFAULT_QUERY: ClusterListQuery = { sort: "name", offset: 0 };

const targetOf = (profile: ConnectionProfile): ConnectionTarget => ({
  bootstrapServers: profile.bootstrapServers,
  security: profile.security,
  ...(profile.secrets ? { secrets: profile.secrets } : {}),
});

/**
 * The cluster registry: register (tested first), test, change, forget, refresh, and the views of the overview. Views
 * come from the store; the only Kafka calls are the connection tests of register and change.
 */
export class ClusterRegistry {
  private readonly overviewCache: OverviewCache<CachedFleet>;
  private readonly now: () => number;
  /** How old a view may grow before it is stale: the collectors' interval and timeout. */
  readonly freshnessSettings: FreshnessSettings;
  private readonly providers: ProviderAccess;

  constructor(private readonly deps: RegistryDependencies) {
    this.now = deps.now ?? Date.now;
    this.providers = providerAccess({ ...deps.providerConfig, KAFKA_ALLOWED_HOSTS: deps.allowedHosts });
    this.freshnessSettings = {
      intervalSeconds: deps.collectIntervalSeconds ?? COLLECTOR_DEFAULTS.COLLECT_INTERVAL_SECONDS,
      timeoutMs: deps.collectTimeoutMs ?? COLLECTOR_DEFAULTS.COLLECT_TIMEOUT_MS,
    };
    this.overviewCache = new OverviewCache(() => this.readFleet(), 1000, this.now);
  }

  /**
   * Refuses (422) a profile naming a bootstrap host KAFKA_ALLOWED_HOSTS does not allow (before any DNS lookup or
   * connection), and whatever its provider's module refuses of its endpoints (an agent not pinned at that URL or on a
   * host not allowed, an engine CONTAINER_ENGINES does not list, a kubeconfig unusable or naming a server not allowed).
   */
  private checkHosts(profile: ConnectionProfile): void {
    const allowed = this.deps.allowedHosts ?? AllowedHosts.ANY;
    allowed.check(profile.bootstrapServers);
    providerModule(profile.provider).checkReach(profile, this.providers);
  }

  async test(profile: ConnectionProfile): Promise<ConnectionTestResult> {
    this.checkHosts(profile);
    return testConnection(targetOf(profile), this.kafkaSettings());
  }

  async register(profile: ConnectionProfile): Promise<ClusterView> {
    this.checkHosts(profile);
    if (await this.deps.store.clusters.findByName(profile.name))
      throw new AppError("already_exists", `A cluster named ${profile.name} already exists`);
    const brokerClusterId = await this.testedClusterId(profile, profile.skipTest);
    const record = await this.deps.store.clusters.create(newClusterRecord(profile, this.deps.box, brokerClusterId));
    this.overviewCache.invalidate();
    return this.collectedView(record, { waitFailure: "ignore" });
  }

  async update(record: ClusterRecord, profile: ConnectionProfile, patch: ClusterPatch): Promise<ClusterView> {
    this.checkHosts(profile);
    // With keepSecrets an admin vouches for the new reach: nothing is tested (the stored secrets go nowhere first).
    const tested = changesConnection(patch) && !patch.skipTest && !patch.keepSecrets;
    const brokerClusterId = tested ? await this.testedClusterId(profile, false) : record.brokerClusterId;
    const updated = await this.deps.store.clusters.update(
      record.id,
      recordChanges(profile, this.deps.box, brokerClusterId || record.brokerClusterId),
    );
    this.deps.kafkaClients?.discard(record.id);
    this.overviewCache.invalidate();
    return this.collectedView(updated, { waitFailure: "ignore" });
  }

  /** Forgets the cluster; refused (409) while one of its operations is pending, running or paused. */
  async remove(record: ClusterRecord): Promise<void> {
    const active = await this.deps.store.operations.findActive(record.id, { parts: "refs" });
    if (active)
      throw new AppError("conflict", `Operation ${active.id} (${active.type}) is ${active.status}: cancel it first`);
    await this.deps.store.clusters.remove(record.id);
    await this.deps.store.clusterViews.remove(record.id);
    await this.deps.store.desiredStates.removeCluster(record.id);
    await this.deps.store.series.removeCluster(record.id);
    await unscheduleCollections(this.deps.queue, record.id);
    this.deps.kafkaClients?.discard(record.id);
    this.overviewCache.invalidate();
  }

  /** A fresh collection, waited for; the view with its snapshot. */
  refresh(record: ClusterRecord): Promise<ClusterView> {
    return this.collectedView(record, { waitFailure: "throw" });
  }

  async find(id: string): Promise<ClusterRecord> {
    const record = await this.deps.store.clusters.findById(id);
    if (!record) throw new AppError("not_found", `No cluster ${id}`);
    return record;
  }

  /** The cluster's latest view with its freshness; without the snapshot, the store does not even read it. */
  async view(record: ClusterRecord, options = { withSnapshot: true }): Promise<ClusterView> {
    const views = this.deps.store.clusterViews;
    const stored = options.withSnapshot ? await views.get(record.id) : await views.getSummary(record.id);
    const view = clusterView(record, stored, options);
    return { ...view, freshness: freshnessOf(view, this.now(), this.freshnessSettings, stored !== undefined) };
  }

  /**
   * The answer of GET /clusters and GET /overview, serialized: with no parameter (every cluster by name) the one
   * cached with the views, at most a second old (see OverviewCache); otherwise computed in memory from those cached
   * views (no store read per request), each cluster's age as of now.
   */
  async listResponse(
    query?: ClusterListQuery,
    visible?: (cluster: ClusterView["cluster"]) => boolean,
  ): Promise<SerializedResponse> {
    const cached = await this.overviewCache.get();
    // The clusters a caller may not see are left out before anything is counted: totals and counts are its own.
    const fleet = visible ? { ...cached, views: cached.views.filter((view) => visible(view.cluster)) } : cached;
    if (!visible && (!query || isDefaultListQuery(query))) {
      cached.defaultAnswer ??= serialized(this.answer(cached, cached.at));
      return cached.defaultAnswer;
    }
    const answer = this.answer(fleet, this.now(), query);
    return serialized(visible ? { ...answer, hidden: cached.views.length - fleet.views.length } : answer);
  }

  /** The overview response with no parameter (see listResponse). */
  overviewResponse(): Promise<SerializedResponse> {
    return this.listResponse();
  }

  /** The fleet's views as cached for the list (at most a second old): what /metrics reads at a scrape too. */
  fleet(): Promise<FleetViews> {
    return this.overviewCache.get();
  }

  /** The list answer for `query` (default: every cluster by name), computed from the cached views at now. */
  async list(query?: ClusterListQuery): Promise<FleetListAnswer> {
    return this.answer(await this.overviewCache.get(), this.now(), query);
  }

  private answer(fleet: FleetViews, now: number, query: ClusterListQuery = DEFAULT_QUERY): FleetListAnswer {
    return fleetList({ ...fleet, now, settings: this.freshnessSettings }, query);
  }

  /** Every cluster's latest view, without snapshots: two store reads, no Kafka call. */
  async overview(): Promise<ClusterView[]> {
    return [...(await this.readFleet()).views];
  }

  private async readFleet(): Promise<CachedFleet> {
    const at = this.now();
    const [records, views] = await Promise.all([
      this.deps.store.clusters.list(),
      this.deps.store.clusterViews.listSummaries(),
    ]);
    const byCluster = new Map(views.map((view) => [view.clusterId, view]));
    const neverCollected = new Set(records.filter((record) => !byCluster.has(record.id)).map((record) => record.id));
    return {
      views: records.map((record) => clusterView(record, byCluster.get(record.id), { withSnapshot: false })),
      neverCollected,
      at,
    };
  }

  /**
   * The whole profile a patch would leave (stored secrets opened in memory), for validation before `update`. A change
   * of reach without the stored secrets given again is refused (400, patchedProfile); keepSecrets (the caller checks
   * the admin role) is refused (422) when the change weakens how the secrets travel.
   */
  patched(record: ClusterRecord, patch: ClusterPatch): Record<string, unknown> {
    if (patch.keepSecrets) {
      const weaker = weakenings(record, patch);
      if (weaker.length > 0)
        throw new AppError(
          "invalid_request",
          `keepSecrets is refused for a change that weakens how the secrets travel: ${weaker.join("; ")}. Give the secrets again instead`,
        );
    }
    return patchedProfile(record, patch, this.deps.box);
  }

  private async testedClusterId(profile: ConnectionProfile, skip: boolean): Promise<string> {
    if (skip) return "";
    const result = await testConnection(targetOf(profile), this.kafkaSettings());
    if (!result.ok)
      throw new AppError("cluster_unreachable", `The connection test failed: ${result.error ?? "unknown"}`);
    return result.clusterId ?? "";
  }

  /** The Kafka client's settings: the allowed hosts, for the brokers the tested cluster advertises too. */
  private kafkaSettings(): ClientOptionsSettings {
    return this.deps.allowedHosts ? { allowedHosts: this.deps.allowedHosts } : {};
  }

  private async collectedView(record: ClusterRecord, options: { waitFailure: "ignore" | "throw" }) {
    try {
      await requestCollection(this.deps.queue, record.id, this.deps.collectWaitMs);
      this.overviewCache.invalidate();
    } catch (error) {
      if (options.waitFailure === "throw") throw collectionFailure(record, error);
    }
    // The collection may have saved the id Kafka reports (a cluster registered with skipTest): show the stored record.
    return this.view((await this.deps.store.clusters.findById(record.id)) ?? record);
  }

  /**
   * The operator confirms that the bootstrap address now reaches the Kafka cluster `brokerClusterId` (the id the
   * latest collection reported, typed back): it becomes the registered identity and a new collection clears the
   * `cluster_identity_changed` issue, so writes and operations are accepted again. 422 when there is nothing to confirm
   * or the id is not the one reported.
   */
  async confirmIdentity(record: ClusterRecord, brokerClusterId: string): Promise<ClusterView> {
    const view = await this.deps.store.clusterViews.get(record.id);
    if (!identityRefusal(view))
      throw new AppError("invalid_request", `Nothing to confirm: ${record.name} reaches its registered Kafka cluster`);
    const reported = (view?.snapshot as { clusterId?: string } | undefined)?.clusterId;
    if (brokerClusterId !== reported)
      throw new AppError(
        "confirmation_mismatch",
        "Confirm with brokerClusterId equal to the cluster id the bootstrap servers now reach (see the health issue)",
      );
    const updated = await this.deps.store.clusters.update(record.id, { brokerClusterId });
    this.overviewCache.invalidate();
    return this.collectedView(updated, { waitFailure: "ignore" });
  }
}
