import type { LagGrowth } from "@kcp/shared";

export interface LagPoint {
  at: Date;
  value: number;
}

/**
 * Whether a lag is growing, from its values oldest first: it grows since the start of the last stretch in which it
 * never fell and rose at least once (a flat start of that stretch does not count: a lag that sat still and then rose
 * grows since it began to rise). Undefined when the last value is not above the stretch's start.
 */
export function lagGrowthOf(points: readonly LagPoint[]): LagGrowth | undefined {
  if (points.length < 2) return undefined;
  let start = points.length - 1;
  while (start > 0 && (points[start - 1] as LagPoint).value <= (points[start] as LagPoint).value) start -= 1;
  while (start < points.length - 1 && (points[start + 1] as LagPoint).value === (points[start] as LagPoint).value)
    start += 1;
  const first = points[start] as LagPoint;
  const last = points[points.length - 1] as LagPoint;
  const seconds = (last.at.getTime() - first.at.getTime()) / 1000;
  if (!(last.value > first.value) || !(seconds > 0)) return undefined;
  return { growingForSeconds: Math.round(seconds), perSecond: (last.value - first.value) / seconds };
}

/**
 * A sparkline of values oldest first: the span from `from` to `to` cut into `count` equal steps, each the mean of the
 * values in it; steps without a value are left out.
 */
export function sparklineOf(points: readonly LagPoint[], from: Date, to: Date, count: number): number[] {
  const span = (to.getTime() - from.getTime()) / count;
  if (!(span > 0)) return [];
  const sums = new Map<number, { sum: number; n: number }>();
  for (const p of points) {
    const index = Math.floor((p.at.getTime() - from.getTime()) / span);
    if (index < 0 || index >= count) continue;
    const seen = sums.get(index) ?? { sum: 0, n: 0 };
    seen.sum += p.value;
    seen.n += 1;
    sums.set(index, seen);
  }
  return [...sums.entries()].sort(([a], [b]) => a - b).map(([, s]) => Math.round(s.sum / s.n));
}
