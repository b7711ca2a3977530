/** Thresholds of the health rules; configuration may change them. */
export interface HealthThresholds {
  diskHighPercent: number;
  diskCriticalPercent: number;
  /** A voter further behind the leader's log end than this lags. */
  voterLagOffsets: number;
  /** A voter that has not caught up for this long lags. */
  voterCaughtUpMs: number;
  /** The fullest log dir more than this many points of disk use above the mean of all dirs is an imbalance. */
  diskImbalancePercent: number;
  /** More than this share of replicated partitions led by another replica than their preferred one. */
  leaderImbalancePercent: number;
}

export const DEFAULT_HEALTH_THRESHOLDS: HealthThresholds = {
  diskHighPercent: 80,
  diskCriticalPercent: 90,
  voterLagOffsets: 1000,
  voterCaughtUpMs: 30_000,
  diskImbalancePercent: 10,
  leaderImbalancePercent: 10,
};
