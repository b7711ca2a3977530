import type { SecretBox } from "@kcp/shared";
import type { Store } from "@kcp/store";

/**
 * Re-seals every cluster's secrets sealed with an older key under the current one (key rotation: configure the new
 * key as SECRET_KEY and the old one in SECRET_KEYS_PREVIOUS, run this, then drop the old key).
 */
export async function resealSecrets(store: Store, box: SecretBox): Promise<{ resealed: number; total: number }> {
  let resealed = 0;
  const clusters = await store.clusters.list();
  for (const cluster of clusters) {
    if (!cluster.secrets || !box.isStale(cluster.secrets)) continue;
    await store.clusters.update(cluster.id, { secrets: box.seal(box.open(cluster.secrets)) });
    resealed++;
  }
  return { resealed, total: clusters.length };
}
