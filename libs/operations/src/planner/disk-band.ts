/**
 * The disk goal's band and the capacity goal's ceiling per broker. Weights are capacities when every receiving broker
 * has one (the capacity-weighted mean), else every broker weighs the same and only known capacities cap.
 */
export interface DiskBand {
  /** Data the broker should hold at least and at most (the band, under the capacity ceiling). */
  lower: Map<number, number>;
  upper: Map<number, number>;
  /** The mean point of the band: weight × mean data per weight. */
  target: Map<number, number>;
  /** The capacity goal's ceiling: capacity × max disk use (Infinity where the capacity is unknown). */
  ceiling: Map<number, number>;
  weight: Map<number, number>;
  /** Mean use of capacity (data / capacity) when weights are capacities; else undefined. */
  meanUse?: number;
}

export function diskBand(
  ids: readonly number[],
  capacityOf: (id: number) => number | undefined,
  totalData: number,
  bandPercent: number,
  maxDiskUsePercent: number,
): DiskBand {
  const weighted = ids.length > 0 && ids.every((id) => (capacityOf(id) ?? 0) > 0);
  const weight = new Map(ids.map((id) => [id, weighted ? (capacityOf(id) as number) : 1]));
  const totalWeight = [...weight.values()].reduce((a, b) => a + b, 0);
  const perWeight = totalWeight > 0 ? totalData / totalWeight : 0;
  const band = bandPercent / 100;
  const band0 = { lower: new Map(), upper: new Map(), target: new Map(), ceiling: new Map(), weight } as DiskBand;
  for (const id of ids) {
    const w = weight.get(id) as number;
    const capacity = capacityOf(id);
    const ceiling = capacity === undefined ? Number.POSITIVE_INFINITY : (capacity * maxDiskUsePercent) / 100;
    band0.ceiling.set(id, ceiling);
    band0.target.set(id, Math.min(ceiling, w * perWeight));
    band0.lower.set(id, Math.min(ceiling, w * perWeight * (1 - band)));
    band0.upper.set(id, Math.min(ceiling, w * perWeight * (1 + band)));
  }
  if (weighted) band0.meanUse = perWeight;
  return band0;
}

/** How far a broker's data lies outside its band (0 inside). */
export function outside(band: DiskBand, id: number, data: number): number {
  return Math.max(0, data - (band.upper.get(id) ?? 0)) + Math.max(0, (band.lower.get(id) ?? 0) - data);
}

/**
 * The least data any plan must move to reach the band (with every emptied broker emptied and every rack violation
 * fixed). Sound, by two relaxations of the same total: every byte moved is sent by exactly one broker and received by
 * exactly one. Sending: an emptied broker sends all it holds; a broker in the band at the end has sent at least what
 * it held above its upper edge (data only falls by sending); the brokers that send to fix rack violations send at
 * least those replicas' bytes — so the total is at least `emptiedBytes + max(Σ above upper, rackBytes)`. Receiving: a
 * broker below its lower edge must receive at least the difference (data only rises by receiving), so the total is at
 * least `Σ below lower`. The larger of the two holds. Kept (cordoned) brokers are outside the band and count for
 * nothing. Rounded up to whole bytes (band edges are fractions; bytes moved are not), which keeps it sound.
 */
export function diskBandBound(
  band: DiskBand,
  dataNow: ReadonlyMap<number, number>,
  emptiedBytes: number,
  rackBytes: number,
): number {
  let above = 0;
  let below = 0;
  for (const [id, upper] of band.upper) {
    const data = dataNow.get(id) ?? 0;
    above += Math.max(0, data - upper);
    below += Math.max(0, (band.lower.get(id) ?? 0) - data);
  }
  return Math.ceil(Math.max(emptiedBytes + Math.max(above, rackBytes), below));
}
