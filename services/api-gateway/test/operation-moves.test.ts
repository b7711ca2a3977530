import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

type Envelope = { error: { code: string } };
interface Move {
  partition: number;
}
interface OperationBody {
  plan: { moves: Move[]; movesTotal: number };
  steps: { args: { moves: unknown[]; movesTotal: number } }[];
}

// Above 8,000 moves (a chunk of the stored moves): the pages cross chunks.
const COUNT = 20_000;

/** Plans of any size over HTTP: the operation shows the first 1000 moves, the rest page. */
describe("operation moves over HTTP", function () {
  this.timeout(60_000);
  let test: TestGateway;
  let api: Api;
  let token: string;
  const id = "op-large";

  before(async () => {
    test = await startTestGateway();
    api = apiClient(test.gateway.url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN })).body.token;
    const moves = Array.from({ length: COUNT }, (_, i) => ({
      topic: "t",
      partition: i,
      from: [1, 2, 3],
      to: [4, 2, 3],
      sizeBytes: 1024,
      replicaMoves: 1,
      leaderChange: false,
    }));
    await test.store.operations.create({
      id,
      clusterId: "c1",
      type: "rebalance",
      expiresAt: new Date(Date.now() + 15 * 60_000),
      document: {
        summary: "Rebalance",
        params: {},
        plan: { summary: "Rebalance", warnings: [], irreversible: false, moves },
        details: {},
        irreversible: false,
        currentStep: 0,
        requestedAction: null,
        error: null,
        createdBy: "admin",
        confirmedBy: null,
        startedAt: null,
        finishedAt: null,
        steps: [
          {
            index: 0,
            name: `Move ${COUNT} partition(s)`,
            kind: "reassignPartitions",
            args: {
              moves: moves.map((m) => ({ topic: m.topic, partition: m.partition, replicas: m.to, bytes: 1024 })),
              maxConcurrentMoves: 5,
            },
            alwaysRun: false,
            status: "pending",
            startedAt: null,
            finishedAt: null,
          },
        ],
      },
    });
  });
  after(() => test?.stop());

  it("GET /operations/{id} shows the first 1000 moves with movesTotal, the step's moves cut the same way", async () => {
    const { status, body } = await api<OperationBody>("GET", `/api/v1/operations/${id}`, { token });
    expect(status).to.equal(200);
    expect(body.plan.movesTotal).to.equal(COUNT);
    expect(body.plan.moves.map((m) => m.partition)).to.deep.equal(Array.from({ length: 1000 }, (_, i) => i));
    expect(body.steps[0]?.args.movesTotal).to.equal(COUNT);
    expect(body.steps[0]?.args.moves).to.have.lengthOf(1000);
  });

  it("GET /operations/{id}/moves pages every move in plan order", async () => {
    const seen: number[] = [];
    for (let offset = 0; ; offset += 1000) {
      const { status, body } = await api<{ moves: Move[]; total: number }>(
        "GET",
        `/api/v1/operations/${id}/moves?offset=${offset}&limit=1000`,
        { token },
      );
      expect(status).to.equal(200);
      expect(body.total).to.equal(COUNT);
      if (body.moves.length === 0) break;
      seen.push(...body.moves.map((m) => m.partition));
    }
    expect(seen).to.deep.equal(Array.from({ length: COUNT }, (_, i) => i));
    const first = await api<{ moves: Move[] }>("GET", `/api/v1/operations/${id}/moves`, { token });
    expect(first.body.moves).to.have.lengthOf(100); // the default limit
  });

  it("refuses a limit outside 1-1000 or a negative offset, and answers 404 for an unknown operation", async () => {
    for (const query of ["limit=0", "limit=1001", "offset=-1", "offset="]) {
      const { status, body } = await api<Envelope>("GET", `/api/v1/operations/${id}/moves?${query}`, { token });
      expect(status, query).to.equal(400);
      expect(body.error.code, query).to.equal("validation_failed");
    }
    const missing = await api<Envelope>("GET", "/api/v1/operations/nope/moves", { token });
    expect(missing.status).to.equal(404);
  });
});
