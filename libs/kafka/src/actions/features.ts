import { AppError } from "@kcp/shared";
import { FeatureUpgradeTypes, protocolErrorsCodesById, updateFeaturesV1 } from "@platformatic/kafka";
import type { KafkaClient } from "../client.js";
import { toKafkaAppError } from "../errors.js";
import { brokerVersions } from "../snapshot/cluster.js";

const UPDATE_TIMEOUT_MS = 60_000;

/** A feature the controller refused to change: Kafka's error name and the controller's message. */
export interface FeatureRefusal {
  feature: string;
  error: string;
  message: string;
}

/** UpdateFeatures answered, refusing some features: `kafka_error` naming each, the refusals kept as data. */
export class FeatureUpdateRefused extends AppError {
  constructor(
    readonly refusals: readonly FeatureRefusal[],
    action: string,
  ) {
    super(
      "kafka_error",
      `Kafka refused ${action}: ${refusals.map((r) => `${r.error} (${r.feature}: ${r.message})`).join("; ")}`,
    );
  }
}

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
    // A refusal arrives as an error carrying the response: its refusals are kept as data.
    const answered = (error as { response?: unknown }).response;
    if (!isUpdateFeaturesResponse(answered)) throw toKafkaAppError(error, action);
    response = answered;
  }
  const refused = featureRefusals(
    updates.map((u) => u.feature),
    response,
  );
  if (refused.length > 0) throw new FeatureUpdateRefused(refused, action);
  return { updated: updates.map((u) => `${u.feature}=${u.maxVersionLevel}`) };
}

function isUpdateFeaturesResponse(value: unknown): value is updateFeaturesV1.UpdateFeaturesResponse {
  return (
    typeof value === "object" &&
    value !== null &&
    "errorCode" in value &&
    Array.isArray((value as { results?: unknown }).results)
  );
}

/**
 * The features an UpdateFeatures answer refused: each result with an error, or, when the controller refused the whole
 * request (a top-level error: "the update failed for all features since …"), every feature asked for.
 */
export function featureRefusals(
  requested: readonly string[],
  response: Pick<updateFeaturesV1.UpdateFeaturesResponse, "errorCode" | "errorMessage" | "results">,
): FeatureRefusal[] {
  const refusal = (feature: string, code: number, message: string | null | undefined) => ({
    feature,
    error: protocolErrorsCodesById[code] ?? `error ${code}`,
    message: message ?? "",
  });
  const each = response.results
    .filter((r) => r.errorCode !== 0)
    .map((r) => refusal(r.feature, r.errorCode, r.errorMessage));
  if (each.length > 0 || response.errorCode === 0) return each;
  return requested.map((feature) => refusal(feature, response.errorCode, response.errorMessage));
}
