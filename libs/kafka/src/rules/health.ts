import {
  diskImbalance,
  diskUsedPercent,
  HEALTH_ISSUE_CODES,
  HEALTH_ISSUE_SEVERITY,
  type Health,
  type HealthIssue,
  type HealthIssueCode,
  type HealthStatus,
  leaderImbalance,
  type Snapshot,
} from "@kcp/shared";
import { metadataVersionName } from "./metadata-version.js";
import { counted, nameList } from "./naming.js";
import { type PartitionFacts, partitionFacts } from "./partition-facts.js";
import type { HealthThresholds } from "./thresholds.js";

interface RuleInput {
  snapshot: Snapshot;
  partitions: PartitionFacts[];
  thresholds: HealthThresholds;
  now: Date;
}

/** A rule returns its issue's message when the condition holds. */
type Rule = (input: RuleInput) => string | undefined;

/** `3 partitions of orders offline: orders-0, …` when one topic is affected, else `5 partitions offline: …`. */
function partitionsMessage(matching: PartitionFacts[], what: string): string | undefined {
  if (matching.length === 0) return undefined;
  const topics = new Set(matching.map((p) => p.topic.name));
  const [only] = topics;
  const of = topics.size === 1 ? ` of ${only}` : "";
  return `${counted(matching.length, "partition")}${of} ${what}: ${nameList(matching.map((p) => p.name))}`;
}

function brokersMessage(ids: number[], what: string): string | undefined {
  if (ids.length === 0) return undefined;
  return `${counted(ids.length, "broker")} ${what}: ${nameList(ids.map(String))}`;
}

function disksAtOrAbove(input: RuleInput, minPercent: number, belowPercent = Number.POSITIVE_INFINITY) {
  return input.snapshot.brokers.flatMap((broker) => {
    const used = diskUsedPercent(broker);
    return used !== undefined && used >= minPercent && used < belowPercent
      ? [`${broker.id} (${Math.floor(used)} %)`]
      : [];
  });
}

function laggingVoters(input: RuleInput): number[] {
  const quorum = input.snapshot.quorum;
  if (!quorum || quorum.leaderId < 0) return [];
  const { voterLagOffsets, voterCaughtUpMs } = input.thresholds;
  return quorum.voters
    .filter((voter) => voter.nodeId !== quorum.leaderId)
    .filter((voter) => {
      const behind = voter.lag < 0 || voter.lag > voterLagOffsets;
      const caughtUp = voter.lastCaughtUpTimestamp;
      const stale = caughtUp >= 0 && input.now.getTime() - caughtUp > voterCaughtUpMs;
      return behind || stale;
    })
    .map((voter) => voter.nodeId);
}

function finalizableFeatures(snapshot: Snapshot) {
  return snapshot.features.filter((f) => f.finalized < f.supportedMax);
}

/** One rule per issue code (cluster_unreachable is handled before any rule runs). */
const RULES: Partial<Record<HealthIssueCode, Rule>> = {
  offline_partitions: ({ partitions }) =>
    partitionsMessage(
      partitions.filter((p) => p.offline),
      "offline",
    ),
  under_min_isr: ({ partitions }) =>
    partitionsMessage(
      partitions.filter((p) => p.underMinIsr),
      "below min.insync.replicas",
    ),
  no_quorum_leader: ({ snapshot }) =>
    snapshot.quorum && snapshot.quorum.leaderId < 0 ? "The metadata quorum has no leader" : undefined,
  log_dir_failed: ({ snapshot }) => {
    const failed = snapshot.brokers.flatMap((b) =>
      (b.logDirs ?? []).filter((d) => d.error).map((d) => `${b.id}:${d.path} (${d.error})`),
    );
    return failed.length > 0 ? `${counted(failed.length, "log dir")} failed: ${nameList(failed)}` : undefined;
  },
  disk_critical: (input) => {
    const full = disksAtOrAbove(input, input.thresholds.diskCriticalPercent);
    return full.length > 0
      ? `${counted(full.length, "broker")} at or above ${input.thresholds.diskCriticalPercent} % disk use: ${nameList(full)}`
      : undefined;
  },
  broker_down: ({ snapshot }) =>
    brokersMessage(
      snapshot.brokers.filter((b) => !b.alive).map((b) => b.id),
      "down (no answer)",
    ),
  under_replicated: ({ partitions }) =>
    partitionsMessage(
      partitions.filter((p) => p.underReplicated),
      "under-replicated",
    ),
  at_min_isr: ({ partitions }) =>
    partitionsMessage(
      partitions.filter((p) => p.atMinIsr),
      "at min.insync.replicas (one more replica loss blocks acks=all producers)",
    ),
  broker_fenced: ({ snapshot }) =>
    brokersMessage(
      snapshot.brokers.filter((b) => b.fenced).map((b) => b.id),
      "fenced",
    ),
  voters_lagging: (input) => {
    const lagging = laggingVoters(input);
    return lagging.length > 0
      ? `${counted(lagging.length, "voter")} lagging behind the quorum leader: ${nameList(lagging.map(String))}`
      : undefined;
  },
  quorum_no_fault_tolerance: ({ snapshot }) => {
    const voters = snapshot.quorum?.voters.length;
    return voters !== undefined && voters < 3
      ? `The metadata quorum has ${counted(voters, "voter")}: losing one stops the cluster's metadata`
      : undefined;
  },
  disk_high: (input) => {
    const { diskHighPercent, diskCriticalPercent } = input.thresholds;
    const high = disksAtOrAbove(input, diskHighPercent, diskCriticalPercent);
    return high.length > 0
      ? `${counted(high.length, "broker")} at or above ${diskHighPercent} % disk use: ${nameList(high)}`
      : undefined;
  },
  collection_incomplete: ({ snapshot }) =>
    snapshot.errors.length > 0
      ? `${counted(snapshot.errors.length, "part")} of the snapshot could not be read: ${nameList(snapshot.errors)}`
      : undefined,
  reassignment_in_progress: ({ snapshot }) =>
    snapshot.reassignments.length > 0
      ? `${counted(snapshot.reassignments.length, "partition")} being reassigned: ${nameList(
          snapshot.reassignments.map((r) => `${r.topic}-${r.partition}`),
        )}`
      : undefined,
  broker_cordoned: ({ snapshot }) =>
    brokersMessage(
      snapshot.brokers.filter((b) => b.cordoned).map((b) => b.id),
      "cordoned (no new replicas)",
    ),
  features_finalizable: ({ snapshot }) => {
    const features = finalizableFeatures(snapshot).map((f) => `${f.name} ${f.finalized} → ${f.supportedMax}`);
    return features.length > 0
      ? `${counted(features.length, "feature")} below the level every node supports: ${nameList(features)}`
      : undefined;
  },
  disk_imbalance: ({ snapshot, thresholds }) => {
    const figures = diskImbalance(snapshot);
    if (!figures || figures.abovePercent <= thresholds.diskImbalancePercent) return undefined;
    const { broker, logDir, usedPercent, meanPercent, abovePercent, logDirs } = figures;
    return `log dir ${logDir} of broker ${broker} at ${Math.floor(usedPercent)} % disk use, ${Math.round(abovePercent)} points above the mean of ${logDirs} log dirs (${Math.round(meanPercent)} %)`;
  },
  leader_imbalance: ({ snapshot, thresholds }) => {
    const { partitions, notPreferred, notPreferredPercent } = leaderImbalance(snapshot);
    return notPreferredPercent > thresholds.leaderImbalancePercent
      ? `${notPreferred} of ${partitions} replicated partitions (${Math.round(notPreferredPercent)} %) not led by their preferred replica`
      : undefined;
  },
};

const SEVERITY_RANK = { critical: 2, warning: 1, info: 0 } as const;

function statusOf(issues: HealthIssue[]): HealthStatus {
  const worst = Math.max(-1, ...issues.map((i) => SEVERITY_RANK[i.severity]));
  return worst === 2 ? "critical" : worst === 1 ? "warning" : "ok";
}

function countersOf(input: RuleInput) {
  const { snapshot, partitions } = input;
  const quorum = snapshot.quorum;
  const used = snapshot.brokers.map(diskUsedPercent).filter((p): p is number => p !== undefined);
  const metadataLevel = snapshot.features.find((f) => f.name === "metadata.version")?.finalized;
  const kraftVersion = snapshot.features.find((f) => f.name === "kraft.version");
  return {
    brokers: snapshot.brokers.length,
    brokersAlive: snapshot.brokers.filter((b) => b.alive).length,
    brokersFenced: snapshot.brokers.filter((b) => b.fenced).length,
    brokersCordoned: snapshot.brokers.filter((b) => b.cordoned).length,
    topics: snapshot.topics.length,
    partitions: partitions.length,
    offlinePartitions: partitions.filter((p) => p.offline).length,
    underReplicated: partitions.filter((p) => p.underReplicated).length,
    underMinIsr: partitions.filter((p) => p.underMinIsr).length,
    atMinIsr: partitions.filter((p) => p.atMinIsr).length,
    reassigning: snapshot.reassignments.length,
    ...(quorum && quorum.leaderId >= 0 ? { quorumLeader: quorum.leaderId } : {}),
    ...(quorum ? { voters: quorum.voters.length, votersLagging: laggingVoters(input).length } : {}),
    ...(used.length > 0 ? { diskUsedPercentMax: Math.round(Math.max(...used) * 10) / 10 } : {}),
    ...(metadataLevel ? { metadataVersion: metadataVersionName(metadataLevel) } : {}),
    ...(kraftVersion ? { quorumVersion: kraftVersion.finalized } : {}),
  };
}

/**
 * Pure: the health summary of a snapshot. `undefined` = never collected (`unknown`); `null` = no broker
 * answered the last collection (`unreachable`, with the reason in the issue's message).
 */
export function deriveHealth(
  snapshot: Snapshot | null | undefined,
  thresholds: HealthThresholds,
  now: Date,
  unreachableReason = "no broker answered",
): Health {
  if (snapshot === undefined) return { status: "unknown", issues: [] };
  if (snapshot === null) {
    const message = `No broker answered: ${unreachableReason}`;
    return { status: "unreachable", issues: [{ severity: "critical", code: "cluster_unreachable", message }] };
  }
  const input: RuleInput = { snapshot, partitions: partitionFacts(snapshot), thresholds, now };
  const issues = HEALTH_ISSUE_CODES.flatMap((code): HealthIssue[] => {
    const message = RULES[code]?.(input);
    return message ? [{ severity: HEALTH_ISSUE_SEVERITY[code], code, message }] : [];
  });
  return { status: statusOf(issues), issues, ...countersOf(input) };
}
