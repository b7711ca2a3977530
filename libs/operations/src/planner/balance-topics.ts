import { type DiskBand, outside } from "./disk-band.js";
import { type Placement, racksUsed } from "./placement.js";
import { SizeSorted } from "./size-sorted.js";

/** Counterparts tried per replica of the bunched topic (a broker's smallest), and pairs of brokers per topic step. */
const LOOK = 24;
const PAIRS = 4;
/** Replicas of the topic on the giver tried for a swap per pair (the cheapest). */
const GIVE = 4;

export interface TopicSpreadResult {
  /** Replicas moved (each leg of a swap counts). */
  replicaMoves: number;
  /** Topics still spread unevenly when the work bound or the higher goals stopped it. */
  uneven: number;
}

/**
 * Topic goal: each topic's replicas spread over the receiving brokers (its count per broker differing by at most 1),
 * without breaking a higher goal. A replica of the topic goes from a broker holding most of it to one holding fewest —
 * alone when the replica counts stay within the spread reached, else swapped for a replica of another topic that
 * the receiver holds more of than the giver (so that topic gets no worse: the sum of squared per-topic counts falls
 * with every step and the phase ends). Every leg keeps the hard goals (racks, capacity with copies in flight,
 * receivers only) and neither broker's distance from its disk band grows (`band` undefined: the disk goal is off).
 * Of the candidates, the cheapest in data wins (a replica going back to a broker that held it costs nothing), then
 * the smallest, then partition order. Work is bounded by `budget` steps (a step tries at most PAIRS × GIVE replicas
 * of the topic × LOOK counterparts), so 1M replicas stay fast; the topics needing fewest steps go first, and what is
 * left is reported as uneven.
 */
export function balanceTopics(
  placement: Placement,
  ids: readonly number[],
  band: DiskBand | undefined,
  rackOf: ReadonlyMap<number, string | undefined> | undefined,
  rackCount: number,
  budget: number,
): TopicSpreadResult {
  const n = ids.length;
  const lists = placement.lists;
  const partitions = placement.partitions;
  const at = new Map(ids.map((id, i) => [id, i]));
  const topicIndex = new Map<string, number>();
  const topicOf = Int32Array.from(partitions, (p) => {
    let t = topicIndex.get(p.topic);
    if (t === undefined) {
      t = topicIndex.size;
      topicIndex.set(p.topic, t);
    }
    return t;
  });
  const size = Float64Array.from(partitions, (p) => p.sizeBytes);
  // Per topic and broker index: replicas held (t * n + i); a dense array unless topics × brokers is very large.
  const dense = topicIndex.size * n <= 1 << 24 ? new Int32Array(topicIndex.size * n) : undefined;
  const sparse = new Map<number, number>();
  const bump = dense
    ? (t: number, i: number, by: number) => {
        dense[t * n + i] = (dense[t * n + i] as number) + by;
      }
    : (t: number, i: number, by: number) => sparse.set(t * n + i, (sparse.get(t * n + i) ?? 0) + by);
  const countOf = dense
    ? (t: number, i: number) => dense[t * n + i] as number
    : (t: number, i: number) => sparse.get(t * n + i) ?? 0;
  const replicas = ids.map(() => [] as number[]);
  const bySize = Uint32Array.from({ length: lists.length }, (_, p) => p).sort(
    (x, y) => (size[x] as number) - (size[y] as number) || x - y,
  );
  for (const p of bySize)
    for (const id of lists[p] as number[]) {
      const i = at.get(id);
      if (i === undefined) continue;
      bump(topicOf[p] as number, i, 1);
      (replicas[i] as number[]).push(p);
    }
  const sorted = replicas.map((items) => new SizeSorted(size, items));
  const members = new Map<number, number[]>();
  for (let p = 0; p < lists.length; p++) {
    const t = topicOf[p] as number;
    const got = members.get(t);
    if (got) got.push(p);
    else members.set(t, [p]);
  }
  const spreadOf = (t: number) => {
    let max = 0;
    let min = Number.POSITIVE_INFINITY;
    for (let i = 0; i < n; i++) {
      const c = countOf(t, i);
      if (c > max) max = c;
      if (c < min) min = c;
    }
    return max - min;
  };

  const count = Int32Array.from(ids, (id) => placement.count.get(id) ?? 0);
  let minCount = Number.POSITIVE_INFINITY;
  let maxCount = Number.NEGATIVE_INFINITY;
  for (const c of count) {
    minCount = Math.min(minCount, c);
    maxCount = Math.max(maxCount, c);
  }
  const data = Float64Array.from(ids, (id) => placement.data.get(id) ?? 0);
  const off = (i: number, d: number) => (band ? outside(band, ids[i] as number, d) : 0);
  const heldBefore = (id: number, p: number) => (partitions[p] as { replicas: number[] }).replicas.includes(id);
  /** Data the plan moves more when p goes from f to t (nothing when t held it before). */
  const cost = (p: number, f: number, t: number) =>
    (heldBefore(ids[t] as number, p) ? 0 : (size[p] as number)) -
    (heldBefore(ids[f] as number, p) ? 0 : (size[p] as number));
  /** Hard goals for p leaving broker index f for t: not held there, rack free, capacity (copies in flight). */
  const canTake = (t: number, p: number, f: number, capacityExtra: number) => {
    const list = lists[p] as number[];
    const to = ids[t] as number;
    if (list.includes(to)) return false;
    const slot = list.indexOf(ids[f] as number);
    const used = racksUsed(list, slot, rackOf, rackCount);
    if (used?.has(rackOf?.get(to))) return false;
    if (heldBefore(to, p)) return true;
    const ceiling = placement.ceiling.get(to);
    return (
      ceiling === undefined ||
      (placement.dataBefore.get(to) ?? 0) + (placement.arriving.get(to) ?? 0) + capacityExtra + (size[p] as number) <=
        ceiling
    );
  };
  const move = (p: number, f: number, t: number) => {
    const list = lists[p] as number[];
    placement.move(p, list.indexOf(ids[f] as number), ids[t] as number);
    (sorted[f] as SizeSorted).remove(p);
    (sorted[t] as SizeSorted).insert(p);
    const tp = topicOf[p] as number;
    bump(tp, f, -1);
    bump(tp, t, 1);
    data[f] = (data[f] as number) - (size[p] as number);
    data[t] = (data[t] as number) + (size[p] as number);
    count[f] = (count[f] as number) - 1;
    count[t] = (count[t] as number) + 1;
  };

  /** The cheapest way to pass one replica of topic t from broker index a to b: [p, q (-1: alone), cost]. */
  const bestStep = (t: number, a: number, b: number): [number, number, number] | undefined => {
    let best: [number, number, number] | undefined;
    const better = (c: number, s: number, p: number) =>
      !best ||
      c < best[2] ||
      (c === best[2] && s < (size[best[0]] as number) + (best[1] >= 0 ? (size[best[1]] as number) : 0)) ||
      (c === best[2] && p < best[0]);
    const alone = (count[a] as number) - 1 >= minCount && (count[b] as number) + 1 <= maxCount;
    const nowA = off(a, data[a] as number);
    const nowB = off(b, data[b] as number);
    const mine: number[] = [];
    for (const p of members.get(t) ?? [])
      if ((lists[p] as number[]).includes(ids[a] as number) && canTake(b, p, a, 0)) mine.push(p);
    mine.sort((x, y) => cost(x, a, b) - cost(y, a, b) || (size[x] as number) - (size[y] as number) || x - y);
    for (const p of mine.slice(0, GIVE)) {
      const sp = size[p] as number;
      const pc = cost(p, a, b);
      if (best && pc > best[2]) continue;
      if (alone && off(a, (data[a] as number) - sp) <= nowA && off(b, (data[b] as number) + sp) <= nowB) {
        if (better(pc, sp, p)) best = [p, -1, pc];
        continue;
      }
      const theirs = (sorted[b] as SizeSorted).items;
      for (let k = 0, tried = 0; k < theirs.length && k < 8 * LOOK && tried < LOOK; k++) {
        const q = theirs[k] as number;
        const u = topicOf[q] as number;
        if (u === t || countOf(u, b) < countOf(u, a) + 1) continue;
        tried++;
        const sq = size[q] as number;
        const c = pc + cost(q, b, a);
        if (best && c > best[2]) continue;
        if (!better(c, sp + sq, p)) continue;
        const net = sp - sq;
        if (off(a, (data[a] as number) - net) > nowA || off(b, (data[b] as number) + net) > nowB) continue;
        if (!canTake(a, q, b, 0)) continue;
        best = [p, q, c];
      }
    }
    return best;
  };

  let steps = 0;
  let replicaMoves = 0;
  let uneven = 0;
  // The topics needing fewest steps first (replicas above their even share), so a spent budget leaves fewest uneven.
  const excess = new Map<number, number>();
  for (const t of members.keys()) {
    let total = 0;
    for (let i = 0; i < n; i++) total += countOf(t, i);
    const share = Math.ceil(total / n);
    let above = 0;
    for (let i = 0; i < n; i++) above += Math.max(0, countOf(t, i) - share);
    excess.set(t, above);
  }
  const topics = [...members.keys()].sort((x, y) => (excess.get(x) ?? 0) - (excess.get(y) ?? 0) || x - y);
  for (const t of topics) {
    while (spreadOf(t) > 1) {
      if (steps >= budget) {
        uneven++;
        break;
      }
      steps++;
      // Givers: the brokers holding most of the topic; receivers: those holding fewest (ties by index).
      const byCount = Int32Array.from(ids, (_, i) => i).sort((x, y) => countOf(t, x) - countOf(t, y) || x - y);
      const most = countOf(t, byCount[n - 1] as number);
      let done = false;
      for (let g = n - 1, pairs = 0; g >= 0 && !done && pairs < PAIRS; g--) {
        const a = byCount[g] as number;
        if (countOf(t, a) < most) break;
        for (let r = 0; r < n && pairs < PAIRS; r++) {
          const b = byCount[r] as number;
          if (countOf(t, b) > most - 2) break;
          pairs++;
          const step = bestStep(t, a, b);
          if (!step) continue;
          move(step[0], a, b);
          replicaMoves++;
          if (step[1] >= 0) {
            move(step[1], b, a);
            replicaMoves++;
          }
          done = true;
          break;
        }
      }
      if (!done) {
        uneven++;
        break;
      }
    }
  }
  return { replicaMoves, uneven };
}

/**
 * Why some topic's spread cannot reach 1 whatever the plan: with racks of unequal size, a partition with a replica in
 * every rack puts one in each, so the smallest rack's brokers hold more of such a topic than the largest rack's.
 */
export function topicsImpossible(
  partitions: readonly { topic: string; replicas: readonly number[] }[],
  ids: readonly number[],
  rackOf: ReadonlyMap<number, string | undefined> | undefined,
  rackCount: number,
): string | undefined {
  if (!rackOf) return undefined;
  const perRack = new Map<string | undefined, number>();
  for (const id of ids) perRack.set(rackOf.get(id), (perRack.get(rackOf.get(id)) ?? 0) + 1);
  const sizes = [...perRack.values()];
  const smallest = Math.min(...sizes);
  const largest = Math.max(...sizes);
  if (smallest === largest) return undefined;
  const forced = new Map<string, number>();
  for (const p of partitions) if (p.replicas.length === rackCount) forced.set(p.topic, (forced.get(p.topic) ?? 0) + 1);
  let uneven = 0;
  let example: string | undefined;
  for (const [topic, f] of forced)
    if (Math.ceil(f / smallest) - Math.floor(f / largest) > 1) {
      uneven++;
      example ??= topic;
    }
  if (uneven === 0) return undefined;
  return `racks hold ${smallest} to ${largest} brokers: ${uneven} topic(s) with a replica in every rack (e.g. ${example}) put more per broker in the smallest rack`;
}
