import { AppError, type Load, type Move } from "@kcp/shared";
import { balanceDisk } from "./balance-disk.js";
import { balanceLeaderBytes, leaderBytesInImpossible } from "./balance-leader-bytes.js";
import { balanceTopics, topicsImpossible } from "./balance-topics.js";
import { evenOut, moveExcess } from "./count-moves.js";
import { countTargets, shedCost } from "./count-targets.js";
import { type DiskBand, diskBand, diskBandBound } from "./disk-band.js";
import { type GoalContext, type GoalReport, goalReport } from "./goal-report.js";
import { loadOf } from "./load.js";
import { ALL_GOALS, type Goal, type PlannerInput, type PlannerPartition } from "./model.js";
import { HOLE, Placement, racksUsed } from "./placement.js";
import { rackShares } from "./rack-shares.js";
import { rackTotals } from "./rack-totals.js";

export interface MovePlan {
  moves: Move[];
  before: Load;
  after: Load;
  dataToMoveBytes: number;
  /** The least data any plan must move to empty the brokers named, fix rack violations and reach `bestReplicaSpread`. */
  lowerBoundBytes: number;
  /** Every led partition whose planned first replica is not its leader now: the preferred election at the end. */
  elections: { topic: string; partition: number }[];
  /** The smallest replica spread the racks allow (1 or 0 without racks); what a rebalance aims for. */
  bestReplicaSpread: number;
  /** Per goal, the least data any plan must move to reach it (`replicas` is `lowerBoundBytes`). */
  lowerBounds: { replicas: number; disk: number };
  /** Each goal named, hard then soft in priority order: met, improved, unchanged or impossible, before → after. */
  goals: GoalReport[];
  /** The disk band each receiving broker should end in, and the capacity goal's ceiling. */
  band: DiskBand;
  warnings: string[];
}

const LEADER_PASSES = 20;

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

/**
 * Receivers: running target brokers not emptied nor cordoned. Kept: cordoned ones (Kafka 4.3) — they keep what they
 * hold and receive nothing (the hard goal), outside the spreads and the band.
 */
function eligibleBrokers(input: PlannerInput, warnings: string[]): { receivers: Set<number>; kept: Set<number> } {
  const alive = new Set(input.brokers.filter((b) => b.alive).map((b) => b.id));
  const cordoned = new Set(input.brokers.filter((b) => b.cordoned).map((b) => b.id));
  const emptied = new Set(input.emptied);
  const wanted = input.targets ?? [...alive];
  const down = wanted.filter((id) => !alive.has(id) && !emptied.has(id));
  if (down.length > 0) warnings.push(`Broker(s) ${down.join(", ")} are not running and take no replica.`);
  const holding = wanted.filter((id) => alive.has(id) && !emptied.has(id));
  const kept = new Set(holding.filter((id) => cordoned.has(id)));
  const receivers = new Set(holding.filter((id) => !cordoned.has(id)));
  if (kept.size > 0)
    warnings.push(
      `Broker(s) ${[...kept].sort((x, y) => x - y).join(", ")} are cordoned: they keep their replicas and receive none.`,
    );
  const drainedCordoned = input.brokers.filter((b) => b.cordoned && !kept.has(b.id)).map((b) => b.id);
  if (drainedCordoned.length > 0 && input.mode === "drain")
    warnings.push(`Cordoned broker(s) ${drainedCordoned.join(", ")} receive nothing.`);
  if (receivers.size === 0) throw new AppError("invalid_request", "No running broker is left to hold the replicas");
  return { receivers, kept };
}

/**
 * Pure and deterministic (same input, same plan). Goals in priority order, hard then soft, each while moving as
 * little data as possible and never bought by breaking a higher one: rack awareness; capacity (no broker's data above
 * its ceiling, copies in flight counted); no replica on a broker being emptied and none arriving on a cordoned one;
 * disk band (each broker's data within ± the band of the capacity-weighted mean); replica count spread ≤ 1; leader
 * count spread ≤ 1 through the preferred-leader order (no data moves); each topic's replicas spread over the brokers
 * (balance-topics.ts); leader bytes-in within the band by the preferred-leader order, leader counts kept
 * (balance-leader-bytes.ts).
 */
export function planMoves(input: PlannerInput): MovePlan {
  const warnings: string[] = [];
  const { receivers: eligible, kept } = eligibleBrokers(input, warnings);
  const holders = new Set([...eligible, ...kept]);
  const ids = [...eligible].sort((a, b) => a - b);
  const rackOf = new Map(input.brokers.map((b) => [b.id, b.rack]));
  const racks = new Set(ids.map((id) => rackOf.get(id)));
  const rackAware = input.goals.has("rack") && ids.every((id) => rackOf.get(id) !== undefined);
  refuseInvalid(input.partitions, holders.size);
  const capacity = new Map(input.brokers.map((b) => [b.id, b.capacityBytes]));
  const bandPercent = input.diskBandPercent ?? 10;
  const { totalData, keptData } = dataTotals(input.partitions, kept);
  const band = diskBand(
    ids,
    (id) => capacity.get(id),
    totalData - keptData,
    bandPercent,
    input.maxDiskUsePercent ?? 80,
  );
  const placement = new Placement(input.partitions, holders, band.ceiling);
  const dataNow = new Map(placement.dataBefore);
  const emptiedBytes = input.partitions.reduce(
    (n, p) => n + p.sizeBytes * p.replicas.filter((id) => !holders.has(id)).length,
    0,
  );
  vacateMandatory(placement, rackAware ? rackOf : undefined, racks.size);
  const mandatoryBytes = holeBytes(placement);
  const keptReplicas = [...kept].reduce((n, id) => n + (placement.count.get(id) ?? 0), 0);
  const totalReplicas = input.partitions.reduce((n, p) => n + p.replicas.length, 0) - keptReplicas;
  const balance = input.mode === "rebalance" && input.goals.has("replicas");
  const staying = stayingSizes(placement);
  const targets = balance
    ? brokerTargets(ids, staying, input.partitions, totalReplicas, rackAware ? rackOf : undefined)
    : undefined;
  const lowerBoundBytes = targets ? balancingBound(mandatoryBytes, staying, targets, input.partitions) : mandatoryBytes;
  const shares = rackShares({ partitions: input.partitions, ids, kept, rackOf, rackAware, band });
  const diskBound = Math.max(diskBandBound(band, dataNow, emptiedBytes, mandatoryBytes - emptiedBytes), shares.bound);
  const racksOf = rackAware ? rackOf : undefined;
  const byData = input.goals.has("disk");
  placeAndEvenOut(placement, ids, targets, racksOf, racks.size, byData, warnings);
  const impossible = impossibleGoals(input, band, ids, rackOf, totalData - keptData, shares.impossible);
  if (input.mode === "rebalance" && byData)
    diskPhase(placement, ids, band, {
      rackOf: racksOf,
      rackCount: racks.size,
      keepCounts: targets !== undefined,
      reachable: impossible.disk === undefined,
      rackShares: shares.target,
      partitions: input.partitions,
    });
  // Topic spread before the leader phases: its moves keep replica counts, racks, capacity and the band; the leader
  // order is settled afterwards. Its work is bounded (steps per replica) so 1M replicas stay fast.
  if (input.mode === "rebalance" && input.goals.has("topics"))
    balanceTopics(placement, ids, byData ? band : undefined, racksOf, racks.size, topicBudget(totalReplicas));
  if (input.goals.has("leaders")) balanceLeaders(placement, ids);
  if (input.mode === "rebalance" && input.goals.has("leaderBytesIn")) balanceLeaderBytes(placement, ids, bandPercent);
  const hottest = leaderBytesInImpossible(input.partitions, ids.length, bandPercent);
  if (hottest !== undefined) impossible.leaderBytesIn = hottest;
  const unequalRacks = topicsImpossible(input.partitions, ids, racksOf, racks.size);
  if (unequalRacks !== undefined) impossible.topics = unequalRacks;
  const targetCounts = [...(targets?.values() ?? [])];
  const bestReplicaSpread = targetCounts.length > 0 ? Math.max(...targetCounts) - Math.min(...targetCounts) : 0;
  const built = result(input, placement, eligible, kept, lowerBoundBytes, warnings);
  const ctx = {
    goals: new Set([...input.goals, "capacity" as const]),
    partitions: input.partitions,
    ids,
    rackOf: racksOf,
    rackCount: racks.size,
    band,
    bandPercent,
    bestReplicaSpread,
    impossible,
  };
  const goals = goalsBeforeAfter(ctx, input, placement, dataNow, built);
  return { ...built, bestReplicaSpread, lowerBounds: { replicas: lowerBoundBytes, disk: diskBound }, goals, band };
}

/** Each goal's figure before and after the plan (every goal in a rebalance, the hard ones in a drain). */
function goalsBeforeAfter(
  ctx: GoalContext,
  input: PlannerInput,
  placement: Placement,
  dataNow: ReadonlyMap<number, number>,
  built: Pick<MovePlan, "before" | "after">,
): GoalReport[] {
  return goalReport(
    ctx,
    {
      lists: (i) => input.partitions[i]?.replicas ?? [],
      data: dataNow,
      replicaSpread: built.before.replicaSpread,
      leaderSpread: built.before.leaderSpread,
    },
    {
      lists: (i) => placement.lists[i] ?? [],
      data: placement.data,
      replicaSpread: built.after.replicaSpread,
      leaderSpread: built.after.leaderSpread,
    },
    input.mode === "rebalance" ? ALL_GOALS : (["rack", "capacity"] as Goal[]),
  );
}

/**
 * The replica count phase: every emptied slot given a broker, then (with targets) each broker's excess moved to those
 * below their target, what had nowhere to go placed with the constraints relaxed, and the counts evened out. Warns
 * of replicas that had to share a rack or go above a broker's max disk use.
 */
function placeAndEvenOut(
  placement: Placement,
  ids: readonly number[],
  targets: ReadonlyMap<number, number> | undefined,
  rackOf: Map<number, string | undefined> | undefined,
  rackCount: number,
  byData: boolean,
  warnings: string[],
): void {
  const placed = fillHoles(placement, ids, targets, rackOf, rackCount, byData);
  if (targets) {
    moveExcess(placement, ids, targets, rackOf, rackCount, byData);
    // What had nowhere to go directly (racks, partitions everywhere) is freed and placed with the constraints relaxed.
    shedExcess(placement, targets);
    const again = fillHoles(placement, ids, targets, rackOf, rackCount, byData);
    placed.sharedRack += again.sharedRack;
    placed.overCapacity += again.overCapacity;
  }
  if (placed.sharedRack > 0)
    warnings.push(`${placed.sharedRack} replica(s) could not be placed in a rack of their own: they share a rack.`);
  if (placed.overCapacity > 0)
    warnings.push(
      `${placed.overCapacity} replica(s) had to go to a broker above its max disk use: no broker had room for them.`,
    );
  if (targets) evenOut(placement, ids, targets, rackOf, rackCount);
}

/**
 * The disk phase (balance-disk.ts). The replica spread kept first; where that cannot reach a band the input allows,
 * the band (the higher goal) wins: the brokers no swap brings into it move without one. A band no plan can reach is
 * brought as near as the replica spread lets it, no nearer. With racks each broker aims at its part of its rack's
 * share (fixed where every partition has a replica in every rack), not at the mean of all brokers. Where the shares
 * cannot fit the band, at the mean: the band is then brought as near as it goes.
 */
function diskPhase(
  placement: Placement,
  ids: readonly number[],
  band: DiskBand,
  given: {
    /** Racks when the rack goal applies (else undefined). */
    rackOf: ReadonlyMap<number, string | undefined> | undefined;
    rackCount: number;
    /** Whether the replica count phase ran: its spread is then kept. */
    keepCounts: boolean;
    /** Whether a plan can reach the band (no proof it cannot). */
    reachable: boolean;
    rackShares: Map<number, number>;
    partitions: readonly PlannerPartition[];
  },
): void {
  const { rackOf, rackCount, reachable } = given;
  const counts = given.keepCounts ? ids.map((id) => placement.count.get(id) ?? 0) : [];
  const window = given.keepCounts ? { min: Math.min(...counts), max: Math.max(...counts) } : undefined;
  const aims = rackOf && reachable ? { ...band, target: given.rackShares } : band;
  // The rescue look (balance-disk.ts) from the start where partitions with a replica in every rack bind their
  // replicas to racks (few partners can take them); elsewhere only where the usual looks leave brokers outside a
  // band the input allows. The counts are kept; only then the brokers no swap helps move without one.
  const bound = rackOf !== undefined && reachable && given.partitions.some((p) => p.replicas.length === rackCount);
  const balancing = { rackOf, rackCount, counts: window };
  let reached = balanceDisk(placement, ids, aims, { ...balancing, rescuing: bound });
  if (!reached && reachable && !bound) reached = balanceDisk(placement, ids, aims, { ...balancing, rescuing: true });
  if (!reached && window && reachable)
    balanceDisk(placement, ids, aims, { ...balancing, freeWhenStuck: true, rescuing: true });
}

/** The data of every replica, and of those on the kept (cordoned) brokers. */
function dataTotals(
  partitions: readonly PlannerPartition[],
  kept: ReadonlySet<number>,
): { totalData: number; keptData: number } {
  let keptData = 0;
  let totalData = 0;
  for (const p of partitions)
    for (const id of p.replicas) {
      totalData += p.sizeBytes;
      if (kept.has(id)) keptData += p.sizeBytes;
    }
  return { totalData, keptData };
}

/**
 * Input no plan can keep: a partition naming one broker twice (Kafka never has it; a plan would keep the duplicate),
 * or with more replicas than brokers can hold them. Refused, naming the first such partition.
 */
function refuseInvalid(partitions: readonly PlannerPartition[], holders: number): void {
  for (const p of partitions) {
    const twice = p.replicas.find((id, i) => p.replicas.indexOf(id) !== i);
    if (twice !== undefined)
      throw new AppError(
        "invalid_request",
        `${p.topic}-${p.partition} names broker ${twice} twice in its replicas [${p.replicas.join(", ")}]`,
      );
    if (p.replicas.length > holders)
      throw new AppError(
        "invalid_request",
        `${p.topic}-${p.partition} has ${p.replicas.length} replicas but only ${holders} broker(s) can hold them`,
      );
  }
}

/** Steps the topic phase may take: one per 128 replicas, at least 1,000 (under a second more at 1M replicas). */
function topicBudget(replicas: number): number {
  return Math.max(1_000, Math.ceil(replicas / 128));
}

/** Goals no plan can meet, found from the input alone, with why. */
function impossibleGoals(
  input: PlannerInput,
  band: DiskBand,
  ids: readonly number[],
  rackOf: ReadonlyMap<number, string | undefined>,
  data: number,
  /** Why the racks' shares cannot fit their brokers' bands (rack-shares.ts), if they cannot. */
  rackShare: string | undefined,
): Partial<Record<Goal, string>> {
  const why: Partial<Record<Goal, string>> = {};
  const noRack = ids.filter((id) => rackOf.get(id) === undefined);
  if (noRack.length > 0 && noRack.length < ids.length) why.rack = `broker(s) ${noRack.join(", ")} have no rack`;
  const room = [...band.ceiling.values()].reduce((a, b) => a + b, 0);
  if (data > room)
    why.capacity = `the replicas hold ${gib(data)}, more than the brokers' ${gib(room)} at ${input.maxDiskUsePercent ?? 80} % use`;
  const widest = Math.max(...band.upper.values());
  const largest = input.partitions.reduce((m, p) => Math.max(m, p.sizeBytes), 0);
  if (largest > widest)
    why.disk = `a partition of ${gib(largest)} is larger than any broker's band allows (at most ${gib(widest)})`;
  else if (data > room) why.disk = "the brokers' capacity cannot hold the data";
  else if (rackShare !== undefined) why.disk = rackShare;
  return why;
}

/**
 * Each broker's replica count for the most even spread the goals allow: over all brokers, or (rack-aware) first per
 * rack — partitions with a replica in every rack fix each rack's share — then within each rack.
 */
function brokerTargets(
  ids: readonly number[],
  staying: ReadonlyMap<number, readonly number[]>,
  partitions: readonly PlannerPartition[],
  totalReplicas: number,
  rackOf: ReadonlyMap<number, string | undefined> | undefined,
): Map<number, number> {
  if (!rackOf) return countTargets(ids, staying, totalReplicas);
  const members = new Map<string, number[]>();
  for (const id of ids) {
    const rack = rackOf.get(id) as string;
    members.set(rack, [...(members.get(rack) ?? []), id]);
  }
  const forced = partitions.filter((p) => p.replicas.length === members.size).length;
  const totals = rackTotals(
    new Map([...members].map(([rack, list]) => [rack, list.length])),
    forced,
    totalReplicas - forced * members.size,
  );
  const targets = new Map<number, number>();
  for (const [rack, list] of members)
    for (const [id, target] of countTargets(list, staying, totals.get(rack) ?? 0)) targets.set(id, target);
  return targets;
}

/**
 * The least data reaching the targets can move, by two relaxations; the larger holds. Shedding: each broker above
 * its target sends away at least its excess, at best its smallest replicas (plus what must move anyway). Receiving:
 * each broker below its target receives at least its deficit, each a partition it does not hold, at best the smallest.
 */
function balancingBound(
  mandatoryBytes: number,
  staying: ReadonlyMap<number, readonly number[]>,
  targets: ReadonlyMap<number, number>,
  partitions: readonly PlannerPartition[],
): number {
  let shedding = mandatoryBytes;
  for (const [id, sizes] of staying) if (targets.has(id)) shedding += shedCost(sizes, targets.get(id) ?? 0);
  const held = new Map<number, number>();
  for (const p of partitions) for (const id of p.replicas) held.set(id, (held.get(id) ?? 0) + 1);
  const bySize = partitions
    .map((_, index) => index)
    .sort((a, b) => (partitions[a]?.sizeBytes ?? 0) - (partitions[b]?.sizeBytes ?? 0));
  let receiving = 0;
  for (const [id, target] of targets) {
    let deficit = target - (held.get(id) ?? 0);
    for (let i = 0; i < bySize.length && deficit > 0; i++) {
      const p = partitions[bySize[i] as number] as PlannerPartition;
      if (p.replicas.includes(id)) continue;
      receiving += p.sizeBytes;
      deficit--;
    }
  }
  return Math.max(shedding, receiving);
}

/** Replicas on brokers that cannot hold them, and all but one replica of a partition per rack (when racks allow). */
function vacateMandatory(placement: Placement, rackOf: Map<number, string | undefined> | undefined, rackCount: number) {
  placement.lists.forEach((list, p) => {
    list.forEach((id, slot) => {
      if (!placement.eligible.has(id)) placement.vacate(p, slot);
    });
    if (!rackOf || list.length > rackCount) return;
    const seen = new Map<string | undefined, number>();
    // Keep, per rack, the replica on the broker with the fewest replicas; free the others.
    const order = list
      .map((id, slot) => ({ id, slot }))
      .filter((r) => r.id !== HOLE)
      .sort((a, b) => (placement.count.get(a.id) ?? 0) - (placement.count.get(b.id) ?? 0) || a.id - b.id);
    for (const { id, slot } of order) {
      const rack = rackOf.get(id);
      if (seen.has(rack)) placement.vacate(p, slot);
      else seen.set(rack, id);
    }
  });
}

function holeBytes(placement: Placement): number {
  return placement.holes.reduce((n, h) => n + (placement.partitions[h.p]?.sizeBytes ?? 0), 0);
}

/** Each eligible broker's staying replica sizes, ascending. */
function stayingSizes(placement: Placement): Map<number, number[]> {
  const sizes = new Map<number, number[]>([...placement.eligible].map((id) => [id, []]));
  placement.lists.forEach((list, p) => {
    for (const id of list) if (id !== HOLE) sizes.get(id)?.push(placement.partitions[p]?.sizeBytes ?? 0);
  });
  for (const list of sizes.values()) list.sort((a, b) => a - b);
  return sizes;
}

/** Brokers above their target shed their smallest replicas (ties: partition order, for determinism). */
function shedExcess(placement: Placement, targets: ReadonlyMap<number, number>): void {
  const held = new Map<number, { p: number; slot: number }[]>();
  placement.lists.forEach((list, p) => {
    list.forEach((id, slot) => {
      if (id === HOLE || !targets.has(id)) return;
      if ((placement.count.get(id) ?? 0) <= (targets.get(id) ?? 0)) return;
      const replicas = held.get(id);
      if (replicas) replicas.push({ p, slot });
      else held.set(id, [{ p, slot }]);
    });
  });
  for (const [id, replicas] of [...held].sort((a, b) => a[0] - b[0])) {
    const excess = (placement.count.get(id) ?? 0) - (targets.get(id) ?? 0);
    const size = (r: { p: number }) => placement.partitions[r.p]?.sizeBytes ?? 0;
    replicas.sort((a, b) => size(a) - size(b) || a.p - b.p);
    for (const r of replicas.slice(0, excess)) placement.vacate(r.p, r.slot);
  }
}

/**
 * Gives every hole a broker: not already a replica of the partition, in a rack the partition does not use yet (when
 * racks allow), below its target (rebalance) — the one furthest below, then (disk goal) with the least data, then the
 * lowest id; one whose capacity has room (hard goals: racks first, then capacity). Drains pick the broker with the
 * fewest replicas. Big replicas are placed first. Answers how many replicas had to share a rack or exceed a capacity.
 */
function fillHoles(
  placement: Placement,
  ids: readonly number[],
  targets: ReadonlyMap<number, number> | undefined,
  rackOf: Map<number, string | undefined> | undefined,
  rackCount: number,
  byData: boolean,
): { sharedRack: number; overCapacity: number } {
  const size = (h: { p: number }) => placement.partitions[h.p]?.sizeBytes ?? 0;
  const holes = placement.holes.splice(0).sort((a, b) => size(b) - size(a) || a.p - b.p || a.slot - b.slot);
  let sharedRack = 0;
  let overCapacity = 0;
  for (const hole of holes) {
    const list = placement.lists[hole.p] as number[];
    const usedRacks = racksUsed(list, hole.slot, rackOf, rackCount);
    const free = (id: number) => !list.includes(id);
    const rackFree = (id: number) => !usedRacks?.has(rackOf?.get(id));
    const room = (id: number) => !targets || (placement.count.get(id) ?? 0) < (targets.get(id) ?? 0);
    const fits = (id: number) => placement.fits(id, hole.p);
    const better = (a: number, b: number) => {
      const countOrder = (placement.count.get(a) ?? 0) - (placement.count.get(b) ?? 0);
      const dataOrder = byData ? (placement.data.get(a) ?? 0) - (placement.data.get(b) ?? 0) : 0;
      return (countOrder || dataOrder || a - b) < 0;
    };
    const pick = (accept: (id: number) => boolean) => {
      let best: number | undefined;
      for (const id of ids) if (accept(id) && (best === undefined || better(id, best))) best = id;
      return best;
    };
    let chosen =
      pick((id) => free(id) && rackFree(id) && room(id) && fits(id)) ??
      pick((id) => free(id) && rackFree(id) && fits(id));
    if (chosen === undefined) {
      chosen = pick((id) => free(id) && rackFree(id));
      if (chosen !== undefined) overCapacity++;
    }
    if (chosen === undefined) {
      chosen = pick((id) => free(id) && fits(id));
      if (chosen === undefined) {
        chosen = pick(free);
        overCapacity++;
      }
      sharedRack++;
    }
    placement.fill(hole.p, hole.slot, chosen as number);
  }
  return { sharedRack, overCapacity };
}

/**
 * Preferred leaders evened out by reordering replicas (an election then moves leadership; no data moves): a partition
 * led by a broker with more preferred leaderships than another of its replicas' brokers by two or more hands the
 * first place to that broker. Repeated until nothing changes.
 */
function balanceLeaders(placement: Placement, ids: readonly number[]): void {
  const leaders = new Map(ids.map((id) => [id, 0]));
  for (const list of placement.lists) leaders.set(list[0] as number, (leaders.get(list[0] as number) ?? 0) + 1);
  for (let pass = 0; pass < LEADER_PASSES; pass++) {
    let changed = false;
    for (const list of placement.lists) {
      const current = list[0] as number;
      let best = current;
      for (const id of list) if ((leaders.get(id) ?? 0) < (leaders.get(best) ?? 0)) best = id;
      if (best === current || (leaders.get(current) ?? 0) - (leaders.get(best) ?? 0) < 2) continue;
      list.splice(list.indexOf(best), 1);
      list.unshift(best);
      leaders.set(current, (leaders.get(current) ?? 0) - 1);
      leaders.set(best, (leaders.get(best) ?? 0) + 1);
      changed = true;
    }
    if (!changed) break;
  }
  shiftLeadersAlongPaths(placement, leaders);
}

/**
 * What single swaps cannot fix (the broker with the most leaderships shares no partition with the one with the
 * fewest): a chain of partitions, each handing its first place to a replica that leads the next one, moves one
 * leadership from a fullest broker to an emptiest one. Found breadth-first; repeated while the spread exceeds 1.
 */
function shiftLeadersAlongPaths(placement: Placement, leaders: Map<number, number>): void {
  for (let round = 0; round < 4 * leaders.size; round++) {
    const counts = [...leaders.values()];
    const max = Math.max(...counts);
    if (max - Math.min(...counts) <= 1) return;
    const edges = new Map<number, { p: number; to: number }[]>();
    placement.lists.forEach((list, p) => {
      const from = list[0] as number;
      for (const to of list.slice(1)) {
        const out = edges.get(from);
        if (out) out.push({ p, to });
        else edges.set(from, [{ p, to }]);
      }
    });
    const via = new Map<number, { p: number; from: number }>();
    const queue = [...leaders].filter(([, n]) => n === max).map(([id]) => id);
    const seen = new Set(queue);
    let end: number | undefined;
    for (let i = 0; i < queue.length && end === undefined; i++) {
      const from = queue[i] as number;
      for (const { p, to } of edges.get(from) ?? []) {
        if (seen.has(to)) continue;
        seen.add(to);
        via.set(to, { p, from });
        if ((leaders.get(to) ?? 0) <= max - 2) {
          end = to;
          break;
        }
        queue.push(to);
      }
    }
    if (end === undefined) return;
    leaders.set(end, (leaders.get(end) ?? 0) + 1);
    for (let at = end, step = via.get(at); step; at = step.from, step = via.get(at)) {
      const list = placement.lists[step.p] as number[];
      list.splice(list.indexOf(at), 1);
      list.unshift(at);
      if (!via.has(step.from)) leaders.set(step.from, (leaders.get(step.from) ?? 0) - 1);
    }
  }
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((id, i) => id === b[i]);
}

function result(
  input: PlannerInput,
  placement: Placement,
  eligible: ReadonlySet<number>,
  kept: ReadonlySet<number>,
  lowerBoundBytes: number,
  warnings: string[],
): Omit<MovePlan, "bestReplicaSpread" | "lowerBounds" | "goals" | "band"> {
  const moves: Move[] = [];
  const elections: { topic: string; partition: number }[] = [];
  let dataToMoveBytes = 0;
  input.partitions.forEach((p, index) => {
    const to = placement.lists[index] as number[];
    // A partition without a leader needs more than a preferred election (electLeaders, unclean): left out.
    if (p.leader >= 0 && to[0] !== p.leader) elections.push({ topic: p.topic, partition: p.partition });
    if (sameList(p.replicas, to)) return;
    const replicaMoves = to.filter((id) => !p.replicas.includes(id)).length;
    dataToMoveBytes += replicaMoves * p.sizeBytes;
    moves.push({
      topic: p.topic,
      partition: p.partition,
      from: [...p.replicas],
      to: [...to],
      sizeBytes: p.sizeBytes,
      replicaMoves,
      leaderChange: to[0] !== p.leader,
    });
  });
  const before = loadOf(
    input.brokers,
    eligible,
    input.partitions,
    (i) => input.partitions[i]?.replicas ?? [],
    (i) => input.partitions[i]?.leader ?? -1,
    kept,
  );
  const after = loadOf(
    input.brokers,
    eligible,
    input.partitions,
    (i) => placement.lists[i] ?? [],
    (i) => placement.lists[i]?.[0] ?? -1,
    kept,
  );
  return { moves, elections, before, after, dataToMoveBytes, lowerBoundBytes, warnings };
}
