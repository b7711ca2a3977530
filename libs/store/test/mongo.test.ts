import { randomUUID } from "node:crypto";
import { getSharedMongo } from "@kcp/test-infra";
import { expect } from "chai";
import { MongoStore } from "../src/index.js";
import { describeStoreContract } from "./store-contract.js";

describeStoreContract("MongoDB (mongoose; FerretDB unless MONGO_URL is set)", () => {
  const dbName = `store_${randomUUID().replaceAll("-", "")}`;
  const open = async () => MongoStore.open({ url: (await getSharedMongo()).url, dbName });
  return { open, reopen: open };
});

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
