/**
 * The pure part of the console's charts: units, ranges, series aligned on one time axis, the disk band, sparkline
 * paths, distributions and the data movement's progress against its plan. No React, no DOM: unit-tested in
 * apps/console/test/chart-math.test.ts.
 */

import { formatBytes } from "@kcp/api-client";

/** The units of the figure catalogue (libs/shared/src/schemas/series.ts). */
export type FigureUnit = "bytes/s" | "messages/s" | "bytes" | "percent" | "partitions" | "messages" | "node";

export interface SeriesPoint {
  at: string;
  value: number;
  min: number;
  max: number;
}

/** 1536 → "1.5 KiB", 0.4 → "0.4 B" (an axis of small rates) (binary units, as the rest of the console). */
export const axisBytes = (bytes: number): string => formatBytes(bytes, { axis: true });

/** A size as the console's pages show it: 1536 → "1.5 KiB", "–" when unknown. */
export const formatSize = (bytes: number | undefined): string => formatBytes(bytes, { missing: "–" });

/** 1234567 → "1.2M", 950 → "950", 12.34 → "12.3": counts and rates short enough for an axis. */
export function formatCount(value: number): string {
  const abs = Math.abs(value);
  if (abs >= 1e9) return `${trim(value / 1e9)}G`;
  if (abs >= 1e6) return `${trim(value / 1e6)}M`;
  if (abs >= 1e4) return `${trim(value / 1e3)}k`;
  if (Number.isInteger(value)) return String(value);
  return abs >= 100 ? value.toFixed(0) : trim(value);
}

function trim(value: number): string {
  return value.toFixed(1).replace(/\.0$/, "");
}

/** A figure's value as a reader wants it: "1.5 KiB/s", "12 msg/s", "45 %", "3,200 messages". */
export function formatFigure(value: number | null | undefined, unit: FigureUnit): string {
  if (value === null || value === undefined || Number.isNaN(value)) return "–";
  switch (unit) {
    case "bytes/s":
      return `${axisBytes(value)}/s`;
    case "bytes":
      return axisBytes(value);
    case "messages/s":
      return `${formatCount(value)} msg/s`;
    case "percent":
      return `${value.toFixed(value >= 10 || value === 0 ? 0 : 1)} %`;
    case "messages":
      return `${formatCount(Math.round(value))} messages`;
    case "partitions":
      return `${formatCount(Math.round(value))} partitions`;
    case "node":
      return `node ${Math.round(value)}`;
  }
}

/** The short form for an axis tick (no unit word: the chart's caption names it). */
export function formatTick(value: number, unit: FigureUnit): string {
  if (unit === "bytes/s" || unit === "bytes") return axisBytes(value).replace(".0 ", " ");
  if (unit === "percent") return `${formatCount(value)} %`;
  return formatCount(value);
}

export type RangeKey = "hour" | "day" | "month";

/**
 * The ranges a chart offers: the last hour from each collection's values, the last day and 30 days from the
 * 10-minute summaries (the service's choice for a range over 10 h; the 10 minutes under way come from their
 * collections, so a chart ends now).
 */
export const RANGES: Record<RangeKey, { label: string; seconds: number }> = {
  hour: { label: "Last hour", seconds: 3_600 },
  day: { label: "Last day", seconds: 86_400 },
  month: { label: "Last 30 days", seconds: 30 * 86_400 },
};

/** The query of a range ending now, in whole minutes (so that re-renders within a minute ask the same thing). */
export function rangeQuery(range: RangeKey, nowMs: number): { from: string; to: string } {
  const to = Math.ceil(nowMs / 60_000) * 60_000;
  return { from: new Date(to - RANGES[range].seconds * 1000).toISOString(), to: new Date(to).toISOString() };
}

/**
 * Several series on one time axis (what uPlot draws): the union of their instants in seconds, ascending, and per
 * series its mean at each instant or null where it has no point (drawn as a gap).
 */
export function alignSeries(series: readonly (readonly SeriesPoint[])[]): [number[], ...(number | null)[][]] {
  const instants = new Set<number>();
  const byInstant = series.map((points) => {
    const map = new Map<number, number>();
    for (const point of points) {
      const at = Math.round(Date.parse(point.at) / 1000);
      if (Number.isNaN(at)) continue;
      instants.add(at);
      map.set(at, point.value);
    }
    return map;
  });
  const xs = [...instants].sort((a, b) => a - b);
  return [xs, ...byInstant.map((map) => xs.map((x) => map.get(x) ?? null))];
}

export interface Band {
  mean: number;
  low: number;
  high: number;
  /** The indices of the values outside [low, high]. */
  outside: number[];
}

/** The mean of the values and the band ±fraction of it (disk per broker: ±10 %), with what lies outside it. */
export function band(values: readonly number[], fraction = 0.1): Band | undefined {
  if (values.length === 0) return undefined;
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  const low = mean * (1 - fraction);
  const high = mean * (1 + fraction);
  const outside = values.flatMap((v, i) => (v < low - 1e-9 || v > high + 1e-9 ? [i] : []));
  return { mean, low, high, outside };
}

/**
 * An SVG path through the values, scaled into width × height (y grows downwards), from the smallest to the largest
 * value (from 0 where every value is at least 0 and `fromZero`). Nulls break the line. A single value is a flat line.
 */
export function sparklinePath(
  values: readonly (number | null)[],
  width: number,
  height: number,
  fromZero = true,
): string {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length === 0) return "";
  const min = fromZero ? Math.min(0, ...present) : Math.min(...present);
  const max = Math.max(...present);
  const span = max - min || 1;
  const pad = 1;
  const y = (v: number) => round(pad + (height - 2 * pad) * (1 - (v - min) / span));
  if (values.length === 1) return `M0,${y(present[0] as number)}L${width},${y(present[0] as number)}`;
  const dx = width / (values.length - 1);
  let path = "";
  let pen = false;
  values.forEach((v, i) => {
    if (v === null || !Number.isFinite(v)) {
      pen = false;
      return;
    }
    path += `${pen ? "L" : "M"}${round(i * dx)},${y(v)}`;
    pen = true;
  });
  return path;
}

function round(n: number): number {
  return Math.round(n * 10) / 10;
}

export interface Summary {
  latest: number;
  min: number;
  max: number;
}

/** Latest, smallest and largest of the values present: what an accessible name says of a line. */
export function summarize(values: readonly (number | null)[]): Summary | undefined {
  const present = values.filter((v): v is number => v !== null && Number.isFinite(v));
  if (present.length === 0) return undefined;
  return { latest: present.at(-1) as number, min: Math.min(...present), max: Math.max(...present) };
}

/** How many times each key occurs, by key ascending (leaders per broker from the partitions' leaders). */
export function distribution(keys: readonly number[]): { key: number; count: number }[] {
  const counts = new Map<number, number>();
  for (const key of keys) counts.set(key, (counts.get(key) ?? 0) + 1);
  return [...counts].map(([key, count]) => ({ key, count })).sort((a, b) => a.key - b.key);
}

/** The n items with the largest value, largest first (ties keep their order); items of value ≤ 0 are left out. */
export function topBy<T>(items: readonly T[], n: number, value: (item: T) => number): T[] {
  return items
    .map((item, index) => ({ item, index, v: value(item) }))
    .filter((e) => e.v > 0)
    .sort((a, b) => b.v - a.v || a.index - b.index)
    .slice(0, n)
    .map((e) => e.item);
}

export interface ProgressSample {
  /** Milliseconds since the epoch. */
  at: number;
  bytes: number;
}

/**
 * A sample of the data moved added to those taken while the page is open: ignored when it repeats the last one's
 * bytes within `minGapMs`, the oldest dropped beyond `max`.
 */
export function addSample(
  samples: readonly ProgressSample[],
  sample: ProgressSample,
  max = 2_000,
  minGapMs = 5_000,
): ProgressSample[] {
  const last = samples.at(-1);
  if (last && (sample.at <= last.at || (sample.bytes === last.bytes && sample.at - last.at < minGapMs))) {
    return samples as ProgressSample[];
  }
  const next = [...samples, sample];
  return next.length > max ? next.slice(next.length - max) : next;
}

/**
 * The bytes the plan expected moved at `atMs`: linear from 0 at the start to the total after its ETA (the plan's
 * estimate of the movement), capped at the total.
 */
export function plannedBytes(startMs: number, plannedSeconds: number, totalBytes: number, atMs: number): number {
  if (plannedSeconds <= 0) return totalBytes;
  const fraction = Math.min(1, Math.max(0, (atMs - startMs) / (plannedSeconds * 1000)));
  return Math.round(totalBytes * fraction);
}

/** "4 min", "1 h 5 min", "45 s": a duration for a badge or an ETA. */
export function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  if (s < 60) return `${s} s`;
  const minutes = Math.round(s / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
}
