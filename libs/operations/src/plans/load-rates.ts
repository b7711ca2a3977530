import type { Load, Move, Snapshot } from "@kcp/shared";
import type { BuiltPlan } from "../plan-builder.js";

/** Pure: the bytes in per second each broker's leaders take, given who leads each partition. */
function leaderBytesIn(snapshot: Snapshot, leaderOf: (key: string, leader: number) => number): Map<number, number> {
  const perBroker = new Map<number, number>();
  for (const t of snapshot.topics)
    for (const p of t.partitions) {
      if (p.bytesInPerSec === undefined) continue;
      const leader = leaderOf(`${t.name}:${p.id}`, p.leader);
      perBroker.set(leader, (perBroker.get(leader) ?? 0) + p.bytesInPerSec);
    }
  return perBroker;
}

/** Load rows without a bytes-in figure get it (a figure the planner set is kept). */
function filled(load: Load | undefined, rates: ReadonlyMap<number, number>): Load | undefined {
  if (!load) return load;
  return {
    ...load,
    brokers: load.brokers.map((b) =>
      b.bytesInPerSec === undefined ? { ...b, bytesInPerSec: Math.round(rates.get(b.id) ?? 0) } : b,
    ),
  };
}

/**
 * The plan's before/after load with each broker's measured leader bytes in (Load.bytesInPerSec): before, the
 * partitions it leads now; after, with the leaders the plan elects (a move that changes the leader makes its first
 * replica the leader). Nothing measured yet (a single collection): left as it is.
 */
export function withLoadRates(built: BuiltPlan, snapshot: Snapshot): BuiltPlan {
  const measured = snapshot.topics.some((t) => t.partitions.some((p) => p.bytesInPerSec !== undefined));
  if (!measured) return built;
  const moved = new Map((built.plan.moves ?? []).map((m: Move) => [`${m.topic}:${m.partition}`, m]));
  const before = leaderBytesIn(snapshot, (_key, leader) => leader);
  const after = leaderBytesIn(snapshot, (key, leader) => {
    const move = moved.get(key);
    return move?.leaderChange ? (move.to[0] ?? leader) : leader;
  });
  const plan = { ...built.plan };
  const beforeLoad = filled(built.plan.before, before);
  const afterLoad = filled(built.plan.after, after);
  if (beforeLoad) plan.before = beforeLoad;
  if (afterLoad) plan.after = afterLoad;
  return { ...built, plan };
}
