import { type MaintenanceWindow, WEEKDAYS, type Weekday } from "@kcp/shared";

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let found = formatters.get(timeZone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-GB", {
      timeZone,
      weekday: "short",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, found);
  }
  return found;
}

/** The weekday and minute of the day that a wall clock in `timeZone` shows at `at`. */
export function wallClock(at: Date, timeZone: string): { day: Weekday; minute: number } {
  const parts = formatter(timeZone).formatToParts(at);
  const part = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const day = part("weekday").toLowerCase().slice(0, 3) as Weekday;
  return { day, minute: Number(part("hour")) * 60 + Number(part("minute")) };
}

const minuteOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
const dayBefore = (day: Weekday): Weekday => WEEKDAYS[(WEEKDAYS.indexOf(day) + 6) % 7] as Weekday;

/**
 * Whether a window is open at a wall-clock time: on one of its days from `start` (inclusive) to `end` (exclusive); an
 * end before the start runs past midnight into the next day, an end equal to the start is the whole day.
 */
function openAt(window: MaintenanceWindow, day: Weekday, minute: number): boolean {
  const start = minuteOf(window.start);
  const end = minuteOf(window.end);
  if (start === end) return window.days.includes(day);
  if (start < end) return window.days.includes(day) && minute >= start && minute < end;
  return (window.days.includes(day) && minute >= start) || (window.days.includes(dayBefore(day)) && minute < end);
}

/** Whether `at` is inside one of the windows, read on the wall clock of `timeZone`; no windows: always. */
export function inWindows(windows: readonly MaintenanceWindow[], timeZone: string, at: Date): boolean {
  if (windows.length === 0) return true;
  const { day, minute } = wallClock(at, timeZone);
  return windows.some((window) => openAt(window, day, minute));
}

const WEEK_MINUTES = 7 * 24 * 60;
const SEARCH_MINUTES = 8 * 24 * 60;

/**
 * When the windows next open after `at` (to the minute), so that a person can see when the autopilot will act;
 * `at` itself when there are no windows; undefined when none opens within 8 days. Counted on the wall clock as it reads at `at`, then checked at the instant
 * found: across a change of the zone's offset (daylight saving) the instant is moved to the first open minute.
 */
export function nextOpening(windows: readonly MaintenanceWindow[], timeZone: string, at: Date): Date | undefined {
  if (windows.length === 0) return at;
  const first = new Date(Math.floor(at.getTime() / 60_000) * 60_000 + 60_000);
  const clock = wallClock(first, timeZone);
  const weekMinute = WEEKDAYS.indexOf(clock.day) * 1440 + clock.minute;
  for (let k = 0; k <= SEARCH_MINUTES; k++) {
    const local = (weekMinute + k) % WEEK_MINUTES;
    const day = WEEKDAYS[Math.floor(local / 1440)] as Weekday;
    if (!windows.some((window) => openAt(window, day, local % 1440))) continue;
    const candidate = new Date(first.getTime() + k * 60_000);
    if (inWindows(windows, timeZone, candidate)) return earliestOpen(windows, timeZone, candidate, first);
    for (let m = k + 1; m <= SEARCH_MINUTES; m++) {
      const exact = new Date(first.getTime() + m * 60_000);
      if (inWindows(windows, timeZone, exact)) return exact;
    }
    return undefined;
  }
  return undefined;
}

/** An offset change moves an opening by at most this much (daylight saving: an hour; Lord Howe: half an hour). */
const OFFSET_CHANGE_MINUTES = 180;

/** The first open minute of the opening that `open` lies in, not before `first`. */
function earliestOpen(windows: readonly MaintenanceWindow[], timeZone: string, open: Date, first: Date): Date {
  let earliest = open;
  for (let step = 0; step < OFFSET_CHANGE_MINUTES; step++) {
    const before = new Date(earliest.getTime() - 60_000);
    if (before < first || !inWindows(windows, timeZone, before)) break;
    earliest = before;
  }
  return earliest;
}
