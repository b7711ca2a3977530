import type { Partition, Snapshot, Topic } from "@kcp/shared";
import { expect } from "chai";
import { partitionRates, withThroughput } from "../../src/snapshot/throughput.js";

const partition = (over: Partial<Partition> = {}): Partition => ({
  id: 0,
  leader: 1,
  leaderEpoch: 0,
  replicas: [1, 2, 3],
  isr: [1, 2, 3],
  offline: null,
  sizeBytes: 0,
  replicaBytes: { "1": 0, "2": 0, "3": 0 },
  logEndOffset: 0,
  ...over,
});
const sized = (bytes: number, offset: number, over: Partial<Partition> = {}) =>
  partition({ sizeBytes: bytes, replicaBytes: { "1": bytes, "2": bytes, "3": bytes }, logEndOffset: offset, ...over });

const topic = (partitions: Partition[], over: Partial<Topic> = {}): Topic => ({
  name: "orders",
  id: "id-1",
  internal: false,
  replicationFactor: 3,
  minInsyncReplicas: 2,
  configs: {},
  sizeBytes: 0,
  partitions,
  ...over,
});
const broker = (id: number) => ({
  id,
  host: "h",
  port: 9092,
  fenced: false,
  alive: true,
  cordoned: false,
  logDirs: null,
  dataBytes: 0,
  replicas: 0,
  leaders: 0,
  preferredLeaders: 0,
});
const snapshot = (at: string, topics: Topic[]): Snapshot => ({
  collectedAt: at,
  durationMs: 10,
  clusterId: "c",
  brokers: [broker(1), broker(2), broker(3)],
  features: [],
  topics,
  reassignments: [],
  groups: [],
  errors: [],
});

describe("measured throughput between two collections (pure)", () => {
  it("appends: bytes from the leader's replica growth, messages from the log-end offset growth", () => {
    expect(partitionRates(sized(2_000, 20), sized(1_000, 10), 10)).to.deep.equal({
      messagesInPerSec: 1,
      bytesInPerSec: 100,
    });
  });

  it("nothing appended: 0 whatever the size did (retention or compaction shrank it)", () => {
    expect(partitionRates(sized(500, 10), sized(1_000, 10), 10)).to.deep.equal({
      messagesInPerSec: 0,
      bytesInPerSec: 0,
    });
  });

  it("a segment deleted while appending: bytes from the messages and the bytes per message measured before", () => {
    const before = sized(10_000, 100, { bytesInPerSec: 200, messagesInPerSec: 2 }); // 100 bytes per message
    expect(partitionRates(sized(4_000, 150), before, 10)).to.deep.equal({
      messagesInPerSec: 5,
      bytesInPerSec: 500,
    });
    // Never measured before: no bytes rate rather than a negative or made-up one.
    expect(partitionRates(sized(4_000, 150), sized(10_000, 100), 10)).to.deep.equal({ messagesInPerSec: 5 });
  });

  it("a log truncated (offset went back after an unclean election): no rate at all", () => {
    expect(partitionRates(sized(900, 90), sized(1_000, 100), 10)).to.deep.equal({});
  });

  it("a leader change: the new leader's own replica is compared, not the old leader's size", () => {
    const before = partition({ leader: 1, replicaBytes: { "1": 1_000, "2": 990, "3": 980 }, logEndOffset: 10 });
    const now = partition({ leader: 2, replicaBytes: { "1": 1_000, "2": 1_990, "3": 1_980 }, logEndOffset: 20 });
    expect(partitionRates(now, before, 10)).to.deep.equal({ messagesInPerSec: 1, bytesInPerSec: 100 });
  });

  it("a replica catching up (not in sync before) is not compared: its growth is copying, not appends", () => {
    const before = partition({ leader: 1, isr: [1], replicaBytes: { "1": 1_000, "4": 0 }, logEndOffset: 10 });
    const now = partition({ leader: 4, isr: [1, 4], replicaBytes: { "1": 1_100, "4": 1_100 }, logEndOffset: 20 });
    // Broker 4 was out of sync before: broker 1 (in sync both times) is compared instead.
    expect(partitionRates(now, before, 10)).to.deep.equal({ messagesInPerSec: 1, bytesInPerSec: 10 });
    const alone = partition({ leader: 4, isr: [4], replicaBytes: { "4": 1_100 }, logEndOffset: 20 });
    expect(partitionRates(alone, before, 10)).to.deep.equal({ messagesInPerSec: 1 });
  });

  it("per topic and per broker: leaders' bytes in, followers' replication in", () => {
    const before = snapshot("2026-01-01T00:00:00.000Z", [
      topic([sized(0, 0), sized(0, 0, { id: 1, leader: 2, replicas: [2, 3, 1] })]),
    ]);
    const now = snapshot("2026-01-01T00:00:10.000Z", [
      topic([sized(10_000, 100), sized(5_000, 50, { id: 1, leader: 2, replicas: [2, 3, 1] })]),
    ]);
    const measured = withThroughput(now, before);
    const [orders] = measured.topics;
    expect(orders?.bytesInPerSec).to.equal(1_500);
    expect(orders?.messagesInPerSec).to.equal(15);
    const rows = measured.brokers.map((b) => [b.id, b.bytesInPerSec, b.messagesInPerSec, b.replicationBytesInPerSec]);
    expect(rows).to.deep.equal([
      [1, 1_000, 10, 500],
      [2, 500, 5, 1_000],
      [3, 0, 0, 1_500],
    ]);
  });

  it("no previous collection, a topic recreated, or a new partition: no rate", () => {
    const now = snapshot("2026-01-01T00:00:10.000Z", [topic([sized(100, 10), sized(0, 0, { id: 1 })])]);
    expect(withThroughput(now, undefined)).to.equal(now);
    const recreated = withThroughput(now, snapshot("2026-01-01T00:00:00.000Z", [topic([sized(0, 0)], { id: "old" })]));
    expect(recreated.topics[0]?.bytesInPerSec).to.equal(undefined);
    expect(recreated.brokers[0]?.bytesInPerSec).to.equal(undefined);
    const grown = withThroughput(now, snapshot("2026-01-01T00:00:00.000Z", [topic([sized(0, 0)])]));
    expect(grown.topics[0]?.partitions.map((p) => p.bytesInPerSec)).to.deep.equal([10, undefined]);
    // The topic's rate is not the known partition's alone: unknown until every partition has one.
    expect([grown.topics[0]?.bytesInPerSec, grown.topics[0]?.messagesInPerSec]).to.deep.equal([undefined, undefined]);
  });

  it("collections less than a second apart keep the rates measured before", () => {
    const before = snapshot("2026-01-01T00:00:00.000Z", [
      topic([sized(1_000, 10, { bytesInPerSec: 42, messagesInPerSec: 3 })]),
    ]);
    const now = snapshot("2026-01-01T00:00:00.300Z", [topic([sized(9_000, 90)])]);
    const [p] = withThroughput(now, before).topics[0]?.partitions ?? [];
    expect([p?.bytesInPerSec, p?.messagesInPerSec, p?.logEndOffset]).to.deep.equal([42, 3, 90]);
  });
});
