import { type DiskBand, outside } from "./disk-band.js";
import type { PlannerPartition } from "./model.js";
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
  return new TopicBalancer(placement, ids, band, rackOf, rackCount).run(budget);
}

/** One step for a topic: p from the giver to the receiver, and `back` (-1: none) the other way; the data it moves. */
interface TopicStep {
  p: number;
  back: number;
  cost: number;
}

/**
 * The topic phase's state and steps. Brokers are named by their index in `ids`, partitions by their index p, topics
 * by number; `from` gives a replica of the topic, `to` receives it.
 */
class TopicBalancer {
  private readonly n: number;
  private readonly lists: number[][];
  private readonly partitions: readonly PlannerPartition[];
  /** Each partition's topic number. */
  private readonly topicOf: Int32Array;
  private readonly size: Float64Array;
  private readonly perTopic: TopicCounts;
  /** Each topic's partitions, by topic number. */
  private readonly members = new Map<number, number[]>();
  /** Each broker's replicas by size. */
  private readonly held: SizeSorted[];
  private readonly count: Int32Array;
  /** The replica spread reached before: a move alone must keep every count within it. */
  private readonly minCount: number;
  private readonly maxCount: number;
  private readonly data: Float64Array;
  private replicaMoves = 0;

  constructor(
    private readonly placement: Placement,
    private readonly ids: readonly number[],
    private readonly band: DiskBand | undefined,
    private readonly rackOf: ReadonlyMap<number, string | undefined> | undefined,
    private readonly rackCount: number,
  ) {
    this.n = ids.length;
    this.lists = placement.lists;
    this.partitions = placement.partitions;
    const { topicOf, topics } = topicNumbers(this.partitions);
    this.topicOf = topicOf;
    this.size = Float64Array.from(this.partitions, (p) => p.sizeBytes);
    this.perTopic = new TopicCounts(topics, this.n);
    this.held = this.replicasBySize();
    for (let p = 0; p < this.lists.length; p++) {
      const t = topicOf[p] as number;
      const got = this.members.get(t);
      if (got) got.push(p);
      else this.members.set(t, [p]);
    }
    this.count = Int32Array.from(ids, (id) => placement.count.get(id) ?? 0);
    let minCount = Number.POSITIVE_INFINITY;
    let maxCount = Number.NEGATIVE_INFINITY;
    for (const c of this.count) {
      minCount = Math.min(minCount, c);
      maxCount = Math.max(maxCount, c);
    }
    this.minCount = minCount;
    this.maxCount = maxCount;
    this.data = Float64Array.from(ids, (id) => placement.data.get(id) ?? 0);
  }

  /** Evens out each topic in turn, the fewest steps first, while the budget lasts. */
  run(budget: number): TopicSpreadResult {
    let steps = 0;
    let uneven = 0;
    for (const t of this.topicsByExcess())
      while (this.perTopic.spread(t) > 1) {
        if (steps >= budget) {
          uneven++;
          break;
        }
        steps++;
        if (!this.stepTopic(t)) {
          uneven++;
          break;
        }
      }
    return { replicaMoves: this.replicaMoves, uneven };
  }

  /**
   * The topics needing fewest steps first (replicas above their even share), so a spent budget leaves fewest uneven.
   */
  private topicsByExcess(): number[] {
    const n = this.n;
    const excess = new Map<number, number>();
    for (const t of this.members.keys()) {
      let total = 0;
      for (let i = 0; i < n; i++) total += this.perTopic.get(t, i);
      const share = Math.ceil(total / n);
      let above = 0;
      for (let i = 0; i < n; i++) above += Math.max(0, this.perTopic.get(t, i) - share);
      excess.set(t, above);
    }
    return [...this.members.keys()].sort((x, y) => (excess.get(x) ?? 0) - (excess.get(y) ?? 0) || x - y);
  }

  /**
   * One step for topic t: givers are the brokers holding most of it, receivers those holding fewest (ties by index);
   * of up to PAIRS such pairs, the first with a step takes it. Whether one did.
   */
  private stepTopic(t: number): boolean {
    const n = this.n;
    const ofTopic = (i: number) => this.perTopic.get(t, i);
    const byCount = Int32Array.from(this.ids, (_, i) => i).sort((x, y) => ofTopic(x) - ofTopic(y) || x - y);
    const most = ofTopic(byCount[n - 1] as number);
    for (let g = n - 1, pairs = 0; g >= 0 && pairs < PAIRS; g--) {
      const from = byCount[g] as number;
      if (ofTopic(from) < most) break;
      for (let r = 0; r < n && pairs < PAIRS; r++) {
        const to = byCount[r] as number;
        if (ofTopic(to) > most - 2) break;
        pairs++;
        const step = this.bestStep(t, from, to);
        if (!step) continue;
        this.move(step.p, from, to);
        if (step.back >= 0) this.move(step.back, to, from);
        return true;
      }
    }
    return false;
  }

  /**
   * The cheapest way to pass one replica of topic t from `from` to `to`: alone when the counts stay within the spread
   * reached and neither broker leaves its band further, else swapped for a replica of another topic that `to` holds
   * more of than `from`. Of GIVE replicas of the topic (the cheapest), each with up to LOOK counterparts.
   */
  private bestStep(t: number, from: number, to: number): TopicStep | undefined {
    let best: TopicStep | undefined;
    const alone = (this.count[from] as number) - 1 >= this.minCount && (this.count[to] as number) + 1 <= this.maxCount;
    const nowFrom = this.off(from, this.data[from] as number);
    const nowTo = this.off(to, this.data[to] as number);
    for (const p of this.cheapestOfTopic(t, from, to).slice(0, GIVE)) {
      const sp = this.size[p] as number;
      const pc = this.cost(p, from, to);
      if (best && pc > best.cost) continue;
      if (
        alone &&
        this.off(from, (this.data[from] as number) - sp) <= nowFrom &&
        this.off(to, (this.data[to] as number) + sp) <= nowTo
      ) {
        if (this.improves(best, pc, sp, p)) best = { p, back: -1, cost: pc };
        continue;
      }
      best = this.bestSwap(t, from, to, p, best);
    }
    return best;
  }

  /** The replicas of topic t on `from` that `to` can take, cheapest first (then smallest, then partition order). */
  private cheapestOfTopic(t: number, from: number, to: number): number[] {
    const mine: number[] = [];
    for (const p of this.members.get(t) ?? [])
      if ((this.lists[p] as number[]).includes(this.ids[from] as number) && this.canTake(to, p, from)) mine.push(p);
    return mine.sort(
      (x, y) =>
        this.cost(x, from, to) - this.cost(y, from, to) || (this.size[x] as number) - (this.size[y] as number) || x - y,
    );
  }

  /**
   * `best`, or p swapped for the best counterpart q on `to` (the smallest first) if that is better: q of another
   * topic that `to` holds more of than `from`, neither broker further from its band, the hard goals kept.
   */
  private bestSwap(t: number, from: number, to: number, p: number, best: TopicStep | undefined): TopicStep | undefined {
    const nowFrom = this.off(from, this.data[from] as number);
    const nowTo = this.off(to, this.data[to] as number);
    const sp = this.size[p] as number;
    const pc = this.cost(p, from, to);
    const theirs = (this.held[to] as SizeSorted).items;
    for (let k = 0, tried = 0; k < theirs.length && k < 8 * LOOK && tried < LOOK; k++) {
      const q = theirs[k] as number;
      const u = this.topicOf[q] as number;
      if (u === t || this.perTopic.get(u, to) < this.perTopic.get(u, from) + 1) continue;
      tried++;
      const sq = this.size[q] as number;
      const c = pc + this.cost(q, to, from);
      if (best && c > best.cost) continue;
      if (!this.improves(best, c, sp + sq, p)) continue;
      const net = sp - sq;
      if (
        this.off(from, (this.data[from] as number) - net) > nowFrom ||
        this.off(to, (this.data[to] as number) + net) > nowTo
      )
        continue;
      if (!this.canTake(from, q, to)) continue;
      best = { p, back: q, cost: c };
    }
    return best;
  }

  /** Whether a step of this cost, bytes and partition beats `best`: cheaper, then smaller, then earlier. */
  private improves(best: TopicStep | undefined, cost: number, bytes: number, p: number): boolean {
    if (!best) return true;
    const bestBytes = (this.size[best.p] as number) + (best.back >= 0 ? (this.size[best.back] as number) : 0);
    return cost < best.cost || (cost === best.cost && bytes < bestBytes) || (cost === best.cost && p < best.p);
  }

  /** Hard goals for p leaving `from` for `to`: not held there, rack free, capacity (copies in flight). */
  private canTake(to: number, p: number, from: number): boolean {
    const list = this.lists[p] as number[];
    const toId = this.ids[to] as number;
    if (list.includes(toId)) return false;
    const slot = list.indexOf(this.ids[from] as number);
    const used = racksUsed(list, slot, this.rackOf, this.rackCount);
    if (used?.has(this.rackOf?.get(toId))) return false;
    if (this.heldBefore(toId, p)) return true;
    const ceiling = this.placement.ceiling.get(toId);
    return (
      ceiling === undefined ||
      (this.placement.dataBefore.get(toId) ?? 0) +
        (this.placement.arriving.get(toId) ?? 0) +
        (this.size[p] as number) <=
        ceiling
    );
  }

  /** Data the plan moves more when p goes from `from` to `to` (nothing when `to` held it before). */
  private cost(p: number, from: number, to: number): number {
    const size = this.size[p] as number;
    return (
      (this.heldBefore(this.ids[to] as number, p) ? 0 : size) -
      (this.heldBefore(this.ids[from] as number, p) ? 0 : size)
    );
  }

  private move(p: number, from: number, to: number): void {
    const list = this.lists[p] as number[];
    this.placement.move(p, list.indexOf(this.ids[from] as number), this.ids[to] as number);
    (this.held[from] as SizeSorted).remove(p);
    (this.held[to] as SizeSorted).insert(p);
    const t = this.topicOf[p] as number;
    this.perTopic.add(t, from, -1);
    this.perTopic.add(t, to, 1);
    this.data[from] = (this.data[from] as number) - (this.size[p] as number);
    this.data[to] = (this.data[to] as number) + (this.size[p] as number);
    this.count[from] = (this.count[from] as number) - 1;
    this.count[to] = (this.count[to] as number) + 1;
    this.replicaMoves++;
  }

  /** Each broker's replicas by size, counted per topic on the way: one pass over all partitions in size order. */
  private replicasBySize(): SizeSorted[] {
    const size = this.size;
    const at = new Map(this.ids.map((id, i) => [id, i]));
    const replicas = this.ids.map(() => [] as number[]);
    const bySize = Uint32Array.from({ length: this.lists.length }, (_, p) => p).sort(
      (x, y) => (size[x] as number) - (size[y] as number) || x - y,
    );
    for (const p of bySize)
      for (const id of this.lists[p] as number[]) {
        const i = at.get(id);
        if (i === undefined) continue;
        this.perTopic.add(this.topicOf[p] as number, i, 1);
        (replicas[i] as number[]).push(p);
      }
    return replicas.map((items) => new SizeSorted(size, items));
  }

  private heldBefore(id: number, p: number): boolean {
    return (this.partitions[p] as PlannerPartition).replicas.includes(id);
  }

  /** How far data `d` on broker i lies outside its band (0 with the disk goal off). */
  private off(i: number, d: number): number {
    return this.band ? outside(this.band, this.ids[i] as number, d) : 0;
  }
}

/** Topics numbered in the order they first appear: each partition's number and how many there are. */
function topicNumbers(partitions: readonly PlannerPartition[]): { topicOf: Int32Array; topics: number } {
  const numbers = new Map<string, number>();
  const topicOf = Int32Array.from(partitions, (p) => {
    let t = numbers.get(p.topic);
    if (t === undefined) {
      t = numbers.size;
      numbers.set(p.topic, t);
    }
    return t;
  });
  return { topicOf, topics: numbers.size };
}

/** Replicas held per topic and broker index (t * n + i): a dense array unless topics × brokers is very large. */
class TopicCounts {
  private readonly dense: Int32Array | undefined;
  private readonly sparse = new Map<number, number>();

  constructor(
    topics: number,
    private readonly n: number,
  ) {
    this.dense = topics * n <= 1 << 24 ? new Int32Array(topics * n) : undefined;
  }

  get(t: number, i: number): number {
    const key = t * this.n + i;
    return this.dense ? (this.dense[key] as number) : (this.sparse.get(key) ?? 0);
  }

  add(t: number, i: number, by: number): void {
    const key = t * this.n + i;
    if (this.dense) this.dense[key] = (this.dense[key] as number) + by;
    else this.sparse.set(key, (this.sparse.get(key) ?? 0) + by);
  }

  /** The most minus the fewest replicas of topic t any broker holds. */
  spread(t: number): number {
    let max = 0;
    let min = Number.POSITIVE_INFINITY;
    for (let i = 0; i < this.n; i++) {
      const c = this.get(t, i);
      if (c > max) max = c;
      if (c < min) min = c;
    }
    return max - min;
  }
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
