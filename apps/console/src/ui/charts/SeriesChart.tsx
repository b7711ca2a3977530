import { useMemo, useState } from "react";
import { messageOf } from "../../api/client.js";
import { type SeriesRequest, useSeries } from "../../api/series.js";
import { alignSeries, type FigureUnit, RANGES, type RangeKey, rangeQuery } from "./chart-math.js";
import { TimeChart } from "./TimeChart.js";

export interface SeriesLine extends SeriesRequest {
  label: string;
}

interface Props {
  clusterId: string;
  title: string;
  unit: FigureUnit;
  lines: SeriesLine[];
  /** The range first shown (default the last hour); the switch offers the last hour, day and 30 days. */
  initialRange?: RangeKey;
}

/** The history of one or more figures (GET /clusters/{id}/series) as lines over the last hour, day or 30 days. */
export function SeriesChart({ clusterId, title, unit, lines, initialRange = "hour" }: Props) {
  const [range, setRange] = useState<RangeKey>(initialRange);
  const { from, to } = rangeQuery(range, Date.now());
  const series = useSeries(clusterId, lines, { from, to });
  const answers = series.answers;
  // The answers are new objects on every render: the chart's data changes only when a point does.
  const version = answers.map((a) => (a ? `${a.from}|${a.points.length}|${a.points.at(-1)?.at}` : "-")).join(",");
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the points' version, not the answers' identity
  const data = useMemo(() => alignSeries(answers.map((a) => a?.points ?? [])), [version]);
  const labels = lines.map((l) => l.label).join("\u0000");
  // biome-ignore lint/correctness/useExhaustiveDependencies: keyed by the labels, not the array's identity
  const chartLines = useMemo(() => lines.map((l) => ({ label: l.label })), [labels]);
  const resolution = answers.find((a) => a)?.resolution;
  return (
    <TimeChart
      title={title}
      unit={unit}
      lines={chartLines}
      data={data}
      empty={
        series.error
          ? `The history could not be read: ${messageOf(series.error)}`
          : series.isPending
            ? "Loading the history…"
            : "No history in this range yet: a point is recorded at each collection."
      }
      xRange={[Date.parse(from) / 1000, Date.parse(to) / 1000]}
      controls={<RangeSwitch value={range} onChange={setRange} label={title} />}
      note={
        resolution === "10m" || resolution === "1h" ? (
          <p className="text-xs text-slate-600 dark:text-slate-300">
            Each point: the mean of {resolution === "10m" ? "10-minute" : "hourly"} summaries.
          </p>
        ) : null
      }
    />
  );
}

/** The last hour, day or 30 days: a group of toggle buttons (the pressed one is the range shown). */
export function RangeSwitch({
  value,
  onChange,
  label,
}: {
  value: RangeKey;
  onChange: (range: RangeKey) => void;
  label: string;
}) {
  return (
    <fieldset className="flex gap-1" aria-label={`Range of ${label}`}>
      {(Object.keys(RANGES) as RangeKey[]).map((key) => (
        <button
          key={key}
          type="button"
          className={`btn px-2 py-0.5 text-xs ${value === key ? "btn-primary" : ""}`}
          aria-pressed={value === key}
          onClick={() => onChange(key)}
        >
          {RANGES[key].label}
        </button>
      ))}
    </fieldset>
  );
}
