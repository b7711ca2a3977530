import { AUTOPILOT_SERVICE_SCOPE, type PolicySpec } from "@kcp/shared";
import { isAutopilotActor } from "./decide.js";
import { DEFAULT_FIND_THRESHOLDS, type FindThresholds } from "./find.js";

/** A pause as stored: for one cluster (its id as scope) or for the service (`AUTOPILOT_SERVICE_SCOPE`). */
export interface PauseFacts {
  scope: string;
  reason: string;
  by: string;
  at: Date;
  until?: Date;
}

/** The pauses in force at `now`: those without an end, or ending later. */
export function pausesInForce<P extends PauseFacts>(pauses: readonly P[], now: Date): P[] {
  return pauses.filter((p) => p.until === undefined || p.until > now);
}

/** The pause in force for a cluster at `now` (the service's first, then the cluster's own); an ended one is not. */
export function pauseInForce(pauses: readonly PauseFacts[], clusterId: string, now: Date): PauseFacts | undefined {
  const inForce = pausesInForce(pauses, now);
  return inForce.find((p) => p.scope === AUTOPILOT_SERVICE_SCOPE) ?? inForce.find((p) => p.scope === clusterId);
}

/**
 * The thresholds to find anomalies at for a cluster: the most sensitive band and share among the policies covering it
 * (each policy then checks its own, `policyMatches`), the defaults where none sets one.
 */
export function findThresholds(policies: readonly PolicySpec[], diskHighPercent: number): FindThresholds {
  const least = (values: (number | undefined)[], fallback: number) => {
    const set = values.filter((v): v is number => v !== undefined);
    return set.length === 0 ? fallback : Math.min(...set);
  };
  return {
    diskHighPercent,
    diskBandPercent: least(
      policies
        .filter((p) => p.trigger.code === "disk_imbalance")
        .map((p) => p.trigger.bandPercent ?? DEFAULT_FIND_THRESHOLDS.diskBandPercent),
      DEFAULT_FIND_THRESHOLDS.diskBandPercent,
    ),
    leaderImbalancePercent: least(
      policies
        .filter((p) => p.trigger.code === "leader_imbalance")
        .map((p) => p.trigger.thresholdPercent ?? DEFAULT_FIND_THRESHOLDS.leaderImbalancePercent),
      DEFAULT_FIND_THRESHOLDS.leaderImbalancePercent,
    ),
  };
}

/**
 * The labels of a cluster that policies select clusters by (`scope.labels`) and that a change from `before` to `after`
 * adds, removes or alters, sorted: such a change moves the cluster into or out of a policy an admin wrote, which only
 * an admin may do. Labels no policy selects on are anyone's to change.
 */
export function policyLabelsChanged(
  policies: readonly Pick<PolicySpec, "scope">[],
  before: Readonly<Record<string, string>>,
  after: Readonly<Record<string, string>>,
): string[] {
  const selected = new Set<string>();
  for (const { scope } of policies)
    if ("labels" in scope) for (const key of Object.keys(scope.labels)) selected.add(key);
  return [...selected].filter((key) => before[key] !== after[key]).sort();
}

/**
 * Whether resuming an operation needs the admin role: an autopilot operation while an autopilot pause (an admin's
 * veto) covers its cluster. The pause holds it; only an admin may let it go before the pause ends.
 */
export function resumeHeldByPause(
  operation: { clusterId: string; createdBy: string },
  pauses: readonly PauseFacts[],
  now: Date,
): PauseFacts | undefined {
  if (!isAutopilotActor(operation.createdBy)) return undefined;
  return pauseInForce(pauses, operation.clusterId, now);
}
