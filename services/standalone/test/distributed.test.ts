import { getSharedMongo, type RedisServer, startRedis } from "@kcp/test-infra";
import { expect } from "chai";
import { type StandaloneProcess, startStandaloneProcess } from "./process.js";

async function readiness(url: string): Promise<{ status: number; body: { checks: Record<string, { ok: boolean }> } }> {
  const response = await fetch(`${url}/readyz`);
  return { status: response.status, body: (await response.json()) as { checks: Record<string, { ok: boolean }> } };
}

async function waitForReadiness(url: string, status: number): Promise<void> {
  const deadline = Date.now() + 60_000;
  while ((await readiness(url)).status !== status) {
    if (Date.now() > deadline) throw new Error(`/readyz never answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

describe("standalone process on MongoDB and BullMQ (STORE=mongo QUEUE=bullmq)", function () {
  this.timeout(120_000);
  let redis: RedisServer;
  let running: StandaloneProcess | undefined;

  before(async () => {
    redis = await startRedis();
  });
  after(async () => {
    running?.child.kill("SIGKILL");
    await redis.stop();
  });

  it("is ready on both, reports a lost Redis as not ready once in its log, and recovers when Redis returns", async () => {
    const mongo = await getSharedMongo();
    running = await startStandaloneProcess({
      STORE: "mongo",
      MONGO_URL: `${mongo.url}standalone_${Date.now()}`,
      QUEUE: "bullmq",
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `standalone-${Date.now()}`,
    });
    // The Redis connections open in the background: ready soon after listening.
    await waitForReadiness(running.url, 200);
    const ready = await readiness(running.url);
    expect(ready.body.checks).to.deep.equal({ store: { ok: true }, queue: { ok: true } });

    await redis.stop();
    await waitForReadiness(running.url, 503);
    const down = await readiness(running.url);
    expect(down.body.checks.store?.ok).to.equal(true);
    expect(down.body.checks.queue?.ok).to.equal(false);

    await redis.restart();
    await waitForReadiness(running.url, 200);
    const lostLines = running
      .stdout()
      .split("\n")
      .filter((line) => line.includes("redis connection lost"));
    // Once per connection (producer and consumer), not once per retry.
    expect(lostLines.length).to.be.within(1, 2);
    expect(running.stdout()).to.include("redis connection restored");
  });
});
