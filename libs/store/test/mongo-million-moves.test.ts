import { createHash, randomUUID } from "node:crypto";
import { getSharedMongo } from "@kcp/test-infra";
import { expect } from "chai";
import mongoose from "mongoose";
import { MongoStore, type OperationRecord, type PartRef } from "../src/index.js";
import { asPlanDocument, largePlanDocument, stepMoves, withStep } from "./large-plan.js";

const MOVES = 1_000_000;
const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(0)} MiB`;
const digest = (value: unknown) => createHash("sha256").update(JSON.stringify(value)).digest("hex");

/**
 * Issue 19 item 9 at full size, on the tests' MongoDB-compatible server (FerretDB unless MONGO_URL is set): a
 * rebalance plan of a million moves is stored, read by another process, paged, confirmed and run step by step as the
 * worker records it. The figures are printed, not asserted.
 */
describe("MongoDB store: a plan of a million moves", function () {
  this.timeout(30 * 60_000);

  it("is stored, read back, paged, confirmed and its step's progress recorded", async () => {
    const { url } = await getSharedMongo();
    const dbName = `million_${randomUUID().replaceAll("-", "")}`;
    const planner = await MongoStore.open({ url, dbName });
    let plannerStopped = false;
    const gateway = await MongoStore.open({ url, dbName });
    const worker = await MongoStore.open({ url, dbName });
    const figures: Record<string, string> = {};
    const timed = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      const result = await work();
      figures[name] = `${((performance.now() - started) / 1000).toFixed(2)} s`;
      return result;
    };
    try {
      let document: Record<string, unknown> | undefined = await timed("generate", async () => largePlanDocument(MOVES));
      const planDigest = digest(asPlanDocument(document).plan.moves);
      const stepDigest = digest(stepMoves(document));
      const id = randomUUID();
      const created = await timed("create (planner)", () =>
        planner.operations.create({
          id,
          clusterId: "big",
          type: "rebalance",
          expiresAt: new Date(Date.now() + 15 * 60_000),
          document: document as Record<string, unknown>,
        }),
      );
      expect(created.version).to.equal(1);
      document = undefined;
      const planned = await timed("read (planner, parts cached by its create)", () => planner.operations.findById(id));
      expect(asPlanDocument(planned?.document ?? {}).plan.moves).to.have.lengthOf(MOVES);
      figures["heap after create"] = mib(process.memoryUsage().heapUsed);
      await planner.stop(); // its copy is gone: the reads below hold one copy per store
      plannerStopped = true;

      // What the gateway, the list and the worker read for status, steps and progress: the moves left in the store.
      const light = await MongoStore.open({ url, dbName });
      try {
        const refs = { parts: "refs" } as const;
        const status = (await timed("first light read (a third store, cold)", () =>
          light.operations.findById(id, refs),
        )) as OperationRecord;
        const ref = asPlanDocument(status.document).plan.moves as unknown as PartRef;
        expect(ref).to.include({ items: MOVES });
        const page = await timed("a page of 1000 moves at 500,000 (cold)", () =>
          light.operations.readItems(id, ref, 500_000, 1000),
        );
        expect(page.items[0]).to.deep.include({ topic: "topic-2500", partition: 0 });
        expect(page.total).to.equal(MOVES);
      } finally {
        await light.stop();
      }

      const read = (await timed("first read (gateway, cold)", () =>
        gateway.operations.findById(id),
      )) as OperationRecord;
      expect(asPlanDocument(read.document).plan.moves).to.have.lengthOf(MOVES);
      expect(digest(asPlanDocument(read.document).plan.moves)).to.equal(planDigest);
      expect(digest(stepMoves(read.document))).to.equal(stepDigest);
      await timed("second read (gateway, parts cached)", () => gateway.operations.findById(id));
      const page = asPlanDocument(read.document).plan.moves.slice(500_000, 501_000);
      expect(page[0]).to.deep.include({ topic: "topic-2500", partition: 0 });

      const confirmed = await timed("confirm (gateway)", () =>
        gateway.operations.transition(
          id,
          { from: ["planned"], version: read.version },
          { status: "pending", document: { ...read.document, confirmedBy: "bob" } },
        ),
      );
      expect(confirmed).to.include({ status: "pending", version: 2 });

      // The worker: its first read, then each move of the step as OperationRecords.apply makes it (read, then write).
      const update = async (
        change: (document: Record<string, unknown>) => Record<string, unknown>,
        status?: "running",
      ) => {
        const current = (await worker.operations.findById(id)) as OperationRecord;
        return (await worker.operations.transition(
          id,
          { from: [current.status], version: current.version },
          { ...(status ? { status } : {}), document: change(current.document) },
        )) as OperationRecord;
      };
      await timed("first read (worker, cold)", () => worker.operations.findById(id));
      await timed("start", () => update((d) => ({ ...d, startedAt: new Date().toISOString() }), "running"));
      await timed("step started", () => update((d) => withStep(d, 0, { status: "running" })));
      const reports = 20;
      const started = performance.now();
      for (let i = 1; i <= reports; i++)
        await update((d) => ({ ...d, details: { movesDone: (i * MOVES) / reports, movesTotal: MOVES } }));
      figures["progress report (read + write), each"] = `${((performance.now() - started) / reports).toFixed(1)} ms`;
      const finished = await timed("step finished", () =>
        update((d) => withStep(d, 0, { status: "succeeded", detail: { moves: MOVES } })),
      );
      expect(finished.version).to.equal(2 + 2 + reports + 1);
      expect(asPlanDocument(finished.document).steps[0]?.status).to.equal("succeeded");

      const again = (await timed("read after the run (gateway)", () =>
        gateway.operations.findById(id),
      )) as OperationRecord;
      expect(asPlanDocument(again.document).details).to.deep.equal({ movesDone: MOVES, movesTotal: MOVES });
      expect(digest(asPlanDocument(again.document).plan.moves)).to.equal(planDigest);

      const raw = await mongoose.createConnection(url, { dbName, bufferCommands: false }).asPromise();
      try {
        const chunks = await raw.collection("operation_parts").find({ opId: id }).toArray();
        const states = await raw.collection("operation_states").find({ opId: id }).toArray();
        const size = (doc: object) => mongoose.mongo.BSON.calculateObjectSize(doc);
        figures.parts = `${new Set(chunks.map((c) => c.part)).size} (${chunks.length} chunks, ${mib(chunks.reduce((n, c) => n + size(c), 0))} stored, largest ${mib(Math.max(...chunks.map(size)))})`;
        figures["state documents"] =
          `${states.length}, largest ${(Math.max(...states.map(size)) / 1024).toFixed(1)} KiB`;
        expect(Math.max(...chunks.map(size))).to.be.below(16 * 1024 ** 2);
      } finally {
        await raw.close();
      }
      figures["heap at the end (two stores in one process)"] = mib(process.memoryUsage().heapUsed);
      figures["rss at the end"] = mib(process.memoryUsage().rss);
      console.log(`\n      A plan of ${MOVES} moves on ${(await getSharedMongo()).kind}:`);
      for (const [name, value] of Object.entries(figures)) console.log(`        ${name}: ${value}`);
    } finally {
      await Promise.all([plannerStopped ? undefined : planner.stop(), gateway.stop(), worker.stop()]);
    }
  });
});
