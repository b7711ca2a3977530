import { groupByVolume } from "@kcp/kafka";

/** One log dir of a JBOD broker, as the planner sees it. */
export interface PlannerLogDir {
  path: string;
  /** Size of the dir's volume; absent when the broker does not tell (then the dirs weigh the same and have no cap). */
  totalBytes?: number;
  usableBytes?: number;
  /** Takes no replica (cordoned.log.dirs); its replicas move only to bring it under the disk cap. */
  cordoned: boolean;
  /** Offline or unreadable: left out entirely. */
  failed: boolean;
}

/** A replica on a JBOD broker after the inter-broker plan: `logDir` absent when it arrives with that plan. */
export interface PlannerDirReplica {
  topic: string;
  partition: number;
  sizeBytes: number;
  logDir?: string;
  /** Being moved between dirs already (a future replica exists): counted where it goes, never moved again. */
  pinned?: boolean;
}

export interface PlannerJbodBroker {
  id: number;
  dirs: PlannerLogDir[];
  /** Every replica the broker holds once the inter-broker plan is done (replicas leaving it are not listed). */
  replicas: PlannerDirReplica[];
  /** Data the broker's dirs hold now that leaves with the inter-broker plan, by dir (frees room only at the end). */
  leavingBytes: Record<string, number>;
}

export interface LogDirPlanInput {
  brokers: PlannerJbodBroker[];
  /** Each dir's data within ± this fraction of its capacity-weighted share of the broker's data (default 0.1). */
  band?: number;
  /** No dir's volume above this fraction of its size, counting other data on the volume (default 0.8). */
  maxDiskUse?: number;
  /** Only choose the dirs of arriving replicas; move nothing already placed (a drain moves nothing else). */
  arrivalsOnly?: boolean;
}

/** A replica put into a dir of its broker: `from` absent for a replica arriving with the inter-broker plan. */
export interface LogDirMove {
  broker: number;
  topic: string;
  partition: number;
  from?: string;
  to: string;
  bytes: number;
}

export interface LogDirFigures {
  path: string;
  beforeBytes: number;
  afterBytes: number;
  targetBytes: number;
  /** The most the dir may hold: its band's top, or less when the disk cap is lower. */
  upperBytes: number;
  lowerBytes: number;
}

export interface LogDirBrokerPlan {
  broker: number;
  dirs: LogDirFigures[];
  /** Every open dir within its band once the moves are done. */
  inBand: boolean;
  /** The least data any plan must move between this broker's dirs: what lies above each dir's top. */
  lowerBoundBytes: number;
}

export interface LogDirPlan {
  /** Replicas moved between dirs of their broker (AlterReplicaLogDirs after the inter-broker moves). */
  moves: LogDirMove[];
  /** Replicas arriving on a JBOD broker with the inter-broker plan, and the dir each should land in. */
  arrivals: LogDirMove[];
  bytesMoved: number;
  lowerBoundBytes: number;
  brokers: LogDirBrokerPlan[];
  warnings: string[];
}

export const DEFAULT_LOG_DIR_BAND = 0.1;
export const DEFAULT_MAX_DISK_USE = 0.8;

interface Dir {
  path: string;
  weight: number;
  /** Data the dir may hold under the disk cap (Infinity when the volume's size is unknown). */
  capBytes: number;
  open: boolean;
  before: number;
  data: number;
  target: number;
  upper: number;
  lower: number;
}

interface Placed {
  replica: PlannerDirReplica;
  dir: string;
  arriving: boolean;
  /** Position in key order: ties between equal sizes go to the first. */
  order: number;
}

const byKey = (a: PlannerDirReplica, b: PlannerDirReplica) =>
  a.topic < b.topic ? -1 : a.topic > b.topic ? 1 : a.partition - b.partition;

function dirsOf(broker: PlannerJbodBroker, band: number, maxDiskUse: number, placed: Placed[]): Dir[] {
  const live = broker.dirs.filter((d) => !d.failed);
  const dataNow = new Map(live.map((d) => [d.path, broker.leavingBytes[d.path] ?? 0]));
  for (const p of placed) if (!p.arriving) dataNow.set(p.dir, (dataNow.get(p.dir) ?? 0) + p.replica.sizeBytes);
  const sharing = new Map<PlannerLogDir, PlannerLogDir[]>();
  for (const volume of groupByVolume(live)) for (const d of volume) sharing.set(d, volume);
  const sized = live.every((d) => d.totalBytes !== undefined);
  const dirs = live.map((d) => {
    const group = sharing.get(d) ?? [d];
    const groupData = group.reduce((n, g) => n + (dataNow.get(g.path) ?? 0), 0);
    const otherBytes =
      d.totalBytes !== undefined && d.usableBytes !== undefined
        ? Math.max(0, d.totalBytes - d.usableBytes - groupData)
        : 0;
    return {
      path: d.path,
      weight: sized ? (d.totalBytes as number) / group.length : 1,
      capBytes: d.totalBytes === undefined ? Number.POSITIVE_INFINITY : maxDiskUse * d.totalBytes - otherBytes,
      open: !d.cordoned,
      before: 0,
      data: 0,
      target: 0,
      upper: 0,
      lower: 0,
    };
  });
  const byPath = new Map(dirs.map((d) => [d.path, d]));
  for (const p of placed) {
    const dir = byPath.get(p.dir);
    if (dir && !p.arriving) dir.data += p.replica.sizeBytes;
  }
  for (const d of dirs) d.before = d.data + (broker.leavingBytes[d.path] ?? 0);
  const open = dirs.filter((d) => d.open);
  const total = placed
    .filter((p) => byPath.get(p.dir)?.open || p.arriving)
    .reduce((n, p) => n + p.replica.sizeBytes, 0);
  const weights = open.reduce((n, d) => n + d.weight, 0);
  for (const d of dirs) {
    d.target = d.open && weights > 0 ? (total * d.weight) / weights : d.data;
    d.upper = d.open ? Math.min(d.target * (1 + band), d.capBytes) : d.capBytes;
    d.lower = d.open ? d.target * (1 - band) : 0;
  }
  return dirs;
}

/** A dir's movable replicas, arrivals apart (moving them costs nothing), each list sorted by size, then key order. */
class Pool {
  readonly lists = [[], []] as [Placed[], Placed[]];

  add(p: Placed): void {
    const list = this.lists[p.arriving ? 0 : 1];
    list.splice(firstAbove(list, p.replica.sizeBytes, p.order), 0, p);
  }

  remove(p: Placed): void {
    const list = this.lists[p.arriving ? 0 : 1];
    list.splice(list.indexOf(p, firstAtLeast(list, p.replica.sizeBytes)), 1);
  }

  /**
   * The replica to move off the dir: arrivals first, then the smallest that covers `need` within `room`, else the
   * largest that fits `room`.
   */
  pick(need: number, room: number): Placed | undefined {
    for (const list of this.lists) {
      const covering = list[firstAtLeast(list, need)];
      if (covering && covering.replica.sizeBytes <= room) return covering;
      const largest = list[firstAbove(list, room, Number.POSITIVE_INFINITY) - 1];
      if (largest) return list[firstAtLeast(list, largest.replica.sizeBytes)];
    }
    return undefined;
  }
}

/** Index of the first replica of at least `size` bytes. */
function firstAtLeast(list: Placed[], size: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((list[mid] as Placed).replica.sizeBytes < size) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** Index of the first replica larger than `size`, or of that size and after `order`. */
function firstAbove(list: Placed[], size: number, order: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    const p = list[mid] as Placed;
    if (p.replica.sizeBytes < size || (p.replica.sizeBytes === size && p.order < order)) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

function relocate(p: Placed, from: Dir, to: Dir, pools: Map<string, Pool>): void {
  from.data -= p.replica.sizeBytes;
  to.data += p.replica.sizeBytes;
  pools.get(from.path)?.remove(p);
  p.dir = to.path;
  pools.get(to.path)?.add(p);
}

/** Brings the dirs of one broker into their band (and under the cap) by moving replicas between them. */
function balance(dirs: Dir[], placed: Placed[]): void {
  const pools = new Map(dirs.map((d) => [d.path, new Pool()]));
  for (const p of placed) if (!p.replica.pinned && p.replica.sizeBytes > 0) pools.get(p.dir)?.add(p);
  const pool = (dir: Dir) => pools.get(dir.path) as Pool;
  const limit = placed.length * 2 + dirs.length;
  const stuck = new Set<string>();
  for (let step = 0; step < limit; step++) {
    const over = dirs
      .filter((d) => d.data > d.upper + 0.5 && !stuck.has(d.path))
      .sort((a, b) => b.data - b.upper - (a.data - a.upper))[0];
    if (over) {
      const receiver = dirs
        .filter((d) => d.open && d !== over && d.upper - d.data > 0)
        .sort((a, b) => b.upper - b.data - (a.upper - a.data))[0];
      const chosen = receiver && pool(over).pick(over.data - over.upper, receiver.upper - receiver.data);
      if (!receiver || !chosen) stuck.add(over.path);
      else relocate(chosen, over, receiver, pools);
      continue;
    }
    const under = dirs
      .filter((d) => d.open && d.data < d.lower - 0.5 && !stuck.has(d.path))
      .sort((a, b) => b.lower - b.data - (a.lower - a.data))[0];
    if (!under) return;
    const giver = dirs
      .filter((d) => d !== under && d.data > d.target)
      .sort((a, b) => b.data - b.target - (a.data - a.target))[0];
    const chosen =
      giver && pool(giver).pick(under.lower - under.data, Math.min(giver.data - giver.lower, under.upper - under.data));
    if (!giver || !chosen) stuck.add(under.path);
    else relocate(chosen, giver, under, pools);
  }
}

interface BrokerOptions {
  band: number;
  maxDiskUse: number;
  /** False: only the arrivals get their dirs, nothing placed moves (and the band is not a goal). */
  balanced: boolean;
}

function planBroker(broker: PlannerJbodBroker, options: BrokerOptions, warnings: string[]) {
  const { band, maxDiskUse } = options;
  const live = new Set(broker.dirs.filter((d) => !d.failed).map((d) => d.path));
  const replicas = [...broker.replicas].sort(byKey);
  const placed: Placed[] = replicas
    .filter((r) => r.logDir === undefined || live.has(r.logDir))
    .map((r, order) => ({ replica: r, dir: r.logDir ?? "", arriving: r.logDir === undefined, order }));
  const dirs = dirsOf(broker, band, maxDiskUse, placed);
  const byPath = new Map(dirs.map((d) => [d.path, d]));
  // What the replicas staying put hold above each dir's top must move, whatever the plan (arrivals can go anywhere).
  const lowerBoundBytes = Math.round(dirs.reduce((n, d) => n + Math.max(0, d.data - d.upper), 0));
  // Arrivals, largest first, each into the open dir with the most room left below its top.
  for (const p of placed.filter((q) => q.arriving).sort((a, b) => b.replica.sizeBytes - a.replica.sizeBytes)) {
    const dir = dirs.filter((d) => d.open).sort((a, b) => b.upper - b.data - (a.upper - a.data))[0];
    if (!dir) break;
    p.dir = dir.path;
    dir.data += p.replica.sizeBytes;
  }
  if (options.balanced) balance(dirs, placed);
  const inBand = dirs.every((d) => d.data <= d.upper + 0.5 && (!d.open || d.data >= d.lower - 0.5));
  if (!inBand && options.balanced) {
    const off = dirs.filter((d) => d.data > d.upper + 0.5 || (d.open && d.data < d.lower - 0.5)).map((d) => d.path);
    warnings.push(
      `Broker ${broker.id}: log dir(s) ${off.join(", ")} cannot be brought within the band by moves between its dirs (replicas too large for the room, or the disk cap).`,
    );
  }
  const moves: LogDirMove[] = [];
  const arrivals: LogDirMove[] = [];
  for (const p of placed) {
    if (!byPath.has(p.dir)) continue;
    const move = {
      broker: broker.id,
      topic: p.replica.topic,
      partition: p.replica.partition,
      to: p.dir,
      bytes: p.replica.sizeBytes,
    };
    if (p.arriving) arrivals.push(move);
    else if (p.dir !== p.replica.logDir) moves.push({ ...move, from: p.replica.logDir as string });
  }
  const round = (n: number) => (Number.isFinite(n) ? Math.round(n) : Number.MAX_SAFE_INTEGER);
  return {
    moves,
    arrivals,
    plan: {
      broker: broker.id,
      dirs: dirs.map((d) => ({
        path: d.path,
        beforeBytes: d.before,
        afterBytes: d.data,
        targetBytes: round(d.target),
        upperBytes: round(d.upper),
        lowerBytes: round(d.lower),
      })),
      inBand,
      lowerBoundBytes,
    },
  };
}

/**
 * Pure and deterministic. For every broker with two or more log dirs (JBOD), on the placement the inter-broker plan
 * leaves: each arriving replica gets the open dir with the most room, then replicas move between the broker's own
 * dirs until every open dir holds its capacity-weighted share of the broker's data within ± `band` and no volume is
 * above `maxDiskUse`. Moving within a broker copies on one machine and sends nothing over the network, so a dir out
 * of balance is always fixed here rather than by moving replicas off the broker. Within a dir the replica moved is
 * the smallest that covers what must leave (or the largest that fits), so little data moves.
 */
export function planLogDirMoves(input: LogDirPlanInput): LogDirPlan {
  const band = input.band ?? DEFAULT_LOG_DIR_BAND;
  const maxDiskUse = input.maxDiskUse ?? DEFAULT_MAX_DISK_USE;
  const warnings: string[] = [];
  const moves: LogDirMove[] = [];
  const arrivals: LogDirMove[] = [];
  const brokers: LogDirBrokerPlan[] = [];
  for (const broker of [...input.brokers].sort((a, b) => a.id - b.id)) {
    if (broker.dirs.filter((d) => !d.failed && !d.cordoned).length < 2) continue;
    const planned = planBroker(broker, { band, maxDiskUse, balanced: !input.arrivalsOnly }, warnings);
    moves.push(...planned.moves);
    arrivals.push(...planned.arrivals);
    brokers.push(planned.plan);
  }
  return {
    moves,
    arrivals,
    bytesMoved: moves.reduce((n, m) => n + m.bytes, 0),
    lowerBoundBytes: brokers.reduce((n, b) => n + b.lowerBoundBytes, 0),
    brokers,
    warnings,
  };
}
