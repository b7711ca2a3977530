import { useRef } from "react";
import { useSeries } from "../../api/series.js";
import { type FigureUnit, formatFigure, rangeQuery, summarize } from "../../ui/charts/chart-math.js";
import { Sparkline } from "../../ui/charts/Sparkline.js";
import { useVisible } from "../../ui/charts/useVisible.js";

/** Seconds per point of a card's sparkline: the last hour in 30 points. */
const STEP = 120;

const LINES = [
  { figure: "cluster.bytesInPerSec", label: "Throughput in", unit: "bytes/s" },
  { figure: "cluster.maxGroupLag", label: "Worst group lag", unit: "messages" },
] as const;

/**
 * A card's last hour: the throughput in and the worst lag of a group, as sparklines with their latest values. Fetched
 * only once the card comes into view (the overview may list a hundred clusters).
 */
export function ClusterSparklines({ clusterId, name }: { clusterId: string; name: string }) {
  const box = useRef<HTMLDivElement>(null);
  const visible = useVisible(box);
  const { from, to } = rangeQuery("hour", Date.now());
  const series = useSeries(clusterId, LINES, { from, to, step: STEP, enabled: visible });
  return (
    <div ref={box} className="grid grid-cols-2 gap-3 text-sm">
      {LINES.map((line, i) => {
        const points = series.answers[i]?.points ?? [];
        return (
          <Trend
            key={line.figure}
            label={line.label}
            cluster={name}
            unit={line.unit}
            points={points}
            colour={i}
            loaded={series.answers[i] !== undefined}
          />
        );
      })}
    </div>
  );
}

function Trend(props: {
  label: string;
  cluster: string;
  unit: FigureUnit;
  points: { at: string; value: number }[];
  colour: number;
  loaded: boolean;
}) {
  const values = props.points.map((p) => p.value);
  const summary = summarize(values);
  const name = summary
    ? `${props.label} of ${props.cluster}, last hour: latest ${formatFigure(summary.latest, props.unit)}, lowest ${formatFigure(summary.min, props.unit)}, highest ${formatFigure(summary.max, props.unit)}`
    : `${props.label} of ${props.cluster}, last hour: no history yet`;
  return (
    <div className="space-y-1">
      <div className="flex items-baseline justify-between gap-2">
        <span className="text-slate-600 dark:text-slate-300">{props.label}</span>
        <span className="font-medium tabular-nums">{summary ? formatFigure(summary.latest, props.unit) : "–"}</span>
      </div>
      {props.loaded ? (
        <Sparkline values={values} label={name} width={160} height={28} colour={props.colour} />
      ) : (
        <div className="h-7" />
      )}
      {props.points.length > 0 ? (
        <table className="sr-only">
          <caption>
            {props.label} of {props.cluster}, last hour
          </caption>
          <thead>
            <tr>
              <th scope="col">Time</th>
              <th scope="col">{props.label}</th>
            </tr>
          </thead>
          <tbody>
            {props.points.map((p) => (
              <tr key={p.at}>
                <td>{new Date(p.at).toLocaleTimeString("en-GB", { hour: "2-digit", minute: "2-digit" })}</td>
                <td>{formatFigure(p.value, props.unit)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
