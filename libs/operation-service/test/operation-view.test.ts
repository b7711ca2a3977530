import { typed } from "@kcp/operation-lifecycle";
import { MOVES_SHOWN, OperationMovesResponseSchema, OperationSchema } from "@kcp/shared";
import type { OperationRecord } from "@kcp/store";
import { expect } from "chai";
import { movesPage, operationView } from "../src/index.js";

const COUNT = 2500;
const moves = Array.from({ length: COUNT }, (_, i) => ({
  topic: "t",
  partition: i,
  from: [1, 2],
  to: [3, 2],
  sizeBytes: 10,
  replicaMoves: 1,
  leaderChange: false,
}));
const step = (index: number, kind: string, args: unknown) => ({
  index,
  name: kind,
  kind,
  args,
  alwaysRun: false,
  status: "pending",
  startedAt: null,
  finishedAt: null,
});
const record: OperationRecord = {
  id: "op1",
  clusterId: "c1",
  type: "rebalance",
  status: "planned",
  version: 1,
  expiresAt: new Date(0),
  createdAt: new Date(0),
  updatedAt: new Date(0),
  document: {
    summary: "Rebalance",
    params: {},
    plan: { summary: "Rebalance", warnings: [], irreversible: false, moves },
    details: {},
    irreversible: false,
    currentStep: 0,
    requestedAction: null,
    error: null,
    createdBy: "alice",
    confirmedBy: null,
    startedAt: null,
    finishedAt: null,
    steps: [
      step(0, "reassignPartitions", {
        moves: moves.map((m) => ({ topic: m.topic, partition: m.partition, replicas: m.to, bytes: 10 })),
        maxConcurrentMoves: 5,
      }),
      step(1, "electLeaders", { electionType: "preferred", partitions: [{ topic: "t", partition: 0 }] }),
    ],
  },
};

describe("an operation as the API shows it, for plans of any size", () => {
  it("shows the first 1000 moves with movesTotal, and cuts long lists of step args beside <name>Total", () => {
    const view = OperationSchema.parse(operationView(typed(record)));
    expect(view.plan.moves).to.have.lengthOf(MOVES_SHOWN);
    expect(view.plan.moves?.[999]).to.include({ partition: 999 });
    expect(view.plan.movesTotal).to.equal(COUNT);
    expect(view.steps[0]?.args).to.include({ movesTotal: COUNT, maxConcurrentMoves: 5 });
    expect((view.steps[0]?.args as { moves: unknown[] } | undefined)?.moves).to.have.lengthOf(MOVES_SHOWN);
    expect(view.steps[1]?.args).to.deep.equal({
      electionType: "preferred",
      partitions: [{ topic: "t", partition: 0 }],
    });
    // The stored record is left whole.
    expect((record.document.plan as { moves: unknown[] }).moves).to.have.lengthOf(COUNT);
  });

  it("pages the moves in plan order, the last page short and past the end empty", () => {
    const page = OperationMovesResponseSchema.parse(movesPage(typed(record), 2000, 1000));
    expect(page.total).to.equal(COUNT);
    expect(page.moves.map((m) => m.partition)).to.deep.equal(Array.from({ length: 500 }, (_, i) => 2000 + i));
    expect(movesPage(typed(record), 3000, 10)).to.deep.equal({ moves: [], total: COUNT });
  });

  it("gives movesTotal for small plans too, and a plan without moves none", () => {
    const small = {
      ...record,
      document: { ...record.document, plan: { ...(record.document.plan as object), moves: moves.slice(0, 3) } },
    };
    expect(operationView(typed(small)).plan).to.include({ movesTotal: 3 });
    expect(operationView(typed(small)).plan.moves).to.have.lengthOf(3);
    const none = {
      ...record,
      document: { ...record.document, plan: { summary: "s", warnings: [], irreversible: false } },
    };
    expect(operationView(typed(none)).plan).to.not.have.property("movesTotal");
  });
});
