import { useEffect, useMemo, useState } from "react";
import type { Operation } from "../../api/operations.js";
import {
  addSample,
  formatDuration,
  formatSize,
  type ProgressSample,
  plannedBytes,
} from "../../ui/charts/chart-math.js";
import { TimeChart } from "../../ui/charts/TimeChart.js";

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
export function MovementProgress({ operation, details }: { operation: Operation; details: Record<string, unknown> }) {
  const m = details as Movement;
  if (m.bytesTotal === undefined) return null;
  return <MovementView operation={operation} m={m} bytesTotal={m.bytesTotal} />;
}

function MovementView({ operation, m, bytesTotal }: { operation: Operation; m: Movement; bytesTotal: number }) {
  return (
    <section aria-labelledby="movement" className="card space-y-2">
      <h2 id="movement" className="text-lg font-semibold">
        Data movement
      </h2>
      <progress className="w-full" max={Math.max(1, bytesTotal)} value={m.bytesMoved ?? 0} aria-label="Data copied" />
      <p className="text-sm">
        {formatSize(m.bytesMoved ?? 0)} of {formatSize(bytesTotal)} copied; {m.movesDone ?? 0} of {m.movesTotal ?? 0}{" "}
        moves done, {m.movesInFlight ?? 0} in flight
        {m.measuredBytesPerSec ? `, ${formatSize(m.measuredBytesPerSec)}/s` : ""}.
        {m.etaSeconds !== undefined && m.etaSeconds !== null
          ? ` About ${m.etaSeconds} s left (${m.etaSource === "measured" ? "measured rate" : "planned rate"}).`
          : ""}
        {m.actualSeconds !== undefined ? ` Took ${m.actualSeconds} s (planned ${m.plannedSeconds ?? "–"} s).` : ""}
      </p>
      <MovementChart operation={operation} bytesMoved={m.bytesMoved} bytesTotal={bytesTotal} m={m} />
      {m.stalledMoves && m.stalledMoves.length > 0 ? (
        <p role="alert" className="text-sm">
          Not progressing: {m.stalledMoves.join(", ")}
        </p>
      ) : null}
    </section>
  );
}

/**
 * Bytes moved over time against the plan: the service keeps no history of an operation's progress, so the page
 * samples it (each poll, every second while it runs) from when it was opened; the plan's line runs from 0 at the
 * start to the total at the planned duration.
 */
function MovementChart(props: { operation: Operation; bytesMoved?: number; bytesTotal: number; m: Movement }) {
  const { operation, bytesMoved, bytesTotal, m } = props;
  const [samples, setSamples] = useState<ProgressSample[]>([]);
  useEffect(() => {
    if (bytesMoved === undefined) return;
    setSamples((previous) => addSample(previous, { at: Date.now(), bytes: bytesMoved }, 2_000, 5_000));
  }, [bytesMoved]);
  const start = Date.parse(operation.startedAt ?? "") || samples[0]?.at;
  const planned = m.plannedSeconds ?? operation.plan?.etaSeconds;
  const data = useMemo((): [number[], (number | null)[], (number | null)[]] => {
    const xs = samples.map((s) => s.at);
    if (start !== undefined && planned !== undefined) xs.push(start, start + planned * 1000);
    const instants = [...new Set(xs)].sort((a, b) => a - b);
    const moved = new Map(samples.map((s) => [s.at, s.bytes]));
    return [
      instants.map((x) => x / 1000),
      instants.map((x) => moved.get(x) ?? null),
      instants.map((x) =>
        start !== undefined && planned !== undefined ? plannedBytes(start, planned, bytesTotal, x) : null,
      ),
    ];
  }, [samples, start, planned, bytesTotal]);
  if (samples.length < 2) return null;
  const lines = [{ label: "Moved" }, { label: "Planned", dashed: true }];
  return (
    <TimeChart
      title="Data moved against the plan"
      unit="bytes"
      lines={lines}
      data={data}
      empty="No sample yet."
      note={
        <p className="text-xs text-slate-600 dark:text-slate-300">
          Sampled while this page is open.
          {m.etaSeconds !== undefined && m.etaSeconds !== null
            ? ` ETA: about ${formatDuration(m.etaSeconds)} left, ${new Date(Date.now() + m.etaSeconds * 1000).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })} (${m.etaSource === "measured" ? "measured rate" : "planned rate"}).`
            : ""}
          {planned !== undefined ? ` Planned duration: ${formatDuration(planned)}.` : ""}
        </p>
      }
    />
  );
}
