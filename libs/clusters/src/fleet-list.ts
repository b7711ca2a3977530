import {
  type ClusterListQuery,
  type ClusterView,
  type Freshness,
  HEALTH_STATUSES,
  type HealthCounts,
  type HealthStatus,
  labelsMatch,
} from "@kcp/shared";

/** What decides a view's freshness beside the cluster's own settings: the collectors' configuration. */
export interface FreshnessSettings {
  /** COLLECT_INTERVAL_SECONDS: a cluster's interval unless its settings.collectionIntervalSeconds says otherwise. */
  intervalSeconds: number;
  /** COLLECT_TIMEOUT_MS: how long a collection may run before it is abandoned. */
  timeoutMs: number;
}

/** The cluster's collection interval: its own settings.collectionIntervalSeconds when a number (as the collector reads it). */
export function collectionIntervalOf(
  settings: Readonly<Record<string, unknown>> | undefined,
  fallback: number,
): number {
  const own = settings?.collectionIntervalSeconds;
  return typeof own === "number" && Number.isFinite(own) && own >= 1 ? own : fallback;
}

/**
 * How fresh the view is at `now` (ms): written by a collection at `since` (the cluster's registration when it was
 * never collected: the view then carries the record's updatedAt); stale when older than twice the cluster's interval
 * plus the collection timeout.
 */
export function freshnessOf(view: ClusterView, now: number, settings: FreshnessSettings, collected = true): Freshness {
  const parsed = Date.parse(collected ? view.updatedAt : view.cluster.createdAt);
  const since = Number.isFinite(parsed) ? parsed : now;
  const intervalSeconds = collectionIntervalOf(view.cluster.settings, settings.intervalSeconds);
  const staleAfter = since + 2 * intervalSeconds * 1000 + settings.timeoutMs;
  return {
    since: new Date(since).toISOString(),
    intervalSeconds,
    staleAfter: new Date(staleAfter).toISOString(),
    stale: now > staleAfter,
  };
}

/** The fleet as the list reads it: every cluster's view (no snapshot), and which were never collected. */
export interface FleetListInput {
  views: readonly ClusterView[];
  /** Ids of the clusters with no stored view yet: their age counts from the cluster's createdAt. */
  neverCollected?: ReadonlySet<string>;
  /** Milliseconds since the epoch. */
  now: number;
  settings: FreshnessSettings;
}

/** GET /clusters and GET /overview: one page of the matching clusters, each with its freshness, and the figures. */
export interface FleetListAnswer {
  clusters: ClusterView[];
  /** Clusters matching every filter (all pages). */
  total: number;
  /** Clusters matching every filter but health, by health status. */
  counts: HealthCounts;
  /** Clusters matching every filter whose view is stale. */
  stale: number;
}

/** worst: the order of the statuses, the worst first. */
const WORST_FIRST: readonly HealthStatus[] = ["critical", "unreachable", "warning", "unknown", "ok"];
const rankOf = (status: string) => {
  const rank = WORST_FIRST.indexOf(status as HealthStatus);
  return rank < 0 ? WORST_FIRST.length : rank;
};

interface Entry {
  view: ClusterView;
  freshness: Freshness;
  /** The name lower-cased, for the name filter and sort. */
  name: string;
}

const byName = (a: Entry, b: Entry) =>
  a.name < b.name ? -1 : a.name > b.name ? 1 : a.view.cluster.id < b.view.cluster.id ? -1 : 1;

const SORTS: Record<ClusterListQuery["sort"], (a: Entry, b: Entry) => number> = {
  name: byName,
  worst: (a, b) =>
    rankOf(a.view.health.status) - rankOf(b.view.health.status) ||
    b.view.health.issues.length - a.view.health.issues.length ||
    byName(a, b),
  stalest: (a, b) => Date.parse(a.freshness.since) - Date.parse(b.freshness.since) || byName(a, b),
  newest: (a, b) => Date.parse(b.view.cluster.createdAt) - Date.parse(a.view.cluster.createdAt) || byName(a, b),
};

/**
 * Pure: the clusters `query` selects, in its order, one page of them with each one's freshness; how many match, how
 * many of those are stale, and the counts by health status of those matching every filter but health (what the
 * console's filter chips show). Nothing is read: the views are the registry's (cached) overview.
 */
export function fleetList(input: FleetListInput, query: ClusterListQuery): FleetListAnswer {
  const counts = Object.fromEntries(HEALTH_STATUSES.map((status) => [status, 0])) as HealthCounts;
  const nameText = query.name?.toLowerCase();
  const providers = query.provider ? new Set<string>(query.provider) : undefined;
  const statuses = query.health ? new Set<string>(query.health) : undefined;
  const matching: Entry[] = [];
  let stale = 0;
  for (const view of input.views) {
    const { cluster } = view;
    if (providers && !providers.has(cluster.provider)) continue;
    if (query.labels && !labelsMatch(cluster.labels, query.labels)) continue;
    const name = cluster.name.toLowerCase();
    if (nameText !== undefined && !name.includes(nameText)) continue;
    const collected = !input.neverCollected?.has(cluster.id);
    const freshness = freshnessOf(view, input.now, input.settings, collected);
    if (query.stale !== undefined && freshness.stale !== query.stale) continue;
    const status = view.health.status;
    if (Object.hasOwn(counts, status)) counts[status]++;
    if (statuses && !statuses.has(status)) continue;
    if (freshness.stale) stale++;
    matching.push({ view, freshness, name });
  }
  matching.sort(SORTS[query.sort]);
  const start = query.offset;
  const page = matching.slice(start, query.limit === undefined ? undefined : start + query.limit);
  return {
    clusters: page.map(({ view, freshness }) => ({ ...view, freshness })),
    total: matching.length,
    counts,
    stale,
  };
}

/** Whether the query asks for nothing but the default list: every cluster by name (the cached answer). */
export function isDefaultListQuery(query: ClusterListQuery): boolean {
  return (
    query.labels === undefined &&
    query.health === undefined &&
    query.provider === undefined &&
    query.name === undefined &&
    query.stale === undefined &&
    query.limit === undefined &&
    query.sort === "name" &&
    query.offset === 0
  );
}
