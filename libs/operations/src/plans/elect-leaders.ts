import { AppError, type Partition, type Snapshot } from "@kcp/shared";
import type { BuiltPlan, PlanBuilder } from "../plan-builder.js";

type Candidate = { topic: string; partition: Partition };

/** The partitions named (each must exist), or every partition of every topic. */
function namedPartitions(snapshot: Snapshot, named: { topic: string; partition: number }[] | undefined): Candidate[] {
  if (!named) return snapshot.topics.flatMap((t) => t.partitions.map((partition) => ({ topic: t.name, partition })));
  return named.map(({ topic, partition }) => {
    const found = snapshot.topics.find((t) => t.name === topic)?.partitions.find((p) => p.id === partition);
    if (!found) throw new AppError("invalid_request", `No partition ${topic}-${partition} in the cluster`);
    return { topic, partition: found };
  });
}

/** Preferred: led by another replica while the preferred one (the first) is in sync. */
const needsPreferred = (p: Partition) =>
  p.replicas[0] !== undefined && p.leader !== p.replicas[0] && p.isr.includes(p.replicas[0]);
/** Unclean: no leader at all (no in-sync replica alive). */
const needsUnclean = (p: Partition) => p.leader < 0;

/**
 * electLeaders: the partitions whose election would change something, one ElectLeaders step for them
 * all. Preferred elections move leadership back to the first replica and cost no data; an unclean election makes an
 * out-of-sync replica leader of a partition that has none and may lose committed records (irreversible).
 */
export const planElectLeaders: PlanBuilder<"electLeaders"> = ({ snapshot, params }): BuiltPlan => {
  const unclean = params.electionType === "unclean";
  const eligible = namedPartitions(snapshot, params.partitions).filter(({ partition }) =>
    unclean ? needsUnclean(partition) : needsPreferred(partition),
  );
  if (eligible.length === 0)
    throw new AppError(
      "invalid_request",
      unclean
        ? "Nothing to do: every partition named has a leader"
        : "Nothing to do: every partition named is led by its preferred replica (or it is not in sync)",
    );
  const partitions = eligible.map(({ topic, partition }) => ({ topic, partition: partition.id }));
  const warnings = unclean
    ? [
        `An unclean election makes an out-of-sync replica the leader of ${eligible.length} partition(s): records it does not have are lost for good.`,
      ]
    : [];
  return {
    plan: {
      summary: `${unclean ? "Unclean" : "Preferred"} leader election for ${eligible.length} partition(s)`,
      warnings,
      irreversible: unclean,
    },
    steps: [
      {
        name: "Elect leaders",
        kind: "electLeaders",
        args: { electionType: params.electionType, partitions },
        alwaysRun: false,
      },
    ],
  };
};
