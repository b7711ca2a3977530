import { groupByVolume } from "@kcp/kafka";
import type { LogDir, Snapshot } from "@kcp/shared";

/** Hard goals first, then soft ones, each in priority order: a goal is never bought by breaking a higher one. */
export type Goal = "rack" | "capacity" | "disk" | "replicas" | "leaders" | "topics" | "leaderBytesIn";

export const HARD_GOALS: readonly Goal[] = ["rack", "capacity"];

export interface PlannerBroker {
  id: number;
  rack?: string;
  /** Registered, unfenced and answering: only such brokers take replicas. */
  alive: boolean;
  /** Every log dir cordoned (Kafka 4.3 `cordoned.log.dirs`): keeps its replicas, receives nothing. */
  cordoned?: boolean;
  /** Bytes of disk the broker's replicas may use at most (its log dirs); unknown: no capacity limit, equal weight. */
  capacityBytes?: number;
}

export interface PlannerPartition {
  topic: string;
  partition: number;
  /** In preferred order: the first replica is the preferred leader. */
  replicas: number[];
  leader: number;
  sizeBytes: number;
  /** Bytes appended per second (measured between collections); what its leader takes in. Default 0. */
  bytesInPerSec?: number;
}

export interface PlannerInput {
  brokers: PlannerBroker[];
  partitions: PlannerPartition[];
  /** Brokers that may hold replicas (default: every alive broker). */
  targets?: number[];
  /** Brokers that must end up holding no replica (excluded or drained). */
  emptied: number[];
  goals: ReadonlySet<Goal>;
  /**
   * rebalance: even out the counts (and move what must move); drain: move only what must move, each replica to the
   * least loaded broker that fits.
   */
  mode: "rebalance" | "drain";
  /** Capacity goal: no broker's replicas above this share of its capacity, copies in flight counted (default 80). */
  maxDiskUsePercent?: number;
  /** Disk goal: each broker's data within ± this share of the capacity-weighted mean (default 10). */
  diskBandPercent?: number;
}

export const ALL_GOALS: readonly Goal[] = [
  "rack",
  "capacity",
  "disk",
  "replicas",
  "leaders",
  "topics",
  "leaderBytesIn",
];

/**
 * The disk a broker's replicas may use: per volume (dirs not failed that report the same size and free space share
 * one, counted once) its free space plus the data Kafka keeps there, at most the volume's size — so other files on a
 * volume are set aside. Unknown when a dir does not report it.
 */
export function capacityOf(broker: Snapshot["brokers"][number]): number | undefined {
  const dirs = (broker.logDirs ?? []).filter((d) => d.error === undefined);
  if (dirs.length === 0 || dirs.some((d) => d.totalBytes === undefined)) return undefined;
  let total = 0;
  for (const volume of groupByVolume(dirs)) {
    const { totalBytes, usableBytes } = volume[0] as LogDir;
    const data = volume.reduce((n, d) => n + d.dataBytes, 0);
    total += usableBytes === undefined ? (totalBytes as number) : Math.min(totalBytes as number, usableBytes + data);
  }
  return total;
}

/** The planner's view of a snapshot: every partition with its replicas in order, its leader and its size. */
export function plannerModel(snapshot: Snapshot): Pick<PlannerInput, "brokers" | "partitions"> {
  return {
    brokers: snapshot.brokers.map((b) => {
      const capacityBytes = capacityOf(b);
      const dirs = b.logDirs ?? [];
      const cordoned = dirs.length > 0 ? dirs.every((d) => d.cordoned === true) : b.cordoned;
      return {
        id: b.id,
        ...(b.rack === undefined ? {} : { rack: b.rack }),
        alive: b.alive && !b.fenced,
        ...(cordoned ? { cordoned: true } : {}),
        ...(capacityBytes === undefined ? {} : { capacityBytes }),
      };
    }),
    partitions: snapshot.topics.flatMap((t) =>
      t.partitions.map((p) => ({
        topic: t.name,
        partition: p.id,
        replicas: [...p.replicas],
        leader: p.leader,
        sizeBytes: p.sizeBytes,
        bytesInPerSec: p.bytesInPerSec ?? 0,
      })),
    ),
  };
}
