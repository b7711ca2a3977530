import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Health, SeriesResponse, Snapshot } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { expect } from "chai";
import {
  decodeFrame,
  encodeFrame,
  frameNameOf,
  HistoryBook,
  isRefusal,
  lagGrowthOf,
  pointsOf,
  readOf,
  samplesOf,
  sparklineOf,
  summarize,
  summaryDelayMs,
} from "../src/index.js";

/** Summaries made at once when their span ends (the fleet's per-cluster delay is tested on its own). */
const UNDELAYED = { summaryDelayMs: () => 0 };

const T0 = Date.parse("2026-11-29T08:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000);

function snapshotAt(seconds: number, { lag = 100, committed = 1000, bytesIn = 2048.123456 } = {}): Snapshot {
  return {
    collectedAt: at(seconds).toISOString(),
    durationMs: 10,
    clusterId: "k",
    brokers: [1, 2].map((id) => ({
      id,
      host: "h",
      port: 9092,
      fenced: false,
      alive: true,
      cordoned: false,
      logDirs: [{ path: "/data", dataBytes: 500 * id, totalBytes: 10_000, usableBytes: 10_000 - 1000 * id }],
      diskTotalBytes: 10_000,
      diskUsableBytes: 10_000 - 1000 * id,
      dataBytes: 500 * id,
      replicas: 3,
      leaders: id,
      preferredLeaders: id,
      bytesInPerSec: bytesIn / 2,
    })),
    quorum: {
      leaderId: 1,
      leaderEpoch: 3,
      highWatermark: 100,
      voters: [
        {
          nodeId: 1,
          role: "leader",
          logEndOffset: 100,
          lag: 0,
          lastFetchTimestamp: 0,
          lastCaughtUpTimestamp: 0,
          endpoints: [],
        },
        {
          nodeId: 2,
          role: "follower",
          logEndOffset: 97,
          lag: 3,
          lastFetchTimestamp: 0,
          lastCaughtUpTimestamp: 0,
          endpoints: [],
        },
      ],
      observers: [],
    },
    features: [],
    topics: [
      {
        name: "orders",
        id: "t1",
        internal: false,
        replicationFactor: 2,
        minInsyncReplicas: 1,
        configs: {},
        sizeBytes: 1500,
        partitions: [],
        bytesInPerSec: bytesIn,
        messagesInPerSec: 20,
      },
    ],
    reassignments: [],
    groups: [
      {
        id: "billing|eu",
        type: "consumer",
        state: "Stable",
        protocolType: "consumer",
        members: 1,
        lag,
        topics: ["orders"],
        topicLags: { orders: lag },
        topicCommitted: { orders: committed },
      },
    ],
    errors: [],
  };
}

const health: Health = { status: "ok", issues: [], underReplicated: 2, underMinIsr: 1, offlinePartitions: 0 };

describe("history: what a collection records", () => {
  it("records the catalogue's figures by part: the cluster's sums and counts, brokers, log dirs, topics, groups and group-topic lags", () => {
    const samples = samplesOf({ snapshot: snapshotAt(30, { committed: 1600 }), health, previous: snapshotAt(0) });
    expect(Object.fromEntries(samples.cluster)).to.include({
      "cluster.bytesInPerSec|": 2048.123456,
      "cluster.messagesInPerSec|": 20,
      "cluster.dataBytes|": 1500,
      "cluster.underReplicatedPartitions|": 2,
      "cluster.underMinIsrPartitions|": 1,
      "cluster.offlinePartitions|": 0,
      "cluster.activeController|": 1,
      "cluster.quorumLag|": 3,
      "cluster.maxGroupLag|": 100,
      "cluster.totalGroupLag|": 100,
      "broker.diskUsedBytes|2": 2000,
      "broker.diskUsedPercent|2": 20,
      "broker.leaders|1": 1,
      "logDir.usedPercent|1:/data": 10,
      // 600 messages committed in 30 s: 20 msg/s consumed, at the topic's mean size (2048.12 / 20 bytes).
      "cluster.messagesOutPerSec|": 20,
    });
    expect(samples.cluster.get("cluster.bytesOutPerSec|")).to.be.closeTo(2048.123456, 1e-6);
    expect(Object.fromEntries(samples.topics)).to.include({
      "topic.sizeBytes|orders": 1500,
      "topic.messagesOutPerSec|orders": 20,
    });
    expect(Object.fromEntries(samples.groups)).to.deep.equal({
      "group.lag|billing|eu": 100,
      "groupTopic.lag|billing|eu|orders": 100,
    });
  });

  it("measures no consumption on the first collection or across an offset reset (never a negative rate)", () => {
    expect(samplesOf({ snapshot: snapshotAt(0), health }).topics.has("topic.messagesOutPerSec|orders")).to.equal(false);
    const reset = samplesOf({ snapshot: snapshotAt(30, { committed: 10 }), health, previous: snapshotAt(0) });
    expect(reset.topics.get("topic.messagesOutPerSec|orders")).to.equal(0);
  });
});

describe("history: frames and summaries", () => {
  it("a frame round-trips: whole numbers exactly, fractions to the unit from 1,000 up and to 4 significant digits below", () => {
    const data = encodeFrame({
      kind: "collection",
      values: [2048.623456, 123_456_789.5, 9_007_199_254_740_991, 12.345678, 0.000123456],
    });
    expect(decodeFrame(data)).to.deep.equal({
      kind: "collection",
      values: [2049, 123_456_790, 9_007_199_254_740_991, 12.35, 0.0001235],
    });
  });

  it("a summary holds each key's min, mean and max over the frames that held it", () => {
    const summary = summarize([
      { keys: ["a|", "b|"], values: { kind: "collection", values: [1, 10] } },
      { keys: ["a|"], values: { kind: "collection", values: [3] } },
      { keys: ["a|", "c|"], values: { kind: "collection", values: [5, 7] } },
    ]);
    expect(summary?.dictionary.keys).to.deep.equal(["a|", "b|", "c|"]);
    expect(summary?.values).to.deep.equal({
      kind: "summary",
      count: 3,
      min: [1, 10, 7],
      mean: [3, 10, 7],
      max: [5, 10, 7],
    });
  });
});

describe("history: series queries", () => {
  const now = at(3600 * 48);
  it("defaults to the last hour at collection resolution; a range older than 24 h or a step of 10 minutes reads the summaries", () => {
    const hour = readOf({ figure: "cluster.bytesInPerSec" }, now);
    expect(isRefusal(hour)).to.equal(false);
    expect(hour).to.include({
      resolution: "collection",
      stepMs: 12_000,
      key: "cluster.bytesInPerSec|",
      frame: "cluster",
    });
    const month = readOf({ figure: "topic.sizeBytes", entity: "orders", from: at(0), to: now }, now);
    // 48 hours unasked: more than 3 days is read hourly, this from the 10-minute summaries.
    expect(month).to.include({
      resolution: "10m",
      stepMs: 600_000,
      key: "topic.sizeBytes|orders",
      frame: frameNameOf("topic.sizeBytes", "orders"),
    });
    expect(readOf({ figure: "topic.sizeBytes", entity: "orders", from: at(-30 * 86400), to: now }, now)).to.include({
      resolution: "1h",
      stepMs: 3 * 3600_000,
    });
    // A day without a step: 144 summaries rather than 2,880 collections; with a step the collections can give, those.
    expect(readOf({ figure: "cluster.dataBytes", from: at(3600 * 24 + 60) }, now)).to.include({
      resolution: "10m",
      stepMs: 600_000,
    });
    expect(readOf({ figure: "cluster.dataBytes", from: at(3600 * 24 + 60), step: 300 }, now)).to.include({
      resolution: "collection",
    });
    expect(readOf({ figure: "group.lag", entity: "g", from: at(3600 * 47), step: 700 }, now)).to.include({
      resolution: "10m",
      stepMs: 1_200_000,
    });
  });

  it("refuses a missing or needless entity, an empty range and more than 1,000 points, as data", () => {
    expect(readOf({ figure: "topic.sizeBytes" }, now)).to.deep.include({ code: "validation_failed" });
    expect(readOf({ figure: "cluster.dataBytes", entity: "x" }, now)).to.deep.include({ code: "validation_failed" });
    expect(readOf({ figure: "cluster.dataBytes", from: now, to: now }, now)).to.deep.include({
      code: "validation_failed",
    });
    const many = readOf({ figure: "cluster.dataBytes", step: 1, from: at(3600 * 47), to: now }, now);
    expect(many).to.deep.include({ code: "validation_failed" });
    expect((many as { message: string }).message).to.match(/at most 1000.*at least 4 s/);
  });

  it("groups values into steps aligned to the epoch: mean of means, least min, greatest max; empty steps left out", () => {
    const read = readOf({ figure: "cluster.dataBytes", from: at(0), to: at(120), step: 60 }, at(120));
    if (isRefusal(read)) throw new Error(read.message);
    const points = pointsOf(read, [
      { at: at(0), min: 1, mean: 1, max: 1 },
      { at: at(30), min: 2, mean: 3, max: 9 },
      { at: at(150), min: 5, mean: 5, max: 5 },
    ]);
    expect(points).to.deep.equal([{ at: at(0).toISOString(), value: 2, min: 1, max: 9 }]);
  });
});

describe("history: lag growth", () => {
  const points = (values: number[]) => values.map((value, i) => ({ at: at(i * 30), value }));
  it("grows since it began to rise in the last stretch without a fall, a flat start not counted", () => {
    expect(lagGrowthOf(points([5, 0, 0, 0, 10, 20, 20, 40]))).to.deep.equal({
      growingForSeconds: 120,
      perSecond: 40 / 120,
    });
  });
  it("is not growing when flat, falling at the end, or measured once", () => {
    expect(lagGrowthOf(points([7, 7, 7]))).to.equal(undefined);
    expect(lagGrowthOf(points([1, 5, 3]))).to.equal(undefined);
    expect(lagGrowthOf(points([9]))).to.equal(undefined);
  });
  it("a sparkline is the mean of each equal step, empty steps left out", () => {
    expect(sparklineOf(points([1, 3, 10, 20]), at(0), at(120), 2)).to.deep.equal([2, 15]);
  });
});

describe("history: recorded and answered through the embedded store", () => {
  let dir: string;
  let store: EmbeddedStore;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "kcp-history-"));
    store = new EmbeddedStore(dir);
  });
  afterEach(async () => {
    await store.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("a day of collections every 30 s: each answered at collection resolution, 10-minute summaries for the past, expired frames swept, a growing lag found", async () => {
    const book = new HistoryBook(store.series, UNDELAYED);
    let previous: Snapshot | undefined;
    let summaries = 0;
    const collections = 2 * 60 * 25; // 25 hours at 30 s
    for (let i = 0; i < collections; i += 1) {
      const seconds = i * 30;
      // The lag rises by 30 a collection during the last 10 minutes, after sitting at 100.
      const lag = seconds >= (collections - 20) * 30 ? 100 + 30 * (i - (collections - 20)) : 100;
      const snapshot = snapshotAt(seconds, { lag, committed: 1000 + i * 600, bytesIn: 1000 + (i % 10) });
      const recorded = await book.record("c1", { snapshot, health, ...(previous ? { previous } : {}) });
      if (recorded.summarized) summaries += 1;
      previous = snapshot;
    }
    const end = at((collections - 1) * 30);
    expect(summaries).to.equal(149);
    // The keys never changed: one dictionary per part, written again only once a day to keep it past its summaries.
    const [dictionary] = await store.series.dictionaries("c1", [
      (await store.series.frames("c1", frameNameOf("group.lag", "billing|eu"), "10m", at(0), end))[0]?.dictionary ?? "",
    ]);
    expect(dictionary?.keys).to.deep.equal(["group.lag|billing|eu", "groupTopic.lag|billing|eu|orders"]);
    expect(dictionary?.expiresAt.getTime()).to.be.at.least(end.getTime() + 30 * 86_400_000);

    // The raw frames expired by the last sweep (at the last summary, 24 h 50 min in) are gone; the summaries remain.
    expect(await store.series.frames("c1", "cluster", "collection", at(0), at(3000))).to.deep.equal([]);
    expect(await store.series.frames("c1", "cluster", "10m", at(0), at(3000))).to.have.length(5);
    const now = new Date(end.getTime() + 1000);
    const lastHour = (await book.series("c1", { figure: "cluster.bytesInPerSec", step: 300 }, now)) as SeriesResponse;
    expect(lastHour.resolution).to.equal("collection");
    expect(lastHour.points).to.have.length(12);
    for (const point of lastHour.points) {
      expect(point.min).to.equal(1000);
      expect(point.max).to.equal(1009);
    }
    const day = (await book.series(
      "c1",
      { figure: "topic.messagesOutPerSec", entity: "orders", from: at(0), to: now, step: 3600 },
      now,
    )) as SeriesResponse;
    expect(day.resolution).to.equal("1h");
    // 25 hours of hourly summaries: the last hour from its 10-minute summaries and its last minutes from their
    // collections (neither summarized yet).
    expect(day.points).to.have.length(25);
    const halfDay = (await book.series(
      "c1",
      { figure: "cluster.dataBytes", from: at(3600 * 12) },
      now,
    )) as SeriesResponse;
    expect(halfDay.resolution).to.equal("10m");
    expect(halfDay.points.at(-1)?.at).to.equal(new Date(Math.floor(end.getTime() / 600_000) * 600_000).toISOString());
    expect(day.points.every((p) => p.value === 20)).to.equal(true);

    const trends = await book.groupTrends("c1", ["billing|eu", "absent"], now);
    expect(trends.has("absent")).to.equal(false);
    const trend = trends.get("billing|eu");
    expect(trend?.growth?.growingForSeconds).to.equal(19 * 30);
    expect(trend?.growth?.perSecond).to.equal(1);
    expect(trend?.recent.length).to.equal(30);
  });

  it("a fleet's summaries are spread: each cluster summarizes a span its own 0-9 minutes after it ends, and answers the span from its collections until then", async () => {
    const delays = Array.from({ length: 200 }, (_, i) => summaryDelayMs(`cluster-${i}`));
    expect(Math.min(...delays)).to.be.at.least(0);
    expect(Math.max(...delays)).to.be.at.most(9 * 60_000);
    expect(new Set(delays.map((d) => Math.floor(d / 60_000))).size, "spread over the nine minutes").to.equal(10);
    expect(summaryDelayMs("cluster-7"), "fixed per cluster").to.equal(summaryDelayMs("cluster-7"));

    const book = new HistoryBook(store.series, { summaryDelayMs: () => 4 * 60_000 });
    let previous: Snapshot | undefined;
    const summarizedAt: number[] = [];
    for (let seconds = 0; seconds <= 1500; seconds += 30) {
      const snapshot = snapshotAt(seconds, { bytesIn: 1000 + (seconds % 300) / 30 });
      const recorded = await book.record("d1", { snapshot, health, ...(previous ? { previous } : {}) });
      if (recorded.summarized) summarizedAt.push(seconds);
      previous = snapshot;
      if (seconds === 780) {
        // 3 minutes after the first span ended, before its summary: the span is answered from its collections.
        const read = (await book.series(
          "d1",
          { figure: "cluster.bytesInPerSec", from: at(0), to: at(780), step: 600 },
          at(780),
        )) as SeriesResponse;
        expect(read.points[0]).to.include({ at: at(0).toISOString(), min: 1000, max: 1009 });
        expect(await store.series.frames("d1", "cluster", "10m", at(0), at(600))).to.deep.equal([]);
      }
    }
    // The spans ending at 600 s and 1200 s are summarized by the first collections at or past 840 s and 1440 s (at
    // 240 s, the span before the first collection: empty, nothing written).
    expect(summarizedAt).to.deep.equal([240, 840, 1440]);
    const summaries = await store.series.frames("d1", "cluster", "10m", at(0), at(1800));
    expect(summaries.map((f) => f.at.toISOString())).to.deep.equal([at(0).toISOString(), at(600).toISOString()]);
  });
});
