import { HOLE, type Placement } from "./placement.js";

/**
 * The replica-count phase's direct moves. Each picks, for every replica, the best receiver that can take it; the
 * receivers are kept in that order (re-placed when one takes a replica) so the first that can take it is the best,
 * instead of comparing every broker for every replica.
 */

type Racks = ReadonlyMap<number, string | undefined> | undefined;

/** Whether `candidate` may take the replica in `slot` of `list` under rack awareness (a rack the others do not use). */
function rackFree(list: readonly number[], slot: number, candidate: number, rackOf: Racks, rackCount: number): boolean {
  if (!rackOf || list.length > rackCount) return true;
  const rack = rackOf.get(candidate);
  for (let i = 0; i < list.length; i++) {
    const id = list[i] as number;
    if (i !== slot && id !== HOLE && rackOf.get(id) === rack) return false;
  }
  return true;
}

/** Partition indexes in ascending size, ties by index. */
function bySize(placement: Placement): Uint32Array {
  const size = Float64Array.from(placement.partitions, (p) => p.sizeBytes);
  return Uint32Array.from({ length: size.length }, (_, p) => p).sort(
    (a, b) => (size[a] as number) - (size[b] as number) || a - b,
  );
}

/** Moves `order[k]` right past those it now comes after (its key grew); drops it when `keep` says so. */
function replace(order: number[], k: number, before: (a: number, b: number) => boolean, keep: boolean): void {
  const id = order[k] as number;
  if (!keep) {
    order.splice(k, 1);
    return;
  }
  let i = k;
  while (i + 1 < order.length && before(order[i + 1] as number, id)) {
    order[i] = order[i + 1] as number;
    i++;
  }
  order[i] = id;
}

/**
 * Brokers above their target hand their smallest replicas straight to brokers below theirs that can take them (not
 * holding the partition, in a rack it does not use yet, capacity left): the one furthest below, then (disk goal) with
 * the least data, then the lowest id. A replica no broker can take is passed over for the next smallest.
 */
export function moveExcess(
  placement: Placement,
  ids: readonly number[],
  targets: ReadonlyMap<number, number>,
  rackOf: Racks,
  rackCount: number,
  byData: boolean,
): void {
  const room = (id: number) => (targets.get(id) ?? 0) - (placement.count.get(id) ?? 0);
  const data = (id: number) => placement.data.get(id) ?? 0;
  const over = ids.filter((id) => room(id) < 0);
  if (over.length === 0) return;
  const before = (a: number, b: number) => (room(b) - room(a) || (byData ? data(a) - data(b) : 0) || a - b) < 0;
  const receivers = ids.filter((id) => room(id) > 0).sort((a, b) => (before(a, b) ? -1 : 1));
  // The same order per rack: a replica whose partition uses every other rack can only go to its own rack's receivers,
  // so only those are walked (the first of them that can take it is the first in the whole order that can).
  const ofRack = new Map<string | undefined, number[]>();
  if (rackOf)
    for (const to of receivers) {
      const same = ofRack.get(rackOf.get(to));
      if (same) same.push(to);
      else ofRack.set(rackOf.get(to), [to]);
    }
  const held = new Map<number, number[]>(over.map((id) => [id, []]));
  for (const p of bySize(placement)) for (const id of placement.lists[p] as number[]) held.get(id)?.push(p);
  for (const [id, replicas] of held) {
    const own = rackOf?.get(id);
    for (const p of replicas) {
      if (room(id) >= 0 || receivers.length === 0) break;
      const list = placement.lists[p] as number[];
      const slot = list.indexOf(id);
      const walked = rackOf && onlyOwnRack(list, slot, rackOf, rackCount) ? (ofRack.get(own) ?? []) : receivers;
      for (let k = 0; k < walked.length; k++) {
        const to = walked[k] as number;
        if (list.includes(to) || !rackFree(list, slot, to, rackOf, rackCount) || !placement.fits(to, p)) continue;
        placement.move(p, slot, to);
        const keep = room(to) > 0;
        replace(receivers, walked === receivers ? k : receivers.indexOf(to), before, keep);
        const same = rackOf ? ofRack.get(rackOf.get(to)) : undefined;
        if (same) replace(same, walked === same ? k : same.indexOf(to), before, keep);
        break;
      }
    }
  }
}

/** Whether the partition's other replicas use every rack but that of the replica in `slot`, each once. */
function onlyOwnRack(list: readonly number[], slot: number, rackOf: NonNullable<Racks>, rackCount: number): boolean {
  if (list.length !== rackCount) return false;
  const own = rackOf.get(list[slot] as number);
  const used = new Set<string | undefined>();
  for (let i = 0; i < list.length; i++) {
    if (i === slot) continue;
    const id = list[i] as number;
    const rack = rackOf.get(id);
    if (id === HOLE || rack === own || used.has(rack)) return false;
    used.add(rack);
  }
  return true;
}

/**
 * Where racks kept a moved replica from a broker below its target, it went to one at its target: brokers above their
 * target now hand replicas to brokers below it — first replicas that move anyway (no extra data), then the smallest —
 * each to the broker furthest below its target that can take it (then the first in `ids`).
 */
export function evenOut(
  placement: Placement,
  ids: readonly number[],
  targets: ReadonlyMap<number, number>,
  rackOf: Racks,
  rackCount: number,
): void {
  const above = (id: number) => (placement.count.get(id) ?? 0) - (targets.get(id) ?? 0);
  const over = new Set(ids.filter((id) => above(id) > 0));
  const index = new Map(ids.map((id, i) => [id, i]));
  const before = (a: number, b: number) =>
    above(a) < above(b) || (above(a) === above(b) && (index.get(a) as number) < (index.get(b) as number));
  const receivers = ids.filter((id) => above(id) < 0).sort((a, b) => (before(a, b) ? -1 : 1));
  let givers = over.size;
  if (givers === 0 || receivers.length === 0) return;
  const { lists, partitions } = placement;
  /** Hands the replica in this slot to the first receiver that can take it; false when nothing more can move. */
  const offer = (p: number, slot: number): boolean => {
    const list = lists[p] as number[];
    const from = list[slot] as number;
    if (above(from) <= 0) return true;
    for (let k = 0; k < receivers.length; k++) {
      const to = receivers[k] as number;
      if (list.includes(to) || !rackFree(list, slot, to, rackOf, rackCount) || !placement.fits(to, p)) continue;
      placement.move(p, slot, to);
      replace(receivers, k, before, above(to) < 0);
      if (above(from) === 0) givers--;
      break;
    }
    return givers > 0 && receivers.length > 0;
  };
  const moving = (p: number, id: number) => !(partitions[p]?.replicas ?? []).includes(id);
  // Free first (moving anyway, or empty), by partition and slot; then the rest by size, partition and slot.
  for (let p = 0; p < lists.length; p++) {
    const list = lists[p] as number[];
    for (let slot = 0; slot < list.length; slot++) {
      const id = list[slot] as number;
      if (over.has(id) && (moving(p, id) || placement.size(p) === 0) && !offer(p, slot)) return;
    }
  }
  for (const p of bySize(placement)) {
    if (placement.size(p) === 0) continue;
    const list = lists[p] as number[];
    for (let slot = 0; slot < list.length; slot++) {
      const id = list[slot] as number;
      if (over.has(id) && !moving(p, id) && !offer(p, slot)) return;
    }
  }
}
