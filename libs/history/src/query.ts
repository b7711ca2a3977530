import {
  FIGURES,
  type FigureName,
  MAX_SERIES_POINTS,
  type Refusal,
  SERIES_HOURLY_STEP_MS,
  SERIES_RAW_RETENTION_MS,
  SERIES_SUMMARY_STEP_MS,
  type SeriesPoint,
  type SeriesQuery,
  type SeriesResolution,
  type SeriesResponse,
} from "@kcp/shared";
import { frameNameOf, seriesKey } from "./samples.js";

/** What a series is read from: each collection's frames, or 10-minute or hourly summaries. */
export type Resolution = SeriesResolution;

/** The span of a summary of each resolution. */
export const SPAN_MS: Record<Exclude<Resolution, "collection">, number> = {
  "10m": SERIES_SUMMARY_STEP_MS,
  "1h": SERIES_HOURLY_STEP_MS,
};

/** What to read for a series query: the part, the resolution and the range, with the step in milliseconds. */
export interface SeriesRead {
  figure: FigureName;
  entity: string;
  key: string;
  /** The frame the series is written in (`cluster`, `topics.3`, …). */
  frame: string;
  resolution: Resolution;
  from: Date;
  to: Date;
  stepMs: number;
}

const DEFAULT_RANGE_MS = 3600_000;
const DEFAULT_POINTS = 300;
const MIN_DEFAULT_STEP_S = 10;
const DEFAULT_SUMMARY_RANGE_MS = 10 * 3600_000;
const DEFAULT_HOURLY_RANGE_MS = 3 * 24 * 3600_000;

/**
 * Decides what a series query reads: the range (default the last hour), the step (default the range in 300 points,
 * at least 10 s), and the resolution — each collection's values while the range lies within the last 24 h and the step
 * is under 10 minutes (and, when no step is asked for, the range is at most 10 h); else the hourly summaries for a step
 * of an hour or more (or, unasked, a range over 3 days), else the 10-minute summaries — the step then a multiple of
 * the summaries' span. Refused: an entity where the
 * figure has none or none where it needs one, an empty range, more than 1,000 points.
 */
export function readOf(query: SeriesQuery, now: Date): SeriesRead | Refusal {
  const definition = FIGURES[query.figure];
  const needsEntity = definition.entity !== "cluster";
  if (needsEntity && query.entity === undefined)
    return { code: "validation_failed", message: `entity: ${query.figure} is a figure of a ${definition.entity}` };
  if (!needsEntity && query.entity !== undefined)
    return { code: "validation_failed", message: `entity: ${query.figure} is a figure of the cluster itself` };
  const to = query.to ?? now;
  const from = query.from ?? new Date(to.getTime() - DEFAULT_RANGE_MS);
  const rangeMs = to.getTime() - from.getTime();
  if (!(rangeMs > 0)) return { code: "validation_failed", message: "from: must be before to" };
  let stepMs = (query.step ?? Math.max(MIN_DEFAULT_STEP_S, Math.ceil(rangeMs / DEFAULT_POINTS / 1000))) * 1000;
  const recent = from.getTime() >= now.getTime() - SERIES_RAW_RETENTION_MS;
  // Unasked, a range over 10 h is drawn from the summaries (a day: 144 points of 10 minutes, read from 144 frames
  // instead of 2,880); a step asked for is honoured where the collections can give it.
  const unasked = query.step === undefined;
  const wide = unasked && rangeMs > DEFAULT_SUMMARY_RANGE_MS;
  // Days are read from the hourly summaries: a step of an hour or more, or an unasked range over 3 days (30 days:
  // 720 frames read instead of 4,320).
  const hourly = stepMs >= SERIES_HOURLY_STEP_MS || (unasked && rangeMs > DEFAULT_HOURLY_RANGE_MS);
  const resolution: Resolution =
    recent && !wide && stepMs < SERIES_SUMMARY_STEP_MS ? "collection" : hourly ? "1h" : "10m";
  if (resolution !== "collection") {
    const span = SPAN_MS[resolution];
    stepMs = Math.max(span, Math.ceil(stepMs / span) * span);
  }
  const points = Math.ceil(rangeMs / stepMs);
  if (points > MAX_SERIES_POINTS)
    return {
      code: "validation_failed",
      message: `step: ${stepMs / 1000} s over this range is ${points} points; at most ${MAX_SERIES_POINTS} (a step of at least ${Math.ceil(rangeMs / MAX_SERIES_POINTS / 1000)} s)`,
    };
  const entity = query.entity ?? "";
  return {
    figure: query.figure,
    entity,
    key: seriesKey(query.figure, entity),
    frame: frameNameOf(query.figure, entity),
    resolution,
    from,
    to,
    stepMs,
  };
}

export const isRefusal = (value: unknown): value is Refusal =>
  typeof value === "object" && value !== null && "code" in value && "message" in value;

/** A measured value of the series at a time (a collection's, or a summary's min, mean and max). */
export interface Measured {
  at: Date;
  min: number;
  mean: number;
  max: number;
}

/**
 * The points of a series: the measured values in [from, to) grouped by steps aligned to the epoch (so two answers of
 * overlapping ranges agree), each point the mean of its values' means, the least min and the greatest max; steps
 * without a value are left out.
 */
export function pointsOf(read: SeriesRead, measured: readonly Measured[]): SeriesPoint[] {
  const buckets = new Map<number, { min: number; max: number; sum: number; n: number }>();
  for (const m of measured) {
    const t = m.at.getTime();
    if (t < read.from.getTime() || t >= read.to.getTime()) continue;
    const start = Math.floor(t / read.stepMs) * read.stepMs;
    const seen = buckets.get(start);
    if (!seen) buckets.set(start, { min: m.min, max: m.max, sum: m.mean, n: 1 });
    else {
      seen.min = Math.min(seen.min, m.min);
      seen.max = Math.max(seen.max, m.max);
      seen.sum += m.mean;
      seen.n += 1;
    }
  }
  return [...buckets.entries()]
    .sort(([a], [b]) => a - b)
    .map(([start, b]) => ({ at: new Date(start).toISOString(), value: b.sum / b.n, min: b.min, max: b.max }));
}

export function responseOf(read: SeriesRead, measured: readonly Measured[]): SeriesResponse {
  return {
    figure: read.figure,
    unit: FIGURES[read.figure].unit,
    entity: read.entity,
    from: read.from.toISOString(),
    to: read.to.toISOString(),
    step: read.stepMs / 1000,
    resolution: read.resolution,
    points: pointsOf(read, measured),
  };
}
