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
  const n = ids.length;
  const lists = placement.lists;
  const partitions = placement.partitions;
  const rate = Float64Array.from(partitions, (p) => p.bytesInPerSec ?? 0);
  const at = new Map(ids.map((id, i) => [id, i]));
  const load = new Float64Array(n);
  const count = new Int32Array(n);
  let total = 0;
  for (let p = 0; p < lists.length; p++) {
    total += rate[p] as number;
    const a = at.get((lists[p] as number[])[0] as number);
    if (a === undefined) continue;
    load[a] = (load[a] as number) + (rate[p] as number);
    count[a] = (count[a] as number) + 1;
  }
  if (total <= 0 || n < 2) return 0;
  const mean = total / n;
  const lower = mean * (1 - bandPercent / 100);
  const upper = mean * (1 + bandPercent / 100);
  const outside = (x: number) => Math.max(0, x - upper) + Math.max(0, lower - x);
  if (!load.some((x) => outside(x) > 0)) return 0;
  let minCount = Number.POSITIVE_INFINITY;
  let maxCount = Number.NEGATIVE_INFINITY;
  for (const c of count) {
    minCount = Math.min(minCount, c);
    maxCount = Math.max(maxCount, c);
  }

  // Per pair a * n + b: the partitions a leads of which b holds a replica, by rate.
  const led = new Map<number, SizeSorted>();
  const gathered = new Map<number, number[]>();
  const byRate = Uint32Array.from({ length: lists.length }, (_, p) => p).sort(
    (x, y) => (rate[x] as number) - (rate[y] as number) || x - y,
  );
  const pairsOf = (p: number, visit: (key: number) => void) => {
    const list = lists[p] as number[];
    const a = at.get(list[0] as number);
    if (a === undefined) return;
    for (let k = 1; k < list.length; k++) {
      const b = at.get(list[k] as number);
      if (b !== undefined) visit(a * n + b);
    }
  };
  for (const p of byRate)
    pairsOf(p, (key) => {
      const got = gathered.get(key);
      if (got) got.push(p);
      else gathered.set(key, [p]);
    });
  for (const [key, items] of gathered) led.set(key, new SizeSorted(rate, items));
  const changed = (p: number) => {
    const before = (partitions[p] as { replicas: number[] }).replicas;
    const list = lists[p] as number[];
    return before.length !== list.length || before.some((id, k) => id !== list[k]);
  };

  /** p's first place goes to broker index b (a replica of p); the pair index and the figures follow. */
  const lead = (p: number, b: number) => {
    const list = lists[p] as number[];
    const a = at.get(list[0] as number) as number;
    pairsOf(p, (key) => led.get(key)?.remove(p));
    const to = ids[b] as number;
    list.splice(list.indexOf(to), 1);
    list.unshift(to);
    pairsOf(p, (key) => {
      const s = led.get(key);
      if (s) s.insert(p);
      else led.set(key, new SizeSorted(rate, [p]));
    });
    const r = rate[p] as number;
    load[a] = (load[a] as number) - r;
    load[b] = (load[b] as number) + r;
    count[a] = (count[a] as number) - 1;
    count[b] = (count[b] as number) + 1;
  };

  let bestP = -1;
  let bestQ = -1;
  let bestA = -1;
  let bestB = -1;
  let bestGain = 0;
  let bestChurn = 0;
  const offer = (p: number, q: number, a: number, b: number, gain: number) => {
    const churn = (changed(p) ? 0 : 1) + (q >= 0 && !changed(q) ? 1 : 0);
    if (bestP >= 0 && (gain < bestGain || (gain === bestGain && churn >= bestChurn))) return;
    [bestP, bestQ, bestA, bestB, bestGain, bestChurn] = [p, q, a, b, gain, churn];
  };
  /** Trades from a (leading more bytes-in) to b: p alone when the counts allow, else p for a smaller q. */
  const consider = (a: number, b: number) => {
    const give = led.get(a * n + b);
    if (!give || give.length === 0) return;
    const la = load[a] as number;
    const lb = load[b] as number;
    const now = outside(la) + outside(lb);
    const want = (la - lb) / 2;
    const gainOf = (net: number) => now - outside(la - net) - outside(lb + net);
    const near = (q: number, extra: number) => {
      // The partitions of a nearest `want + extra` in rate: the two either side of that point.
      const i = give.position(want + extra);
      for (const k of [i - 1, i]) {
        const p = give.items[k];
        if (p === undefined) continue;
        const net = (rate[p] as number) - extra;
        if (net <= 0 || net >= la - lb) continue;
        const gain = gainOf(net);
        if (gain > 0) offer(p, q, a, b, gain);
      }
    };
    if ((count[a] as number) - 1 >= minCount && (count[b] as number) + 1 <= maxCount) near(-1, 0);
    const back = led.get(b * n + a);
    if (!back) return;
    for (let k = 0; k < back.items.length && k < LOOK; k++) {
      const q = back.items[k] as number;
      near(q, rate[q] as number);
    }
  };

  // Brokers by leader bytes-in, ascending (ties by index).
  const order = Int32Array.from(ids, (_, i) => i);
  const sortOrder = () => order.sort((x, y) => (load[x] as number) - (load[y] as number) || x - y);
  sortOrder();
  // A broker no trade helps is passed over until a round ends: only the two brokers of a trade are tried again at
  // once, the others when every broker left outside is stuck and some trade happened since (bounded retries).
  const stuck = new Uint8Array(n);
  let traded = false;
  let reorders = 0;
  const limit = 2 * lists.length + 1000;
  for (let step = 0; step < limit; step++) {
    let x = -1;
    let worst = 0;
    for (let i = 0; i < n; i++) {
      const o = stuck[i] ? 0 : outside(load[i] as number);
      if (o > worst) {
        worst = o;
        x = i;
      }
    }
    if (x < 0) {
      if (!traded) break;
      traded = false;
      stuck.fill(0);
      continue;
    }
    const above = (load[x] as number) > upper;
    bestP = -1;
    for (let k = 0, tried = 0; k < n && tried < PARTNERS; k++) {
      const y = order[above ? k : n - 1 - k] as number;
      if (y === x) continue;
      tried++;
      if (above) consider(x, y);
      else consider(y, x);
    }
    if (bestP < 0) {
      stuck[x] = 1;
      continue;
    }
    const [p, q, a, b] = [bestP, bestQ, bestA, bestB];
    lead(p, b);
    reorders++;
    if (q >= 0) {
      lead(q, a);
      reorders++;
    }
    sortOrder();
    stuck[a] = 0;
    stuck[b] = 0;
    traded = true;
  }
  return reorders;
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
