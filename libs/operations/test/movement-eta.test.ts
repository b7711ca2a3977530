import type { Capabilities, Cluster, Snapshot } from "@kcp/shared";
import { expect } from "chai";
import { planRebalance } from "../src/index.js";
import {
  ASSUMED_UNTHROTTLED_BYTES_PER_SEC,
  estimateMovement,
  formatDuration,
  SECONDS_PER_ROUND,
} from "../src/plans/movement-eta.js";
import { moveEta } from "../src/step-kinds/move-eta.js";
import { broker, partition, topic } from "./snapshot-fixture.js";

const MB = 1_000_000;

describe("movement ETA before confirm (pure)", () => {
  it("the broker with most to receive or send sets the time at the throttle, plus a round per batch", () => {
    // Two 100 MB partitions leave broker 1 (their leader) for brokers 3 and 4: broker 1 sends 200 MB.
    const eta = estimateMovement(
      [
        { from: [1, 2], to: [3, 2], sizeBytes: 100 * MB },
        { from: [1, 2], to: [4, 2], sizeBytes: 100 * MB },
      ],
      { throttleBytesPerSec: 10 * MB, maxConcurrentMoves: 5 },
    );
    expect(eta.rateSource).to.equal("throttle");
    expect(eta.busiest).to.include({ id: 1, sendBytes: 200 * MB, receiveBytes: 0, moves: 2 });
    expect(eta.etaSeconds).to.equal(20 + SECONDS_PER_ROUND);
    expect(eta.brokers.find((b) => b.id === 3)).to.include({ receiveBytes: 100 * MB, sendBytes: 0 });
  });

  it("the leader sends, whichever replica it is; a move adding two replicas sends two copies", () => {
    const eta = estimateMovement([{ from: [1, 2], to: [3, 4], sizeBytes: 50 * MB, leader: 2 }], {
      throttleBytesPerSec: 10 * MB,
      maxConcurrentMoves: 5,
    });
    expect(eta.brokers.map((b) => [b.id, b.sendBytes, b.receiveBytes])).to.deep.equal([
      [1, 0, 0],
      [2, 100 * MB, 0],
      [3, 0, 50 * MB],
      [4, 0, 50 * MB],
    ]);
    expect(eta.etaSeconds).to.equal(10 + SECONDS_PER_ROUND);
  });

  it("the concurrency limit: many small moves on one broker cost a round per batch", () => {
    const moves = Array.from({ length: 12 }, (_, i) => ({ from: [1], to: [2 + i], sizeBytes: 0 }));
    expect(estimateMovement(moves, { maxConcurrentMoves: 5 }).etaSeconds).to.equal(3 * SECONDS_PER_ROUND);
    expect(estimateMovement(moves, { maxConcurrentMoves: 1 }).etaSeconds).to.equal(12 * SECONDS_PER_ROUND);
  });

  it("unthrottled: the assumed rate, or a measured one when given", () => {
    const moves = [{ from: [1], to: [2], sizeBytes: 10 * ASSUMED_UNTHROTTLED_BYTES_PER_SEC }];
    const assumed = estimateMovement(moves, { maxConcurrentMoves: 5 });
    expect([assumed.rateSource, assumed.etaSeconds]).to.deep.equal(["assumed", 10 + SECONDS_PER_ROUND]);
    const measured = estimateMovement(moves, {
      maxConcurrentMoves: 5,
      unthrottledBytesPerSec: 2 * ASSUMED_UNTHROTTLED_BYTES_PER_SEC,
    });
    expect([measured.rateSource, measured.etaSeconds]).to.deep.equal(["measured", 5 + SECONDS_PER_ROUND]);
    expect(estimateMovement([], { maxConcurrentMoves: 5 }).etaSeconds).to.equal(0);
  });

  it("a rebalance plan states its ETA in etaSeconds, the summary and the move step's args", () => {
    const snapshot: Snapshot = {
      collectedAt: new Date().toISOString(),
      durationMs: 1,
      clusterId: "c",
      brokers: [broker(4), broker(5), broker(6), broker(8)],
      features: [],
      topics: [
        {
          ...topic(
            "t",
            [0, 1, 2, 3].map((id) => ({
              ...partition(id, id % 2 === 0 ? [4, 5] : [5, 4]),
              sizeBytes: 30 * MB,
              replicaBytes: { "4": 30 * MB, "5": 30 * MB },
            })),
          ),
          sizeBytes: 120 * MB,
        },
      ],
      reassignments: [],
      groups: [],
      errors: [],
    };
    const built = planRebalance({
      cluster: {} as Cluster,
      capabilities: { refusals: [], notes: [] } as Capabilities,
      snapshot,
      params: { throttleBytesPerSec: 10 * MB, maxConcurrentMoves: 5 },
    });
    // Four replicas of 30 MB move off brokers 4 and 5 (two each) onto 6 and 8: each side 60 MB at 10 MB/s.
    expect(built.plan.etaSeconds).to.equal(6 + SECONDS_PER_ROUND);
    expect(built.plan.summary).to.include("data movement about 7 s at the throttle of 9.5 MiB/s per broker");
    const move = built.steps.find((s) => s.kind === "reassignPartitions");
    expect(move?.args).to.include({ plannedSeconds: 6 + SECONDS_PER_ROUND });
  });

  it("durations read as people say them", () => {
    expect([formatDuration(45), formatDuration(750), formatDuration(3_900)]).to.deep.equal([
      "45 s",
      "12 min 30 s",
      "1 h 05 min",
    ]);
  });
});

describe("ETA while data moves: the plan's until a rate is measured (pure)", () => {
  it("before 5 s of measuring: the plan's ETA for the share left", () => {
    expect(
      moveEta({ totalBytes: 1_000, doneBytes: 250, measuredBytes: 250, measuredSeconds: 2, plannedSeconds: 100 }),
    ).to.deep.equal({ etaSeconds: 75, etaSource: "planned", measuredBytesPerSec: 125 });
  });

  it("after: what is left at the measured rate (here twice as slow as planned)", () => {
    expect(
      moveEta({ totalBytes: 1_000, doneBytes: 500, measuredBytes: 500, measuredSeconds: 100, plannedSeconds: 100 }),
    ).to.deep.equal({ etaSeconds: 100, etaSource: "measured", measuredBytesPerSec: 5 });
  });

  it("no plan ETA and nothing measured yet: unknown", () => {
    expect(moveEta({ totalBytes: 1_000, doneBytes: 0, measuredBytes: 0, measuredSeconds: 10 })).to.deep.equal({
      etaSeconds: null,
      etaSource: null,
      measuredBytesPerSec: null,
    });
  });
});
