import { FeatureUpgradeTypes, protocolErrorsCodesById, updateFeaturesV1 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { brokerVersions } from "../snapshot/cluster.js";

const UPDATE_TIMEOUT_MS = 60_000;

/** Finalized feature levels as the broker asked sees them (ApiVersions). */
export async function finalizedFeatures(client: KafkaClient): Promise<Record<string, number>> {
  try {
    return Object.fromEntries((await brokerVersions(await client.anyConnection())).finalized);
  } catch (error) {
    throw toKafkaAppError(error, "reading the finalized features");
  }
}

/**
 * UpdateFeatures (upgrades only). Features already at their target are left out, so a second run changes nothing;
 * `validateOnly` asks the controller whether the change would be accepted without making it.
 */
export async function updateFeatures(
  client: KafkaClient,
  levels: Record<string, number>,
  validateOnly: boolean,
): Promise<{ updated: string[] }> {
  const current = await finalizedFeatures(client);
  const updates = Object.entries(levels)
    .filter(([name, level]) => (current[name] ?? 0) < level)
    .map(([feature, maxVersionLevel]) => ({ feature, maxVersionLevel, upgradeType: FeatureUpgradeTypes.UPGRADE }));
  if (updates.length === 0) return { updated: [] };
  const action = `${validateOnly ? "validating" : "updating"} features ${updates.map((u) => u.feature).join(", ")}`;
  let response: updateFeaturesV1.UpdateFeaturesResponse;
  try {
    response = await updateFeaturesV1.api.async(await client.anyConnection(), UPDATE_TIMEOUT_MS, updates, validateOnly);
  } catch (error) {
    throw toKafkaAppError(error, action);
  }
  const refused = response.results.filter((r) => r.errorCode !== 0);
  if (refused.length > 0)
    throw toKafkaAppError(
      {
        errors: refused.map((r) => ({
          apiId: protocolErrorsCodesById[r.errorCode],
          serverErrorMessage: `${r.feature}: ${r.errorMessage ?? ""}`,
        })),
      },
      action,
    );
  return { updated: updates.map((u) => `${u.feature}=${u.maxVersionLevel}`) };
}
