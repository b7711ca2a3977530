import { ChartFrame } from "./ChartFrame.js";
import { type Band, band as bandOf } from "./chart-math.js";

export interface BarRow {
  label: string;
  /** One value per series (e.g. before and after). */
  values: number[];
}

interface Props {
  title: string;
  rows: BarRow[];
  /** The series' names (one: the chart's value; two: before and after). */
  series: string[];
  format: (value: number) => string;
  /** Draw the mean of the first series and the band ±10 % around it, and say which rows lie outside. */
  withBand?: boolean;
  /** A value marked across every row (e.g. a lower bound). */
  marker?: { value: number; label: string };
  /** A note under the bars (e.g. "the 50 largest of 1,200"). */
  note?: string;
}

/** Bar tones per series: the first is "before" where there are two (slate), the last the current value (sky). */
const TONES = [["bg-sky-700 dark:bg-sky-400"], ["bg-slate-500 dark:bg-slate-400", "bg-sky-700 dark:bg-sky-400"]];

const pct = (value: number, max: number) => `${Math.max(0, Math.min(100, (value / max) * 100))}%`;

/**
 * Horizontal bars, one row per item (broker, partition), scaled to the largest value, with the value written at the
 * end of each row. Plain HTML (widths set through the DOM, which the CSP allows), no chart library.
 */
export function BarChart({ title, rows, series, format, withBand, marker, note }: Props) {
  const first = rows.map((r) => r.values[0] ?? 0);
  const band: Band | undefined = withBand ? bandOf(first) : undefined;
  const max = Math.max(1e-9, ...rows.flatMap((r) => r.values), band?.high ?? 0, marker?.value ?? 0);
  const tones = TONES[Math.min(series.length, 2) - 1] ?? TONES[0];
  const place = (i: number) =>
    band?.outside.includes(i) ? ((rows[i]?.values[0] ?? 0) > band.mean ? "above the band" : "below the band") : "";
  const summary = [
    `${rows.length} bar${rows.length === 1 ? "" : "s"}`,
    band
      ? `mean ${format(band.mean)}, band ${format(band.low)} to ${format(band.high)}, ${band.outside.length} outside it`
      : "",
    marker ? `${marker.label} ${format(marker.value)}` : "",
  ]
    .filter(Boolean)
    .join("; ");
  const table = {
    columns: ["", ...series, ...(band ? ["Against the mean ±10 %"] : [])],
    rows: rows.map((r, i) => [r.label, ...r.values.map(format), ...(band ? [place(i) || "within the band"] : [])]),
  };
  return (
    <ChartFrame
      title={title}
      summary={summary}
      table={table}
      footer={
        <div className="space-y-1 text-xs text-slate-600 dark:text-slate-300" aria-hidden="true">
          {series.length > 1 ? (
            <p className="flex flex-wrap gap-3">
              {series.map((name, s) => (
                <span key={name} className="flex items-center gap-1">
                  <span className={`inline-block h-2 w-4 rounded ${tones?.[s] ?? ""}`} /> {name}
                </span>
              ))}
            </p>
          ) : null}
          {band ? (
            <p>
              Line: the mean ({format(band.mean)}); shaded: ±10 % ({format(band.low)} – {format(band.high)}).
            </p>
          ) : null}
          {marker ? (
            <p>
              Dashed line: {marker.label} ({format(marker.value)}).
            </p>
          ) : null}
          {note ? <p>{note}</p> : null}
        </div>
      }
    >
      <ul className="space-y-1 text-sm">
        {rows.map((row, i) => (
          <li key={row.label} className="grid grid-cols-[minmax(4rem,9rem)_1fr_minmax(7rem,auto)] items-center gap-2">
            <span className="truncate">{row.label}</span>
            <span className="relative block py-0.5">
              {band ? (
                <span
                  className="absolute inset-y-0 block border-x border-emerald-700 bg-emerald-600/15 dark:border-emerald-400 dark:bg-emerald-400/15"
                  style={{ left: pct(band.low, max), width: pct(band.high - band.low, max) }}
                />
              ) : null}
              {row.values.map((value, s) => (
                <span
                  // biome-ignore lint/suspicious/noArrayIndexKey: one bar per series, in order
                  key={s}
                  className={`relative my-0.5 block h-2.5 rounded-r ${tones?.[s] ?? ""}`}
                  style={{ width: value > 0 ? `max(2px, ${pct(value, max)})` : "0" }}
                />
              ))}
              {band ? (
                <span
                  className="absolute inset-y-0 block w-0.5 bg-slate-900 dark:bg-slate-100"
                  style={{ left: pct(band.mean, max) }}
                />
              ) : null}
              {marker ? (
                <span
                  className="absolute inset-y-0 block border-l-2 border-dashed border-rose-700 dark:border-rose-400"
                  style={{ left: pct(marker.value, max) }}
                />
              ) : null}
            </span>
            <span className="tabular-nums">
              {row.values.map(format).join(" → ")}
              {place(i) ? <em className="ml-1 text-xs">({place(i)})</em> : null}
            </span>
          </li>
        ))}
      </ul>
    </ChartFrame>
  );
}
