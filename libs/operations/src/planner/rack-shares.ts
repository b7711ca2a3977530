import type { DiskBand } from "./disk-band.js";
import type { PlannerPartition } from "./model.js";

/**
 * What racks do to the disk goal. When a partition keeps its replicas in distinct racks, a rack's data is bounded by
 * the partitions: it holds one replica of every partition with a replica in every rack (RF = racks) and at most one of
 * every other partition of RF ≤ racks. With RF = racks everywhere a rack's share is fixed, so its brokers' band is
 * reached only inside the rack; where RF < racks leaves freedom, data may move between racks.
 */
export interface RackShares {
  /** Per receiving broker: the data to aim at — its weight's part of its rack's share, inside its band. */
  target: Map<number, number>;
  /**
   * The least data any plan keeping the hard goals must move to bring every receiving broker into its band, by
   * racks (see `rackBound`); 0 when the band cannot be reached.
   */
  bound: number;
  /** Why no plan reaches the band, with the figures that prove it (a rack's share against its brokers' band). */
  impossible?: string;
}

interface Rack {
  name: string;
  /** Receiving brokers in the rack. */
  members: number[];
  weight: number;
  /** Σ of the members' band edges. */
  lower: number;
  upper: number;
  /** Data on the rack's receivers now, plus what its brokers that must be emptied hold (it all leaves them). */
  data: number;
  /** At least what its brokers must send (above the band's upper edge; all of an emptied broker) and receive. */
  send: number;
  receive: number;
  /** The least and most data the rack's receivers can hold with replicas in distinct racks. */
  least: number;
  most: number;
  /** The largest partition it must hold (one with a replica in every rack), and its widest broker band's top. */
  largestForced: number;
  widest: number;
}

const gib = (bytes: number) => `${(bytes / 1024 ** 3).toFixed(2)} GiB`;

/**
 * Per rack: its receivers' band, its data now, and the least and most its receivers can hold under the rack goal;
 * then each rack's share (a common level of data per weight, each rack held between what its partitions and its band
 * allow) and each broker's target, the rack-aware lower bound, and a proof when a rack's share cannot fit its band.
 */
export function rackShares(args: {
  partitions: readonly PlannerPartition[];
  /** Receiving brokers. */
  ids: readonly number[];
  /** Brokers that keep their replicas and receive nothing (cordoned): outside the band. */
  kept: ReadonlySet<number>;
  /** Every broker's rack (a broker without one counts in a rack of its own name ""). */
  rackOf: ReadonlyMap<number, string | undefined>;
  /** Whether the rack goal applies (then a partition's replicas end in distinct racks); else racks only group. */
  rackAware: boolean;
  band: DiskBand;
}): RackShares {
  const { partitions, ids, kept, rackOf, rackAware, band } = args;
  const receivers = new Set(ids);
  const key = (id: number) => rackOf.get(id) ?? "";
  const racks = new Map<string, Rack>();
  const rackFor = (name: string) => {
    let rack = racks.get(name);
    if (!rack) {
      rack = {
        name,
        members: [],
        weight: 0,
        lower: 0,
        upper: 0,
        data: 0,
        send: 0,
        receive: 0,
        least: 0,
        most: 0,
        largestForced: 0,
        widest: 0,
      };
      racks.set(name, rack);
    }
    return rack;
  };
  for (const id of ids) {
    const rack = rackFor(key(id));
    rack.members.push(id);
    rack.weight += band.weight.get(id) ?? 1;
    rack.lower += band.lower.get(id) ?? 0;
    rack.upper += band.upper.get(id) ?? 0;
    rack.widest = Math.max(rack.widest, band.upper.get(id) ?? 0);
  }
  const receiverRacks = racks.size;
  const dataOf = new Map<number, number>();
  for (const p of partitions) for (const id of p.replicas) dataOf.set(id, (dataOf.get(id) ?? 0) + p.sizeBytes);
  for (const [id, data] of dataOf) {
    if (kept.has(id)) continue;
    const rack = rackFor(key(id));
    rack.data += data;
    if (receivers.has(id)) {
      rack.send += Math.max(0, data - (band.upper.get(id) ?? 0));
      rack.receive += Math.max(0, (band.lower.get(id) ?? 0) - data);
    } else rack.send += data;
  }
  for (const id of ids) {
    if (dataOf.has(id)) continue;
    rackFor(key(id)).receive += band.lower.get(id) ?? 0;
  }
  holdable(racks, partitions, kept, key, rackAware, receiverRacks);
  const list = [...racks.values()].sort((a, b) => a.name.localeCompare(b.name));
  const total = list.reduce((n, r) => n + r.data, 0);
  const impossible = proof(list, total);
  // Each rack's range: inside its band and what its partitions allow (where those meet; else what the partitions allow).
  const low = (r: Rack) => (impossible ? r.least : Math.max(r.lower, r.least));
  const high = (r: Rack) => (impossible ? r.most : Math.min(r.upper, r.most));
  const target = brokerTargets(list, shares(list, total, low, high), band);
  return { target, bound: impossible ? 0 : rackBound(list, low, high), ...(impossible ? { impossible } : {}) };
}

/**
 * What each rack's receivers can hold (`least`, `most`, `largestForced`): without the rack goal anything (their band
 * alone bounds them); with it, at most one replica of a partition per rack, and at least one of each partition with
 * a replica in every rack.
 */
function holdable(
  racks: ReadonlyMap<string, Rack>,
  partitions: readonly PlannerPartition[],
  kept: ReadonlySet<number>,
  key: (id: number) => string,
  rackAware: boolean,
  receiverRacks: number,
): void {
  for (const rack of racks.values()) rack.most = rack.members.length > 0 ? Number.POSITIVE_INFINITY : 0;
  if (!rackAware) return;
  for (const rack of racks.values()) if (rack.members.length > 0) rack.most = 0;
  const receiving = new Set([...racks.values()].filter((r) => r.members.length > 0).map((r) => r.name));
  for (const p of partitions) {
    const keptIn = kept.size === 0 ? undefined : new Set(p.replicas.filter((id) => kept.has(id)).map(key));
    // A replica kept in a rack without receivers covers a rack of its own: which receiving rack goes without one
    // is then the plan's choice, so none is forced to hold the partition.
    const forced = p.replicas.length === receiverRacks && ![...(keptIn ?? [])].some((name) => !receiving.has(name));
    for (const rack of racks.values()) {
      if (rack.members.length === 0 || keptIn?.has(rack.name)) continue;
      if (p.replicas.length > receiverRacks) {
        rack.most += p.sizeBytes * Math.min(p.replicas.length, rack.members.length);
        continue;
      }
      rack.most += p.sizeBytes;
      if (!forced) continue;
      rack.least += p.sizeBytes;
      rack.largestForced = Math.max(rack.largestForced, p.sizeBytes);
    }
  }
}

/** Each broker's target: its weight's part of its rack's share, inside its band. */
function brokerTargets(
  racks: readonly Rack[],
  share: ReadonlyMap<string, number>,
  band: DiskBand,
): Map<number, number> {
  const target = new Map<number, number>();
  for (const rack of racks) {
    const perWeight = rack.weight > 0 ? (share.get(rack.name) ?? 0) / rack.weight : 0;
    for (const id of rack.members) {
      const edge = (m: Map<number, number>) => m.get(id) ?? 0;
      const want = (band.weight.get(id) ?? 1) * perWeight;
      target.set(id, Math.min(edge(band.upper), Math.max(edge(band.lower), want)));
    }
  }
  return target;
}

/** Why the racks' shares cannot fit their brokers' bands, with the figures; undefined when they can. */
function proof(racks: readonly Rack[], total: number): string | undefined {
  const receiving = racks.filter((r) => r.members.length > 0);
  for (const r of receiving)
    if (r.largestForced > r.widest)
      return `a partition of ${gib(r.largestForced)} with a replica in every rack is larger than any band in rack ${r.name} allows (at most ${gib(r.widest)})`;
  for (const r of receiving)
    if (r.least > r.upper)
      return `rack ${r.name} must hold a replica of every partition with one replica per rack (${gib(r.least)}), more than its brokers' band allows (${gib(r.upper)})`;
  for (const r of receiving)
    if (r.most < r.lower)
      return `rack ${r.name} can hold at most ${gib(r.most)} (one replica of each partition), less than its brokers' band needs (${gib(r.lower)})`;
  const least = racks.reduce((n, r) => n + Math.max(r.lower, r.least), 0);
  const most = racks.reduce((n, r) => n + Math.min(r.upper, r.most), 0);
  if (least > total)
    return `the racks' bands and shares need at least ${gib(least)} together, more than the ${gib(total)} of data`;
  if (most < total)
    return `the racks' bands and shares hold at most ${gib(most)} together, less than the ${gib(total)} of data`;
  return undefined;
}

/**
 * Each rack's data: one level of data per weight for all, each rack held inside [low, high] (a rack with no receiver
 * holds nothing); the level found by bisection so the shares add up to the total.
 */
function shares(
  racks: readonly Rack[],
  total: number,
  low: (r: Rack) => number,
  high: (r: Rack) => number,
): Map<string, number> {
  const at = (level: number) =>
    racks.map((r) => Math.min(high(r), Math.max(low(r), r.members.length > 0 ? level * r.weight : 0)));
  const sum = (level: number) => at(level).reduce((a, b) => a + b, 0);
  let lo = 0;
  let hi = 1;
  const weight = racks.reduce((n, r) => n + r.weight, 0);
  if (weight > 0) hi = Math.max(1, (2 * total) / weight);
  for (let k = 0; k < 64 && sum(hi) < total; k++) hi *= 2;
  for (let k = 0; k < 100; k++) {
    const mid = (lo + hi) / 2;
    if (sum(mid) < total) lo = mid;
    else hi = mid;
  }
  const level = at(hi);
  return new Map(racks.map((r, i) => [r.name, level[i] as number]));
}

/**
 * The least data any plan keeping the hard goals must move to bring every receiver into its band, by racks. Every
 * byte moved is sent by one broker and received by one. A rack's brokers send at least `send` (each broker ending in
 * the band sent what it held above its upper edge; an emptied broker all it held) and receive at least `receive`;
 * what the rack sends minus what it receives is its net loss, `data − final`, where its final data lies in its range
 * [low, high] (its brokers' band, and the partitions it must or may hold). So the total moved is at least
 * Σ max(send, receive + loss) (counting senders) and Σ max(receive, send − loss) (counting receivers), whatever
 * losses the plan chooses with Σ loss = 0. Each sum is convex and separable in the losses (flat, then one byte per
 * byte), so its least is found exactly: start every rack at its lowest (highest) loss and raise (lower) the losses
 * where it costs nothing first. With one rack it is the rack-blind bound; with RF = racks every loss is 0 and each rack
 * must balance inside itself.
 */
export function rackBound(racks: readonly Rack[], low: (r: Rack) => number, high: (r: Rack) => number): number {
  let startS = 0;
  let needS = 0;
  let freeS = 0;
  let startR = 0;
  let needR = 0;
  let freeR = 0;
  for (const r of racks) {
    const minLoss = r.data - high(r);
    const maxLoss = r.data - low(r);
    const knee = r.send - r.receive;
    startS += Math.max(r.send, r.receive + minLoss);
    needS -= minLoss;
    freeS += Math.max(0, Math.min(maxLoss, knee) - minLoss);
    startR += Math.max(r.receive, r.send - maxLoss);
    needR += maxLoss;
    freeR += Math.max(0, maxLoss - Math.max(minLoss, knee));
  }
  const bySending = startS + Math.max(0, needS - freeS);
  const byReceiving = startR + Math.max(0, needR - freeR);
  return Math.ceil(Math.max(bySending, byReceiving));
}
