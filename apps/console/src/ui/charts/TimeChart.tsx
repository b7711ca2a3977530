import { lazy, type ReactNode, Suspense, useMemo, useState } from "react";
import { ChartFrame } from "./ChartFrame.js";
import { type FigureUnit, formatFigure, summarize } from "./chart-math.js";
import { seriesColour, useDarkTheme } from "./theme-colours.js";
import type { UplotLine } from "./UplotChart.js";

const UplotChart = lazy(() => import("./UplotChart.js"));

const HEIGHT = 220;

interface Props {
  title: string;
  unit: FigureUnit;
  lines: UplotLine[];
  /** x in seconds since the epoch, then one array per line. */
  data: [number[], ...(number | null)[][]];
  controls?: ReactNode;
  /** Said instead of the chart while there is no point. */
  empty: string;
  /** A note beneath the chart (e.g. the ETA). */
  note?: ReactNode;
  /** The time axis' bounds in seconds since the epoch (the range asked for). */
  xRange?: [number, number];
}

const time = (seconds: number, long: boolean) =>
  new Date(seconds * 1000).toLocaleString("en-GB", {
    ...(long ? { day: "numeric", month: "short" } : {}),
    hour: "2-digit",
    minute: "2-digit",
  });

/**
 * Lines over time (uPlot, loaded when the first one is drawn) with a legend of each line's latest value, the values
 * under the pointer, and the table of every point.
 */
export function TimeChart({ title, unit, lines, data, controls, empty, note, xRange }: Props) {
  const dark = useDarkTheme();
  const [hover, setHover] = useState<number | null>(null);
  const xs = data[0];
  const span = xRange ? xRange[1] - xRange[0] : xs.length > 1 ? (xs.at(-1) as number) - (xs[0] as number) : 0;
  const long = span >= 86_400;
  const table = useMemo(
    () => ({
      columns: ["Time", ...lines.map((l) => l.label)],
      rows: xs.map((x, i) => [time(x, long), ...lines.map((_, l) => formatFigure(data[l + 1]?.[i], unit))]),
    }),
    [xs, lines, data, unit, long],
  );
  const summaries = lines.map((line, l) => ({ line, summary: summarize(data[l + 1] ?? []) }));
  const summary =
    xs.length === 0
      ? empty
      : `${xs.length} point${xs.length === 1 ? "" : "s"} from ${time(xs[0] as number, long)} to ${time(xs.at(-1) as number, long)}. ${summaries
          .map(({ line, summary: s }) =>
            s
              ? `${line.label}: latest ${formatFigure(s.latest, unit)}, lowest ${formatFigure(s.min, unit)}, highest ${formatFigure(s.max, unit)}`
              : `${line.label}: no value`,
          )
          .join("; ")}.`;
  return (
    <ChartFrame
      title={title}
      summary={summary}
      table={table}
      controls={controls}
      footer={
        <>
          <ul className="flex flex-wrap gap-x-4 gap-y-1 text-sm" aria-hidden="true">
            {summaries.map(({ line, summary: s }, l) => (
              <li key={line.label} className="flex items-center gap-1">
                <svg width="16" height="4" aria-hidden="true">
                  <line
                    x1="0"
                    y1="2"
                    x2="16"
                    y2="2"
                    stroke={seriesColour(l, dark)}
                    strokeWidth="3"
                    strokeDasharray={line.dashed ? "4 2" : undefined}
                  />
                </svg>
                {line.label}:{" "}
                <strong>
                  {formatFigure(hover !== null ? data[l + 1]?.[hover] : s?.latest, unit)}
                  {hover !== null && xs[hover] !== undefined ? ` at ${time(xs[hover] as number, long)}` : ""}
                </strong>
              </li>
            ))}
          </ul>
          {note}
        </>
      }
    >
      {xs.length === 0 ? (
        <p className="flex h-24 items-center justify-center text-sm text-slate-600 dark:text-slate-300">{empty}</p>
      ) : (
        <Suspense fallback={<div className="h-[220px]" />}>
          <UplotChart
            data={data}
            lines={lines}
            unit={unit}
            dark={dark}
            height={HEIGHT}
            xRange={xRange}
            onCursor={setHover}
          />
        </Suspense>
      )}
    </ChartFrame>
  );
}
