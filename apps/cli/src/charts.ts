import { formatBytes, table } from "./output.js";

/** The eight block heights of a sparkline, lowest first. */
export const BLOCKS = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"] as const;
/** A bar's partial last cell, in eighths (index 1 = one eighth). */
const EIGHTHS = ["", "▏", "▎", "▍", "▌", "▋", "▊", "▉"] as const;

/** Pure: `values` in at most `width` buckets, each the mean of its values (order kept). */
export function resample(values: readonly number[], width: number): number[] {
  if (values.length <= width || width <= 0) return [...values];
  const buckets: number[] = [];
  for (let b = 0; b < width; b++) {
    const from = Math.floor((b * values.length) / width);
    const to = Math.floor(((b + 1) * values.length) / width);
    const slice = values.slice(from, Math.max(to, from + 1));
    buckets.push(slice.reduce((sum, v) => sum + v, 0) / slice.length);
  }
  return buckets;
}

/**
 * Pure: a sparkline of Unicode blocks, one per value (resampled to `width` when there are more). Heights run from
 * zero (or the lowest value, if negative) to the highest, so a flat line at a high rate and a flat line at zero look
 * different only by the number beside them, and a small wobble is not drawn as a cliff.
 */
export function sparkline(values: readonly number[], width = 30): string {
  const finite = values.filter((v) => Number.isFinite(v));
  if (finite.length === 0) return "";
  const points = resample(finite, width);
  const low = Math.min(0, ...points);
  const high = Math.max(...points);
  if (high === low) return BLOCKS[0].repeat(points.length);
  return points
    .map((v) => BLOCKS[Math.min(7, Math.max(0, Math.round(((v - low) / (high - low)) * 7)))] as string)
    .join("");
}

/** Pure: a bar of `width` cells filled to `percent` (eighths of a cell), then the percentage; "-" when unknown. */
export function bar(percent: number | undefined, width = 20): string {
  if (percent === undefined || !Number.isFinite(percent)) return `[${" ".repeat(width)}]    -`;
  const ratio = Math.min(1, Math.max(0, percent / 100));
  const eighths = Math.round(ratio * width * 8);
  const full = Math.floor(eighths / 8);
  const partial = EIGHTHS[eighths % 8] as string;
  const cells = `${"█".repeat(full)}${partial}`;
  return `[${cells}${" ".repeat(width - full - (partial ? 1 : 0))}] ${`${Math.round(percent)}%`.padStart(4)}`;
}

/** Pure: a count for people: 950, 12.3k, 4.5M, 1.2G. */
export function formatCount(value: number): string {
  const abs = Math.abs(value);
  if (abs < 1000) return Number.isInteger(value) ? String(value) : value.toFixed(abs < 10 ? 1 : 0);
  const [divisor, unit] = abs < 1e6 ? [1e3, "k"] : abs < 1e9 ? [1e6, "M"] : [1e9, "G"];
  return `${(value / divisor).toFixed(1)}${unit}`;
}

/** Pure: seconds for people: 45s, 12m, 1h05m, 3d. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m`;
  if (s < 86400) return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, "0")}m`;
  return `${Math.floor(s / 86400)}d`;
}

/** Pure: a value in its figure's unit, for people. */
export function formatValue(value: number | undefined, unit: string): string {
  if (value === undefined || !Number.isFinite(value)) return "-";
  switch (unit) {
    case "bytes/s":
      return `${formatBytes(value)}/s`;
    case "bytes":
      return formatBytes(value);
    case "messages/s":
      return `${formatCount(value)}/s`;
    case "percent":
      return `${value.toFixed(1)}%`;
    case "node":
      return String(Math.round(value));
    default:
      return formatCount(value);
  }
}

/** How a group's lag grew, as the group list carries it. */
export interface LagGrowthShown {
  growingForSeconds: number;
  perSecond: number;
}

/** Pure: "growing 12m at 35/s" (an hour or more: "growing ≥1h .."); "-" when the lag does not grow. */
export function growthText(growth: LagGrowthShown | undefined): string {
  if (!growth) return "-";
  const since = growth.growingForSeconds >= 3600 ? "≥1h" : formatDuration(growth.growingForSeconds);
  return `growing ${since} at ${formatCount(growth.perSecond)}/s`;
}

/** What one frame of kcp top shows: read from the service, drawn by topFrame. */
export interface TopData {
  cluster: { id: string; name: string };
  health: {
    status: string;
    brokers?: number | undefined;
    brokersAlive?: number | undefined;
    partitions?: number | undefined;
    underReplicated?: number | undefined;
    underMinIsr?: number | undefined;
    offlinePartitions?: number | undefined;
    issues: { code: string }[];
  };
  /** When the view was stored (the last collection). */
  updatedAt: string;
  /** Throughput in and out: the last measured rate and the last hour's points, oldest first. */
  throughput: { label: string; perSecond: number | undefined; recent: number[] }[];
  brokers: {
    id: number;
    host: string;
    alive: boolean;
    usedPercent: number | undefined;
    dataBytes: number;
    leaders: number;
    bytesInPerSec: number | undefined;
  }[];
  /** The groups with the most lag, most first. */
  lags: { id: string; lag: number; growth: LagGrowthShown | undefined; recent: number[] }[];
  groups: number;
  /** Why a part could not be read (e.g. the history), shown under the frame. */
  notes: string[];
}

const SPARK_WIDTH = 30;

/** Pure: one frame of kcp top, lines no wider than `columns` (cut, never wrapped). */
export function topFrame(data: TopData, options: { now: Date; intervalSeconds?: number; columns?: number }): string {
  const h = data.health;
  const age = (options.now.getTime() - Date.parse(data.updatedAt)) / 1000;
  const count = (n: number | undefined) => (n === undefined ? "-" : String(n));
  const lines = [
    `${data.cluster.name}  ${h.status.toUpperCase()}  brokers ${count(h.brokersAlive)}/${count(h.brokers)}  partitions ${count(h.partitions)}  under-replicated ${count(h.underReplicated)}  under-min-ISR ${count(h.underMinIsr)}  offline ${count(h.offlinePartitions)}`,
    `collected ${data.updatedAt.replace(/\.\d+Z$/, "Z")} (${Number.isFinite(age) ? formatDuration(age) : "-"} ago)${h.issues.length > 0 ? `  issues: ${h.issues.map((i) => i.code).join(", ")}` : ""}`,
    "",
    table(
      ["THROUGHPUT", "NOW", "LAST HOUR"],
      data.throughput.map((t) => [
        t.label,
        formatValue(t.perSecond, "bytes/s"),
        sparkline(t.recent, SPARK_WIDTH) || "-",
      ]),
    ),
    "",
    data.brokers.length === 0
      ? "DISK: no broker in the last collection"
      : table(
          ["BROKER", "HOST", "DISK USED", "DATA", "LEADERS", "IN"],
          data.brokers.map((b) => [
            b.alive ? String(b.id) : `${b.id} (down)`,
            b.host,
            bar(b.usedPercent),
            formatBytes(b.dataBytes),
            String(b.leaders),
            formatValue(b.bytesInPerSec, "bytes/s"),
          ]),
        ),
    "",
    data.lags.length === 0
      ? `LAG: no group lags (${data.groups} groups)`
      : [
          `WORST LAGS (${data.lags.length} of ${data.groups} groups)`,
          table(
            ["GROUP", "LAG", "LAST HOUR", "TREND"],
            data.lags.map((g) => [
              g.id,
              formatCount(g.lag),
              sparkline(g.recent, SPARK_WIDTH) || "-",
              growthText(g.growth),
            ]),
          ),
        ].join("\n"),
    ...(data.notes.length > 0 ? ["", ...data.notes.map((n) => `note: ${n}`)] : []),
    ...(options.intervalSeconds !== undefined
      ? ["", `refreshes every ${options.intervalSeconds} s; q or Ctrl-C quits`]
      : []),
  ];
  const text = lines.join("\n");
  const columns = options.columns;
  return columns && columns > 0
    ? text
        .split("\n")
        .map((line) => (line.length > columns ? line.slice(0, columns) : line))
        .join("\n")
    : text;
}
