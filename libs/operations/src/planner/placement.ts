import type { PlannerPartition } from "./model.js";

export const HOLE = -1;

/**
 * Mutable working state: the replica lists being planned and, for each broker that holds replicas at the end (the
 * receivers and the kept ones), its replica count, its data, and the data arriving on it that it did not hold before
 * (what the capacity goal counts while copies are in flight).
 */
export class Placement {
  readonly lists: number[][];
  readonly count = new Map<number, number>();
  readonly data = new Map<number, number>();
  /** Data each broker holds now (before any move). */
  readonly dataBefore = new Map<number, number>();
  readonly arriving = new Map<number, number>();
  /** Replica slots emptied so far, to be given a broker. */
  readonly holes: { p: number; slot: number }[] = [];

  constructor(
    readonly partitions: readonly PlannerPartition[],
    readonly eligible: ReadonlySet<number>,
    /** The capacity goal's ceiling per broker (absent: none). */
    readonly ceiling: ReadonlyMap<number, number> = new Map(),
  ) {
    this.lists = partitions.map((p) => [...p.replicas]);
    for (const id of eligible) {
      this.count.set(id, 0);
      this.data.set(id, 0);
      this.arriving.set(id, 0);
    }
    partitions.forEach((p, index) => {
      for (const id of p.replicas) if (eligible.has(id)) this.add(id, index);
    });
    for (const [id, data] of this.data) this.dataBefore.set(id, data);
  }

  size(p: number): number {
    return this.partitions[p]?.sizeBytes ?? 0;
  }

  /** Whether the broker held the partition before the plan. */
  heldBefore(id: number, p: number): boolean {
    return (this.partitions[p]?.replicas ?? []).includes(id);
  }

  /**
   * Capacity goal: the broker can take this replica without its data — what it held before plus everything arriving
   * (copies in flight while the replicas leaving it are still there) — going above its ceiling. Returning a replica it
   * held before adds nothing.
   */
  fits(id: number, p: number): boolean {
    if (this.heldBefore(id, p)) return true;
    const ceiling = this.ceiling.get(id);
    if (ceiling === undefined) return true;
    return (this.dataBefore.get(id) ?? 0) + (this.arriving.get(id) ?? 0) + this.size(p) <= ceiling;
  }

  private add(id: number, p: number): void {
    this.count.set(id, (this.count.get(id) ?? 0) + 1);
    this.data.set(id, (this.data.get(id) ?? 0) + this.size(p));
    if (!this.heldBefore(id, p)) this.arriving.set(id, (this.arriving.get(id) ?? 0) + this.size(p));
  }

  private remove(id: number, p: number): void {
    if (!this.eligible.has(id)) return;
    this.count.set(id, (this.count.get(id) ?? 0) - 1);
    this.data.set(id, (this.data.get(id) ?? 0) - this.size(p));
    if (!this.heldBefore(id, p)) this.arriving.set(id, (this.arriving.get(id) ?? 0) - this.size(p));
  }

  vacate(p: number, slot: number): void {
    const list = this.lists[p] as number[];
    this.remove(list[slot] as number, p);
    list[slot] = HOLE;
    this.holes.push({ p, slot });
  }

  /** The replica in this slot goes straight to another broker. */
  move(p: number, slot: number, to: number): void {
    const list = this.lists[p] as number[];
    this.remove(list[slot] as number, p);
    list[slot] = to;
    this.add(to, p);
  }

  fill(p: number, slot: number, id: number): void {
    (this.lists[p] as number[])[slot] = id;
    this.add(id, p);
  }
}

/** The racks a partition's other replicas use, when racks apply to it (else undefined: any rack will do). */
export function racksUsed(
  list: readonly number[],
  slot: number,
  rackOf: ReadonlyMap<number, string | undefined> | undefined,
  rackCount: number,
): Set<string | undefined> | undefined {
  if (!rackOf || list.length > rackCount) return undefined;
  return new Set(list.filter((id, i) => i !== slot && id !== HOLE).map((id) => rackOf.get(id)));
}
