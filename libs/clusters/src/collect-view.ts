import {
  type ClientOptionsSettings,
  collectSnapshot,
  deriveCapabilities,
  deriveHealth,
  describeKafkaError,
  type HealthThresholds,
  KafkaClient,
} from "@kcp/kafka";
import type { SecretBox } from "@kcp/shared";
import { AppError, withDeadline } from "@kcp/shared";
import type { ClusterRecord, ClusterViewRecord, Store } from "@kcp/store";
import { connectionTarget, type StoredProfile } from "./records.js";

export interface CollectSettings {
  /** A collection taking longer is abandoned and the cluster counts as unreachable for this round. */
  timeoutMs: number;
  thresholds: HealthThresholds;
  kafka?: ClientOptionsSettings;
}

export interface CollectDependencies {
  store: Store;
  box: SecretBox;
  settings: CollectSettings;
  now?: () => Date;
}

type Plain = Record<string, unknown>;
const plain = (value: unknown) => value as Plain;

async function reachableView(record: ClusterRecord, deps: CollectDependencies, now: Date): Promise<ClusterViewRecord> {
  const profile = record.profile as unknown as StoredProfile;
  const client = KafkaClient.open(connectionTarget(record, deps.box), deps.settings.kafka);
  try {
    const { timeoutMs } = deps.settings;
    const collection = await withDeadline(
      collectSnapshot(client, { timeoutMs }),
      timeoutMs,
      `the collection took longer than ${timeoutMs} ms`,
    );
    return {
      clusterId: record.id,
      snapshot: plain(collection.snapshot),
      health: plain(deriveHealth(collection.snapshot, deps.settings.thresholds, now)),
      capabilities: plain(
        deriveCapabilities({
          profile: { provider: profile.provider, flavor: profile.flavor },
          snapshot: collection.snapshot,
          apiVersions: collection.apiVersions,
          authorizedOperations: collection.authorizedOperations,
        }),
      ),
      updatedAt: now,
    };
  } finally {
    await client.close().catch(() => undefined);
  }
}

/** No broker answered (or too slowly): health unreachable, capabilities in error, the last snapshot kept. */
async function unreachableView(
  record: ClusterRecord,
  deps: CollectDependencies,
  now: Date,
  reason: string,
): Promise<ClusterViewRecord> {
  const profile = record.profile as unknown as StoredProfile;
  const previous = await deps.store.clusterViews.get(record.id);
  return {
    clusterId: record.id,
    ...(previous?.snapshot ? { snapshot: previous.snapshot } : {}),
    health: plain(deriveHealth(null, deps.settings.thresholds, now, reason)),
    capabilities: plain(
      deriveCapabilities({
        profile: { provider: profile.provider, flavor: profile.flavor },
        snapshot: null,
        apiVersions: null,
        authorizedOperations: null,
        unreachableReason: reason,
      }),
    ),
    updatedAt: now,
  };
}

/** Collects one cluster and stores its view (snapshot, health, capabilities); returns the stored view. */
export async function collectClusterView(deps: CollectDependencies, clusterId: string): Promise<ClusterViewRecord> {
  const record = await deps.store.clusters.findById(clusterId);
  if (!record) throw new AppError("not_found", `No cluster ${clusterId}`);
  const now = deps.now?.() ?? new Date();
  const view = await reachableView(record, deps, now).catch((error: unknown) =>
    unreachableView(record, deps, now, describeKafkaError(error)),
  );
  // The cluster may have been deleted while it was being collected: do not resurrect its view.
  if (!(await deps.store.clusters.findById(clusterId))) throw new AppError("not_found", `No cluster ${clusterId}`);
  await deps.store.clusterViews.put(view);
  return view;
}
