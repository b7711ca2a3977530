import { expect } from "chai";
import { assembleSnapshot, type CollectedParts } from "../src/snapshot/assemble.js";

const endpoint = (id: number) => ({ id, host: "127.0.0.1", port: 9000 + id, rack: null });

/** Brokers 4 and 5 registered; partition 0 still has a replica on broker 6. */
function parts(includesFenced: boolean): CollectedParts {
  return {
    collectedAt: new Date("2026-11-28T05:00:00Z"),
    durationMs: 10,
    cluster: {
      clusterId: "c",
      controllerId: 1,
      brokers: [4, 5].map((id) => ({ ...endpoint(id), fenced: false })),
      includesFenced,
      authorizedOperations: null,
    },
    metadataBrokers: [endpoint(4), endpoint(5)],
    answered: new Set([4, 5]),
    topics: [
      {
        name: "orders",
        id: "AAAAAAAAAAAAAAAAAAAAAA",
        internal: false,
        partitions: [{ id: 0, leader: 4, leaderEpoch: 3, replicas: [4, 6], isr: [4], offline: [6] }],
      },
    ],
    logDirs: new Map(),
    features: [],
    errors: [],
  };
}

describe("snapshot: a broker known only as the holder of replicas", () => {
  it("is listed, not alive and not registered when DescribeCluster lists fenced brokers too (Kafka 4.0+)", () => {
    const brokers = assembleSnapshot(parts(true)).brokers;
    expect(brokers.map((b) => [b.id, b.alive, b.registered])).to.deep.equal([
      [4, true, true],
      [5, true, true],
      [6, false, false],
    ]);
  });

  it("says nothing of its registration before 4.0, where a fenced broker is not listed either", () => {
    const six = assembleSnapshot(parts(false)).brokers.find((b) => b.id === 6);
    expect(six).to.deep.include({ alive: false, fenced: true });
    expect(six).to.not.have.property("registered");
  });
});
