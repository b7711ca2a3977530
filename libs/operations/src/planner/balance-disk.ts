import type { DiskBand } from "./disk-band.js";
import { outside } from "./disk-band.js";
import type { Placement } from "./placement.js";

/** Replicas tried per broker pair: the sizes nearest to what is wanted. */
const NEAREST = 24;
/** Receivers (or givers) tried per step, by how far they are from the mean. */
const PARTNERS = 12;

interface Candidate {
  p: number;
  from: number;
  to: number;
  /** The swap partner going back, if the replica counts ask for one. */
  back?: { p: number };
  gain: number;
  cost: number;
}

/**
 * Disk goal: brings every broker's data into its band by moving replicas from brokers above it (or the fullest) to
 * brokers below it (or the emptiest) — the replica nearest in size to what both need, the cheapest per byte of band
 * reached (a replica going back where it was costs nothing). When `counts` holds the replica spread reached before,
 * a move that would widen it is paired with the smallest replica going back (a swap), so the replica goal is kept;
 * with `counts` undefined counts are free. Hard goals hold for every move: racks, capacity (copies in flight counted),
 * receivers only. Answers whether every broker ended in its band.
 */
export function balanceDisk(
  placement: Placement,
  ids: readonly number[],
  band: DiskBand,
  rackOf: ReadonlyMap<number, string | undefined> | undefined,
  rackCount: number,
  counts: { min: number; max: number } | undefined,
): boolean {
  const size = (p: number) => placement.size(p);
  const sorted = new Map<number, number[]>(ids.map((id) => [id, []]));
  placement.lists.forEach((list, p) => {
    for (const id of list) sorted.get(id)?.push(p);
  });
  for (const list of sorted.values()) list.sort((a, b) => size(a) - size(b) || a - b);
  const data = (id: number) => placement.data.get(id) ?? 0;
  const count = (id: number) => placement.count.get(id) ?? 0;
  const use = (id: number) => data(id) / (band.weight.get(id) ?? 1);
  const off = (id: number) => outside(band, id, data(id)) / (band.weight.get(id) ?? 1);
  const holds = (id: number, p: number) => (placement.lists[p] as number[]).includes(id);

  /** Whether `to` may take p from `from` under the hard goals. */
  const canTake = (to: number, p: number, from: number) => {
    const list = placement.lists[p] as number[];
    if (list.includes(to) || !placement.fits(to, p)) return false;
    if (!rackOf || list.length > rackCount) return true;
    const rack = rackOf.get(to);
    for (const id of list) if (id !== from && rackOf.get(id) === rack) return false;
    return true;
  };
  const moveCost = (p: number, from: number, to: number) =>
    (placement.heldBefore(to, p) ? 0 : size(p)) - (placement.heldBefore(from, p) ? 0 : size(p));

  /** Replicas on `id` whose size is nearest `want`, that `accept` takes: up to NEAREST of them. */
  const nearest = (id: number, want: number, accept: (p: number) => boolean): number[] => {
    const list = sorted.get(id) as number[];
    let hi = list.length;
    let lo = 0;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (size(list[mid] as number) < want) lo = mid + 1;
      else hi = mid;
    }
    const found: number[] = [];
    let down = lo - 1;
    let up = lo;
    let scanned = 0;
    while (found.length < NEAREST && (down >= 0 || up < list.length) && scanned < NEAREST * 8) {
      scanned++;
      const takeUp =
        up < list.length && (down < 0 || size(list[up] as number) - want <= want - size(list[down] as number));
      const p = (takeUp ? list[up++] : list[down--]) as number;
      if (holds(id, p) && accept(p)) found.push(p);
    }
    return found;
  };

  /** A replica for `to` to send back to `from` so the counts stay: the smallest it took from `from`, else the smallest. */
  const swapBack = (from: number, to: number): number | undefined => {
    const back = nearest(to, 0, (q) => canTake(from, q, to));
    const free = back.filter((q) => moveCost(q, to, from) <= 0);
    return (free.length > 0 ? free : back).reduce<number | undefined>(
      (best, q) => (best === undefined || size(q) < size(best) ? q : best),
      undefined,
    );
  };

  const consider = (from: number, to: number, want: number, free: boolean): Candidate | undefined => {
    const needSwap = !free && counts !== undefined && (count(from) - 1 < counts.min || count(to) + 1 > counts.max);
    let best: Candidate | undefined;
    // `to` does not hold the replica it takes, so the one it sends back is the same for every candidate.
    const swap = needSwap ? swapBack(from, to) : undefined;
    if (needSwap && swap === undefined) return undefined;
    for (const p of nearest(from, want, (q) => canTake(to, q, from))) {
      let net = size(p);
      let cost = moveCost(p, from, to);
      let back: number | undefined;
      if (needSwap) {
        back = swap as number;
        net -= size(back);
        cost += moveCost(back, to, from);
      }
      if (net <= 0) continue;
      const before = outside(band, from, data(from)) + outside(band, to, data(to));
      const after = outside(band, from, data(from) - net) + outside(band, to, data(to) + net);
      const gain = before - after;
      if (gain <= 0) continue;
      const candidate: Candidate = { p, from, to, gain, cost, ...(back === undefined ? {} : { back: { p: back } }) };
      if (!best || better(candidate, best)) best = candidate;
    }
    return best;
  };

  const apply = (c: Candidate) => {
    const list = placement.lists[c.p] as number[];
    placement.move(c.p, list.indexOf(c.from), c.to);
    drop(c.from, c.p);
    insert(c.to, c.p);
    if (c.back) {
      const back = placement.lists[c.back.p] as number[];
      placement.move(c.back.p, back.indexOf(c.to), c.from);
      drop(c.to, c.back.p);
      insert(c.from, c.back.p);
    }
  };
  /** Where a replica of this size sits (or would sit) in a broker's list sorted by size. */
  const position = (list: readonly number[], p: number) => {
    let lo = 0;
    let hi = list.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (size(list[mid] as number) < size(p)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  // A replica gone from a broker leaves its list at once: scans then meet only replicas the broker holds.
  const drop = (id: number, p: number) => {
    const list = sorted.get(id) as number[];
    for (let i = position(list, p); i < list.length && size(list[i] as number) === size(p); i++)
      if (list[i] === p) {
        list.splice(i, 1);
        return;
      }
  };
  const insert = (id: number, p: number) => {
    const list = sorted.get(id) as number[];
    list.splice(position(list, p), 0, p);
  };

  const stuck = new Set<number>();
  const limit = 4 * placement.lists.reduce((n, l) => n + l.length, 0) + 1000;
  for (let step = 0; step < limit; step++) {
    let worst: number | undefined;
    for (const id of ids)
      if (!stuck.has(id) && off(id) > 0 && (worst === undefined || off(id) > off(worst))) worst = id;
    if (worst === undefined) break;
    const x = worst;
    const above = data(x) > (band.upper.get(x) ?? 0);
    const partners = ids
      .filter((id) => id !== x)
      .sort((a, b) => (above ? use(a) - use(b) : use(b) - use(a)) || a - b)
      .slice(0, PARTNERS);
    let best: Candidate | undefined;
    for (const y of partners) {
      const [from, to] = above ? [x, y] : [y, x];
      const want = Math.max(
        1,
        Math.min(
          data(from) - (band.target.get(from) ?? 0),
          (band.target.get(to) ?? 0) - data(to),
          above ? data(x) - (band.lower.get(x) ?? 0) : (band.upper.get(x) ?? 0) - data(x),
        ),
      );
      const c = consider(from, to, want, false);
      if (c && (!best || better(c, best))) best = c;
    }
    if (best) {
      apply(best);
      stuck.clear();
    } else stuck.add(x);
  }
  return ids.every((id) => off(id) === 0);
}

/** Free moves first (a replica going back), then the most band reached per byte moved, then the most band reached. */
function better(a: Candidate, b: Candidate): boolean {
  const freeA = a.cost <= 0;
  const freeB = b.cost <= 0;
  if (freeA !== freeB) return freeA;
  if (freeA) return a.gain > b.gain || (a.gain === b.gain && a.cost < b.cost);
  const ea = a.gain / a.cost;
  const eb = b.gain / b.cost;
  return ea > eb || (ea === eb && a.gain > b.gain);
}
