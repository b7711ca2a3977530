/** What a move in flight has copied, and since when that figure has not grown. */
export interface MoveProgress {
  bytes: number;
  since: number;
}

/**
 * Pure: the progress of the moves in flight after a new reading (`copied`, bytes by move) at `now`, and the moves
 * whose copy has not grown for `stallMs` or more (a target broker gone, a throttle too low): shown to the user, who can
 * pause, cancel or raise the throttle. Moves no longer in flight are forgotten.
 */
export function watchStalls(
  previous: ReadonlyMap<string, MoveProgress>,
  copied: ReadonlyMap<string, number>,
  now: number,
  stallMs: number,
): { progress: Map<string, MoveProgress>; stalled: string[] } {
  const progress = new Map<string, MoveProgress>();
  for (const [move, bytes] of copied) {
    const before = previous.get(move);
    progress.set(move, before && before.bytes >= bytes ? before : { bytes, since: now });
  }
  const stalled = [...progress].filter(([, p]) => now - p.since >= stallMs).map(([move]) => move);
  return { progress, stalled: stalled.sort() };
}
