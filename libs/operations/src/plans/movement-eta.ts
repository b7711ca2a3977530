import type { Move, Snapshot } from "@kcp/shared";
import type { BuiltPlan } from "../plan-builder.js";

/**
 * What a broker is assumed to replicate per second, in and out, when no throttle is set: 100 MiB/s, about what one
 * broker copies over a 1 Gbit/s link or from one busy disk. A guess, stated in the plan; the step's measured rate
 * replaces it once data moves.
 */
export const ASSUMED_UNTHROTTLED_BYTES_PER_SEC = 100 * 1024 ** 2;

/**
 * Time each round of moves costs besides copying: the reassignment submitted, the new replica created and joining
 * the ISR, the step's 1 s poll seeing it done. Measured on the real rebalance test (services/standalone/test/
 * operations-moves.test.ts: 8 small moves onto one broker, 2 at a time, took 4 s): about 1 s a round.
 */
export const SECONDS_PER_ROUND = 1;

export interface EtaMove {
  from: readonly number[];
  to: readonly number[];
  sizeBytes: number;
  /** The replica the new ones copy from (the leader's); default from[0], the preferred leader. */
  leader?: number;
}

export interface EtaOptions {
  /** The replication throttle of the operation (leader and follower rate on every broker involved). */
  throttleBytesPerSec?: number;
  /** Moves in flight at once per broker (the reassign step's limit). */
  maxConcurrentMoves: number;
  /** Replication rate per broker without throttle (a measured one); default ASSUMED_UNTHROTTLED_BYTES_PER_SEC. */
  unthrottledBytesPerSec?: number;
}

export interface BrokerMovement {
  id: number;
  receiveBytes: number;
  sendBytes: number;
  moves: number;
  seconds: number;
}

export interface MovementEta {
  etaSeconds: number;
  rateBytesPerSec: number;
  rateSource: "throttle" | "assumed" | "measured";
  /** The broker whose share takes longest (undefined when nothing moves). */
  busiest?: BrokerMovement;
  brokers: BrokerMovement[];
}

/**
 * Pure: how long the data movement of `moves` should take. Each broker receives the replicas added to it and sends
 * (as the leader the new replicas fetch from) one copy per replica added; Kafka's throttle caps both directions per
 * broker, and without one a per-broker rate is assumed. Moves run `maxConcurrentMoves` at a time per broker, and each
 * round costs SECONDS_PER_ROUND on top of the copying. The slowest broker sets the time: a lower bound when brokers
 * wait on each other (the reassign step submits in plan order), close to it when the plan spreads the moves.
 */
export function estimateMovement(moves: readonly EtaMove[], options: EtaOptions): MovementEta {
  const rate = options.throttleBytesPerSec ?? options.unthrottledBytesPerSec ?? ASSUMED_UNTHROTTLED_BYTES_PER_SEC;
  const rateSource = options.throttleBytesPerSec ? "throttle" : options.unthrottledBytesPerSec ? "measured" : "assumed";
  const brokers = new Map<number, BrokerMovement>();
  const row = (id: number) => {
    let found = brokers.get(id);
    if (!found) {
      found = { id, receiveBytes: 0, sendBytes: 0, moves: 0, seconds: 0 };
      brokers.set(id, found);
    }
    return found;
  };
  for (const move of moves) {
    const added = move.to.filter((id) => !move.from.includes(id));
    for (const id of added) row(id).receiveBytes += move.sizeBytes;
    const sender = move.leader !== undefined && move.from.includes(move.leader) ? move.leader : move.from[0];
    if (sender !== undefined) row(sender).sendBytes += move.sizeBytes * added.length;
    for (const id of new Set([...move.from, ...move.to])) row(id).moves++;
  }
  const limit = Math.max(1, options.maxConcurrentMoves);
  for (const b of brokers.values())
    b.seconds = Math.max(b.receiveBytes, b.sendBytes) / rate + Math.ceil(b.moves / limit) * SECONDS_PER_ROUND;
  const rows = [...brokers.values()].sort((a, b) => a.id - b.id);
  const busiest = rows.reduce<BrokerMovement | undefined>(
    (worst, b) => (!worst || b.seconds > worst.seconds ? b : worst),
    undefined,
  );
  return {
    etaSeconds: Math.ceil(busiest?.seconds ?? 0),
    rateBytesPerSec: rate,
    rateSource,
    ...(busiest ? { busiest } : {}),
    brokers: rows,
  };
}

/**
 * Pure: how long moves between a broker's own log dirs should take. Each is a copy on one machine (Kafka's
 * ReplicaAlterLogDirsThread, unthrottled unless `replica.alter.log.dirs.io.max.bytes.per.second` is set), at the
 * per-broker rate assumed (or measured) for replication, `maxConcurrentMoves` at a time per broker, each round costing
 * SECONDS_PER_ROUND; the broker with the most to copy sets the time. The log-dir step runs after the reassignment, so
 * its time adds to the reassignment's.
 */
export function estimateLogDirMoves(
  moves: readonly { broker: number; bytes: number }[],
  options: Pick<EtaOptions, "maxConcurrentMoves" | "unthrottledBytesPerSec">,
): number {
  const rate = options.unthrottledBytesPerSec ?? ASSUMED_UNTHROTTLED_BYTES_PER_SEC;
  const perBroker = new Map<number, { bytes: number; moves: number }>();
  for (const m of moves) {
    const row = perBroker.get(m.broker) ?? { bytes: 0, moves: 0 };
    row.bytes += m.bytes;
    row.moves++;
    perBroker.set(m.broker, row);
  }
  const limit = Math.max(1, options.maxConcurrentMoves);
  let slowest = 0;
  for (const row of perBroker.values())
    slowest = Math.max(slowest, row.bytes / rate + Math.ceil(row.moves / limit) * SECONDS_PER_ROUND);
  return Math.ceil(slowest);
}

/** "1 h 05 min", "12 min 30 s", "45 s". */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  if (s < 3600) return `${Math.floor(s / 60)} min ${String(s % 60).padStart(2, "0")} s`;
  return `${Math.floor(s / 3600)} h ${String(Math.floor((s % 3600) / 60)).padStart(2, "0")} min`;
}

const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(bytes < 10 * 1024 ** 2 ? 1 : 0)} MiB`;

/** The plan's human line about the ETA. */
export function etaLine(eta: MovementEta, maxConcurrentMoves: number): string {
  const rate =
    eta.rateSource === "throttle"
      ? `the throttle of ${mib(eta.rateBytesPerSec)}/s per broker`
      : eta.rateSource === "measured"
        ? `a measured ${mib(eta.rateBytesPerSec)}/s per broker`
        : `an assumed ${mib(eta.rateBytesPerSec)}/s per broker (no throttle set)`;
  const busiest = eta.busiest
    ? `; busiest broker ${eta.busiest.id} receives ${mib(eta.busiest.receiveBytes)} and sends ${mib(eta.busiest.sendBytes)} in ${eta.busiest.moves} move(s)`
    : "";
  return `data movement about ${formatDuration(eta.etaSeconds)} at ${rate}, ${maxConcurrentMoves} move(s) at once per broker${busiest}`;
}

/**
 * The plan with its ETA: `etaSeconds`, the line in the summary, and the planned time in the reassign step's args (what
 * the step reports its progress against until it has measured a rate of its own).
 */
export function withMovementEta(
  built: BuiltPlan,
  snapshot: Snapshot,
  options: Omit<EtaOptions, "maxConcurrentMoves"> & { maxConcurrentMoves?: number },
): BuiltPlan {
  const moves = built.plan.moves ?? [];
  const reassign = built.steps.find((s) => s.kind === "reassignPartitions");
  if (moves.length === 0 || !reassign || reassign.kind !== "reassignPartitions") return built;
  const maxConcurrentMoves = options.maxConcurrentMoves ?? reassign.args.maxConcurrentMoves;
  const leaders = new Map(snapshot.topics.flatMap((t) => t.partitions.map((p) => [`${t.name}:${p.id}`, p.leader])));
  const eta = estimateMovement(
    moves.map((m: Move) => ({ ...m, leader: leaders.get(`${m.topic}:${m.partition}`) ?? m.from[0] })),
    { ...options, maxConcurrentMoves },
  );
  return {
    plan: {
      ...built.plan,
      summary: `${built.plan.summary}; ${etaLine(eta, maxConcurrentMoves)}`,
      etaSeconds: eta.etaSeconds,
    },
    steps: built.steps.map((s) =>
      s === reassign && s.kind === "reassignPartitions"
        ? { ...s, args: { ...s.args, plannedSeconds: eta.etaSeconds } }
        : s,
    ),
  };
}
