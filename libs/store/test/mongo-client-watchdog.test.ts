import { randomUUID } from "node:crypto";
import { getSharedMongo } from "@kcp/test-infra";
import { expect } from "chai";
import mongoose from "mongoose";
import { pino } from "pino";
import { MongoStore } from "../src/index.js";
import { ClientWatchdog, failingTooLong } from "../src/mongo/client-watchdog.js";

describe("MongoDB client watchdog", () => {
  describe("failingTooLong (pure)", () => {
    it("is false while the client answers, or has failed for less than the limit", () => {
      expect(failingTooLong(null, 100_000, 15_000)).to.equal(false);
      expect(failingTooLong(90_000, 104_999, 15_000)).to.equal(false);
    });
    it("is true once the client has failed for the limit", () => {
      expect(failingTooLong(90_000, 105_000, 15_000)).to.equal(true);
    });
  });

  describe("decisions, with a clock of its own", () => {
    const scenario = (freshReaches: boolean) => {
      let now = 0;
      const calls = { rebuilds: 0, freshAsked: 0 };
      let answering = false;
      const watchdog = new ClientWatchdog({
        ping: async () => {
          if (!answering) throw new Error("connection 3 to 127.0.0.1:27017 closed");
        },
        freshClientReaches: async () => {
          calls.freshAsked++;
          return freshReaches;
        },
        rebuild: async () => {
          calls.rebuilds++;
          answering = true;
        },
        stuckAfterMs: 15_000,
        now: () => now,
      });
      const at = async (ms: number) => {
        now = ms;
        return watchdog.check();
      };
      return { at, calls };
    };

    it("replaces a client that failed for 15 s while a new client reaches the server, once", async () => {
      const { at, calls } = scenario(true);
      expect(await at(0)).to.equal(false);
      expect(await at(10_000)).to.equal(false);
      expect(calls.freshAsked).to.equal(0);
      expect(await at(15_000)).to.equal(true);
      expect(await at(20_000)).to.equal(false);
      expect(calls).to.deep.equal({ rebuilds: 1, freshAsked: 1 });
    });

    it("leaves the client alone while the server is away for everyone (a new client does not reach it either)", async () => {
      const { at, calls } = scenario(false);
      for (const ms of [0, 15_000, 30_000, 60_000]) expect(await at(ms)).to.equal(false);
      expect(calls.rebuilds).to.equal(0);
      expect(calls.freshAsked).to.equal(3);
    });
  });

  describe("on a real server (FerretDB unless MONGO_URL is set)", function () {
    this.timeout(60_000);

    it("a store whose driver client is cut off from a server that is there gets a new client and works again", async () => {
      const dbName = `watchdog_${randomUUID().replaceAll("-", "")}`;
      const logged: string[] = [];
      const logger = pino({ level: "info" }, { write: (line: string) => logged.push(line) });
      const store = await MongoStore.open({
        url: (await getSharedMongo()).url,
        dbName,
        logger,
        watchdog: { intervalMs: 200, stuckAfterMs: 1_000 },
      });
      try {
        await store.users.create({ username: "kept", role: "viewer", disabled: false, passwordHash: "h" });
        // Cut the store's driver client off underneath mongoose: every command fails from now on, as in the stall seen.
        const connection = mongoose.connections.find((c) => c.name === dbName);
        await connection?.getClient().close(true);
        const cutOff = await store.users.findByUsername("kept").then(
          () => "answered",
          () => "failed",
        );
        expect(cutOff).to.equal("failed");
        const deadline = Date.now() + 30_000;
        while (
          !(await store.ping().then(
            () => true,
            () => false,
          ))
        ) {
          if (Date.now() > deadline) throw new Error(`the store never got a working client again:\n${logged.join("")}`);
          await new Promise((resolve) => setTimeout(resolve, 200));
        }
        expect(logged.join("")).to.include("replacing the client");
        expect(await store.users.findByUsername("kept")).to.include({ role: "viewer" });
        await store.users.create({ username: "after", role: "viewer", disabled: false, passwordHash: "h" });
        expect(await store.users.findByUsername("after")).to.include({ role: "viewer" });
      } finally {
        await store.stop();
      }
    });
  });
});
