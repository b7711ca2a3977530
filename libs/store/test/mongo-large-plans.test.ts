import { randomUUID } from "node:crypto";
import { getSharedMongo } from "@kcp/test-infra";
import { expect } from "chai";
import mongoose, { type Connection } from "mongoose";
import { MongoStore, type OperationRecord } from "../src/index.js";
import { asPlanDocument, largePlanDocument, withStep } from "./large-plan.js";

const MOVES = 200_000;

/** What the MongoDB adapter writes for plans too large for one document (issue 19 item 9), read from the database. */
describe("MongoDB store: plans of any size", function () {
  this.timeout(300_000);
  let store: MongoStore;
  let raw: Connection;

  beforeEach(async () => {
    const { url } = await getSharedMongo();
    const dbName = `parts_${randomUUID().replaceAll("-", "")}`;
    store = await MongoStore.open({ url, dbName });
    raw = await mongoose.createConnection(url, { dbName, bufferCommands: false }).asPromise();
  });
  afterEach(async () => {
    await store?.stop();
    await raw?.close();
  });

  const newOperation = (document: Record<string, unknown>) => ({
    id: randomUUID(),
    clusterId: "big",
    type: "rebalance",
    expiresAt: new Date(Date.now() + 15 * 60_000),
    document,
  });
  const chunks = (opId: string) =>
    raw
      .collection("operation_parts")
      .find({ opId }, { projection: { data: 0 } })
      .toArray();
  const stateSizes = async (opId: string) =>
    (
      await raw
        .collection("operation_states")
        .find({ opId, superseded: { $ne: true } })
        .toArray()
    ).map((doc) => mongoose.mongo.BSON.calculateObjectSize(doc));

  it("is needed: the plan of 200k moves as one document is refused (above the 16 MB document limit)", async () => {
    const text = JSON.stringify(largePlanDocument(MOVES));
    expect(text.length).to.be.above(16 * 1024 * 1024);
    const refused = await raw
      .collection("operation_states")
      .insertOne({ _id: "whole" as never, document: text })
      .then(
        () => undefined,
        (error: unknown) => error,
      );
    expect(String(refused)).to.match(/out of range|too large|size/i); // the driver refuses it before sending
  });

  it("keeps the moves in chunks apart, and each step's progress write inserts only a small state", async () => {
    const created = await store.operations.create(newOperation(largePlanDocument(MOVES)));
    const written = await chunks(created.id);
    expect(new Set(written.map((c) => c.part)).size).to.equal(2); // the plan's moves and the reassign step's
    expect(written.length).to.be.at.least(2);
    const [first] = await stateSizes(created.id);
    expect(first).to.be.below(16 * 1024);

    let record = (await store.operations.transition(
      created.id,
      { from: ["planned"] },
      { status: "running" },
    )) as OperationRecord;
    for (let i = 0; i < 12; i++) {
      const document = i % 2 ? { ...record.document, details: { movesDone: i } } : withStep(record.document, 0, {});
      record = (await store.operations.transition(
        created.id,
        { from: ["running"], version: record.version },
        { document },
      )) as OperationRecord;
    }
    expect(record.version).to.equal(14);
    const after = await chunks(created.id);
    expect(after.map((c) => `${c._id}@${c.at.toISOString()}`)).to.deep.equal(
      written.map((c) => `${c._id}@${c.at.toISOString()}`),
    );
    expect(await stateSizes(created.id)).to.satisfy((sizes: number[]) => sizes.every((s) => s < 16 * 1024));

    // A change of the moves themselves is a new part; the old one is collected once past its grace.
    const moves = asPlanDocument(record.document).plan.moves.slice(1);
    const doc = asPlanDocument(record.document);
    await store.operations.transition(
      created.id,
      { from: ["running"] },
      { document: { ...doc, plan: { ...doc.plan, moves } } },
    );
    expect(new Set((await chunks(created.id)).map((c) => c.part)).size).to.equal(3);
    expect(await store.operations.parts.collectOrphans(new Date(Date.now() + 2 * 60 * 60_000))).to.equal(1);
    expect(new Set((await chunks(created.id)).map((c) => c.part)).size).to.equal(2);
    const other = await MongoStore.open({ url: (await getSharedMongo()).url, dbName: raw.name });
    try {
      const read = await other.operations.findById(created.id);
      expect(asPlanDocument(read?.document ?? {}).plan.moves).to.have.lengthOf(MOVES - 1);
    } finally {
      await other.stop();
    }
  });

  it("collects the parts of a create that died before its operation was written, and only those", async () => {
    const kept = await store.operations.create(newOperation(largePlanDocument(20_000)));
    const died = randomUUID();
    const { parts } = store.operations;
    const { splitDocument } = await import("../src/document-parts.js");
    await parts.store(died, splitDocument(died, largePlanDocument(20_000), parts.known).parts.values());
    expect(await chunks(died)).to.not.have.lengthOf(0);
    expect(await parts.collectOrphans(new Date())).to.equal(0); // within the grace: a writer may be about to use them
    expect(await parts.collectOrphans(new Date(Date.now() + 2 * 60 * 60_000))).to.equal(2);
    expect(await chunks(died)).to.have.lengthOf(0);
    const other = await MongoStore.open({ url: (await getSharedMongo()).url, dbName: raw.name });
    try {
      expect(asPlanDocument((await other.operations.findById(kept.id))?.document ?? {}).plan.moves).to.have.lengthOf(
        20_000,
      );
    } finally {
      await other.stop();
    }
  });
});
