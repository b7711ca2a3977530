import { randomUUID } from "node:crypto";
import { getSharedMongo, startFerretDb } from "@kcp/test-infra";
import { expect } from "chai";
import { isStoreUnavailable, MongoStore, type NewOperation } from "../src/index.js";
import { describeAutopilotContract } from "./autopilot-contract.js";
import { describeDesiredStateContract } from "./desired-state-contract.js";
import { describeFederationContract } from "./federation-contract.js";
import { describeRoleBindingsContract } from "./role-bindings-contract.js";
import { describeSeriesContract } from "./series-contract.js";
import { describeStoreContract, type StoreFixture } from "./store-contract.js";
import { describeTokensAuditContract } from "./tokens-audit-contract.js";

const fixture = (): StoreFixture => {
  const dbName = `store_${randomUUID().replaceAll("-", "")}`;
  const open = async () => MongoStore.open({ url: (await getSharedMongo()).url, dbName });
  return { open, reopen: open };
};
describeStoreContract("MongoDB (mongoose; FerretDB unless MONGO_URL is set)", fixture);
describeTokensAuditContract("MongoDB (mongoose; FerretDB unless MONGO_URL is set)", fixture);

describe("MongoDB store: a lost server", function () {
  this.timeout(120_000);

  it("is reported not ready while the server is down, and recovers when it returns", async function () {
    const mongo = await getSharedMongo();
    if (mongo.kind === "external") this.skip(); // an external MONGO_URL cannot be stopped by the test
    const store = await MongoStore.open({
      url: mongo.url,
      dbName: `lost_${randomUUID().replaceAll("-", "")}`,
      pingTimeoutMs: 500,
    });
    try {
      await store.users.create({ username: "before", role: "viewer", disabled: false, passwordHash: "h" });
      await mongo.stop();
      const down = await store.ping().then(
        () => "ready",
        () => "not ready",
      );
      expect(down).to.equal("not ready");
      await mongo.restart();
      const deadline = Date.now() + 60_000;
      while (
        !(await store.ping().then(
          () => true,
          () => false,
        ))
      ) {
        if (Date.now() > deadline) throw new Error("the store never recovered");
        await new Promise((resolve) => setTimeout(resolve, 500));
      }
      // FerretDB's SQLite data survives the restart (same folder).
      expect(await store.users.findByUsername("before")).to.include({ role: "viewer" });
    } finally {
      await store.stop();
    }
  });
});

const newOperation = (): NewOperation => ({
  id: randomUUID(),
  clusterId: "c1",
  type: "electLeaders",
  expiresAt: new Date(Date.now() + 15 * 60_000),
  document: { steps: [] },
});

describe("MongoDB store: leases beside the holder's own writes", function () {
  this.timeout(120_000);

  it("a renewal or release that races a write of the operation is decided again, not refused", async () => {
    const store = await MongoStore.open({
      url: (await getSharedMongo()).url,
      dbName: `lease_${randomUUID().replaceAll("-", "")}`,
    });
    try {
      const op = await store.operations.create(newOperation());
      const now = new Date();
      await store.operations.acquireLease(op.id, "w1", new Date(now.getTime() + 30_000), now);
      // Each change inserts the next version: the holder's record writes and its renewals compete for the same one.
      for (let round = 0; round < 10; round++) {
        const current = await store.operations.findById(op.id);
        const [written, renewed] = await Promise.all([
          store.operations.transition(
            op.id,
            { from: ["planned"], version: current?.version as number },
            { document: { round } },
          ),
          store.operations.renewLease(op.id, "w1", new Date(Date.now() + 30_000)),
        ]);
        expect(renewed?.lease?.owner, `round ${round}`).to.equal("w1");
        if (written === undefined) continue; // the renewal went first: the caller decides its change again
      }
      expect((await store.operations.findById(op.id))?.lease?.owner).to.equal("w1");
      const released = await Promise.all([
        store.operations.releaseLease(op.id, "w1"),
        store.operations.transition(op.id, { from: ["planned"] }, { document: { done: true } }),
      ]);
      expect(released[0]).to.not.equal(undefined);
      expect(await store.operations.findById(op.id)).to.not.have.property("lease");
    } finally {
      await store.stop();
    }
  });
});

describe("MongoDB store: isStoreUnavailable", function () {
  this.timeout(120_000);

  it("says so for a call made while the server is away, not for a refused request", async () => {
    const mongo = await startFerretDb();
    const store = await MongoStore.open({ url: mongo.url, dbName: "unavailable" });
    try {
      await store.users.create({ username: "taken", role: "viewer", disabled: false, passwordHash: "h" });
      const duplicate = await store.users
        .create({ username: "taken", role: "viewer", disabled: false, passwordHash: "h" })
        .then(
          () => undefined,
          (e: unknown) => e,
        );
      expect(duplicate).to.be.instanceOf(Error);
      expect(isStoreUnavailable(duplicate)).to.equal(false);
      await mongo.stop();
      const away = await store.users.findByUsername("taken").then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(away).to.be.instanceOf(Error);
      expect(isStoreUnavailable(away), String(away)).to.equal(true);
      expect(isStoreUnavailable(new Error("wrapped", { cause: away }))).to.equal(true);
    } finally {
      await store.stop();
      await mongo.stop();
    }
  });
});
describeAutopilotContract("MongoDB (mongoose; FerretDB unless MONGO_URL is set)", fixture);
describeDesiredStateContract("MongoDB (mongoose; FerretDB unless MONGO_URL is set)", fixture);
describeSeriesContract("MongoDB (mongoose; FerretDB unless MONGO_URL is set)", fixture);
describeFederationContract("MongoDB (mongoose; FerretDB unless MONGO_URL is set)", fixture);
describeRoleBindingsContract("MongoDB (mongoose; FerretDB unless MONGO_URL is set)", fixture);
