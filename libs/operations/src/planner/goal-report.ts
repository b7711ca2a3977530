import type { DiskBand } from "./disk-band.js";
import { outside } from "./disk-band.js";
import { type Goal, HARD_GOALS, type PlannerPartition } from "./model.js";

export interface GoalReport {
  goal: Goal;
  kind: "hard" | "soft";
  status: "met" | "improved" | "unchanged" | "impossible";
  /** The goal's figure (lower is better; `met` at or below its aim), before and after the plan. */
  before: number;
  after: number;
  why?: string;
}

/** What each goal's figure counts, in the plan's words (docs/operations.md lists them too). */
export const GOAL_FIGURES: Readonly<Record<Goal, string>> = {
  rack: "partitions with two replicas in one rack",
  capacity: "brokers above the max disk use",
  disk: "brokers outside the disk band",
  replicas: "replica spread",
  leaders: "leader spread",
  topics: "topics whose replicas per broker differ by more than 1",
  leaderBytesIn: "brokers whose leader bytes-in lie outside the band around the mean",
};

export interface Layout {
  lists: (index: number) => readonly number[];
  data: ReadonlyMap<number, number>;
  replicaSpread: number;
  leaderSpread: number;
}

export interface GoalContext {
  goals: ReadonlySet<Goal>;
  partitions: readonly PlannerPartition[];
  ids: readonly number[];
  rackOf: ReadonlyMap<number, string | undefined> | undefined;
  rackCount: number;
  band: DiskBand;
  bandPercent: number;
  bestReplicaSpread: number;
  /** Why a goal cannot be met whatever the plan (found before planning). */
  impossible: Partial<Record<Goal, string>>;
}

export function rackViolations(ctx: GoalContext, lists: Layout["lists"]): number {
  if (!ctx.rackOf) return 0;
  let n = 0;
  ctx.partitions.forEach((_, i) => {
    const list = lists(i);
    if (list.length > ctx.rackCount) return;
    if (new Set(list.map((id) => ctx.rackOf?.get(id))).size < list.length) n++;
  });
  return n;
}

function topicsSpread(ctx: GoalContext, lists: Layout["lists"]): number {
  const eligible = new Set(ctx.ids);
  const perTopic = new Map<string, Map<number, number>>();
  ctx.partitions.forEach((p, i) => {
    const counts = perTopic.get(p.topic) ?? new Map<number, number>();
    perTopic.set(p.topic, counts);
    for (const id of lists(i)) if (eligible.has(id)) counts.set(id, (counts.get(id) ?? 0) + 1);
  });
  let uneven = 0;
  for (const counts of perTopic.values()) {
    const values = ctx.ids.map((id) => counts.get(id) ?? 0);
    if (Math.max(...values) - Math.min(...values) > 1) uneven++;
  }
  return uneven;
}

function leaderBytesInOutside(ctx: GoalContext, lists: Layout["lists"]): number {
  const rate = new Map(ctx.ids.map((id) => [id, 0]));
  let total = 0;
  ctx.partitions.forEach((p, i) => {
    const leader = lists(i)[0];
    const r = p.bytesInPerSec ?? 0;
    total += r;
    if (leader !== undefined && rate.has(leader)) rate.set(leader, (rate.get(leader) ?? 0) + r);
  });
  if (total === 0) return 0;
  const mean = total / ctx.ids.length;
  const band = ctx.bandPercent / 100;
  return [...rate.values()].filter((r) => r > mean * (1 + band) || r < mean * (1 - band)).length;
}

function figure(goal: Goal, ctx: GoalContext, layout: Layout): number {
  switch (goal) {
    case "rack":
      return rackViolations(ctx, layout.lists);
    case "capacity":
      return ctx.ids.filter((id) => (layout.data.get(id) ?? 0) > (ctx.band.ceiling.get(id) ?? Number.POSITIVE_INFINITY))
        .length;
    case "disk":
      return ctx.ids.filter((id) => outside(ctx.band, id, layout.data.get(id) ?? 0) > 0).length;
    case "replicas":
      return layout.replicaSpread;
    case "leaders":
      return layout.leaderSpread;
    case "topics":
      return topicsSpread(ctx, layout.lists);
    case "leaderBytesIn":
      return leaderBytesInOutside(ctx, layout.lists);
  }
}

const AIM: Readonly<Record<Goal, (ctx: GoalContext) => number>> = {
  rack: () => 0,
  capacity: () => 0,
  disk: () => 0,
  replicas: (ctx) => ctx.bestReplicaSpread,
  leaders: () => 1,
  topics: () => 0,
  leaderBytesIn: () => 0,
};

/** Each goal named, hard ones first, in priority order: its figure before → after and whether it is met. */
export function goalReport(ctx: GoalContext, before: Layout, after: Layout, order: readonly Goal[]): GoalReport[] {
  return order
    .filter((goal) => ctx.goals.has(goal))
    .map((goal) => {
      const b = figure(goal, ctx, before);
      const a = figure(goal, ctx, after);
      const kind = HARD_GOALS.includes(goal) ? ("hard" as const) : ("soft" as const);
      const why = ctx.impossible[goal];
      const status = a <= AIM[goal](ctx) ? "met" : why !== undefined ? "impossible" : a < b ? "improved" : "unchanged";
      return { goal, kind, status, before: b, after: a, ...(status !== "met" && why ? { why } : {}) };
    });
}
