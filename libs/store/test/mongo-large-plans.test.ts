import { createHash, randomUUID } from "node:crypto";
import { gzipSync } from "node:zlib";
import { getSharedMongo } from "@kcp/test-infra";
import { expect } from "chai";
import mongoose, { type Connection } from "mongoose";
import { isPartRef, MongoStore, type OperationRecord } from "../src/index.js";
import { asPlanDocument, largePlanDocument, withStep } from "./large-plan.js";

const MOVES = 200_000;

/** What the MongoDB adapter writes for plans too large for one document, read from the database. */
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

  it("reads a plan stored before moves were chunked by items: whole, light, paged, and written back light", async () => {
    // As the adapter stored it before: the part's text in slices, a reference without items, no nested map.
    const id = randomUUID();
    const moves = asPlanDocument(largePlanDocument(20_000)).plan.moves;
    const text = JSON.stringify(moves);
    const part = createHash("sha256").update(text).digest("hex").slice(0, 32);
    const slices = [text.slice(0, 1_000_000), text.slice(1_000_000)];
    for (const [n, slice] of slices.entries())
      await raw.collection("operation_parts").insertOne({
        _id: `${id}:${part}:${n}` as never,
        opId: id,
        part,
        n,
        of: slices.length,
        at: new Date(),
        data: gzipSync(slice),
      });
    const now = new Date();
    const document = { summary: "old", plan: { summary: "p", moves: { $kcpPart: part } }, details: {}, steps: [] };
    await raw.collection("operations").insertOne({ _id: id as never, clusterId: "old", seq: 1, createdAt: now });
    await raw.collection("operation_states").insertOne({
      _id: `${id}#1` as never,
      opId: id,
      version: 1,
      clusterId: "old",
      type: "rebalance",
      status: "running",
      lease: null,
      expiresAt: now,
      document: JSON.stringify(document),
      parts: [part],
      createdAt: now,
      updatedAt: now,
    });
    const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).to.equal(JSON.stringify(b));
    same(asPlanDocument((await store.operations.findById(id))?.document ?? {}).plan.moves, moves);
    const light = (await store.operations.findById(id, { parts: "refs" })) as OperationRecord;
    same(asPlanDocument(light.document).plan.moves, moves); // a reference without items: put back whole
    const written = (await store.operations.transition(
      id,
      { from: ["running"], version: 1 },
      { document: { ...light.document, details: { movesDone: 1 } } },
      { parts: "refs" },
    )) as OperationRecord;
    const ref = asPlanDocument(written.document).plan.moves as unknown;
    expect(isPartRef(ref)).to.equal(true);
    expect(ref).to.include({ items: 20_000 });
    const other = await MongoStore.open({ url: (await getSharedMongo()).url, dbName: raw.name });
    try {
      const page = await other.operations.readItems(id, ref as never, 9_000, 2_000);
      expect(page.total).to.equal(20_000);
      same(page.items, moves.slice(9_000, 11_000));
      const whole = asPlanDocument((await other.operations.findById(id))?.document ?? {});
      same(whole.plan.moves, moves);
      expect(whole.details).to.deep.equal({ movesDone: 1 });
    } finally {
      await other.stop();
    }
  });
});
