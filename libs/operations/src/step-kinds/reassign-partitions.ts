import { setTimeout as sleep } from "node:timers/promises";
import type { PartitionReplicas } from "@kcp/kafka";
import type { StepArgs } from "@kcp/shared";
import { type StepContext, type StepExecutor, StepInterrupted } from "../steps.js";
import { moveEta } from "./move-eta.js";
import { type MoveProgress, watchStalls } from "./stall-watch.js";

type Move = StepArgs<"reassignPartitions">["moves"][number];

const POLL_MS = 1_000;
/** A move whose copy has not grown for this long is listed in `stalledMoves`. */
const STALL_MS = 5 * 60_000;
const key = (p: { topic: string; partition: number }) => `${p.topic}:${p.partition}`;
const same = (a: readonly number[], b: readonly number[]) => a.length === b.length && a.every((id, i) => id === b[i]);

/** Brokers a move touches (they copy or receive data): the concurrency limit counts moves per broker. */
function brokersOf(move: Move, current: readonly number[] | undefined): number[] {
  return [...new Set([...(current ?? []), ...move.replicas])];
}

/** The next moves to submit: in plan order, while every broker they touch has fewer than the limit in flight. */
function nextBatch(
  pending: readonly Move[],
  inFlight: readonly Move[],
  current: ReadonlyMap<string, number[]>,
  limit: number,
): Move[] {
  const load = new Map<number, number>();
  const add = (m: Move) => {
    for (const id of brokersOf(m, current.get(key(m)))) load.set(id, (load.get(id) ?? 0) + 1);
  };
  inFlight.forEach(add);
  const batch: Move[] = [];
  for (const move of pending) {
    if (brokersOf(move, current.get(key(move))).some((id) => (load.get(id) ?? 0) >= limit)) continue;
    batch.push(move);
    add(move);
  }
  return batch;
}

/**
 * Bytes already copied by each move in flight: the size of its partition's replica on the brokers still adding it
 * (DescribeLogDirs of those brokers), up to the move's own total.
 */
async function copiedBytes(context: StepContext, moves: readonly Move[], adding: ReadonlyMap<string, number[]>) {
  const byBroker = new Map<number, Move[]>();
  for (const m of moves) for (const id of adding.get(key(m)) ?? []) byBroker.set(id, [...(byBroker.get(id) ?? []), m]);
  const copied = new Map<string, number>();
  await Promise.all(
    [...byBroker].map(async ([id, list]) => {
      const sizes = await context.admin.replicaSizes(id, list);
      for (const m of list) copied.set(key(m), (copied.get(key(m)) ?? 0) + (sizes.get(key(m)) ?? 0));
    }),
  );
  return new Map(moves.map((m) => [key(m), Math.min(m.bytes, copied.get(key(m)) ?? 0)]));
}

async function state(context: StepContext, moves: readonly Move[]) {
  const topics = [...new Set(moves.map((m) => m.topic))];
  const replicas = new Map(
    (await context.admin.partitionReplicas(topics)).map((p: PartitionReplicas) => [key(p), p.replicas]),
  );
  const adding = new Map((await context.admin.listReassignments()).map((r) => [key(r), r.adding]));
  const done = moves.filter((m) => !adding.has(key(m)) && same(replicas.get(key(m)) ?? [], m.replicas));
  const doneKeys = new Set(done.map(key));
  const inFlight = moves.filter((m) => adding.has(key(m)));
  return {
    replicas,
    done,
    inFlight,
    copied: inFlight.length > 0 ? await copiedBytes(context, inFlight, adding) : new Map<string, number>(),
    pending: moves.filter((m) => !adding.has(key(m)) && !doneKeys.has(key(m))),
  };
}

/**
 * Moves partitions in batches bounded per broker (`maxConcurrentMoves`), waiting for each to finish and reporting
 * progress in the operation's details: bytes copied of the total (finished moves, and what the brokers receiving the
 * moves in flight hold already), moves done and in flight, an ETA (the plan's until a rate has been measured, then the
 * measured rate's: `etaSource`), and the moves whose copy has not grown for 5 minutes (`stalledMoves`, as
 * topic-partition). When every move is done it records `plannedSeconds` (the plan's ETA) beside `actualSeconds` (from
 * the step's first start, pauses and worker changes included: `movingSince` is kept in the step's detail).
 * A pause stops submitting and waits for the moves in flight; a cancel also cancels them. Safe to run again: what the
 * cluster already shows as moved counts as done, and reassignments in flight are waited for, not submitted again.
 */
export const reassignPartitionsStep: StepExecutor<"reassignPartitions"> = async (context, args) => {
  const totalBytes = args.moves.reduce((n, m) => n + m.bytes, 0);
  const started = Date.now();
  const since = context.previous?.movingSince;
  const movingSince = typeof since === "string" && !Number.isNaN(Date.parse(since)) ? since : new Date().toISOString();
  if (since !== movingSince) await context.checkpoint?.({ movingSince });
  const planned = args.plannedSeconds === undefined ? {} : { plannedSeconds: args.plannedSeconds };
  let startBytes: number | undefined;
  let progress = new Map<string, MoveProgress>();
  for (;;) {
    const now = await state(context, args.moves);
    const copied = [...now.copied.values()].reduce((n, bytes) => n + bytes, 0);
    const doneBytes = now.done.reduce((n, m) => n + m.bytes, 0) + copied;
    const watched = watchStalls(progress, now.copied, Date.now(), STALL_MS);
    progress = watched.progress;
    startBytes ??= doneBytes;
    const eta = moveEta({
      totalBytes,
      doneBytes,
      measuredBytes: doneBytes - startBytes,
      measuredSeconds: (Date.now() - started) / 1000,
      ...planned,
    });
    await context.report({
      bytesMoved: doneBytes,
      bytesTotal: totalBytes,
      movesDone: now.done.length,
      movesTotal: args.moves.length,
      movesInFlight: now.inFlight.length,
      ...eta,
      stalledMoves: watched.stalled.map((move) => move.replace(/:(\d+)$/, "-$1")),
    });
    if (now.pending.length === 0 && now.inFlight.length === 0) {
      const actualSeconds = Math.round((Date.now() - Date.parse(movingSince)) / 1000);
      await context.report({ ...planned, actualSeconds });
      return { moves: args.moves.length, bytes: totalBytes, movingSince, ...planned, actualSeconds };
    }
    const stop = await context.interrupted();
    if (stop === "cancel" && now.inFlight.length > 0) {
      await context.admin.alterReassignments(
        now.inFlight.map((m) => ({ topic: m.topic, partition: m.partition, replicas: null })),
      );
      throw new StepInterrupted({ cancelledInFlight: now.inFlight.length, movesDone: now.done.length, movingSince });
    }
    // A stopping worker leaves at once: the moves in flight go on in Kafka and the next worker waits for them.
    if (stop === "stop" || (stop && now.inFlight.length === 0))
      throw new StepInterrupted({ movesDone: now.done.length, movingSince });
    if (!stop) {
      const batch = nextBatch(now.pending, now.inFlight, now.replicas, args.maxConcurrentMoves);
      if (batch.length > 0)
        await context.admin.alterReassignments(
          batch.map((m) => ({ topic: m.topic, partition: m.partition, replicas: m.replicas })),
        );
    }
    await sleep(POLL_MS);
  }
};
