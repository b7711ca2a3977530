import { expect } from "chai";
import { formatPressure, summarizePressure } from "../src/runner/pressure.js";

describe("the run's report of its pressure on the machine (pure)", () => {
  it("gives the load's peak, mean and 30-second peak, the budget's peak, waits and overdrafts, and retried starts", () => {
    const samples = [0, 5, 10, 15, 20, 25, 30, 35].map((s, i) => ({
      t: 1_000_000 + s * 1000,
      load: [1, 9, 12, 3, 2, 2, 6, 4][i] as number,
      jvms: [0, 3, 7, 7, 6, 6, 2, 0][i] as number,
    }));
    const events = [
      { t: 1_000_100, pid: 1, kind: "kafka-node", what: "Kafka node 1 (a)", units: 2, held: 2, waitedMs: 0 },
      { t: 1_000_200, pid: 2, kind: "kafka-node", what: "Kafka node 2 (b)", units: 2, held: 4, waitedMs: 0 },
      { t: 1_001_000, pid: 1, kind: "kafka-node", what: "Kafka node 1 (a)", units: -1.8 },
      {
        t: 1_004_000,
        pid: 3,
        kind: "kubernetes-node",
        what: "the Kubernetes node",
        units: 4,
        held: 6.2,
        waitedMs: 3500,
      },
      { t: 1_009_000, pid: 4, kind: "build", what: "a build", units: 2, held: 8.2, waitedMs: 125_000, overdraft: true },
    ];
    const summary = summarizePressure(samples, events, [
      "test-infra: Kafka node 4 exited; starting the cluster afresh: attempt 2 of 2",
      'test-infra: Kafka "shared" ready in 3.1 s',
    ]);
    expect(summary).to.deep.include({
      peakLoad: 12,
      meanLoad: 4.88,
      peakLoadEvery30s: 6,
      secondsAbove8: 10,
      peakJvms: 7,
    });
    expect(summary.budget).to.deep.equal({
      grants: 4,
      peakUnits: 8.2,
      waitedSeconds: 128.5,
      longestWait: { seconds: 125, what: "a build" },
      overdrafts: 1,
    });
    expect(summary.retriedStarts).to.have.length(1);
    expect(formatPressure(summary)).to.include("load (1 min) peak 12").and.include("1 granted beyond the pool");
  });
});
