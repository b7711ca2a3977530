import { formatBytes } from "../topics/TopicsPage.js";

/** What the data-moving steps report into the operation's details while they run (libs/operations step kinds). */
interface Movement {
  bytesMoved?: number;
  bytesTotal?: number;
  movesDone?: number;
  movesTotal?: number;
  movesInFlight?: number;
  etaSeconds?: number | null;
  etaSource?: "measured" | "planned" | null;
  measuredBytesPerSec?: number;
  stalledMoves?: string[];
  plannedSeconds?: number;
  actualSeconds?: number;
}

/** Bytes copied of the total, moves done and in flight, the ETA (measured once copying has run a while), stalls. */
export function MovementProgress({ details }: { details: Record<string, unknown> }) {
  const m = details as Movement;
  if (m.bytesTotal === undefined) return null;
  return (
    <section aria-labelledby="movement" className="card space-y-2">
      <h2 id="movement" className="text-lg font-semibold">
        Data movement
      </h2>
      <progress className="w-full" max={Math.max(1, m.bytesTotal)} value={m.bytesMoved ?? 0} aria-label="Data copied" />
      <p className="text-sm">
        {formatBytes(m.bytesMoved ?? 0)} of {formatBytes(m.bytesTotal)} copied; {m.movesDone ?? 0} of{" "}
        {m.movesTotal ?? 0} moves done, {m.movesInFlight ?? 0} in flight
        {m.measuredBytesPerSec ? `, ${formatBytes(m.measuredBytesPerSec)}/s` : ""}.
        {m.etaSeconds !== undefined && m.etaSeconds !== null
          ? ` About ${m.etaSeconds} s left (${m.etaSource === "measured" ? "measured rate" : "planned rate"}).`
          : ""}
        {m.actualSeconds !== undefined ? ` Took ${m.actualSeconds} s (planned ${m.plannedSeconds ?? "–"} s).` : ""}
      </p>
      {m.stalledMoves && m.stalledMoves.length > 0 ? (
        <p role="alert" className="text-sm">
          Not progressing: {m.stalledMoves.join(", ")}
        </p>
      ) : null}
    </section>
  );
}
