/**
 * The pure part of the anomaly timeline (the cluster page): which anomalies fall in the range, where their bars start
 * and end, where the marks of what the autopilot did stand, the ticks of the time axis and the chart's summary. No
 * React, no DOM: unit-tested in apps/console/test/timeline-math.test.ts.
 */

export type TimelineRangeKey = "day" | "week";

export const TIMELINE_RANGES: Record<TimelineRangeKey, { label: string; seconds: number; tickSeconds: number }> = {
  day: { label: "Last 24 h", seconds: 86_400, tickSeconds: 6 * 3_600 },
  week: { label: "Last 7 days", seconds: 7 * 86_400, tickSeconds: 86_400 },
};

/** The kinds of event drawn as marks ("observed" is the bar's start itself). */
export type MarkKind = "acted" | "proposed" | "refused";
export const MARK_KINDS: readonly MarkKind[] = ["acted", "proposed", "refused"];

/** The part of an anomaly (components["schemas"]["Anomaly"]) the timeline reads. */
export interface TimelineAnomaly {
  id: string;
  code: string;
  subject: string;
  firstSeenAt: string;
  clearedAt?: string | null;
  events: readonly { at: string; policy: string; kind: string }[];
}

export interface TimelineMark {
  kind: MarkKind;
  policy: string;
  at: number;
  /** Where it stands across the range, 0 (its start) to 1 (now). */
  position: number;
}

export interface TimelineRow {
  id: string;
  /** "disk_high broker 2" */
  label: string;
  /** The bar across the range, 0 to 1, clamped to it. */
  start: number;
  end: number;
  /** Seen before the range began (the bar runs off its left edge). */
  startsBefore: boolean;
  open: boolean;
  /** How long it was (or has been) seen, in seconds. */
  seconds: number;
  marks: TimelineMark[];
}

const clamp01 = (value: number) => Math.max(0, Math.min(1, value));

/**
 * One row per anomaly seen in the range (from `seconds` before `nowMs` to `nowMs`), in the order given (the service
 * answers newest first): the bar from its first sighting to when it cleared, or to now while it is still seen, and a
 * mark per policy event (acted, proposed, refused) inside the range.
 */
export function timelineRows(anomalies: readonly TimelineAnomaly[], nowMs: number, seconds: number): TimelineRow[] {
  const from = nowMs - seconds * 1000;
  const span = seconds * 1000;
  const rows: TimelineRow[] = [];
  for (const anomaly of anomalies) {
    const first = Date.parse(anomaly.firstSeenAt);
    if (Number.isNaN(first)) continue;
    const cleared = anomaly.clearedAt ? Date.parse(anomaly.clearedAt) : Number.NaN;
    const open = Number.isNaN(cleared);
    const last = open ? nowMs : Math.min(cleared, nowMs);
    if (last < from || first > nowMs) continue;
    const marks = anomaly.events.flatMap((event): TimelineMark[] => {
      const at = Date.parse(event.at);
      if (!MARK_KINDS.includes(event.kind as MarkKind) || Number.isNaN(at) || at < from || at > nowMs) return [];
      return [{ kind: event.kind as MarkKind, policy: event.policy, at, position: (at - from) / span }];
    });
    rows.push({
      id: anomaly.id,
      label: `${anomaly.code} ${anomaly.subject}`.trim(),
      start: clamp01((first - from) / span),
      end: clamp01((last - from) / span),
      startsBefore: first < from,
      open,
      seconds: Math.max(0, Math.round((last - first) / 1000)),
      marks,
    });
  }
  return rows;
}

/** The time axis: a tick every `tickSeconds` back from now, oldest first, with a label relative to now. */
export function timelineTicks(seconds: number, tickSeconds: number): { position: number; label: string }[] {
  const ticks: { position: number; label: string }[] = [];
  for (let back = seconds; back >= 0; back -= tickSeconds) {
    ticks.push({ position: 1 - back / seconds, label: back === 0 ? "now" : `${agoLabel(back)} ago` });
  }
  return ticks;
}

function agoLabel(seconds: number): string {
  if (seconds % 86_400 === 0 && seconds >= 2 * 86_400) return `${seconds / 86_400} d`;
  if (seconds % 3_600 === 0) return `${seconds / 3_600} h`;
  return `${Math.round(seconds / 60)} min`;
}

/** 90 → "2 min", 7_200 → "2 h", 93_600 → "1 d 2 h": how long an anomaly was seen. */
export function formatDuration(seconds: number): string {
  if (seconds < 60) return `${seconds} s`;
  if (seconds < 3_600) return `${Math.round(seconds / 60)} min`;
  if (seconds < 86_400) {
    const hours = Math.floor(seconds / 3_600);
    const minutes = Math.round((seconds % 3_600) / 60);
    return minutes === 0 || hours >= 10 ? `${hours} h` : `${hours} h ${minutes} min`;
  }
  const days = Math.floor(seconds / 86_400);
  const hours = Math.round((seconds % 86_400) / 3_600);
  return hours === 0 ? `${days} d` : `${days} d ${hours} h`;
}

/** What the drawing shows, in words: "3 anomalies, 1 still open; 2 acted, 1 proposed, 0 refused". */
export function timelineSummary(rows: readonly TimelineRow[]): string {
  if (rows.length === 0) return "no anomaly in this range";
  const open = rows.filter((r) => r.open).length;
  const count = (kind: MarkKind) => rows.reduce((sum, r) => sum + r.marks.filter((m) => m.kind === kind).length, 0);
  return [
    `${rows.length} ${rows.length === 1 ? "anomaly" : "anomalies"}, ${open} still open`,
    MARK_KINDS.map((kind) => `${count(kind)} ${kind}`).join(", "),
  ].join("; ");
}
