import type { Snapshot } from "@kcp/shared";

export type Goal = "replicas" | "leaders" | "disk" | "rack";

export interface PlannerBroker {
  id: number;
  rack?: string;
  /** Registered, unfenced and answering: only such brokers take replicas. */
  alive: boolean;
}

export interface PlannerPartition {
  topic: string;
  partition: number;
  /** In preferred order: the first replica is the preferred leader. */
  replicas: number[];
  leader: number;
  sizeBytes: number;
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
}

export const ALL_GOALS: readonly Goal[] = ["replicas", "leaders", "disk", "rack"];

/** The planner's view of a snapshot: every partition with its replicas in order, its leader and its size. */
export function plannerModel(snapshot: Snapshot): Pick<PlannerInput, "brokers" | "partitions"> {
  return {
    brokers: snapshot.brokers.map((b) => ({
      id: b.id,
      ...(b.rack === undefined ? {} : { rack: b.rack }),
      alive: b.alive && !b.fenced,
    })),
    partitions: snapshot.topics.flatMap((t) =>
      t.partitions.map((p) => ({
        topic: t.name,
        partition: p.id,
        replicas: [...p.replicas],
        leader: p.leader,
        sizeBytes: p.sizeBytes,
      })),
    ),
  };
}
