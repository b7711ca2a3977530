/**
 * How many replicas each broker should hold for a replica spread of at most 1, choosing who holds one more so that
 * the least data has to move: R replicas over n brokers give q = ⌊R/n⌋ each and q+1 to r = R mod n of them. A broker
 * above q sheds its smallest replicas; holding q+1 spares it its largest of those, so the extra slots go to the brokers
 * where that spared replica is biggest (then to the fullest brokers, then by id).
 */
export function countTargets(
  ids: readonly number[],
  staying: ReadonlyMap<number, readonly number[]>,
  totalReplicas: number,
): Map<number, number> {
  const n = ids.length;
  const q = Math.floor(totalReplicas / n);
  const extra = totalReplicas % n;
  const spared = (id: number) => {
    const sizes = staying.get(id) ?? [];
    return sizes.length > q ? (sizes[sizes.length - q - 1] ?? 0) : -1;
  };
  const ranked = [...ids].sort(
    (a, b) => spared(b) - spared(a) || (staying.get(b)?.length ?? 0) - (staying.get(a)?.length ?? 0) || a - b,
  );
  return new Map(ranked.map((id, rank) => [id, rank < extra ? q + 1 : q]));
}

/** The smallest total size a broker must shed to come down to `target`, its replica sizes sorted ascending. */
export function shedCost(sizesAscending: readonly number[], target: number): number {
  let cost = 0;
  for (let i = 0; i < sizesAscending.length - target; i++) cost += sizesAscending[i] ?? 0;
  return cost;
}
