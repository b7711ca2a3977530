import { randomUUID } from "node:crypto";
import { expect } from "chai";
import { MongoClient, MongoServerError } from "mongodb";
import { getSharedMongo, startFerretDb, startMongo } from "../src/index.js";

describe("test-infra: MongoDB-compatible server", function () {
  this.timeout(300_000);
  let client: MongoClient;

  before(async () => {
    const mongo = await getSharedMongo();
    client = new MongoClient(mongo.url);
    await client.connect();
  });
  after(() => client?.close());

  const collection = () => client.db(`t_${randomUUID().replaceAll("-", "")}`).collection("things");

  it("stores a document and reads it back", async () => {
    const things = collection();
    await things.insertOne({ _id: "a" as never, name: "first", labels: { env: "test" } });
    expect(await things.findOne({ name: "first" })).to.deep.include({ name: "first", labels: { env: "test" } });
  });

  it("rejects a duplicate of a unique index with code 11000", async () => {
    const things = collection();
    await things.createIndex({ name: 1 }, { unique: true });
    await things.insertOne({ name: "taken" });
    const error = await things.insertOne({ name: "taken" }).then(
      () => undefined,
      (e: unknown) => e,
    );
    expect(error).to.be.instanceOf(MongoServerError).with.property("code", 11000);
  });

  it("lets exactly one of 20 concurrent inserts of one _id win (the atomic primitive the store builds on)", async () => {
    const things = collection();
    const results = await Promise.allSettled(
      Array.from({ length: 20 }, (_, i) => things.insertOne({ _id: "lock" as never, by: i })),
    );
    expect(results.filter((r) => r.status === "fulfilled")).to.have.lengthOf(1);
    const losers = results.filter((r): r is PromiseRejectedResult => r.status === "rejected");
    for (const loser of losers) expect(loser.reason).to.have.property("code", 11000);
  });

  it("FerretDB stopped (or killed) restarts on the same port with the same data, and a client reconnects", async () => {
    const server = await startFerretDb();
    const own = new MongoClient(server.url, { serverSelectionTimeoutMS: 20_000 });
    try {
      const things = own.db("restarts").collection("things");
      await things.insertOne({ _id: "before-stop" as never });
      await server.stop();
      const probe = new MongoClient(server.url, { serverSelectionTimeoutMS: 1000 });
      const refused = await probe
        .db("admin")
        .command({ ping: 1 })
        .then(
          () => undefined,
          (e: unknown) => e,
        )
        .finally(() => probe.close());
      expect(refused, "no answer while it is down").to.be.instanceOf(Error);
      await server.restart();
      await things.insertOne({ _id: "before-kill" as never });
      await server.kill();
      await server.restart();
      const ids = (await things.find().sort({ _id: 1 }).toArray()).map((d) => d._id);
      expect(ids).to.deep.equal(["before-kill", "before-stop"]);
    } finally {
      await own.close();
      await server.stop();
    }
  });

  it("uses MONGO_URL instead of starting a server when it is set", async () => {
    const server = await startMongo({ MONGO_URL: "mongodb://db.example:27017/" });
    expect(server).to.include({ kind: "external", url: "mongodb://db.example:27017/" });
  });
});
