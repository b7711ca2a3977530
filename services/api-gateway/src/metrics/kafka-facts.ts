import { pausesInForce } from "@kcp/autopilot";
import type { CollectedFiguresCache } from "@kcp/cluster-actions";
import type { ActiveOperationFacts, ClusterFacts, GaugeFamily } from "@kcp/metrics";
import { kafkaGauges } from "@kcp/metrics";
import type { Health } from "@kcp/shared";
import { ACTIVE_STATUSES, type ClusterRecord, type ClusterViewSummary, type Store } from "@kcp/store";

/** Light reads: an operation's large arrays (plan moves) stay in the store. */
const LIGHT = { parts: "refs" } as const;

const numberOr = (value: unknown) => (typeof value === "number" && Number.isFinite(value) ? value : undefined);

async function clusterFacts(
  cluster: ClusterRecord,
  view: ClusterViewSummary | undefined,
  figures: CollectedFiguresCache,
): Promise<ClusterFacts> {
  const collected = view ? await figures.get(cluster.id, view).catch(() => undefined) : undefined;
  return {
    id: cluster.id,
    name: cluster.name,
    ...(view ? { health: view.health as unknown as Health } : {}),
    ...(collected ? { lastSuccessAt: collected.collectedAt } : {}),
    voterLag: collected?.voterLag ?? new Map(),
    groupLag: collected?.groupLag ?? new Map(),
  };
}

/** The cluster's operation pending, running or paused (at most one), with what its data movement reported. */
async function activeOperation(store: Store, clusterId: string): Promise<ActiveOperationFacts | undefined> {
  const page = await store.operations.listPage(clusterId, { limit: 1, statuses: ACTIVE_STATUSES }, LIGHT);
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
 * What /metrics shows of the Kafka clusters, read from the store at each scrape: every registered cluster's latest
 * view (health, counts) and the figures of its last collection (kept between scrapes until a new collection is
 * stored), and each cluster's active operation. Nothing here asks Kafka.
 */
export function kafkaGaugeReader(
  store: Store,
  figures: CollectedFiguresCache,
  groupLagLimit: number,
): () => Promise<GaugeFamily[]> {
  return async () => {
    const [clusters, views] = await Promise.all([store.clusters.list(), store.clusterViews.listSummaries()]);
    const viewOf = new Map(views.map((view) => [view.clusterId, view]));
    const now = new Date();
    const [facts, operations, pauses] = await Promise.all([
      Promise.all(clusters.map((cluster) => clusterFacts(cluster, viewOf.get(cluster.id), figures))),
      Promise.all(clusters.map((cluster) => activeOperation(store, cluster.id))),
      store.autopilotPauses.list(),
    ]);
    return kafkaGauges({
      clusters: facts,
      operations: operations.filter((o): o is ActiveOperationFacts => o !== undefined),
      autopilotPauses: pausesInForce(pauses, now).map((p) => ({ scope: p.scope, since: p.at })),
      now,
      groupLagLimit,
    });
  };
}
