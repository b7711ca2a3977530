import type { PlannerPartition } from "./model.js";
import { SizeSorted } from "./size-sorted.js";

/**
 * Per pair of brokers (home, holder), by index: the replicas `home` held before the plan that `holder` holds now, in
 * size order — what `holder` can send back to `home` for free. Updated move by move, only the entries a move changes,
 * so a step of the disk phase costs the same at 1M replicas as at 10k.
 */
export class HomePairs {
  private readonly pairs = new Map<number, SizeSorted>();

  constructor(
    private readonly lists: readonly number[][],
    private readonly partitions: readonly PlannerPartition[],
    /** The brokers by index. */
    private readonly ids: readonly number[],
    /** Broker id → index. */
    private readonly at: ReadonlyMap<number, number>,
    private readonly size: Float64Array,
    /** Every partition index in size order (ties by index): each pair's list is built in that order. */
    bySize: Iterable<number>,
  ) {
    const gathered = new Map<number, number[]>();
    for (const p of bySize)
      this.forEachPair(p, (key) => {
        const list = gathered.get(key);
        if (list) list.push(p);
        else gathered.set(key, [p]);
      });
    for (const [key, items] of gathered) this.pairs.set(key, new SizeSorted(size, items));
  }

  /** The replicas `home` held before that `holder` holds now (undefined: none so far). */
  of(home: number, holder: number): SizeSorted | undefined {
    return this.pairs.get(this.key(home, holder));
  }

  /** Before p moves from broker `from` to broker `to`: only the entries that change. */
  beforeMove(p: number, from: number, to: number): void {
    const list = this.lists[p] as number[];
    const fromId = this.ids[from] as number;
    const toId = this.ids[to] as number;
    for (const h of (this.partitions[p] as PlannerPartition).replicas) {
      const home = this.at.get(h);
      if (home === undefined) continue;
      if (h === toId)
        // `to` held p before and takes it back: p is no longer anyone's to send back to `to`.
        for (const x of list) {
          const holder = this.at.get(x);
          if (holder !== undefined) this.pairs.get(this.key(home, holder))?.remove(p);
        }
      else if (h === fromId)
        // `from` held p before and gives it away: every holder after the move holds what `from` held.
        for (const x of list) {
          const holder = this.at.get(x === fromId ? toId : x);
          if (holder !== undefined) this.add(this.key(home, holder), p);
        }
      else if (!list.includes(h)) {
        // `home` held p before and holds it neither before nor after: p leaves `from` for `to`.
        this.pairs.get(this.key(home, from))?.remove(p);
        this.add(this.key(home, to), p);
      }
    }
  }

  private key(home: number, holder: number): number {
    return home * this.ids.length + holder;
  }

  /** Calls `visit` with the key of every pair p belongs to now: a broker that held it before and one that holds it. */
  private forEachPair(p: number, visit: (key: number) => void): void {
    const list = this.lists[p] as number[];
    for (const h of (this.partitions[p] as PlannerPartition).replicas) {
      const home = this.at.get(h);
      if (home === undefined || list.includes(h)) continue;
      for (const x of list) {
        const holder = this.at.get(x);
        if (holder !== undefined) visit(this.key(home, holder));
      }
    }
  }

  private add(key: number, p: number): void {
    const s = this.pairs.get(key);
    if (s) s.insert(p);
    else this.pairs.set(key, new SizeSorted(this.size, [p]));
  }
}
