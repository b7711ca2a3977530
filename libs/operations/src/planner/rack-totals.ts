/**
 * How many replicas each rack should hold when every partition keeps its replicas in distinct racks. A partition with
 * as many replicas as there are racks puts exactly one in each (`forcedPerRack`); the other replicas go where they
 * even out the replicas per broker (water-filling: the racks with the fewest per broker are raised to one level).
 */
export function rackTotals(
  brokersPerRack: ReadonlyMap<string, number>,
  forcedPerRack: number,
  flexibleReplicas: number,
): Map<string, number> {
  const racks = [...brokersPerRack.keys()].sort(
    (a, b) =>
      forcedPerRack / (brokersPerRack.get(a) ?? 1) - forcedPerRack / (brokersPerRack.get(b) ?? 1) || a.localeCompare(b),
  );
  let raised = racks.length;
  let level = 0;
  for (; raised >= 1; raised--) {
    const brokers = racks.slice(0, raised).reduce((n, rack) => n + (brokersPerRack.get(rack) ?? 0), 0);
    level = (flexibleReplicas + raised * forcedPerRack) / brokers;
    const highest = racks[raised - 1] as string;
    if (level >= forcedPerRack / (brokersPerRack.get(highest) ?? 1)) break;
  }
  const shares = racks.map((rack, i) => ({
    rack,
    exact: i < raised ? Math.max(0, level * (brokersPerRack.get(rack) ?? 0) - forcedPerRack) : 0,
  }));
  const totals = new Map(shares.map((s) => [s.rack, forcedPerRack + Math.floor(s.exact)]));
  let left = flexibleReplicas - shares.reduce((n, s) => n + Math.floor(s.exact), 0);
  const byRemainder = [...shares].sort((a, b) => (b.exact % 1) - (a.exact % 1) || a.rack.localeCompare(b.rack));
  for (const share of byRemainder) {
    if (left <= 0) break;
    totals.set(share.rack, (totals.get(share.rack) ?? 0) + 1);
    left--;
  }
  return totals;
}
