import type { Snapshot, Topic } from "@kcp/shared";
import { expect } from "chai";
import { collectedSizes, figuresOf, searchCandidates } from "../src/collected-figures.js";
import { listWithRates, topicWithRates } from "../src/topic-rates.js";

const partition = (id: number, rates: { bytesInPerSec?: number; messagesInPerSec?: number } = {}) => ({
  id,
  leader: 1,
  leaderEpoch: 0,
  replicas: [1],
  isr: [1],
  offline: null,
  sizeBytes: 0,
  replicaBytes: null,
  ...rates,
});
const topic = (id: string, over: Partial<Topic> = {}): Topic => ({
  name: "orders",
  id,
  internal: false,
  replicationFactor: 1,
  minInsyncReplicas: 1,
  configs: {},
  sizeBytes: 0,
  partitions: [partition(0), partition(1)],
  ...over,
});
const snapshotOf = (t: Topic): Snapshot => ({
  collectedAt: "2026-01-01T00:00:00.000Z",
  durationMs: 1,
  clusterId: "c",
  brokers: [],
  features: [],
  topics: [t],
  reassignments: [],
  groups: [],
  errors: [],
});
const collected = (t: Topic) => figuresOf(snapshotOf(t));
const measured = topic("id-1", {
  bytesInPerSec: 300,
  messagesInPerSec: 3,
  partitions: [partition(0, { bytesInPerSec: 100, messagesInPerSec: 1 }), partition(1, { bytesInPerSec: 200 })],
});
const summary = {
  name: "orders",
  id: "id-1",
  internal: false,
  partitions: 2,
  replicationFactor: 1,
  minInsyncReplicas: 1,
  sizeBytes: 0,
  underReplicatedPartitions: 0,
  underMinIsrPartitions: 0,
  offlinePartitions: 0,
};

describe("topic reads with the rates of the last collections (pure)", () => {
  it("the list and the detail carry the stored view's rates, per topic and per partition", () => {
    const list = listWithRates({ topics: [summary], total: 1 }, collected(measured));
    expect(list.topics[0]).to.include({ bytesInPerSec: 300, messagesInPerSec: 3 });
    const detail = topicWithRates(topic("id-1"), collected(measured));
    expect(detail).to.include({ bytesInPerSec: 300, messagesInPerSec: 3 });
    expect(detail.partitions.map((p) => [p.bytesInPerSec, p.messagesInPerSec])).to.deep.equal([
      [100, 1],
      [200, undefined],
    ]);
  });

  it("a topic created again since (another id), or no view yet: no rates", () => {
    expect(
      listWithRates({ topics: [{ ...summary, id: "id-2" }], total: 1 }, collected(measured)).topics[0],
    ).to.not.have.property("bytesInPerSec");
    expect(topicWithRates(topic("id-1"), undefined)).to.not.have.property("bytesInPerSec");
  });

  it("a search without a listing asks Kafka about the names the last collection knew that match it", () => {
    const figures = figuresOf({
      ...snapshotOf(topic("id-1")),
      topics: ["orders", "orders-dlq", "payments"].map((name) => topic(name, { name })),
    });
    expect(searchCandidates(figures, "orders")).to.deep.equal(["orders", "orders-dlq"]);
    expect(searchCandidates(figures, "nothing")).to.deep.equal([]);
  });

  it("and shows the sizes that collection measured, for the topics it knew", () => {
    const figures = figuresOf({
      ...snapshotOf(topic("id-1")),
      topics: [topic("a", { name: "orders", sizeBytes: 1234 }), topic("b", { name: "orders-dlq", sizeBytes: 0 })],
    });
    expect([...collectedSizes(figures, ["orders", "orders-dlq", "orders-new"])]).to.deep.equal([
      ["orders", 1234],
      ["orders-dlq", 0],
    ]);
  });
});
