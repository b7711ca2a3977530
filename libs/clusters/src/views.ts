import type { ClusterView, Health } from "@kcp/shared";
import type { ClusterRecord, ClusterViewRecord } from "@kcp/store";
import { clusterResource } from "./records.js";

const NEVER_COLLECTED: Health = { status: "unknown", issues: [] };

/**
 * The Cluster view resource. Before the first collection: health `unknown` and capabilities with an `error` saying
 * so. The snapshot is included only where asked (refresh, one cluster), not in the overview's list. A view stored
 * before capabilities carried refusals answers `refusals: []` (its notes still say why) until the collector rewrites
 * it at its next collection.
 */
export function clusterView(
  record: ClusterRecord,
  view: ClusterViewRecord | undefined,
  options: { withSnapshot: boolean },
): ClusterView {
  if (!view) {
    return {
      cluster: clusterResource(record),
      health: NEVER_COLLECTED,
      capabilities: { refusals: [], notes: [], error: "not collected yet" },
      updatedAt: record.updatedAt.toISOString(),
    };
  }
  return {
    cluster: clusterResource(record),
    health: view.health as unknown as ClusterView["health"],
    capabilities: { refusals: [], ...view.capabilities } as unknown as ClusterView["capabilities"],
    updatedAt: view.updatedAt.toISOString(),
    ...(options.withSnapshot && view.snapshot ? { snapshot: view.snapshot as unknown as ClusterView["snapshot"] } : {}),
  };
}
