import type { Capabilities, ConnectionProfile, Health, Snapshot } from "@kcp/shared";

/** Thresholds of the health rules (contract §6 defaults); configuration may change them. */
export interface HealthThresholds {
  diskHighPercent: number;
  diskCriticalPercent: number;
  /** A voter further behind the leader's log end than this lags. */
  voterLagOffsets: number;
  /** A voter that has not caught up for this long lags. */
  voterCaughtUpMs: number;
}

export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = {
  diskHighPercent: 80,
  diskCriticalPercent: 90,
  voterLagOffsets: 1000,
  voterCaughtUpMs: 30_000,
};

/** Pure: the health summary of a snapshot (undefined = never collected; null = unreachable). */
export type DeriveHealth = (snapshot: Snapshot | null | undefined, thresholds: HealthThresholds, now: Date) => Health;

/** The facts the capability rules read (contract §7). */
export interface CapabilityFacts {
  profile: Pick<ConnectionProfile, "provider" | "flavor">;
  snapshot: Snapshot | null;
  /** API key → version range the brokers advertise. */
  apiVersions: Map<number, { min: number; max: number }>;
  /** Cluster operations the connecting principal may perform (DescribeCluster authorized operations). */
  authorizedOperations: string[];
}

/** Pure: which actions are offered for a cluster, with a note for every flag a user might expect but is false. */
export type DeriveCapabilities = (facts: CapabilityFacts) => Capabilities;
