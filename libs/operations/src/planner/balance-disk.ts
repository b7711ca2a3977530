import type { DiskBand } from "./disk-band.js";
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
 * also tries such a swap where every single move overshoots);
 * with `counts` undefined counts are free; with `freeWhenStuck` only the brokers no swap helps are. Hard goals hold for every move: racks, capacity (copies in flight counted),
 * receivers only. Answers whether every broker ended in its band.
 *
 * Every step works on incremental state (brokers by index in typed arrays, each broker's replicas and each pair's
 * "held before by one, on the other now" replicas in size order, brokers ranked by use), so a step costs the same at
 * 1M replicas as at 10k.
 */
export function balanceDisk(
  placement: Placement,
  ids: readonly number[],
  band: DiskBand,
  rackOf: ReadonlyMap<number, string | undefined> | undefined,
  rackCount: number,
  counts: { min: number; max: number } | undefined,
  /** With counts: brokers no swap brings into the band move without one (the band is the higher goal). */
  freeWhenStuck = false,
  /** Whether a broker the usual looks find nothing for gets the rescue look before it counts as stuck. */
  rescuing = false,
): boolean {
  const n = ids.length;
  const lists = placement.lists;
  const { NEAREST, PARTNERS, SCAN, DEEP } = breadth(lists.reduce((total, l) => total + l.length, 0));
  const partitions = placement.partitions;
  const at = new Map(ids.map((id, i) => [id, i]));
  const size = new Float64Array(lists.length);
  for (let p = 0; p < lists.length; p++) size[p] = placement.size(p);
  const of = (m: ReadonlyMap<number, number>, fallback: number) =>
    Float64Array.from(ids, (id) => m.get(id) ?? fallback);
  const lower = of(band.lower, 0);
  const upper = of(band.upper, 0);
  const target = of(band.target, 0);
  const weight = of(band.weight, 1);
  const ceiling = of(band.ceiling, Number.POSITIVE_INFINITY);
  const data = of(placement.data, 0);
  const dataBefore = of(placement.dataBefore, 0);
  const arriving = of(placement.arriving, 0);
  const count = Int32Array.from(ids, (id) => placement.count.get(id) ?? 0);
  // Racks as numbers; a broker without one is -1 (two such compare equal, as undefined did).
  const rackNames = new Map<string | undefined, number>();
  const rack = new Map<number, number>();
  if (rackOf)
    for (const [id, name] of rackOf) {
      if (name === undefined) continue;
      if (!rackNames.has(name)) rackNames.set(name, rackNames.size);
      rack.set(id, rackNames.get(name) as number);
    }
  const rackId = (id: number) => rack.get(id) ?? -1;
  // A broker of another rack can take a replica only of a partition that leaves a rack unused (or has more replicas
  // than there are racks): without such partitions only partners in the same rack are tried.
  let crossRack = !rackOf;
  for (let p = 0; p < lists.length && !crossRack; p++)
    if ((lists[p] as number[]).length !== rackCount) crossRack = true;

  const heldBefore = (id: number, p: number) => (partitions[p] as { replicas: number[] }).replicas.includes(id);
  const outside = (i: number, d: number) =>
    Math.max(0, d - (upper[i] as number)) + Math.max(0, (lower[i] as number) - d);
  const off = (i: number) => outside(i, data[i] as number) / (weight[i] as number);
  const use = (i: number) => (data[i] as number) / (weight[i] as number);

  /** Whether broker index t may take p from broker index f under the hard goals. */
  const canTake = (t: number, p: number, f: number) => {
    const list = lists[p] as number[];
    const to = ids[t] as number;
    for (let k = 0; k < list.length; k++) if (list[k] === to) return false;
    if (
      (dataBefore[t] as number) + (arriving[t] as number) + (size[p] as number) > (ceiling[t] as number) &&
      !heldBefore(to, p)
    )
      return false;
    if (!rackOf || list.length > rackCount) return true;
    const from = ids[f] as number;
    const r = rackId(to);
    for (let k = 0; k < list.length; k++) {
      const id = list[k] as number;
      if (id !== from && rackId(id) === r) return false;
    }
    return true;
  };
  /** Data the plan moves more (less) when p goes from f to t: nothing when it goes back where it was. */
  const moveCost = (p: number, f: number, t: number) =>
    (heldBefore(ids[t] as number, p) ? 0 : (size[p] as number)) -
    (heldBefore(ids[f] as number, p) ? 0 : (size[p] as number));

  // Each broker's replicas by size: one pass over all partitions in size order.
  const bySize = Uint32Array.from({ length: lists.length }, (_, p) => p).sort(
    (a, b) => (size[a] as number) - (size[b] as number) || a - b,
  );
  const held: number[][] = ids.map(() => []);
  for (const p of bySize)
    for (const id of lists[p] as number[]) {
      const i = at.get(id);
      if (i !== undefined) (held[i] as number[]).push(p);
    }
  const sorted = held.map((items) => new SizeSorted(size, items));

  // With counts kept: per pair (f, t), the replicas f held before that t holds now — what f can take back for free.
  const home = new Map<number, SizeSorted>();
  const pairs = (p: number, visit: (key: number) => void) => {
    const list = lists[p] as number[];
    for (const h of (partitions[p] as { replicas: number[] }).replicas) {
      const f = at.get(h);
      if (f === undefined || list.includes(h)) continue;
      for (const x of list) {
        const t = at.get(x);
        if (t !== undefined) visit(f * n + t);
      }
    }
  };
  const addHome = (key: number, p: number) => {
    const s = home.get(key);
    if (s) s.insert(p);
    else home.set(key, new SizeSorted(size, [p]));
  };
  /** Before p moves from f to t: only the entries that change (t's if it held p before, f's, and t for f). */
  const homeMove = (p: number, f: number, t: number) => {
    const list = lists[p] as number[];
    const from = ids[f] as number;
    const to = ids[t] as number;
    for (const h of (partitions[p] as { replicas: number[] }).replicas) {
      const g = at.get(h);
      if (g === undefined) continue;
      if (h === to)
        // t held p before and takes it back: p is no longer t's to take back.
        for (const x of list) {
          const y = at.get(x);
          if (y !== undefined) home.get(g * n + y)?.remove(p);
        }
      else if (h === from)
        // f held p before and gives it away: every holder after the move holds what f held.
        for (const x of list) {
          const y = at.get(x === from ? to : x);
          if (y !== undefined) addHome(g * n + y, p);
        }
      else if (!list.includes(h)) {
        // g held p before and holds it neither before nor after: p leaves f for t.
        home.get(g * n + f)?.remove(p);
        addHome(g * n + t, p);
      }
    }
  };
  if (counts) {
    const gathered = new Map<number, number[]>();
    for (const p of bySize)
      pairs(p, (key) => {
        const list = gathered.get(key);
        if (list) list.push(p);
        else gathered.set(key, [p]);
      });
    for (const [key, items] of gathered) home.set(key, new SizeSorted(size, items));
  }

  const found = new Int32Array(NEAREST);
  /** Whether scans go past SCAN (up to DEEP) while nothing is found: the nearest may all be ones t cannot take. */
  let deep = false;
  /**
   * A rescue look, once the usual ones found nothing: partners of the broker's own rack too, a size for what the broker
   * outside needs when the partner is already past its target, and the smallest replica back when the free one is
   * larger than anything the giver could send.
   */
  let rescue = false;
  /** Replicas on broker f whose size is nearest `want` that t can take: up to NEAREST of them, into `found`. */
  const nearest = (f: number, want: number, t: number): number => {
    const list = (sorted[f] as SizeSorted).items;
    const start = (sorted[f] as SizeSorted).position(want);
    let down = start - 1;
    let up = start;
    let k = 0;
    for (
      let scanned = 0;
      k < NEAREST && (down >= 0 || up < list.length) && (scanned < SCAN || (deep && k === 0 && scanned < DEEP));
      scanned++
    ) {
      const takeUp =
        up < list.length &&
        (down < 0 || (size[list[up] as number] as number) - want <= want - (size[list[down] as number] as number));
      const p = (takeUp ? list[up++] : list[down--]) as number;
      if (canTake(t, p, f)) found[k++] = p;
    }
    return k;
  };

  /** The smallest replica swapBack saw that f can take, free or not (-1: none). */
  let smallestBack = -1;
  /**
   * A replica for t to send back to f so the counts stay: the smallest free one (f held it before, or it moves
   * anyway) among those f held and among t's NEAREST smallest that f can take; else the smallest of those.
   */
  const swapBack = (f: number, t: number): number => {
    let best = -1;
    const mine = home.get(f * n + t);
    if (mine)
      for (let k = 0; k < mine.items.length && k < SCAN; k++) {
        const q = mine.items[k] as number;
        if (canTake(f, q, t)) {
          best = q;
          break;
        }
      }
    let first = -1;
    const list = (sorted[t] as SizeSorted).items;
    for (let k = 0, accepted = 0; k < list.length && k < SCAN && accepted < NEAREST; k++) {
      const q = list[k] as number;
      if (best >= 0 && ((size[q] as number) > (size[best] as number) || (size[q] === size[best] && q >= best))) break;
      if (!canTake(f, q, t)) continue;
      accepted++;
      if (first < 0) first = q;
      if (moveCost(q, t, f) <= 0) {
        best = q;
        break;
      }
    }
    smallestBack = first >= 0 && (best < 0 || (size[first] as number) < (size[best] as number)) ? first : best;
    return best >= 0 ? best : first;
  };

  // The best candidate of the step: p from f to t, and `back` from t to f when a swap keeps the counts.
  let bestP = -1;
  let bestF = -1;
  let bestT = -1;
  let bestBack = -1;
  let bestGain = 0;
  let bestCost = 0;
  const offer = (p: number, f: number, t: number, back: number, gain: number, cost: number) => {
    if (bestP >= 0 && !better(gain, cost, bestGain, bestCost)) return;
    bestP = p;
    bestF = f;
    bestT = t;
    bestBack = back;
    bestGain = gain;
    bestCost = cost;
  };

  const consider = (f: number, t: number, want: number) => {
    const needSwap =
      counts !== undefined &&
      !free[f] &&
      !free[t] &&
      ((count[f] as number) - 1 < counts.min || (count[t] as number) + 1 > counts.max);
    const back = needSwap ? swapBack(f, t) : -1;
    if (needSwap && back < 0) return;
    // A free replica to send back may be larger than anything f can give: then the smallest one goes back. With the
    // counts free (no replica goal), where a single move finds nothing (each overshoots) a swap may fit.
    if (pairWith(f, t, want, back) || !rescue) return;
    if (needSwap) {
      if (smallestBack >= 0 && smallestBack !== back) pairWith(f, t, want, smallestBack);
      return;
    }
    if (counts !== undefined) return;
    const swap = swapBack(f, t);
    if (swap >= 0 && !pairWith(f, t, want, swap) && smallestBack >= 0 && smallestBack !== swap)
      pairWith(f, t, want, smallestBack);
  };
  /** Offers p from f to t (with `back` from t to f when ≥ 0) for the replicas of f nearest `want`; whether any. */
  const pairWith = (f: number, t: number, want: number, back: number): boolean => {
    const backSize = back >= 0 ? (size[back] as number) : 0;
    const backCost = back >= 0 ? moveCost(back, t, f) : 0;
    const df = data[f] as number;
    const dt = data[t] as number;
    const now = outside(f, df) + outside(t, dt);
    const k = nearest(f, want + backSize, t);
    let any = false;
    for (let j = 0; j < k; j++) {
      const p = found[j] as number;
      const net = (size[p] as number) - backSize;
      if (net <= 0) continue;
      const gain = now - outside(f, df - net) - outside(t, dt + net);
      if (gain <= 0) continue;
      offer(p, f, t, back, gain, moveCost(p, f, t) + backCost);
      any = true;
    }
    return any;
  };

  // Brokers by use, ascending (ties by index): the first are the emptiest, the last the fullest.
  const order = Int32Array.from(ids, (_, i) => i).sort((a, b) => use(a) - use(b) || a - b);
  const rank = (i: number) => {
    const from = order.indexOf(i);
    let k = from;
    const u = use(i);
    while (
      k > 0 &&
      (use(order[k - 1] as number) > u || (use(order[k - 1] as number) === u && (order[k - 1] as number) > i))
    ) {
      order[k] = order[k - 1] as number;
      k--;
    }
    while (
      k < n - 1 &&
      (use(order[k + 1] as number) < u || (use(order[k + 1] as number) === u && (order[k + 1] as number) < i))
    ) {
      order[k] = order[k + 1] as number;
      k++;
    }
    order[k] = i;
  };

  const moveOne = (p: number, f: number, t: number) => {
    const list = lists[p] as number[];
    if (counts) homeMove(p, f, t);
    placement.move(p, list.indexOf(ids[f] as number), ids[t] as number);
    (sorted[f] as SizeSorted).remove(p);
    (sorted[t] as SizeSorted).insert(p);
    const s = size[p] as number;
    data[f] = (data[f] as number) - s;
    data[t] = (data[t] as number) + s;
    count[f] = (count[f] as number) - 1;
    count[t] = (count[t] as number) + 1;
    if (!heldBefore(ids[f] as number, p)) arriving[f] = (arriving[f] as number) - s;
    if (!heldBefore(ids[t] as number, p)) arriving[t] = (arriving[t] as number) + s;
  };

  // Brokers whose moves may change the counts: none at first; then those no swap brought into the band.
  const free = new Uint8Array(n);
  const stuck = new Uint8Array(n);
  const limit = 4 * lists.reduce((total, l) => total + l.length, 0) + 1000;
  for (let step = 0; step < limit; step++) {
    let x = -1;
    let worst = 0;
    for (let i = 0; i < n; i++) {
      if (stuck[i]) continue;
      const o = off(i);
      if (o > worst) {
        worst = o;
        x = i;
      }
    }
    if (x < 0) {
      // Every broker outside the band is stuck. Those the swaps could not help (e.g. above their max disk use, so
      // they can take nothing back) may move without swaps from now on when asked: the band is the higher goal.
      let freed = false;
      if (counts && freeWhenStuck)
        for (let i = 0; i < n; i++)
          if (off(i) > 0 && !free[i]) {
            free[i] = 1;
            freed = true;
          }
      if (!freed) break;
      stuck.fill(0);
      continue;
    }
    const above = (data[x] as number) > (upper[x] as number);
    bestP = -1;
    // A broker is stuck only after a deep look: first the usual one, then past SCAN when it found nothing; then
    // both again as a rescue (partners of x's own rack too, sizes for what x needs, the smallest replica back).
    // Partners of any rack when a partition may change racks, else of x's rack only.
    for (let look = 0; look < (rescuing ? 4 : 2) && bestP < 0; look++) {
      deep = look % 2 === 1;
      rescue = look >= 2;
      tryPartners(x, above, !crossRack);
      if (bestP < 0 && rescue && crossRack && rackOf) tryPartners(x, above, true);
    }
    if (bestP >= 0) {
      const [p, f, t, back] = [bestP, bestF, bestT, bestBack];
      moveOne(p, f, t);
      if (back >= 0) moveOne(back, t, f);
      rank(f);
      rank(t);
      stuck.fill(0);
    } else stuck[x] = 1;
  }
  for (let i = 0; i < n; i++) if (off(i) > 0) return false;
  return true;

  /** Tries the PARTNERS brokers furthest on the other side of x: of any rack, or of x's rack only. */
  function tryPartners(x: number, above: boolean, sameRack: boolean) {
    const own = rackId(ids[x] as number);
    for (let k = 0, tried = 0; k < n && tried < PARTNERS; k++) {
      const y = order[above ? k : n - 1 - k] as number;
      if (y === x || (sameRack && rackId(ids[y] as number) !== own)) continue;
      tried++;
      const [f, t] = above ? [x, y] : [y, x];
      const toward = Math.min(
        (data[f] as number) - (target[f] as number),
        (target[t] as number) - (data[t] as number),
        above ? (data[x] as number) - (lower[x] as number) : (upper[x] as number) - (data[x] as number),
      );
      // Both towards their targets; else (the partner already past its target) what x needs that the partner's band
      // leaves room for.
      const want =
        toward > 0 || !rescue
          ? toward
          : Math.min(
              (data[f] as number) - (lower[f] as number),
              (upper[t] as number) - (data[t] as number),
              outside(x, data[x] as number),
            );
      consider(f, t, Math.max(1, want));
    }
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
