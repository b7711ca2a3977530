import { randomUUID } from "node:crypto";
import { getSharedMongo } from "@kcp/test-infra";
import { expect } from "chai";
import mongoose, { type Connection } from "mongoose";
import { MongoStore, type NewOperation } from "../src/index.js";
import { registerModels } from "../src/mongo/models.js";
import { OperationStates } from "../src/mongo/operation-states.js";

const newOperation = (clusterId: string): NewOperation => ({
  id: randomUUID(),
  clusterId,
  type: "electLeaders",
  expiresAt: new Date(Date.now() + 60_000),
  document: {},
});

/** What a process that died or stalled half-way leaves behind, written straight into the database. */
describe("MongoDB store: writers that died or stalled half-way", function () {
  this.timeout(60_000);
  let store: MongoStore;
  let raw: Connection;

  beforeEach(async () => {
    const { url } = await getSharedMongo();
    const dbName = `crash_${randomUUID().replaceAll("-", "")}`;
    store = await MongoStore.open({ url, dbName });
    raw = await mongoose.createConnection(url, { dbName, bufferCommands: false }).asPromise();
  });
  afterEach(async () => {
    await store?.stop();
    await raw?.close();
  });

  const leaveLock = (clusterId: string, opId: string, at: Date) =>
    raw.collection("cluster_locks").insertOne({ _id: `${clusterId}#1`, clusterId, n: 1, opId, at } as never);

  it("lets another operation start when a confirm died after locking its cluster", async () => {
    const died = await store.operations.create(newOperation("c1"));
    await leaveLock("c1", died.id, new Date(Date.now() - 5 * 60_000));
    const next = await store.operations.create(newOperation("c1"));
    const started = await store.operations.transition(next.id, { from: ["planned"] }, { status: "pending" });
    expect(started?.status).to.equal("pending");
    expect((await store.operations.findActive("c1"))?.id).to.equal(next.id);
  });

  it("lets the confirm that locked the cluster finish it, and nobody else meanwhile", async () => {
    const confirming = await store.operations.create(newOperation("c1"));
    await leaveLock("c1", confirming.id, new Date());
    const other = await store.operations.create(newOperation("c1"));
    const refused = await store.operations
      .transition(other.id, { from: ["planned"] }, { status: "pending" })
      .catch((error: unknown) => error);
    expect(refused).to.have.property("code", "conflict");
    const confirmed = await store.operations.transition(confirming.id, { from: ["planned"] }, { status: "pending" });
    expect(confirmed?.status).to.equal("pending");
  });

  it("takes over the admins' lock left by a writer that died, and waits for one that is held", async () => {
    const ada = await store.users.create({ username: "ada", role: "admin", disabled: false, passwordHash: "h" });
    const bea = await store.users.create({ username: "bea", role: "admin", disabled: false, passwordHash: "h" });
    const locks = raw.collection("admin_locks");
    await locks.insertOne({ _id: 1, owner: "died", at: new Date(Date.now() - 60_000) } as never);
    const guarded = { keepAnEnabledAdmin: true };
    expect(await store.users.update(ada.id, { role: "viewer" }, guarded)).to.include({ role: "viewer" });
    expect(await locks.countDocuments({ releasedAt: { $exists: true } })).to.equal(1);

    await store.users.update(ada.id, { role: "admin" });
    await locks.insertOne({ _id: 3, owner: "busy", at: new Date() } as never);
    const started = Date.now();
    const waiting = store.users.update(bea.id, { disabled: true }, guarded);
    await new Promise((resolve) => setTimeout(resolve, 300));
    await locks.updateOne({ _id: 3 } as never, { $set: { releasedAt: new Date() } });
    expect(await waiting).to.include({ disabled: true });
    expect(Date.now() - started).to.be.at.least(300);
  });

  it("never lets a writer that read an old version win after newer ones were written", async () => {
    const op = await store.operations.create(newOperation("c1"));
    const states = new OperationStates(registerModels(raw));
    const stale = await states.latest(op.id);
    await store.operations.transition(op.id, { from: ["planned"] }, { document: { step: 1 } });
    await store.operations.transition(op.id, { from: ["planned"] }, { document: { step: 2 } });
    expect(await states.writeNext(stale as NonNullable<typeof stale>, { status: "cancelled" })).to.equal(undefined);
    expect(await store.operations.findById(op.id)).to.deep.include({ version: 3, status: "planned" });
  });
});
