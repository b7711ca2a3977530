import type { SecretBox } from "@kcp/shared";
import type { Store } from "@kcp/store";

export interface ResealResult {
  resealed: number;
  total: number;
  /** Clusters whose secrets no configured key opens: left untouched, named so the operator can act. */
  unopenable: string[];
}

/**
 * Re-seals every cluster's secrets sealed with an older key under the current one (key rotation: configure the new
 * key as SECRET_KEY and the old one in SECRET_KEYS_PREVIOUS, run this, then drop the old key).
 */
export async function resealSecrets(store: Store, box: SecretBox): Promise<ResealResult> {
  const result: ResealResult = { resealed: 0, total: 0, unopenable: [] };
  const clusters = await store.clusters.list();
  result.total = clusters.length;
  for (const cluster of clusters) {
    if (!cluster.secrets || !box.isStale(cluster.secrets)) continue;
    let secrets: Record<string, string>;
    try {
      secrets = box.open(cluster.secrets);
    } catch {
      result.unopenable.push(cluster.name);
      continue;
    }
    await store.clusters.update(cluster.id, { secrets: box.seal(secrets) });
    result.resealed++;
  }
  return result;
}
