import { randomUUID } from "node:crypto";
import { createLogger } from "@kcp/shared";
import { getSharedRedis, startRedis } from "@kcp/test-infra";
import { expect } from "chai";
import { BullMqQueue } from "../src/index.js";
import { describeQueueContract } from "./queue-contract.js";

const logger = createLogger({ name: "test-queue", level: "silent" });

// Each test gets its own key prefix on the run's shared Redis: an empty backend, and two instances on it.
describeQueueContract("BullMQ", async () => {
  const { url } = await getSharedRedis();
  const prefix = `test-${randomUUID()}`;
  const first = new BullMqQueue({ url, prefix, logger });
  const second = new BullMqQueue({ url, prefix, logger });
  return { first, second, stop: async () => void (await Promise.all([first.stop(), second.stop()])) };
});

describe("BullMQ queue: a lost Redis", function () {
  this.timeout(60_000);

  it("is reported not ready while Redis is down, and recovers when it returns", async () => {
    const redis = await startRedis();
    const queue = new BullMqQueue({ url: redis.url, prefix: `test-${randomUUID()}`, logger, pingTimeoutMs: 500 });
    try {
      queue.process<{ n: number }, number>("collect", async ({ n }) => n * 2);
      expect(await queue.enqueueAndWait("collect", { n: 1 }, 5000)).to.equal(2);

      await redis.stop();
      const down = await queue.ping().then(
        () => "ready",
        (error: Error) => error.message,
      );
      expect(down).to.not.equal("ready");
      const refused = await queue.enqueue("collect", { n: 2 }).then(
        () => "accepted",
        () => "refused",
      );
      expect(refused).to.equal("refused");

      await redis.restart();
      await waitUntil(() =>
        queue.ping().then(
          () => true,
          () => false,
        ),
      );
      expect(await queue.enqueueAndWait("collect", { n: 3 }, 10_000)).to.equal(6);
    } finally {
      await queue.stop();
      await redis.stop();
    }
  });
});

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}
