import type { PlannerPartition } from "./model.js";
import type { Placement } from "./placement.js";
import { SizeSorted } from "./size-sorted.js";

/** Partners tried per step (the brokers furthest on the other side of the mean) and partitions per pair. */
const PARTNERS = 8;
const LOOK = 64;

/**
 * Leader bytes-in goal: each receiving broker's leader bytes-in (the measured bytes-in of the partitions it is the
 * preferred leader of) within ± `bandPercent` of the mean, by reordering replicas only (no data moves). Leader counts
 * stay within what the leader phase reached: leadership passes from a to b alone only when a stays at or above the
 * lowest count and b at or below the highest; otherwise two partitions trade it (a hands p to b, b hands q to a, both
 * brokers replicas of both), which keeps every count. The broker furthest outside the band goes first, tried against
 * the brokers furthest on the other side; the trade bringing most back into the band wins (ties: least churn — a
 * partition whose list changes anyway, then partition order). Answers how many reorders it made.
 *
 * Per ordered pair (a, b) the partitions a leads that b holds are kept sorted by rate, so a step costs the same at 1M
 * replicas as at 10k; brokers not in `ids` (cordoned, emptied) neither give nor take.
 */
export function balanceLeaderBytes(placement: Placement, ids: readonly number[], bandPercent: number): number {
  const rate = Float64Array.from(placement.partitions, (p) => p.bytesInPerSec ?? 0);
  const { load, count, total } = leaderLoads(placement.lists, ids, rate);
  if (total <= 0 || ids.length < 2) return 0;
  const mean = total / ids.length;
  const band = { lower: mean * (1 - bandPercent / 100), upper: mean * (1 + bandPercent / 100) };
  if (!load.some((x) => outsideBand(band, x) > 0)) return 0;
  return new LeaderBytesBalancer(placement, ids, rate, load, count, band).run();
}

interface Band {
  lower: number;
  upper: number;
}

const outsideBand = (band: Band, x: number) => Math.max(0, x - band.upper) + Math.max(0, band.lower - x);

/** Each broker's leader bytes-in and leader count (by index in `ids`), and the bytes-in of all partitions. */
function leaderLoads(
  lists: readonly number[][],
  ids: readonly number[],
  rate: Float64Array,
): { load: Float64Array; count: Int32Array; total: number } {
  const at = new Map(ids.map((id, i) => [id, i]));
  const load = new Float64Array(ids.length);
  const count = new Int32Array(ids.length);
  let total = 0;
  for (let p = 0; p < lists.length; p++) {
    total += rate[p] as number;
    const leader = at.get((lists[p] as number[])[0] as number);
    if (leader === undefined) continue;
    load[leader] = (load[leader] as number) + (rate[p] as number);
    count[leader] = (count[leader] as number) + 1;
  }
  return { load, count, total };
}

/**
 * The leader bytes-in phase's state and steps. Brokers are named by their index in `ids`, partitions by their index;
 * `from` hands leadership of p to `to` (and, in a trade, `to` hands q back).
 */
class LeaderBytesBalancer {
  private readonly n: number;
  private readonly lists: number[][];
  private readonly at: Map<number, number>;
  /** The leader counts reached by the leader phase: leadership passes alone only while they stay within them. */
  private readonly minCount: number;
  private readonly maxCount: number;
  private readonly led: LedPairs;
  /** Brokers by leader bytes-in, ascending (ties by index). */
  private readonly order: Int32Array;
  /**
   * A broker no trade helps is passed over until a round ends: only the two brokers of a trade are tried again at
   * once, the others when every broker left outside is stuck and some trade happened since (bounded retries).
   */
  private readonly stuck: Uint8Array;
  private readonly best = new BestTrade();
  private reorders = 0;

  constructor(
    private readonly placement: Placement,
    private readonly ids: readonly number[],
    private readonly rate: Float64Array,
    private readonly load: Float64Array,
    private readonly count: Int32Array,
    private readonly band: Band,
  ) {
    this.n = ids.length;
    this.lists = placement.lists;
    this.at = new Map(ids.map((id, i) => [id, i]));
    let minCount = Number.POSITIVE_INFINITY;
    let maxCount = Number.NEGATIVE_INFINITY;
    for (const c of count) {
      minCount = Math.min(minCount, c);
      maxCount = Math.max(maxCount, c);
    }
    this.minCount = minCount;
    this.maxCount = maxCount;
    this.led = new LedPairs(this.lists, this.at, this.n, rate);
    this.order = Int32Array.from(ids, (_, i) => i);
    this.sortByLoad();
    this.stuck = new Uint8Array(this.n);
  }

  /** Step by step, the broker furthest outside the band gets the best trade its partners offer. Answers the reorders. */
  run(): number {
    let traded = false;
    const limit = 2 * this.lists.length + 1000;
    for (let step = 0; step < limit; step++) {
      const broker = this.furthestOutside();
      if (broker < 0) {
        if (!traded) break;
        traded = false;
        this.stuck.fill(0);
        continue;
      }
      if (!this.findBestTrade(broker)) {
        this.stuck[broker] = 1;
        continue;
      }
      this.makeBestTrade();
      traded = true;
    }
    return this.reorders;
  }

  /** The broker not stuck furthest outside the band (-1: none). */
  private furthestOutside(): number {
    let broker = -1;
    let worst = 0;
    for (let i = 0; i < this.n; i++) {
      const o = this.stuck[i] ? 0 : this.outside(this.load[i] as number);
      if (o > worst) {
        worst = o;
        broker = i;
      }
    }
    return broker;
  }

  /** The best trade with the PARTNERS brokers furthest on the other side of the mean, into `best`; whether any. */
  private findBestTrade(broker: number): boolean {
    const n = this.n;
    const above = (this.load[broker] as number) > this.band.upper;
    this.best.clear();
    for (let k = 0, tried = 0; k < n && tried < PARTNERS; k++) {
      const partner = this.order[above ? k : n - 1 - k] as number;
      if (partner === broker) continue;
      tried++;
      if (above) this.considerPair(broker, partner);
      else this.considerPair(partner, broker);
    }
    return this.best.found;
  }

  private makeBestTrade(): void {
    const { p, q, from, to } = this.best;
    this.lead(p, to);
    this.reorders++;
    if (q >= 0) {
      this.lead(q, from);
      this.reorders++;
    }
    this.sortByLoad();
    this.stuck[from] = 0;
    this.stuck[to] = 0;
  }

  /** Trades from `from` (leading more bytes-in) to `to`: p alone when the counts allow, else p for a smaller q. */
  private considerPair(from: number, to: number): void {
    const give = this.led.of(from, to);
    if (!give || give.length === 0) return;
    const loadFrom = this.load[from] as number;
    const loadTo = this.load[to] as number;
    const now = this.outside(loadFrom) + this.outside(loadTo);
    const want = (loadFrom - loadTo) / 2;
    /** Offers the partitions `from` leads nearest `want + extra` in rate (the two either side), with q (-1: none) back. */
    const offerNearest = (q: number, extra: number) => {
      const i = give.position(want + extra);
      for (const k of [i - 1, i]) {
        const p = give.items[k];
        if (p === undefined) continue;
        const net = (this.rate[p] as number) - extra;
        if (net <= 0 || net >= loadFrom - loadTo) continue;
        const gain = now - this.outside(loadFrom - net) - this.outside(loadTo + net);
        if (gain > 0) this.best.offer(p, q, from, to, gain, this.churn(p, q));
      }
    };
    if ((this.count[from] as number) - 1 >= this.minCount && (this.count[to] as number) + 1 <= this.maxCount)
      offerNearest(-1, 0);
    const back = this.led.of(to, from);
    if (!back) return;
    for (let k = 0; k < back.items.length && k < LOOK; k++) {
      const q = back.items[k] as number;
      offerNearest(q, this.rate[q] as number);
    }
  }

  /** Partitions whose replica list the trade changes that would otherwise stay as they were. */
  private churn(p: number, q: number): number {
    return (this.changed(p) ? 0 : 1) + (q >= 0 && !this.changed(q) ? 1 : 0);
  }

  /** Whether p's replica list differs from the one it had before the plan. */
  private changed(p: number): boolean {
    const before = (this.placement.partitions[p] as PlannerPartition).replicas;
    const list = this.lists[p] as number[];
    return before.length !== list.length || before.some((id, k) => id !== list[k]);
  }

  /** p's first place goes to broker `to` (a replica of p); the pair index and the figures follow. */
  private lead(p: number, to: number): void {
    const list = this.lists[p] as number[];
    const from = this.at.get(list[0] as number) as number;
    this.led.beforeLead(p);
    const toId = this.ids[to] as number;
    list.splice(list.indexOf(toId), 1);
    list.unshift(toId);
    this.led.afterLead(p);
    const r = this.rate[p] as number;
    this.load[from] = (this.load[from] as number) - r;
    this.load[to] = (this.load[to] as number) + r;
    this.count[from] = (this.count[from] as number) - 1;
    this.count[to] = (this.count[to] as number) + 1;
  }

  private sortByLoad(): void {
    this.order.sort((x, y) => (this.load[x] as number) - (this.load[y] as number) || x - y);
  }

  private outside(x: number): number {
    return outsideBand(this.band, x);
  }
}

/** Per pair (leader, holder) by index: the partitions `leader` leads of which `holder` holds a replica, by rate. */
class LedPairs {
  private readonly pairs = new Map<number, SizeSorted>();

  constructor(
    private readonly lists: readonly number[][],
    /** Broker id → index. */
    private readonly at: ReadonlyMap<number, number>,
    /** How many brokers. */
    private readonly n: number,
    private readonly rate: Float64Array,
  ) {
    const gathered = new Map<number, number[]>();
    const byRate = Uint32Array.from({ length: lists.length }, (_, p) => p).sort(
      (x, y) => (rate[x] as number) - (rate[y] as number) || x - y,
    );
    for (const p of byRate)
      this.forEachPair(p, (key) => {
        const got = gathered.get(key);
        if (got) got.push(p);
        else gathered.set(key, [p]);
      });
    for (const [key, items] of gathered) this.pairs.set(key, new SizeSorted(rate, items));
  }

  of(leader: number, holder: number): SizeSorted | undefined {
    return this.pairs.get(leader * this.n + holder);
  }

  /** Before p's leader changes: p leaves every pair it is in. */
  beforeLead(p: number): void {
    this.forEachPair(p, (key) => this.pairs.get(key)?.remove(p));
  }

  /** After p's leader changed: p joins every pair it is in now. */
  afterLead(p: number): void {
    this.forEachPair(p, (key) => {
      const s = this.pairs.get(key);
      if (s) s.insert(p);
      else this.pairs.set(key, new SizeSorted(this.rate, [p]));
    });
  }

  private forEachPair(p: number, visit: (key: number) => void): void {
    const list = this.lists[p] as number[];
    const leader = this.at.get(list[0] as number);
    if (leader === undefined) return;
    for (let k = 1; k < list.length; k++) {
      const holder = this.at.get(list[k] as number);
      if (holder !== undefined) visit(leader * this.n + holder);
    }
  }
}

/** The best trade of a step: p's leadership from `from` to `to`, and q's back (-1: none). */
class BestTrade {
  p = -1;
  q = -1;
  from = -1;
  to = -1;
  gain = 0;
  churn = 0;

  get found(): boolean {
    return this.p >= 0;
  }

  clear(): void {
    this.p = -1;
  }

  /** The most band reached wins; ties: least churn (a partition whose list changes anyway), then the first offered. */
  offer(p: number, q: number, from: number, to: number, gain: number, churn: number): void {
    if (this.p >= 0 && (gain < this.gain || (gain === this.gain && churn >= this.churn))) return;
    this.p = p;
    this.q = q;
    this.from = from;
    this.to = to;
    this.gain = gain;
    this.churn = churn;
  }
}

/** Why no reordering can bring every broker into the band: the hottest partition alone is above it. */
export function leaderBytesInImpossible(
  rates: readonly { bytesInPerSec?: number }[],
  brokers: number,
  bandPercent: number,
): string | undefined {
  let total = 0;
  let hottest = 0;
  for (const p of rates) {
    total += p.bytesInPerSec ?? 0;
    hottest = Math.max(hottest, p.bytesInPerSec ?? 0);
  }
  const upper = (total / Math.max(1, brokers)) * (1 + bandPercent / 100);
  if (total <= 0 || hottest <= upper) return undefined;
  return `a partition takes ${Math.round(hottest)} B/s, more than any broker's band allows (at most ${Math.round(upper)} B/s)`;
}
