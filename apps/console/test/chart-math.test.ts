import { expect } from "chai";
import {
  addSample,
  alignSeries,
  axisBytes,
  band,
  distribution,
  formatCount,
  formatDuration,
  formatFigure,
  formatTick,
  plannedBytes,
  rangeQuery,
  sparklinePath,
  summarize,
  topBy,
} from "../src/ui/charts/chart-math.js";

const point = (at: string, value: number) => ({ at, value, min: value, max: value });

describe("console charts: the pure helpers", () => {
  it("formats each unit of the catalogue as a reader wants it", () => {
    expect(axisBytes(0)).to.equal("0 B");
    expect(axisBytes(1536)).to.equal("1.5 KiB");
    expect(axisBytes(0.4)).to.equal("0.4 B");
    expect(axisBytes(28.6)).to.equal("29 B");
    expect(axisBytes(5 * 1024 ** 3)).to.equal("5.0 GiB");
    expect(formatFigure(2048, "bytes/s")).to.equal("2.0 KiB/s");
    expect(formatFigure(12.34, "messages/s")).to.equal("12.3 msg/s");
    expect(formatFigure(45.6, "percent")).to.equal("46 %");
    expect(formatFigure(4.56, "percent")).to.equal("4.6 %");
    expect(formatFigure(1_234_567, "messages")).to.equal("1.2M messages");
    expect(formatFigure(3, "partitions")).to.equal("3 partitions");
    expect(formatFigure(2, "node")).to.equal("node 2");
    expect(formatFigure(null, "bytes")).to.equal("–");
    expect(formatFigure(undefined, "bytes")).to.equal("–");
    expect(formatCount(950)).to.equal("950");
    expect(formatCount(12_500)).to.equal("12.5k");
    expect(formatCount(3_000_000_000)).to.equal("3G");
    expect(formatTick(1024, "bytes/s")).to.equal("1 KiB");
    expect(formatTick(200 * 1024 ** 2, "bytes")).to.equal("200 MiB");
    expect(formatTick(1536, "bytes")).to.equal("1.5 KiB");
    expect(formatTick(50, "percent")).to.equal("50 %");
  });

  it("asks for a range ending at the next whole minute (the same query within a minute)", () => {
    const now = Date.parse("2026-11-29T07:30:20Z");
    expect(rangeQuery("hour", now)).to.deep.equal({ from: "2026-11-29T06:31:00.000Z", to: "2026-11-29T07:31:00.000Z" });
    expect(rangeQuery("day", now)).to.deep.equal({ from: "2026-11-28T07:31:00.000Z", to: "2026-11-29T07:31:00.000Z" });
    expect(rangeQuery("month", now).from).to.equal("2026-10-30T07:31:00.000Z");
    expect(rangeQuery("hour", now + 30_000)).to.deep.equal(rangeQuery("hour", now));
  });

  it("aligns several series on the union of their instants, with gaps where one has no point", () => {
    const a = [point("2026-11-29T07:00:00Z", 1), point("2026-11-29T07:00:30Z", 2)];
    const b = [point("2026-11-29T07:00:30Z", 5), point("2026-11-29T07:01:00Z", 6)];
    const [xs, ya, yb] = alignSeries([a, b]);
    const t0 = Date.parse("2026-11-29T07:00:00Z") / 1000;
    expect(xs).to.deep.equal([t0, t0 + 30, t0 + 60]);
    expect(ya).to.deep.equal([1, 2, null]);
    expect(yb).to.deep.equal([null, 5, 6]);
    expect(alignSeries([[], []])).to.deep.equal([[], [], []]);
  });

  it("draws the mean and the ±10 % band, and names what lies outside it", () => {
    const b = band([50, 52, 70, 40]);
    expect(b?.mean).to.equal(53);
    expect(b?.low).to.be.closeTo(47.7, 1e-9);
    expect(b?.high).to.be.closeTo(58.3, 1e-9);
    expect(b?.outside).to.deep.equal([2, 3]);
    expect(band([10, 10, 10])?.outside).to.deep.equal([]);
    expect(band([])).to.equal(undefined);
  });

  it("draws a sparkline from 0 to the largest value, breaking at gaps, flat for one value", () => {
    expect(sparklinePath([0, 10], 100, 22)).to.equal("M0,21L100,1");
    expect(sparklinePath([0, null, 10], 100, 22)).to.equal("M0,21M100,1");
    expect(sparklinePath([5], 100, 22)).to.equal("M0,1L100,1");
    expect(sparklinePath([], 100, 22)).to.equal("");
    expect(sparklinePath([null, null], 100, 22)).to.equal("");
    // Every value equal and 0: a line along the bottom, not a division by zero.
    expect(sparklinePath([0, 0, 0], 100, 22)).to.equal("M0,21L50,21L100,21");
  });

  it("summarizes, counts and ranks", () => {
    expect(summarize([3, null, 1, 7, 2])).to.deep.equal({ latest: 2, min: 1, max: 7 });
    expect(summarize([null])).to.equal(undefined);
    expect(distribution([2, 1, 2, 3, 2])).to.deep.equal([
      { key: 1, count: 1 },
      { key: 2, count: 3 },
      { key: 3, count: 1 },
    ]);
    const lags = [
      { p: 0, lag: 5 },
      { p: 1, lag: 0 },
      { p: 2, lag: 9 },
      { p: 3, lag: 5 },
    ];
    expect(topBy(lags, 2, (l) => l.lag).map((l) => l.p)).to.deep.equal([2, 0]);
    expect(
      topBy(lags, 10, (l) => l.lag).map((l) => l.p),
      "no zero, ties in order",
    ).to.deep.equal([2, 0, 3]);
  });

  it("samples the data moved: new values kept, repeats within the gap and older instants dropped, capped", () => {
    let samples = addSample([], { at: 1_000, bytes: 0 });
    samples = addSample(samples, { at: 2_000, bytes: 0 });
    expect(samples).to.have.length(1);
    samples = addSample(samples, { at: 7_000, bytes: 0 });
    expect(samples).to.have.length(2);
    samples = addSample(samples, { at: 6_000, bytes: 10 });
    expect(samples, "an older instant").to.have.length(2);
    samples = addSample(samples, { at: 8_000, bytes: 10 });
    expect(samples.map((s) => s.bytes)).to.deep.equal([0, 0, 10]);
    expect(addSample(samples, { at: 9_000, bytes: 20 }, 3).map((s) => s.bytes)).to.deep.equal([0, 10, 20]);
  });

  it("the plan's line: linear from 0 at the start to the total at the planned duration, then flat", () => {
    expect(plannedBytes(0, 100, 1_000, 0)).to.equal(0);
    expect(plannedBytes(0, 100, 1_000, 50_000)).to.equal(500);
    expect(plannedBytes(0, 100, 1_000, 500_000)).to.equal(1_000);
    expect(plannedBytes(10_000, 100, 1_000, 0)).to.equal(0);
    expect(plannedBytes(0, 0, 1_000, 0)).to.equal(1_000);
  });

  it("formats durations for badges and ETAs", () => {
    expect(formatDuration(45)).to.equal("45 s");
    expect(formatDuration(240)).to.equal("4 min");
    expect(formatDuration(3_600)).to.equal("1 h");
    expect(formatDuration(3_900)).to.equal("1 h 5 min");
    expect(formatDuration(-3)).to.equal("0 s");
  });
});
