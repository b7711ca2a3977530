import type { Load, Snapshot } from "@kcp/shared";
import { expect } from "chai";
import { withLoadRates } from "../src/plans/load-rates.js";
import { broker, partition, topic } from "./snapshot-fixture.js";

const load = (ids: number[]): Load => ({
  brokers: ids.map((id) => ({ id, replicas: 0, leaders: 0, dataBytes: 0, excluded: false })),
  replicaSpread: 0,
  leaderSpread: 0,
  dataSpreadBytes: 0,
  score: 100,
});

const snapshot = (rates: (number | undefined)[]): Snapshot => ({
  collectedAt: new Date().toISOString(),
  durationMs: 1,
  clusterId: "c",
  brokers: [broker(4), broker(5), broker(6)],
  features: [],
  topics: [
    topic(
      "t",
      rates.map((rate, id) => ({
        ...partition(id, [4, 5]),
        ...(rate === undefined ? {} : { bytesInPerSec: rate }),
      })),
    ),
  ],
  reassignments: [],
  groups: [],
  errors: [],
});

describe("plan load with measured leader bytes in (pure)", () => {
  const built = {
    plan: {
      summary: "",
      warnings: [],
      irreversible: false,
      before: load([4, 5, 6]),
      after: load([4, 5, 6]),
      moves: [
        { topic: "t", partition: 1, from: [4, 5], to: [6, 5], sizeBytes: 0, replicaMoves: 1, leaderChange: true },
      ],
    },
    steps: [],
  };

  it("before: the leaders' bytes in now; after: with the leaders the moves make", () => {
    const rated = withLoadRates(built, snapshot([100, 300]));
    expect(rated.plan.before?.brokers.map((b) => b.bytesInPerSec)).to.deep.equal([400, 0, 0]);
    expect(rated.plan.after?.brokers.map((b) => b.bytesInPerSec)).to.deep.equal([100, 0, 300]);
  });

  it("nothing measured yet (one collection): the load is left without bytes in", () => {
    expect(withLoadRates(built, snapshot([undefined, undefined]))).to.equal(built);
  });
});
