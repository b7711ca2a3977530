import { expect } from "chai";
import {
  BLOCKS,
  bar,
  formatCount,
  formatDuration,
  formatValue,
  growthText,
  resample,
  sparkline,
  type TopData,
  topFrame,
} from "../src/charts.js";
import { intervalSeconds, timeOption, usedPercent } from "../src/commands/top.js";
import { quits, redraw } from "../src/terminal.js";

const frameData = (): TopData => ({
  cluster: { id: "c-1", name: "prod" },
  health: {
    status: "warning",
    brokers: 3,
    brokersAlive: 2,
    partitions: 2000,
    underReplicated: 12,
    underMinIsr: 0,
    offlinePartitions: 0,
    issues: [{ code: "broker_down" }],
  },
  updatedAt: "2026-11-29T08:00:00.000Z",
  throughput: [
    { label: "in", perSecond: 12.5 * 1024 * 1024, recent: [1, 2, 3, 4, 5, 6, 7, 8] },
    { label: "out", perSecond: undefined, recent: [] },
  ],
  brokers: [
    {
      id: 1,
      host: "kafka-1:9092",
      alive: true,
      usedPercent: 47.5,
      dataBytes: 1024 ** 4,
      leaders: 700,
      bytesInPerSec: 1024,
    },
    { id: 2, host: "kafka-2:9092", alive: false, usedPercent: undefined, dataBytes: 0, leaders: 0, bytesInPerSec: 0 },
  ],
  lags: [
    { id: "billing", lag: 123456, growth: { growingForSeconds: 720, perSecond: 35 }, recent: [0, 10, 20, 40, 80] },
    { id: "audit", lag: 12, growth: undefined, recent: [] },
  ],
  groups: 500,
  notes: [],
});

describe("kcp: sparklines, bars and the frame of kcp top (pure)", () => {
  it("draws a sparkline of Unicode blocks from zero to the highest value", () => {
    expect(sparkline([0, 1, 2, 3, 4, 5, 6, 7])).to.equal("▁▂▃▄▅▆▇█");
    expect(sparkline([7, 0])).to.equal("█▁");
    expect(sparkline([5, 5, 5]), "a flat line at a rate: full height (from zero)").to.equal("███");
    expect(sparkline([0, 0]), "nothing at all: the bottom").to.equal("▁▁");
    expect(sparkline([100, 101, 102]), "a small wobble on a high rate stays high").to.equal("███");
    expect(sparkline([]), "no point: nothing drawn").to.equal("");
    expect(sparkline([Number.NaN, 4]), "non-finite values are left out").to.equal("█");
    expect(sparkline([-2, 0, 2]), "negative values: from the lowest").to.equal("▁▅█");
    for (const char of sparkline([3, 1, 4, 1, 5, 9, 2, 6])) expect(BLOCKS).to.include(char);
  });

  it("resamples to the width by the mean of each bucket, order kept", () => {
    expect(resample([1, 2, 3, 4], 2)).to.deep.equal([1.5, 3.5]);
    expect(resample([1, 2, 3], 5), "fewer than the width: as they are").to.deep.equal([1, 2, 3]);
    expect(resample([1, 2, 3, 4, 5, 6, 7], 3)).to.have.length(3);
    expect(
      sparkline(
        Array.from({ length: 120 }, (_, i) => i),
        30,
      ),
    ).to.have.length(30);
    expect(
      sparkline(
        Array.from({ length: 120 }, (_, i) => i),
        30,
      ),
    ).to.match(/^▁.*█$/);
  });

  it("draws a bar in eighths of a cell with the percentage, bounded to 0-100 %", () => {
    expect(bar(50, 10)).to.equal("[█████     ]  50%");
    expect(bar(100, 4)).to.equal("[████] 100%");
    expect(bar(0, 4)).to.equal("[    ]   0%");
    expect(bar(130, 4), "over 100 %: a full bar, the true figure").to.equal("[████] 130%");
    expect(bar(-5, 4)).to.equal("[    ]  -5%");
    expect(bar(6.25, 4), "a quarter of a cell: ▎").to.equal("[▎   ]   6%");
    expect(bar(undefined, 4)).to.equal("[    ]    -");
    for (let p = 0; p <= 100; p += 7) expect(bar(p, 20), "always the same width").to.have.length(27);
  });

  it("formats counts, durations, values by unit and a lag's growth for people", () => {
    expect(formatCount(950)).to.equal("950");
    expect(formatCount(12_345)).to.equal("12.3k");
    expect(formatCount(4_500_000)).to.equal("4.5M");
    expect(formatCount(2.5)).to.equal("2.5");
    expect(formatDuration(45)).to.equal("45s");
    expect(formatDuration(720)).to.equal("12m");
    expect(formatDuration(3900)).to.equal("1h05m");
    expect(formatDuration(3 * 86400)).to.equal("3d");
    expect(formatValue(1536, "bytes/s")).to.equal("1.5 KiB/s");
    expect(formatValue(1536, "bytes")).to.equal("1.5 KiB");
    expect(formatValue(47.25, "percent")).to.equal("47.3%");
    expect(formatValue(1200, "messages/s")).to.equal("1.2k/s");
    expect(formatValue(2, "node")).to.equal("2");
    expect(formatValue(undefined, "bytes")).to.equal("-");
    expect(growthText({ growingForSeconds: 720, perSecond: 35 })).to.equal("growing 12m at 35/s");
    expect(growthText({ growingForSeconds: 3600, perSecond: 1500 }), "an hour: at least").to.equal(
      "growing ≥1h at 1.5k/s",
    );
    expect(growthText(undefined)).to.equal("-");
  });

  it("lays out kcp top's frame: health, throughput with sparklines, disk bars, worst lags", () => {
    const frame = topFrame(frameData(), { now: new Date("2026-11-29T08:00:04Z"), intervalSeconds: 5 });
    const lines = frame.split("\n");
    expect(lines[0]).to.equal(
      "prod  WARNING  brokers 2/3  partitions 2000  under-replicated 12  under-min-ISR 0  offline 0",
    );
    expect(lines[1]).to.equal("collected 2026-11-29T08:00:00Z (4s ago)  issues: broker_down");
    expect(frame).to.match(/^in {10}12\.5 MiB\/s {2}▂▃▄▅▅▆▇█$/m);
    expect(frame).to.match(/^out {9}- {11}-$/m);
    expect(frame).to.match(/^1 {9}kafka-1:9092 {2}\[█████████▌ {10}\] {2}48% {2}1\.0 TiB {2}700 {6}1\.0 KiB\/s$/m);
    expect(frame).to.include("2 (down)");
    expect(frame).to.include("WORST LAGS (2 of 500 groups)");
    expect(frame).to.match(/^billing {2}123\.5k {2}▁▂▃▅█ +growing 12m at 35\/s$/m);
    expect(frame).to.match(/^audit +12 +- +-$/m);
    expect(lines.at(-1)).to.equal("refreshes every 5 s; q or Ctrl-C quits");
    const narrow = topFrame(frameData(), { now: new Date("2026-11-29T08:00:04Z"), columns: 40 });
    for (const line of narrow.split("\n")) expect(line.length).to.be.at.most(40);
    expect(narrow, "one frame (--once): no refresh line").to.not.include("refreshes");
    const quiet = topFrame(
      { ...frameData(), lags: [], brokers: [], notes: ["the history of cluster.bytesInPerSec could not be read"] },
      { now: new Date("2026-11-29T08:00:04Z") },
    );
    expect(quiet).to.include("LAG: no group lags (500 groups)");
    expect(quiet).to.include("DISK: no broker in the last collection");
    expect(quiet).to.include("note: the history of cluster.bytesInPerSec could not be read");
  });

  it("redraws in place, quits on q, Escape and Ctrl-C; reads times ago, intervals and disk use", () => {
    expect(redraw("a\nb")).to.equal("\x1b[Ha\x1b[K\nb\x1b[K\x1b[J");
    expect(["q", "Q", "\x1b", "\x03"].every(quits)).to.equal(true);
    expect(quits("x")).to.equal(false);
    const now = new Date("2026-11-29T08:00:00Z");
    expect(timeOption("24h", now, "--from")).to.equal("2026-11-28T08:00:00.000Z");
    expect(timeOption("30m", now, "--from")).to.equal("2026-11-29T07:30:00.000Z");
    expect(timeOption("2026-11-01T00:00:00+01:00", now, "--from")).to.equal("2026-10-31T23:00:00.000Z");
    expect(timeOption(undefined, now, "--from")).to.equal(undefined);
    expect(() => timeOption("yesterday", now, "--from")).to.throw(/--from is ISO 8601 or a time ago/);
    expect(intervalSeconds(undefined)).to.equal(5);
    expect(intervalSeconds("2.5")).to.equal(2.5);
    expect(intervalSeconds("10s")).to.equal(10);
    expect(() => intervalSeconds("0")).to.throw(/at least 1/);
    expect(usedPercent(200, 50)).to.equal(75);
    expect(usedPercent(undefined, 50)).to.equal(undefined);
    expect(usedPercent(0, 0)).to.equal(undefined);
  });
});
