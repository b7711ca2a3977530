import type { Load } from "@kcp/shared";
import type { PlannerBroker, PlannerPartition } from "./model.js";

/** How a set of replica lists loads each broker; spreads and the score count only the brokers that may hold replicas. */
export function loadOf(
  brokers: readonly PlannerBroker[],
  eligible: ReadonlySet<number>,
  partitions: readonly PlannerPartition[],
  replicasOf: (index: number) => readonly number[],
  leaderOf: (index: number) => number,
  /** Brokers outside the spreads that keep their replicas (cordoned): not counted as replicas left behind. */
  kept: ReadonlySet<number> = new Set(),
): Load {
  const stats = new Map(brokers.map((b) => [b.id, { replicas: 0, leaders: 0, dataBytes: 0, bytesInPerSec: 0 }]));
  partitions.forEach((partition, index) => {
    for (const id of replicasOf(index)) {
      const s = stats.get(id);
      if (s) {
        s.replicas++;
        s.dataBytes += partition.sizeBytes;
      }
    }
    const leader = stats.get(leaderOf(index));
    if (leader) {
      leader.leaders++;
      leader.bytesInPerSec += partition.bytesInPerSec ?? 0;
    }
  });
  const rows = brokers.map((b) => ({
    id: b.id,
    ...(b.rack === undefined ? {} : { rack: b.rack }),
    ...(stats.get(b.id) as { replicas: number; leaders: number; dataBytes: number; bytesInPerSec: number }),
    excluded: !eligible.has(b.id),
  }));
  const counted = rows.filter((r) => !r.excluded);
  const spread = (values: number[]) => (values.length === 0 ? 0 : Math.max(...values) - Math.min(...values));
  const replicaSpread = spread(counted.map((r) => r.replicas));
  const leaderSpread = spread(counted.map((r) => r.leaders));
  const dataSpreadBytes = spread(counted.map((r) => r.dataBytes));
  // Replicas and leaders left on brokers that must hold none count as the worst imbalance.
  const stranded = rows.filter((r) => r.excluded && !kept.has(r.id) && (r.replicas > 0 || r.leaders > 0)).length;
  return {
    brokers: rows,
    replicaSpread,
    leaderSpread,
    dataSpreadBytes,
    score: score(counted, replicaSpread, leaderSpread, dataSpreadBytes, stranded),
  };
}

const mean = (values: number[]) => (values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length);
const clamp = (value: number) => Math.min(1, Math.max(0, value));

/**
 * 100 = perfectly balanced. Penalties: replica spread beyond 1 (40), leader spread beyond 1 (30), data spread (30),
 * each relative to the mean per broker; any replica left on a broker that must be emptied makes it 0.
 */
function score(
  rows: { replicas: number; leaders: number; dataBytes: number }[],
  replicaSpread: number,
  leaderSpread: number,
  dataSpreadBytes: number,
  stranded: number,
): number {
  if (stranded > 0) return 0;
  const penalty =
    40 * clamp(Math.max(0, replicaSpread - 1) / Math.max(1, mean(rows.map((r) => r.replicas)))) +
    30 * clamp(Math.max(0, leaderSpread - 1) / Math.max(1, mean(rows.map((r) => r.leaders)))) +
    30 * clamp(dataSpreadBytes / Math.max(1, mean(rows.map((r) => r.dataBytes))));
  return Math.round((100 - penalty) * 10) / 10;
}
