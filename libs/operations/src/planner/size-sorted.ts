/**
 * Partition indexes kept in ascending order of size, ties by index (a total order, so each entry has one place):
 * insert and remove find that place by binary search. What the planner's nearest-size searches walk.
 */
export class SizeSorted {
  readonly items: number[];

  constructor(
    private readonly size: ArrayLike<number>,
    /** Already in order (size, then index); taken as it is. */
    items: number[] = [],
  ) {
    this.items = items;
  }

  get length(): number {
    return this.items.length;
  }

  /** The first place whose entry is not before (bytes, p): where p of that size sits or would sit. */
  position(bytes: number, p = -1): number {
    const items = this.items;
    let lo = 0;
    let hi = items.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const q = items[mid] as number;
      const s = this.size[q] as number;
      if (s < bytes || (s === bytes && q < p)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(p: number): void {
    this.items.splice(this.position(this.size[p] as number, p), 0, p);
  }

  /** Whether p was there (and is no more). */
  remove(p: number): boolean {
    const i = this.position(this.size[p] as number, p);
    if (this.items[i] !== p) return false;
    this.items.splice(i, 1);
    return true;
  }
}
