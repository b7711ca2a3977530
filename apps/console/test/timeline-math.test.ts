import { expect } from "chai";
import {
  formatDuration,
  TIMELINE_RANGES,
  type TimelineAnomaly,
  timelineRows,
  timelineSummary,
  timelineTicks,
} from "../src/ui/charts/timeline-math.js";

const NOW = Date.parse("2026-11-29T12:00:00Z");
const DAY = TIMELINE_RANGES.day.seconds;
const hoursAgo = (hours: number) => new Date(NOW - hours * 3_600_000).toISOString();

function anomaly(id: string, first: number, cleared: number | null, events: TimelineAnomaly["events"] = []) {
  return {
    id,
    code: "disk_high",
    subject: `broker ${id}`,
    firstSeenAt: hoursAgo(first),
    clearedAt: cleared === null ? null : hoursAgo(cleared),
    events,
  };
}

describe("console: the anomaly timeline's rows, marks and axis", () => {
  it("draws a bar from first seen to cleared, or to now while open, as fractions of the range", () => {
    const rows = timelineRows([anomaly("1", 6, null), anomaly("2", 18, 12)], NOW, DAY);
    expect(rows.map((r) => [r.id, r.label, r.start, r.end, r.open, r.seconds, r.startsBefore])).to.deep.equal([
      ["1", "disk_high broker 1", 0.75, 1, true, 6 * 3_600, false],
      ["2", "disk_high broker 2", 0.25, 0.5, false, 6 * 3_600, false],
    ]);
  });

  it("clips what began before the range to its left edge and leaves out what cleared before it", () => {
    const rows = timelineRows(
      [anomaly("old", 30, 25), anomaly("long", 48, 2), { ...anomaly("bad", 1, null), firstSeenAt: "not a date" }],
      NOW,
      DAY,
    );
    expect(rows.map((r) => r.id)).to.deep.equal(["long"]);
    expect(rows[0]).to.include({ start: 0, startsBefore: true, open: false, seconds: 46 * 3_600 });
    expect(rows[0]?.end).to.be.closeTo(22 / 24, 1e-9);
    expect(timelineRows([anomaly("old", 30, 25)], NOW, TIMELINE_RANGES.week.seconds)).to.have.length(1);
  });

  it("marks what a policy did inside the range (acted, proposed, refused), not what it observed", () => {
    const rows = timelineRows(
      [
        anomaly("1", 12, null, [
          { at: hoursAgo(12), policy: "disk", kind: "observed" },
          { at: hoursAgo(6), policy: "disk", kind: "proposed" },
          { at: hoursAgo(3), policy: "disk", kind: "acted" },
          { at: hoursAgo(30), policy: "old", kind: "refused" },
          { at: hoursAgo(1), policy: "leaders", kind: "refused" },
        ]),
      ],
      NOW,
      DAY,
    );
    expect(rows[0]?.marks.map((m) => [m.kind, m.policy, m.position])).to.deep.equal([
      ["proposed", "disk", 0.75],
      ["acted", "disk", 0.875],
      ["refused", "leaders", 23 / 24],
    ]);
    expect(timelineSummary(rows)).to.equal("1 anomaly, 1 still open; 1 acted, 1 proposed, 1 refused");
    expect(timelineSummary([])).to.equal("no anomaly in this range");
  });

  it("writes the axis relative to now and durations a reader takes in at a glance", () => {
    expect(timelineTicks(DAY, TIMELINE_RANGES.day.tickSeconds)).to.deep.equal([
      { position: 0, label: "24 h ago" },
      { position: 0.25, label: "18 h ago" },
      { position: 0.5, label: "12 h ago" },
      { position: 0.75, label: "6 h ago" },
      { position: 1, label: "now" },
    ]);
    const week = timelineTicks(TIMELINE_RANGES.week.seconds, TIMELINE_RANGES.week.tickSeconds);
    expect(week.map((t) => t.label)).to.deep.equal([
      "7 d ago",
      "6 d ago",
      "5 d ago",
      "4 d ago",
      "3 d ago",
      "2 d ago",
      "24 h ago",
      "now",
    ]);
    expect([45, 90, 7_200, 5_400, 12 * 3_600, 93_600, 2 * 86_400].map(formatDuration)).to.deep.equal([
      "45 s",
      "2 min",
      "2 h",
      "1 h 30 min",
      "12 h",
      "1 d 2 h",
      "2 d",
    ]);
  });
});
