import { AppError, type Move, type Snapshot } from "@kcp/shared";
import type { BuiltPlan, PlanBuilder } from "../plan-builder.js";
import { ALL_GOALS, type Goal, type MovePlan, type PlannerBroker, planMoves, plannerModel } from "../planner/index.js";
import { type LogDirPlan, logDirModel, planLogDirMoves } from "../planner/log-dirs/index.js";
import type { PlannedStep } from "../steps.js";
import { withLoadRates } from "./load-rates.js";
import { estimateLogDirMoves, formatDuration, withMovementEta } from "./movement-eta.js";
import { DEFAULT_MAX_CONCURRENT_MOVES, reassignSteps, throttleArgs } from "./reassign-steps.js";

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

/** The steps of a data-moving plan: throttle, move in batches, remove the throttle (always), elect the new leaders. */
function movingSteps(
  plan: MovePlan,
  options: { throttleBytesPerSec?: number; maxConcurrentMoves?: number },
): PlannedStep[] {
  const throttle = options.throttleBytesPerSec ? throttleArgs(plan.moves, options.throttleBytesPerSec) : undefined;
  const leaders = plan.elections;
  return [
    ...reassignSteps(
      plan.moves,
      { throttle, maxConcurrentMoves: options.maxConcurrentMoves },
      {
        reassign: `Move ${plan.moves.length} partition(s)`,
        throttle: "Throttle the replication of the moving partitions",
      },
    ),
    ...(leaders.length > 0
      ? [
          {
            name: "Elect the preferred leaders",
            kind: "electLeaders" as const,
            args: { electionType: "preferred" as const, partitions: leaders },
            alwaysRun: false,
          },
        ]
      : []),
  ];
}

function builtPlan(
  plan: MovePlan,
  summary: string,
  options: Parameters<typeof movingSteps>[1],
  nothingToDo: string,
): BuiltPlan {
  if (plan.moves.length === 0) throw new AppError("invalid_request", `Nothing to do: ${nothingToDo}`);
  const replicaMoves = plan.moves.reduce((n, m) => n + m.replicaMoves, 0);
  return {
    plan: {
      summary: `${summary}: ${replicaMoves} replica move(s) (${gib(plan.dataToMoveBytes)}) in ${plan.moves.length} partition(s); replica spread ${plan.before.replicaSpread} → ${plan.after.replicaSpread}, leader spread ${plan.before.leaderSpread} → ${plan.after.leaderSpread}${diskNote(plan)}`,
      warnings: plan.warnings,
      irreversible: false,
      moves: plan.moves,
      before: plan.before,
      after: plan.after,
      dataToMoveBytes: plan.dataToMoveBytes,
      dataToMoveLowerBoundBytes: plan.lowerBoundBytes,
      ...goalFields(plan),
    },
    steps: movingSteps(plan, options),
  };
}

/** The goal report and the per-goal bounds. */
function goalFields(plan: MovePlan) {
  return { lowerBounds: plan.lowerBounds, goals: plan.goals };
}

function diskNote(plan: MovePlan): string {
  const disk = plan.goals.find((g) => g.goal === "disk");
  if (!disk) return "";
  return `; brokers outside the disk band ${disk.before} → ${disk.after} (${disk.status}; at least ${gib(plan.lowerBounds.disk)} to move for it)`;
}

/** Capacities given in the params replace what the log dirs report. */
function withCapacities<T extends { brokers: PlannerBroker[] }>(
  model: T,
  capacityBytes: Record<string, number> | undefined,
): T {
  if (!capacityBytes) return model;
  const unknown = Object.keys(capacityBytes).filter((id) => !model.brokers.some((b) => String(b.id) === id));
  if (unknown.length > 0)
    throw new AppError("invalid_request", `capacityBytes names broker(s) ${unknown.join(", ")}, not registered`);
  return {
    ...model,
    brokers: model.brokers.map((b) => {
      const given = capacityBytes[String(b.id)];
      return given === undefined ? b : { ...b, capacityBytes: given };
    }),
  };
}

function model(snapshot: Snapshot) {
  if (snapshot.reassignments.length > 0)
    throw new AppError(
      "invalid_request",
      `${snapshot.reassignments.length} partition reassignment(s) are in progress: wait for them to finish first`,
    );
  // Sizes known on some brokers and not on others would be balanced as if the unknown ones held nothing: refused.
  // (When no broker's log dirs can be read, the plan balances counts alone and says so in its warnings.)
  const serving = snapshot.brokers.filter((b) => b.alive && !b.fenced);
  const unread = serving.filter((b) => b.logDirs === null).map((b) => b.id);
  if (unread.length > 0 && unread.length < serving.length)
    throw new AppError(
      "cluster_unreachable",
      `The log dirs of broker(s) ${unread.join(", ")} could not be read in the snapshot just taken, so their disk use is unknown; plan again`,
    );
  return plannerModel(snapshot);
}

const bytes = (n: number) => (n >= 1024 ** 3 ? gib(n) : `${(n / 1024 ** 2).toFixed(1)} MiB`);

/**
 * JBOD brokers (several log dirs): the moves between each broker's own dirs after the inter-broker plan, as steps
 * around it: the dirs of arriving replicas noted before the reassignment, then every replica put into its dir.
 */
function withLogDirSteps(built: BuiltPlan, dirs: LogDirPlan, maxConcurrentMoves: number | undefined): BuiltPlan {
  if (dirs.moves.length === 0 && dirs.arrivals.length === 0) return built;
  const toArgs = (moves: LogDirPlan["moves"]) =>
    moves.map((m) => ({ broker: m.broker, topic: m.topic, partition: m.partition, logDir: m.to, bytes: m.bytes }));
  const limit = maxConcurrentMoves ?? DEFAULT_MAX_CONCURRENT_MOVES;
  const steps = [...built.steps];
  const reassign = steps.findIndex((s) => s.kind === "reassignPartitions");
  const arriving = reassign >= 0 && dirs.arrivals.length > 0;
  if (arriving)
    steps.splice(reassign, 0, {
      name: `Choose the log dirs of ${dirs.arrivals.length} arriving replica(s)`,
      kind: "alterReplicaLogDirs",
      args: { moves: toArgs(dirs.arrivals), maxConcurrentMoves: limit, arriving: true },
      alwaysRun: false,
    });
  steps.push({
    name:
      dirs.moves.length > 0
        ? `Move ${dirs.moves.length} replica(s) between log dirs of their broker, and check the arrivals' dirs`
        : `Check the log dirs of ${dirs.arrivals.length} arrived replica(s)`,
    kind: "alterReplicaLogDirs",
    args: { moves: toArgs([...dirs.moves, ...(arriving ? dirs.arrivals : [])]), maxConcurrentMoves: limit },
    alwaysRun: false,
  });
  const brokers = [...new Set(dirs.moves.map((m) => m.broker))];
  const dirSeconds = estimateLogDirMoves(dirs.moves, { maxConcurrentMoves: limit });
  const notes = [
    ...(dirs.moves.length > 0
      ? [
          `${dirs.moves.length} move(s) between log dirs (${bytes(dirs.bytesMoved)}, at least ${bytes(dirs.lowerBoundBytes)} needed) on JBOD broker(s) ${brokers.join(", ")}, about ${formatDuration(dirSeconds)} more`,
        ]
      : []),
    ...(arriving ? [`${dirs.arrivals.length} arriving replica(s) created in the log dir with the most room`] : []),
  ];
  return {
    plan: {
      ...built.plan,
      summary: [built.plan.summary, ...notes].join("; "),
      warnings: [...built.plan.warnings, ...dirs.warnings],
      ...(dirs.moves.length > 0 ? { etaSeconds: (built.plan.etaSeconds ?? 0) + dirSeconds } : {}),
    },
    steps,
  };
}

/** rebalance: the planner's goals over the target brokers (default all), excluded brokers emptied. */
export const planRebalance: PlanBuilder<"rebalance"> = ({ snapshot, params }) => {
  const goals = new Set<Goal>(params.goals ?? ALL_GOALS);
  const plan = planMoves({
    ...withCapacities(model(snapshot), params.capacityBytes),
    ...(params.brokers ? { targets: params.brokers } : {}),
    emptied: params.excludeBrokers ?? [],
    goals,
    mode: "rebalance",
    ...(params.maxDiskUsePercent === undefined ? {} : { maxDiskUsePercent: params.maxDiskUsePercent }),
    ...(params.diskBandPercent === undefined ? {} : { diskBandPercent: params.diskBandPercent }),
  });
  const dirs = goals.has("disk")
    ? planLogDirMoves({
        brokers: logDirModel(snapshot, plan.moves),
        ...(params.diskBandPercent === undefined ? {} : { band: params.diskBandPercent / 100 }),
        ...(params.maxDiskUsePercent === undefined ? {} : { maxDiskUse: params.maxDiskUsePercent / 100 }),
      })
    : undefined;
  if (dirs && dirs.moves.length > 0 && plan.moves.length === 0)
    return withLogDirSteps(logDirOnlyPlan(plan), dirs, params.maxConcurrentMoves);
  if (dirs && dirs.warnings.length > 0 && plan.moves.length === 0)
    throw new AppError("invalid_request", `Nothing to do: no move helps (${dirs.warnings.join(" ")})`);
  const built = withLoadRates(
    withMovementEta(
      builtPlan(plan, "Rebalance", params, "the cluster is as balanced as the goals ask"),
      snapshot,
      params,
    ),
    snapshot,
  );
  return dirs ? withLogDirSteps(built, dirs, params.maxConcurrentMoves) : built;
};

/** A rebalance whose brokers are balanced already: only the dirs of JBOD brokers have data to move. */
function logDirOnlyPlan(plan: MovePlan): BuiltPlan {
  return {
    plan: {
      summary: `Rebalance: no replica move between brokers (replica spread ${plan.after.replicaSpread}, leader spread ${plan.after.leaderSpread})`,
      warnings: plan.warnings,
      irreversible: false,
      moves: [],
      before: plan.before,
      after: plan.after,
      dataToMoveBytes: 0,
      dataToMoveLowerBoundBytes: plan.lowerBoundBytes,
      ...goalFields(plan),
    },
    steps: [],
  };
}

/** drainBrokers: every replica and leadership off the brokers named, nothing else moved. */
export const planDrainBrokers: PlanBuilder<"drainBrokers"> = ({ snapshot, params }) => {
  const known = new Set(snapshot.brokers.map((b) => b.id));
  const unknown = params.brokers.filter((id) => !known.has(id));
  if (unknown.length > 0) throw new AppError("invalid_request", `Broker(s) ${unknown.join(", ")} are not registered`);
  const plan = planMoves({
    ...withCapacities(model(snapshot), params.capacityBytes),
    emptied: params.brokers,
    goals: new Set<Goal>(["rack", "capacity", "disk"]),
    mode: "drain",
    ...(params.maxDiskUsePercent === undefined ? {} : { maxDiskUsePercent: params.maxDiskUsePercent }),
  });
  const built = withLoadRates(
    withMovementEta(
      builtPlan(plan, `Drain broker(s) ${params.brokers.join(", ")}`, {}, "the brokers hold no replica"),
      snapshot,
      {},
    ),
    snapshot,
  );
  // Replicas arriving on JBOD brokers go to the dir with the most room; nothing already placed moves.
  const arrivals = planLogDirMoves({
    brokers: logDirModel(snapshot, plan.moves),
    arrivalsOnly: true,
    ...(params.maxDiskUsePercent === undefined ? {} : { maxDiskUse: params.maxDiskUsePercent / 100 }),
  });
  return withLogDirSteps(built, arrivals, undefined);
};

/** Confirm's check for data-moving plans: every partition still has the replicas the plan moves it from. */
export function movesStillApply(moves: readonly Move[], snapshot: Snapshot): string | undefined {
  const current = new Map(
    snapshot.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}:${p.id}`, p.replicas] as const)),
  );
  const changed = moves.filter((m) => {
    const now = current.get(`${m.topic}:${m.partition}`);
    return !now || now.length !== m.from.length || now.some((id, i) => id !== m.from[i]);
  });
  if (changed.length === 0) return undefined;
  const first = changed[0] as Move;
  return `${changed.length} partition(s) no longer have the replicas the plan moves them from (e.g. ${first.topic}-${first.partition})`;
}
