import type { MaintenanceWindow } from "@kcp/shared";
import { expect } from "chai";
import { inWindows, nextOpening, wallClock } from "../src/windows.js";

const weekdays: MaintenanceWindow = { days: ["mon", "tue", "wed", "thu", "fri"], start: "09:00", end: "17:00" };
const overnight: MaintenanceWindow = { days: ["sat"], start: "22:00", end: "04:00" };
const wholeSunday: MaintenanceWindow = { days: ["sun"], start: "00:00", end: "00:00" };

describe("autopilot maintenance windows", () => {
  it("reads the wall clock of the policy's time zone", () => {
    // 2026-11-27 is a Friday; 23:30 UTC is already Saturday 00:30 in Berlin (UTC+1 in November).
    expect(wallClock(new Date("2026-11-27T23:30:00Z"), "UTC")).to.deep.equal({ day: "fri", minute: 23 * 60 + 30 });
    expect(wallClock(new Date("2026-11-27T23:30:00Z"), "Europe/Berlin")).to.deep.equal({ day: "sat", minute: 30 });
  });

  const cases: [string, MaintenanceWindow[], string, string, boolean][] = [
    ["no windows: always", [], "UTC", "2026-11-28T03:00:00Z", true],
    ["weekday office hours, Friday 10:00", [weekdays], "UTC", "2026-11-27T10:00:00Z", true],
    ["the start is inside", [weekdays], "UTC", "2026-11-27T09:00:00Z", true],
    ["the end is outside", [weekdays], "UTC", "2026-11-27T17:00:00Z", false],
    ["Saturday is not a weekday", [weekdays], "UTC", "2026-11-28T10:00:00Z", false],
    ["16:30 UTC is 17:30 in Berlin: closed there", [weekdays], "Europe/Berlin", "2026-11-27T16:30:00Z", false],
    ["08:30 UTC is 09:30 in Berlin: open there", [weekdays], "Europe/Berlin", "2026-11-27T08:30:00Z", true],
    ["overnight window, Saturday 23:00", [overnight], "UTC", "2026-11-28T23:00:00Z", true],
    ["overnight window runs into Sunday 03:59", [overnight], "UTC", "2026-11-29T03:59:00Z", true],
    ["overnight window closed Sunday 04:00", [overnight], "UTC", "2026-11-29T04:00:00Z", false],
    [
      "overnight window is not open Saturday 03:00 (it opens Saturday night)",
      [overnight],
      "UTC",
      "2026-11-28T03:00:00Z",
      false,
    ],
    ["an end equal to the start: the whole day", [wholeSunday], "UTC", "2026-11-29T23:59:00Z", true],
    ["any of several windows", [weekdays, wholeSunday], "UTC", "2026-11-29T12:00:00Z", true],
  ];
  for (const [name, windows, zone, at, open] of cases)
    it(`${open ? "open" : "closed"}: ${name}`, () => {
      expect(inWindows(windows, zone, new Date(at))).to.equal(open);
    });

  it("says when the windows next open, to the minute, in the zone's own time", () => {
    expect(nextOpening([weekdays], "UTC", new Date("2026-11-27T18:00:00Z"))?.toISOString()).to.equal(
      "2026-11-30T09:00:00.000Z",
    );
    expect(nextOpening([weekdays], "Europe/Berlin", new Date("2026-11-27T18:00:00Z"))?.toISOString()).to.equal(
      "2026-11-30T08:00:00.000Z",
    );
    expect(nextOpening([overnight], "UTC", new Date("2026-11-27T18:00:00Z"))?.toISOString()).to.equal(
      "2026-11-28T22:00:00.000Z",
    );
    const now = new Date("2026-11-27T18:00:00Z");
    expect(nextOpening([], "UTC", now)).to.equal(now);
  });

  it("across a change to summer time the opening is still the wall-clock start", () => {
    // Europe/Berlin moves from UTC+1 to UTC+2 on Sunday 2027-03-28 at 02:00; Monday 09:00 is then 07:00 UTC.
    expect(nextOpening([weekdays], "Europe/Berlin", new Date("2027-03-26T18:00:00Z"))?.toISOString()).to.equal(
      "2027-03-29T07:00:00.000Z",
    );
  });
});
