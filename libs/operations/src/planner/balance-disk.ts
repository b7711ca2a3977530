import type { DiskBand } from "./disk-band.js";
import { HomePairs } from "./home-pairs.js";
import type { PlannerPartition } from "./model.js";
import type { Placement } from "./placement.js";
import { SizeSorted } from "./size-sorted.js";

/**
 * How wide each step looks: replicas tried per broker pair (the sizes nearest to what is wanted) and receivers (or
 * givers) tried, by how far they are from the mean. Small inputs afford a wide look (a little less data moved); from
 * 100k replicas a narrow one keeps a step cheap (1M replicas: about +0.1 % of the disk bound more, 5x faster).
 */
function breadth(replicas: number): { NEAREST: number; PARTNERS: number; SCAN: number; DEEP: number } {
  const [NEAREST, PARTNERS] = replicas <= 100_000 ? [12, 8] : [4, 4];
  return { NEAREST, PARTNERS, SCAN: NEAREST * 8, DEEP: NEAREST * 256 };
}

export interface DiskBalancing {
  rackOf: ReadonlyMap<number, string | undefined> | undefined;
  rackCount: number;
  /** The replica spread reached before, to keep (undefined: counts are free). */
  counts: { min: number; max: number } | undefined;
  /** With counts: brokers no swap brings into the band move without one (the band is the higher goal). */
  freeWhenStuck?: boolean;
  /** Whether a broker the usual looks find nothing for gets the rescue look before it counts as stuck. */
  rescuing?: boolean;
}

/**
 * Disk goal: brings every broker's data into its band by moving replicas from brokers above it (or the fullest) to
 * brokers below it (or the emptiest) — the replica nearest in size to what both need (towards each broker's
 * `band.target`, which with racks is its part of its rack's share; else what the one outside needs), the cheapest per
 * byte of band reached (a replica going back where it was costs nothing). With racks, partners of the broker's own
 * rack are tried whenever those of any rack can take nothing (and only they when every partition has a replica in
 * every rack: a move inside a rack never breaks the rack goal). When `counts` holds the replica spread reached before,
 * a move that would widen it is paired with a replica going back (a swap), so the replica goal is kept: the smallest
 * that moves anyway or goes home (a broker above its max disk use can only take back what it held), else — or when
 * that one is larger than anything the giver could send — the smallest (with `counts` undefined, the rescue look
 * also tries such a swap where every single move overshoots); with `counts` undefined counts are free; with
 * `freeWhenStuck` only the brokers no swap helps are. Hard goals hold for every move: racks, capacity (copies in flight
 * counted), receivers only. Answers whether every broker ended in its band.
 *
 * Every step works on incremental state (brokers by index in typed arrays, each broker's replicas and each pair's
 * "held before by one, on the other now" replicas in size order, brokers ranked by use), so a step costs the same at
 * 1M replicas as at 10k.
 */
export function balanceDisk(
  placement: Placement,
  ids: readonly number[],
  band: DiskBand,
  balancing: DiskBalancing,
): boolean {
  return new DiskBalancer(placement, ids, band, balancing).run();
}

/**
 * The disk phase's state and steps. Brokers are named by their index in `ids` (their ids only where the placement
 * speaks of ids), partitions by their index p; `from` gives a replica, `to` receives it.
 */
class DiskBalancer {
  private readonly n: number;
  private readonly lists: number[][];
  private readonly partitions: readonly PlannerPartition[];
  private readonly replicaCount: number;
  private readonly breadth: ReturnType<typeof breadth>;
  private readonly at: Map<number, number>;
  private readonly size: Float64Array;
  // Each broker's band and data, by index: what every step reads and every move updates.
  private readonly lower: Float64Array;
  private readonly upper: Float64Array;
  private readonly target: Float64Array;
  private readonly weight: Float64Array;
  private readonly ceiling: Float64Array;
  private readonly data: Float64Array;
  private readonly dataBefore: Float64Array;
  private readonly arriving: Float64Array;
  private readonly count: Int32Array;
  /** Racks as numbers by broker id; a broker without one is -1 (two such compare equal, as undefined did). */
  private readonly rackNumber: Map<number, number>;
  /** Whether any partition may change racks: else only partners in the broker's own rack are tried. */
  private readonly crossRack: boolean;
  /** Each broker's replicas by size. */
  private readonly held: SizeSorted[];
  /** With counts kept: what each broker can take back for free (undefined: counts are free). */
  private readonly home: HomePairs | undefined;
  private readonly ranking: BrokerRanking;
  /** Brokers whose moves may change the counts: none at first; then (freeWhenStuck) those no swap brought into the band. */
  private readonly free: Uint8Array;
  /** Brokers outside the band for which the last look found nothing (until a move changes the picture). */
  private readonly stuck: Uint8Array;
  /** The replicas the last `collectNearest` found. */
  private readonly found: Int32Array;
  /** Whether scans go past SCAN (up to DEEP) while nothing is found: the nearest may all be ones `to` cannot take. */
  private deep = false;
  /**
   * A rescue look, once the usual ones found nothing: partners of the broker's own rack too, a size for what the broker
   * outside needs when the partner is already past its target, and the smallest replica back when the free one is
   * larger than anything the giver could send.
   */
  private rescue = false;
  /** The smallest replica the last `replicaToSendBack` saw that `from` can take, free or not (-1: none). */
  private smallestBack = -1;
  private readonly best = new BestMove();

  constructor(
    private readonly placement: Placement,
    private readonly ids: readonly number[],
    band: DiskBand,
    private readonly balancing: DiskBalancing,
  ) {
    this.n = ids.length;
    this.lists = placement.lists;
    this.partitions = placement.partitions;
    this.replicaCount = this.lists.reduce((total, l) => total + l.length, 0);
    this.breadth = breadth(this.replicaCount);
    this.found = new Int32Array(this.breadth.NEAREST);
    this.at = new Map(ids.map((id, i) => [id, i]));
    this.size = new Float64Array(this.lists.length);
    for (let p = 0; p < this.lists.length; p++) this.size[p] = placement.size(p);
    const byIndex = (m: ReadonlyMap<number, number>, fallback: number) =>
      Float64Array.from(ids, (id) => m.get(id) ?? fallback);
    this.lower = byIndex(band.lower, 0);
    this.upper = byIndex(band.upper, 0);
    this.target = byIndex(band.target, 0);
    this.weight = byIndex(band.weight, 1);
    this.ceiling = byIndex(band.ceiling, Number.POSITIVE_INFINITY);
    this.data = byIndex(placement.data, 0);
    this.dataBefore = byIndex(placement.dataBefore, 0);
    this.arriving = byIndex(placement.arriving, 0);
    this.count = Int32Array.from(ids, (id) => placement.count.get(id) ?? 0);
    this.rackNumber = rackNumbers(balancing.rackOf);
    this.crossRack = mayChangeRacks(this.lists, balancing.rackOf, balancing.rackCount);
    const bySize = partitionsBySize(this.size);
    this.held = this.replicasBySize(bySize);
    this.home = balancing.counts
      ? new HomePairs(this.lists, this.partitions, ids, this.at, this.size, bySize)
      : undefined;
    this.ranking = new BrokerRanking(this.n, (i) => this.use(i));
    this.free = new Uint8Array(this.n);
    this.stuck = new Uint8Array(this.n);
  }

  /**
   * Step by step, the broker furthest outside its band gets the best move (or swap) its partners offer; a broker no
   * look helps is stuck until a move changes the picture. Answers whether every broker ended in its band.
   */
  run(): boolean {
    const limit = 4 * this.replicaCount + 1000;
    for (let step = 0; step < limit; step++) {
      const broker = this.furthestOutside();
      if (broker < 0) {
        // Every broker outside the band is stuck. Those the swaps could not help (e.g. above their max disk use, so
        // they can take nothing back) may move without swaps from now on when asked: the band is the higher goal.
        if (!(this.balancing.counts && this.balancing.freeWhenStuck && this.freeTheStuck())) break;
        this.stuck.fill(0);
        continue;
      }
      if (this.findBestMove(broker)) {
        this.makeBestMove();
        this.stuck.fill(0);
      } else this.stuck[broker] = 1;
    }
    return this.everyBrokerInBand();
  }

  /** The broker not stuck furthest outside its band, per weight (-1: none). */
  private furthestOutside(): number {
    let broker = -1;
    let worst = 0;
    for (let i = 0; i < this.n; i++) {
      if (this.stuck[i]) continue;
      const o = this.off(i);
      if (o > worst) {
        worst = o;
        broker = i;
      }
    }
    return broker;
  }

  /** Frees every broker outside its band not free yet; whether there was one. */
  private freeTheStuck(): boolean {
    let freed = false;
    for (let i = 0; i < this.n; i++)
      if (this.off(i) > 0 && !this.free[i]) {
        this.free[i] = 1;
        freed = true;
      }
    return freed;
  }

  /**
   * The best move for a broker outside its band, into `best`; whether there is one. A broker is stuck only after a
   * deep look: first the usual one, then past SCAN when it found nothing; then both again as a rescue (partners of
   * its own rack too, sizes for what it needs, the smallest replica back). Partners of any rack when a partition may
   * change racks, else of the broker's rack only.
   */
  private findBestMove(broker: number): boolean {
    const above = (this.data[broker] as number) > (this.upper[broker] as number);
    this.best.clear();
    for (let look = 0; look < (this.balancing.rescuing ? 4 : 2) && !this.best.found; look++) {
      this.deep = look % 2 === 1;
      this.rescue = look >= 2;
      this.tryPartners(broker, above, !this.crossRack);
      if (!this.best.found && this.rescue && this.crossRack && this.balancing.rackOf)
        this.tryPartners(broker, above, true);
    }
    return this.best.found;
  }

  private makeBestMove(): void {
    const { p, from, to, back } = this.best;
    this.move(p, from, to);
    if (back >= 0) this.move(back, to, from);
    this.ranking.rerank(from);
    this.ranking.rerank(to);
  }

  /** Tries the PARTNERS brokers furthest on the other side of `broker`: of any rack, or of its rack only. */
  private tryPartners(broker: number, above: boolean, sameRack: boolean): void {
    const n = this.n;
    const own = this.rackOfIndex(broker);
    for (let k = 0, tried = 0; k < n && tried < this.breadth.PARTNERS; k++) {
      const partner = this.ranking.order[above ? k : n - 1 - k] as number;
      if (partner === broker || (sameRack && this.rackOfIndex(partner) !== own)) continue;
      tried++;
      const [from, to] = above ? [broker, partner] : [partner, broker];
      this.considerPair(from, to, Math.max(1, this.sizeWanted(broker, from, to, above)));
    }
  }

  /**
   * The size of replica to look for: what takes both towards their targets; else (in a rescue look, the partner
   * already past its target) what `broker` needs that the partner's band leaves room for.
   */
  private sizeWanted(broker: number, from: number, to: number, above: boolean): number {
    const data = this.data;
    const toward = Math.min(
      (data[from] as number) - (this.target[from] as number),
      (this.target[to] as number) - (data[to] as number),
      above
        ? (data[broker] as number) - (this.lower[broker] as number)
        : (this.upper[broker] as number) - (data[broker] as number),
    );
    if (toward > 0 || !this.rescue) return toward;
    return Math.min(
      (data[from] as number) - (this.lower[from] as number),
      (this.upper[to] as number) - (data[to] as number),
      this.outside(broker, data[broker] as number),
    );
  }

  /**
   * Offers the moves from `from` to `to` of the replicas nearest `want`: single moves, or swaps with a replica going
   * back where a single move would widen the replica spread kept. A free replica to send back may be larger than
   * anything `from` can give: then (rescue) the smallest one goes back. With the counts free (no replica goal), where
   * a single move finds nothing (each overshoots) a swap may fit (rescue).
   */
  private considerPair(from: number, to: number, want: number): void {
    const counts = this.balancing.counts;
    const needSwap =
      counts !== undefined &&
      !this.free[from] &&
      !this.free[to] &&
      ((this.count[from] as number) - 1 < counts.min || (this.count[to] as number) + 1 > counts.max);
    const back = needSwap ? this.replicaToSendBack(from, to) : -1;
    if (needSwap && back < 0) return;
    if (this.offerNearest(from, to, want, back) || !this.rescue) return;
    if (needSwap) {
      if (this.smallestBack >= 0 && this.smallestBack !== back) this.offerNearest(from, to, want, this.smallestBack);
      return;
    }
    if (counts !== undefined) return;
    const swap = this.replicaToSendBack(from, to);
    if (swap >= 0 && !this.offerNearest(from, to, want, swap) && this.smallestBack >= 0 && this.smallestBack !== swap)
      this.offerNearest(from, to, want, this.smallestBack);
  }

  /**
   * Offers p from `from` to `to` (with `back` from `to` to `from` when ≥ 0) for the replicas of `from` nearest
   * `want`, each that brings the two nearer their bands; whether any.
   */
  private offerNearest(from: number, to: number, want: number, back: number): boolean {
    const size = this.size;
    const backSize = back >= 0 ? (size[back] as number) : 0;
    const backCost = back >= 0 ? this.moveCost(back, to, from) : 0;
    const dataFrom = this.data[from] as number;
    const dataTo = this.data[to] as number;
    const now = this.outside(from, dataFrom) + this.outside(to, dataTo);
    const k = this.collectNearest(from, want + backSize, to);
    let any = false;
    for (let j = 0; j < k; j++) {
      const p = this.found[j] as number;
      const net = (size[p] as number) - backSize;
      if (net <= 0) continue;
      const gain = now - this.outside(from, dataFrom - net) - this.outside(to, dataTo + net);
      if (gain <= 0) continue;
      this.best.offer(p, from, to, back, gain, this.moveCost(p, from, to) + backCost);
      any = true;
    }
    return any;
  }

  /** Replicas on `from` whose size is nearest `want` that `to` can take: up to NEAREST of them, into `found`. */
  private collectNearest(from: number, want: number, to: number): number {
    const { NEAREST, SCAN, DEEP } = this.breadth;
    const size = this.size;
    const held = this.held[from] as SizeSorted;
    const list = held.items;
    const start = held.position(want);
    let down = start - 1;
    let up = start;
    let k = 0;
    for (
      let scanned = 0;
      k < NEAREST && (down >= 0 || up < list.length) && (scanned < SCAN || (this.deep && k === 0 && scanned < DEEP));
      scanned++
    ) {
      const takeUp =
        up < list.length &&
        (down < 0 || (size[list[up] as number] as number) - want <= want - (size[list[down] as number] as number));
      const p = (takeUp ? list[up++] : list[down--]) as number;
      if (this.canTake(to, p, from)) this.found[k++] = p;
    }
    return k;
  }

  /**
   * A replica for `to` to send back to `from` so the counts stay: the smallest free one (`from` held it before, or
   * it moves anyway) among those `from` held and among the NEAREST smallest of `to` that `from` can take; else the
   * smallest of those (-1: none). Also notes the smallest it saw in `smallestBack`.
   */
  private replicaToSendBack(from: number, to: number): number {
    const { NEAREST, SCAN } = this.breadth;
    const size = this.size;
    let best = this.firstHomeBack(from, to);
    let first = -1;
    const list = (this.held[to] as SizeSorted).items;
    for (let k = 0, accepted = 0; k < list.length && k < SCAN && accepted < NEAREST; k++) {
      const q = list[k] as number;
      if (best >= 0 && ((size[q] as number) > (size[best] as number) || (size[q] === size[best] && q >= best))) break;
      if (!this.canTake(from, q, to)) continue;
      accepted++;
      if (first < 0) first = q;
      if (this.moveCost(q, to, from) <= 0) {
        best = q;
        break;
      }
    }
    this.smallestBack = first >= 0 && (best < 0 || (size[first] as number) < (size[best] as number)) ? first : best;
    return best >= 0 ? best : first;
  }

  /** The smallest replica `from` held before that `to` holds now and `from` can take back (-1: none within SCAN). */
  private firstHomeBack(from: number, to: number): number {
    const mine = this.home?.of(from, to);
    if (mine)
      for (let k = 0; k < mine.items.length && k < this.breadth.SCAN; k++) {
        const q = mine.items[k] as number;
        if (this.canTake(from, q, to)) return q;
      }
    return -1;
  }

  /** Whether `to` may take p from `from` under the hard goals: not a second copy, capacity, racks. */
  private canTake(to: number, p: number, from: number): boolean {
    const list = this.lists[p] as number[];
    const toId = this.ids[to] as number;
    for (let k = 0; k < list.length; k++) if (list[k] === toId) return false;
    if (
      (this.dataBefore[to] as number) + (this.arriving[to] as number) + (this.size[p] as number) >
        (this.ceiling[to] as number) &&
      !this.heldBefore(toId, p)
    )
      return false;
    if (!this.balancing.rackOf || list.length > this.balancing.rackCount) return true;
    const fromId = this.ids[from] as number;
    const rack = this.rackOfId(toId);
    for (let k = 0; k < list.length; k++) {
      const id = list[k] as number;
      if (id !== fromId && this.rackOfId(id) === rack) return false;
    }
    return true;
  }

  /** Data the plan moves more (less) when p goes from `from` to `to`: nothing when it goes back where it was. */
  private moveCost(p: number, from: number, to: number): number {
    const size = this.size[p] as number;
    return (
      (this.heldBefore(this.ids[to] as number, p) ? 0 : size) -
      (this.heldBefore(this.ids[from] as number, p) ? 0 : size)
    );
  }

  /** Moves p from `from` to `to` in the placement and in every incremental state. */
  private move(p: number, from: number, to: number): void {
    const list = this.lists[p] as number[];
    const fromId = this.ids[from] as number;
    const toId = this.ids[to] as number;
    this.home?.beforeMove(p, from, to);
    this.placement.move(p, list.indexOf(fromId), toId);
    (this.held[from] as SizeSorted).remove(p);
    (this.held[to] as SizeSorted).insert(p);
    const s = this.size[p] as number;
    this.data[from] = (this.data[from] as number) - s;
    this.data[to] = (this.data[to] as number) + s;
    this.count[from] = (this.count[from] as number) - 1;
    this.count[to] = (this.count[to] as number) + 1;
    if (!this.heldBefore(fromId, p)) this.arriving[from] = (this.arriving[from] as number) - s;
    if (!this.heldBefore(toId, p)) this.arriving[to] = (this.arriving[to] as number) + s;
  }

  private everyBrokerInBand(): boolean {
    for (let i = 0; i < this.n; i++) if (this.off(i) > 0) return false;
    return true;
  }

  /** Each broker's replicas in size order: one pass over all partitions in size order. */
  private replicasBySize(bySize: Uint32Array): SizeSorted[] {
    const held: number[][] = this.ids.map(() => []);
    for (const p of bySize)
      for (const id of this.lists[p] as number[]) {
        const i = this.at.get(id);
        if (i !== undefined) (held[i] as number[]).push(p);
      }
    return held.map((items) => new SizeSorted(this.size, items));
  }

  private heldBefore(id: number, p: number): boolean {
    return (this.partitions[p] as PlannerPartition).replicas.includes(id);
  }

  /** How far data `d` on broker i lies outside its band. */
  private outside(i: number, d: number): number {
    return Math.max(0, d - (this.upper[i] as number)) + Math.max(0, (this.lower[i] as number) - d);
  }

  /** How far broker i lies outside its band now, per weight. */
  private off(i: number): number {
    return this.outside(i, this.data[i] as number) / (this.weight[i] as number);
  }

  /** Broker i's data per weight. */
  private use(i: number): number {
    return (this.data[i] as number) / (this.weight[i] as number);
  }

  private rackOfId(id: number): number {
    return this.rackNumber.get(id) ?? -1;
  }

  private rackOfIndex(i: number): number {
    return this.rackOfId(this.ids[i] as number);
  }
}

/** Racks as numbers by broker id, in the order they first appear (brokers without one left out). */
function rackNumbers(rackOf: ReadonlyMap<number, string | undefined> | undefined): Map<number, number> {
  const numbers = new Map<string, number>();
  const rack = new Map<number, number>();
  if (rackOf)
    for (const [id, name] of rackOf) {
      if (name === undefined) continue;
      if (!numbers.has(name)) numbers.set(name, numbers.size);
      rack.set(id, numbers.get(name) as number);
    }
  return rack;
}

/**
 * Whether a broker of another rack can ever take a replica: only of a partition that leaves a rack unused (or has
 * more replicas than there are racks). Always without racks.
 */
function mayChangeRacks(
  lists: readonly number[][],
  rackOf: ReadonlyMap<number, string | undefined> | undefined,
  rackCount: number,
): boolean {
  if (!rackOf) return true;
  for (let p = 0; p < lists.length; p++) if ((lists[p] as number[]).length !== rackCount) return true;
  return false;
}

/** Every partition index in ascending size, ties by index. */
function partitionsBySize(size: Float64Array): Uint32Array {
  return Uint32Array.from({ length: size.length }, (_, p) => p).sort(
    (a, b) => (size[a] as number) - (size[b] as number) || a - b,
  );
}

/** Brokers by use (data per weight), ascending, ties by index: the first are the emptiest, the last the fullest. */
class BrokerRanking {
  readonly order: Int32Array;

  constructor(
    private readonly n: number,
    private readonly use: (i: number) => number,
  ) {
    this.order = Int32Array.from({ length: n }, (_, i) => i).sort((a, b) => use(a) - use(b) || a - b);
  }

  /** Puts broker i back in its place after its use changed (a few places away at most, by one move). */
  rerank(i: number): void {
    const order = this.order;
    const use = this.use;
    const u = use(i);
    let k = order.indexOf(i);
    while (
      k > 0 &&
      (use(order[k - 1] as number) > u || (use(order[k - 1] as number) === u && (order[k - 1] as number) > i))
    ) {
      order[k] = order[k - 1] as number;
      k--;
    }
    while (
      k < this.n - 1 &&
      (use(order[k + 1] as number) < u || (use(order[k + 1] as number) === u && (order[k + 1] as number) < i))
    ) {
      order[k] = order[k + 1] as number;
      k++;
    }
    order[k] = i;
  }
}

/** The best candidate of a step: p from `from` to `to`, and `back` from `to` to `from` when a swap keeps the counts. */
class BestMove {
  p = -1;
  from = -1;
  to = -1;
  back = -1;
  gain = 0;
  cost = 0;

  get found(): boolean {
    return this.p >= 0;
  }

  clear(): void {
    this.p = -1;
  }

  offer(p: number, from: number, to: number, back: number, gain: number, cost: number): void {
    if (this.p >= 0 && !better(gain, cost, this.gain, this.cost)) return;
    this.p = p;
    this.from = from;
    this.to = to;
    this.back = back;
    this.gain = gain;
    this.cost = cost;
  }
}

/** Free moves first (a replica going back), then the most band reached per byte moved, then the most band reached. */
function better(gainA: number, costA: number, gainB: number, costB: number): boolean {
  const freeA = costA <= 0;
  const freeB = costB <= 0;
  if (freeA !== freeB) return freeA;
  if (freeA) return gainA > gainB || (gainA === gainB && costA < costB);
  const ea = gainA / costA;
  const eb = gainB / costB;
  return ea > eb || (ea === eb && gainA > gainB);
}
