import { expect } from "chai";
import { Redis } from "ioredis";
import { getSharedRedis, startRedis } from "../src/index.js";

describe("test-infra: Redis", function () {
  this.timeout(120_000);

  it("serves a real Redis on a loopback port, shared by the run", async () => {
    const redis = await getSharedRedis();
    expect(redis.url).to.match(/^redis:\/\/127\.0\.0\.1:\d+$/);
    expect(await getSharedRedis()).to.equal(redis);
    const client = new Redis(redis.url);
    try {
      await client.set("greeting", "hello");
      expect(await client.get("greeting")).to.equal("hello");
    } finally {
      client.disconnect();
    }
  });

  it("restarts on the same port, and a client reconnects to it", async () => {
    const redis = await startRedis();
    const client = new Redis(redis.url, { retryStrategy: () => 100, maxRetriesPerRequest: null });
    try {
      await client.set("k", "before");
      await redis.kill();
      await redis.restart();
      // No persistence: the value is gone, but the same client talks to the new server.
      expect(await client.get("k")).to.equal(null);
      await client.set("k", "after");
      expect(await client.get("k")).to.equal("after");
    } finally {
      client.disconnect();
      await redis.stop();
    }
  });

  it("persistent: every acknowledged write survives a graceful stop and a SIGKILL, on the same port", async () => {
    const redis = await startRedis({ persistent: true });
    expect(redis.persistent).to.equal(true);
    const client = new Redis(redis.url, { retryStrategy: () => 100, maxRetriesPerRequest: null });
    try {
      await client.set("k", "before-stop");
      await client.rpush("list", "a", "b");
      await redis.stop();
      await redis.restart();
      expect(await client.get("k")).to.equal("before-stop");
      await client.set("k", "before-kill");
      await client.rpush("list", "c");
      await redis.kill(); // appendfsync always: what was acknowledged is on disk already
      await redis.restart();
      expect(await client.get("k")).to.equal("before-kill");
      expect(await client.lrange("list", 0, -1)).to.deep.equal(["a", "b", "c"]);
    } finally {
      client.disconnect();
      await redis.stop();
    }
  });
});
