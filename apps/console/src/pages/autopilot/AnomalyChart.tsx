import { useState } from "react";
import type { Anomaly } from "../../api/autopilot.js";
import { ChartFrame } from "../../ui/charts/ChartFrame.js";
import {
  formatDuration,
  MARK_KINDS,
  type MarkKind,
  TIMELINE_RANGES,
  type TimelineRangeKey,
  timelineRows,
  timelineSummary,
  timelineTicks,
} from "../../ui/charts/timeline-math.js";

const TITLE = "Anomaly timeline";

/** A glyph per kind, so the shape says what the colour repeats (each tone at least 3:1 on its theme's card). */
const MARK: Record<MarkKind, { glyph: string; className: string }> = {
  acted: { glyph: "●", className: "text-emerald-700 dark:text-emerald-400" },
  proposed: { glyph: "◆", className: "text-sky-700 dark:text-sky-400" },
  refused: { glyph: "✕", className: "text-rose-700 dark:text-rose-400" },
};

const pct = (value: number) => `${(value * 100).toFixed(3)}%`;
const when = (at: string) => new Date(at).toLocaleString();

/**
 * The cluster's anomalies over the last 24 h or 7 days: one row per anomaly, a bar from when it was first seen to when
 * it cleared (to now, in amber, while it is still seen), and above it a mark where a policy acted, proposed an
 * operation or refused to. Plain HTML like the bar charts; a figure with its summary and a table of the same anomalies.
 */
export function AnomalyChart({ anomalies, nowMs }: { anomalies: readonly Anomaly[]; nowMs: number }) {
  const [range, setRange] = useState<TimelineRangeKey>("day");
  const { seconds, tickSeconds } = TIMELINE_RANGES[range];
  const rows = timelineRows(anomalies, nowMs, seconds);
  const byId = new Map(anomalies.map((a) => [a.id, a]));
  const ticks = timelineTicks(seconds, tickSeconds);
  const table = {
    columns: ["Anomaly", "First seen", "Cleared", "Seen for", "What the autopilot did"],
    rows: rows.map((row) => {
      const anomaly = byId.get(row.id);
      return [
        row.label,
        anomaly ? when(anomaly.firstSeenAt) : "",
        anomaly?.clearedAt ? when(anomaly.clearedAt) : "still seen",
        formatDuration(row.seconds),
        row.marks.length === 0
          ? "nothing in this range"
          : row.marks.map((m) => `${new Date(m.at).toLocaleString()} ${m.policy}: ${m.kind}`).join("; "),
      ];
    }),
  };
  return (
    <ChartFrame
      title={TITLE}
      summary={`${TIMELINE_RANGES[range].label.toLowerCase()}, ${timelineSummary(rows)}`}
      table={table}
      controls={
        <fieldset className="flex gap-1" aria-label={`Range of ${TITLE}`}>
          {(Object.keys(TIMELINE_RANGES) as TimelineRangeKey[]).map((key) => (
            <button
              key={key}
              type="button"
              className={`btn px-2 py-0.5 text-xs ${range === key ? "btn-primary" : ""}`}
              aria-pressed={range === key}
              onClick={() => setRange(key)}
            >
              {TIMELINE_RANGES[key].label}
            </button>
          ))}
        </fieldset>
      }
      footer={
        <p className="flex flex-wrap gap-3 text-xs text-slate-600 dark:text-slate-300" aria-hidden="true">
          <span className="flex items-center gap-1">
            <span className="inline-block h-2 w-4 rounded bg-amber-600 dark:bg-amber-400" /> still seen
          </span>
          <span className="flex items-center gap-1">
            <span className="inline-block h-2 w-4 rounded bg-slate-500 dark:bg-slate-400" /> cleared
          </span>
          {MARK_KINDS.map((kind) => (
            <span key={kind} className="flex items-center gap-1">
              <span className={MARK[kind].className}>{MARK[kind].glyph}</span> {kind}
            </span>
          ))}
        </p>
      }
    >
      {rows.length === 0 ? (
        <p className="text-sm">No anomaly in the {TIMELINE_RANGES[range].label.toLowerCase()}.</p>
      ) : (
        <div className="text-sm" data-testid="anomaly-timeline">
          <ul className="space-y-1">
            {rows.map((row) => (
              <li key={row.id} className="grid grid-cols-[minmax(6rem,14rem)_1fr_minmax(6rem,auto)] items-center gap-2">
                <span className="truncate" title={row.label}>
                  {row.label}
                </span>
                <span className="relative block h-8 border-x border-slate-300 dark:border-slate-600">
                  <span
                    className={`absolute top-5 block h-2 rounded ${
                      row.open ? "bg-amber-600 dark:bg-amber-400" : "bg-slate-500 dark:bg-slate-400"
                    } ${row.startsBefore ? "rounded-l-none" : ""}`}
                    style={{ left: pct(row.start), width: `max(3px, ${pct(row.end - row.start)})` }}
                  />
                  {row.marks.map((mark) => (
                    <span
                      key={`${mark.at}-${mark.policy}-${mark.kind}`}
                      className={`absolute top-0 -translate-x-1/2 text-sm leading-5 ${MARK[mark.kind].className}`}
                      style={{ left: pct(mark.position) }}
                    >
                      {MARK[mark.kind].glyph}
                    </span>
                  ))}
                </span>
                <span className="text-xs tabular-nums">
                  {row.open ? "open" : "cleared"}, {formatDuration(row.seconds)}
                </span>
              </li>
            ))}
          </ul>
          <div className="grid grid-cols-[minmax(6rem,14rem)_1fr_minmax(6rem,auto)] gap-2 text-xs text-slate-600 dark:text-slate-300">
            <span />
            <span className="relative block h-4">
              {ticks.map((tick, i) => (
                <span
                  key={tick.label}
                  className={`absolute top-0 whitespace-nowrap ${
                    i === 0 ? "" : i === ticks.length - 1 ? "-translate-x-full" : "-translate-x-1/2"
                  }`}
                  style={{ left: pct(tick.position) }}
                >
                  {tick.label}
                </span>
              ))}
            </span>
            <span />
          </div>
        </div>
      )}
    </ChartFrame>
  );
}
