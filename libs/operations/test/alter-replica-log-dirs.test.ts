import type { KafkaAdmin, LogDirMoveRequest, ReplicaPlacement } from "@kcp/kafka";
import { createLogger } from "@kcp/shared";
import { expect } from "chai";
import { STEP_KINDS, type StepContext, StepInterrupted } from "../src/index.js";

/**
 * A broker's log dirs as AlterReplicaLogDirs and DescribeLogDirs see them: a requested move first shows as a future
 * replica, and is swapped in at the next read (the copy takes one poll).
 */
class Broker {
  readonly placed = new Map<string, ReplicaPlacement>();
  readonly requests: LogDirMoveRequest[][] = [];

  alterReplicaLogDirs(_broker: number, moves: readonly LogDirMoveRequest[]) {
    this.requests.push([...moves]);
    const outcome = new Map<string, string | null>();
    for (const m of moves) {
      const key = `${m.topic}:${m.partition}`;
      const now = this.placed.get(key);
      if (!now) outcome.set(key, "REPLICA_NOT_AVAILABLE");
      else {
        outcome.set(key, null);
        if (now.logDir === m.logDir) this.placed.set(key, { logDir: m.logDir, bytes: now.bytes });
        else this.placed.set(key, { ...now, future: { logDir: m.logDir, bytes: 0, offsetLag: 10 } });
      }
    }
    return Promise.resolve(outcome);
  }

  replicaPlacements(_broker: number, partitions: readonly { topic: string; partition: number }[]) {
    const read = new Map<string, ReplicaPlacement>();
    for (const p of partitions) {
      const key = `${p.topic}:${p.partition}`;
      const now = this.placed.get(key);
      if (now) read.set(key, now);
    }
    // The copies in flight finish after this read.
    for (const [key, p] of this.placed) if (p.future) this.placed.set(key, { logDir: p.future.logDir, bytes: p.bytes });
    return Promise.resolve(read);
  }
}

function context(broker: Broker, interrupt: "pause" | "cancel" | null = null) {
  const reports: Record<string, unknown>[] = [];
  const ctx: StepContext = {
    admin: broker as unknown as KafkaAdmin,
    logger: createLogger({ name: "test", level: "silent" }),
    report: async (details) => {
      reports.push(details);
    },
    interrupted: async () => interrupt,
  };
  return { ctx, reports };
}

const move = (partition: number, logDir: string, bytes = 100) => ({ broker: 1, topic: "t", partition, logDir, bytes });

describe("alterReplicaLogDirs step", function () {
  this.timeout(10_000);

  it("moves each replica into its dir, waits for the copy, reports bytes; a replica already there is done", async () => {
    const broker = new Broker();
    broker.placed.set("t:0", { logDir: "/a", bytes: 100 });
    broker.placed.set("t:1", { logDir: "/b", bytes: 100 });
    const { ctx, reports } = context(broker);
    const detail = await STEP_KINDS.alterReplicaLogDirs(ctx, {
      moves: [move(0, "/b"), move(1, "/b")],
      maxConcurrentMoves: 5,
    });
    expect(detail).to.deep.equal({ moves: 2, bytes: 200, alreadyInPlace: 1 });
    expect(broker.requests).to.deep.equal([[move(0, "/b")]]);
    expect(reports.at(-1)).to.deep.include({ bytesMoved: 200, bytesTotal: 200, movesDone: 2, movesTotal: 2 });
    const again = await STEP_KINDS.alterReplicaLogDirs(context(broker).ctx, {
      moves: [move(0, "/b"), move(1, "/b")],
      maxConcurrentMoves: 5,
    });
    expect(again).to.deep.equal({ moves: 2, bytes: 200, alreadyInPlace: 2 });
    expect(broker.requests).to.have.length(1);
  });

  it("arriving: the broker notes the dirs of replicas it does not hold yet (REPLICA_NOT_AVAILABLE counts as done)", async () => {
    const broker = new Broker();
    const detail = await STEP_KINDS.alterReplicaLogDirs(context(broker).ctx, {
      moves: [move(0, "/a"), move(1, "/b")],
      maxConcurrentMoves: 5,
      arriving: true,
    });
    expect(detail).to.deep.equal({ noted: 2 });
  });

  it("a replica gone from its broker (topic deleted) is skipped and named", async () => {
    const broker = new Broker();
    broker.placed.set("t:0", { logDir: "/a", bytes: 100 });
    const detail = await STEP_KINDS.alterReplicaLogDirs(context(broker).ctx, {
      moves: [move(0, "/b"), move(7, "/b")],
      maxConcurrentMoves: 5,
    });
    expect(detail).to.deep.equal({ moves: 1, bytes: 100, alreadyInPlace: 0, skipped: ["t-7 on broker 1"] });
  });

  it("cancel with a copy in flight: asks for the replica's current dir (the future replica dropped) and stops", async () => {
    const broker = new Broker();
    broker.placed.set("t:0", { logDir: "/a", bytes: 100, future: { logDir: "/b", bytes: 40, offsetLag: 5 } });
    // Keep the copy in flight while the step reads it.
    broker.replicaPlacements = (_b, partitions) =>
      Promise.resolve(
        new Map(partitions.map((p) => [`${p.topic}:${p.partition}`, broker.placed.get("t:0") as ReplicaPlacement])),
      );
    const error = await STEP_KINDS.alterReplicaLogDirs(context(broker, "cancel").ctx, {
      moves: [move(0, "/b")],
      maxConcurrentMoves: 5,
    }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(StepInterrupted);
    expect((error as StepInterrupted).detail).to.deep.equal({ cancelledInFlight: 1, movesDone: 0 });
    expect(broker.requests).to.deep.equal([[move(0, "/a")]]);
  });
});
