import { setTimeout as sleep } from "node:timers/promises";
import type { ReplicaPlacement } from "@kcp/kafka";
import { AppError, type StepArgs } from "@kcp/shared";
import { type StepContext, type StepExecutor, StepInterrupted } from "../steps.js";

type Move = StepArgs<"alterReplicaLogDirs">["moves"][number];

const POLL_MS = 1_000;
/** Kafka's answer for a replica the broker does not hold (yet): the dir is noted for when it is created. */
const NOT_HERE = "REPLICA_NOT_AVAILABLE";
const key = (m: { topic: string; partition: number }) => `${m.topic}:${m.partition}`;
const label = (m: Move) => `${m.topic}-${m.partition} on broker ${m.broker}`;

function byBroker(moves: readonly Move[]): Map<number, Move[]> {
  const groups = new Map<number, Move[]>();
  for (const m of moves) groups.set(m.broker, [...(groups.get(m.broker) ?? []), m]);
  return groups;
}

/** Where every move's replica is now (DescribeLogDirs of each broker, for its moves only). */
async function placements(context: StepContext, moves: readonly Move[]) {
  const found = new Map<Move, ReplicaPlacement | undefined>();
  await Promise.all(
    [...byBroker(moves)].map(async ([broker, list]) => {
      const read = await context.admin.replicaPlacements(broker, list);
      for (const m of list) found.set(m, read.get(key(m)));
    }),
  );
  return found;
}

async function submit(context: StepContext, moves: readonly Move[], accepted: (error: string | null) => boolean) {
  for (const [broker, list] of byBroker(moves)) {
    const outcome = await context.admin.alterReplicaLogDirs(broker, list);
    const refused = list.filter((m) => !accepted(outcome.get(key(m)) ?? null));
    if (refused.length > 0) {
      const first = refused[0] as Move;
      throw new AppError(
        "kafka_error",
        `Kafka refused to move ${refused.length} replica(s) between log dirs (e.g. ${label(first)} to ${first.logDir}: ${outcome.get(key(first))})`,
      );
    }
  }
}

/** The arriving replicas: each broker notes the dir, and the reassignment creates the replica there. */
async function noteArrivals(context: StepContext, moves: readonly Move[]) {
  await submit(context, moves, (error) => error === null || error === NOT_HERE);
  return { noted: moves.length };
}

/**
 * Moves replicas between the log dirs of their broker (AlterReplicaLogDirs to the broker that holds them): the broker
 * copies the replica into a future replica in the new dir and swaps it in once it has caught up. At most
 * `maxConcurrentMoves` per broker at a time; progress in the operation's details (bytes copied of the total, moves
 * done and in flight). Safe to run again: a replica already in its dir is done, a future replica already growing in
 * its dir is waited for. A pause waits for the moves in flight; a cancel moves them back (the future replica is
 * dropped). A replica no longer on its broker (its topic deleted meanwhile) is skipped and named.
 */
export const alterReplicaLogDirsStep: StepExecutor<"alterReplicaLogDirs"> = async (context, args) => {
  if (args.arriving) return noteArrivals(context, args.moves);
  const totalBytes = args.moves.reduce((n, m) => n + m.bytes, 0);
  let foundDone: number | undefined;
  for (;;) {
    const now = await placements(context, args.moves);
    const gone = args.moves.filter((m) => now.get(m) === undefined);
    const done = args.moves.filter((m) => now.get(m)?.logDir === m.logDir && now.get(m)?.future === undefined);
    const inFlight = args.moves.filter((m) => now.get(m)?.future?.logDir === m.logDir);
    const pending = args.moves.filter((m) => !gone.includes(m) && !done.includes(m) && !inFlight.includes(m));
    foundDone ??= done.length;
    const copied = inFlight.reduce((n, m) => n + Math.min(m.bytes, now.get(m)?.future?.bytes ?? 0), 0);
    await context.report({
      bytesMoved: done.reduce((n, m) => n + m.bytes, 0) + copied,
      bytesTotal: totalBytes,
      movesDone: done.length,
      movesTotal: args.moves.length,
      movesInFlight: inFlight.length,
    });
    if (pending.length === 0 && inFlight.length === 0)
      return {
        moves: done.length,
        bytes: done.reduce((n, m) => n + m.bytes, 0),
        // In their dir before this run moved anything (arrivals created there, or done by a run before this one).
        alreadyInPlace: foundDone,
        ...(gone.length > 0 ? { skipped: gone.map(label) } : {}),
      };
    const stop = await context.interrupted();
    if (stop === "cancel" && inFlight.length > 0) {
      // Asking for the dir the replica is in drops its future replica.
      await submit(
        context,
        inFlight.map((m) => ({ ...m, logDir: now.get(m)?.logDir ?? m.logDir })),
        (error) => error === null,
      );
      throw new StepInterrupted({ cancelledInFlight: inFlight.length, movesDone: done.length });
    }
    if (stop === "stop" || (stop && inFlight.length === 0)) throw new StepInterrupted({ movesDone: done.length });
    if (!stop) {
      const busy = new Map<number, number>();
      for (const m of inFlight) busy.set(m.broker, (busy.get(m.broker) ?? 0) + 1);
      const batch = pending.filter((m) => {
        const n = busy.get(m.broker) ?? 0;
        if (n >= args.maxConcurrentMoves) return false;
        busy.set(m.broker, n + 1);
        return true;
      });
      if (batch.length > 0) await submit(context, batch, (error) => error === null);
    }
    await sleep(POLL_MS);
  }
};
