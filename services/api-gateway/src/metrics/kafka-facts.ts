import { pausesInForce } from "@kcp/autopilot";
import type { CollectedFiguresCache } from "@kcp/cluster-actions";
import { type FleetViews, type FreshnessSettings, freshnessOf } from "@kcp/clusters";
import type { ActiveOperationFacts, ClusterFacts, GaugeFamily } from "@kcp/metrics";
import { kafkaGauges } from "@kcp/metrics";
import { ACTIVE_OPERATION_STATUSES, type ClusterView, viewAgeSeconds } from "@kcp/shared";
import type { ClusterViewSummary, Store } from "@kcp/store";

/** Where the clusters and their views come from: the registry's cached fleet (the cluster list's), and its settings. */
export interface FleetSource {
  fleet(): Promise<FleetViews>;
  readonly freshnessSettings: FreshnessSettings;
}

/** Light reads: an operation's large arrays (plan moves) stay in the store. */
const LIGHT = { parts: "refs" } as const;

const numberOr = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

async function clusterFacts(
  view: ClusterView,
  collected: boolean,
  figures: CollectedFiguresCache,
  now: number,
  settings: FreshnessSettings,
): Promise<ClusterFacts & { stale: boolean }> {
  const { id, name } = view.cluster;
  // The figures cache needs only when the stored view was written, to know whether its figures are still current.
  const summary = { clusterId: id, updatedAt: new Date(view.updatedAt) } as ClusterViewSummary;
  const collectedFigures = collected ? await figures.get(id, summary).catch(() => undefined) : undefined;
  const freshness = freshnessOf(view, now, settings, collected);
  return {
    id,
    name,
    ...(collected ? { health: view.health } : {}),
    ...(collectedFigures ? { lastSuccessAt: collectedFigures.collectedAt } : {}),
    voterLag: collectedFigures?.voterLag ?? new Map(),
    groupLag: collectedFigures?.groupLag ?? new Map(),
    viewAgeSeconds: viewAgeSeconds(freshness, now),
    stale: freshness.stale,
  };
}

/** The cluster's operation pending, running or paused (at most one), with what its data movement reported. */
async function activeOperation(store: Store, clusterId: string): Promise<ActiveOperationFacts | undefined> {
  const page = await store.operations.listPage(clusterId, { limit: 1, statuses: ACTIVE_OPERATION_STATUSES }, LIGHT);
  const operation = page.operations[0];
  if (!operation) return undefined;
  const details = (operation.document.details ?? {}) as Record<string, unknown>;
  const moved = numberOr(details.bytesMoved);
  const total = numberOr(details.bytesTotal);
  const eta = numberOr(details.etaSeconds);
  return {
    id: operation.id,
    clusterId,
    type: operation.type,
    status: operation.status,
    ...(moved !== undefined && total !== undefined ? { bytesRemaining: Math.max(0, total - moved) } : {}),
    ...(eta !== undefined ? { etaSeconds: eta } : {}),
  };
}

/**
 * What /metrics shows of the Kafka clusters at each scrape: every registered cluster's latest view (health, counts,
 * its age and whether it is stale) from the registry's cached fleet (the cluster list's, at most a second old: no
 * store read of its own), the figures of its last collection (kept between scrapes until a new collection is stored),
 * and each cluster's active operation. Nothing here asks Kafka.
 */
export function kafkaGaugeReader(
  store: Store,
  fleet: FleetSource,
  figures: CollectedFiguresCache,
  groupLagLimit: number,
): () => Promise<GaugeFamily[]> {
  return async () => {
    const { views, neverCollected } = await fleet.fleet();
    const now = new Date();
    const [facts, operations, pauses] = await Promise.all([
      Promise.all(
        views.map((view) =>
          clusterFacts(view, !neverCollected.has(view.cluster.id), figures, now.getTime(), fleet.freshnessSettings),
        ),
      ),
      Promise.all(views.map((view) => activeOperation(store, view.cluster.id))),
      store.autopilotPauses.list(),
    ]);
    return kafkaGauges({
      clusters: facts,
      staleClusters: facts.filter((cluster) => cluster.stale).length,
      operations: operations.filter((o): o is ActiveOperationFacts => o !== undefined),
      autopilotPauses: pausesInForce(pauses, now).map((p) => ({ scope: p.scope, since: p.at })),
      now,
      groupLagLimit,
    });
  };
}
