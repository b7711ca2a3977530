import { expect } from "chai";
import { JobFailedError, type JobQueue, QueueTimeoutError } from "../src/index.js";

export interface QueuePair {
  /** Two handles on the same backend, as two service instances would have. */
  first: JobQueue;
  second: JobQueue;
  stop(): Promise<void>;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error("condition not met in time");
    await sleep(20);
  }
}

/** The behaviour every queue adapter must have. `open` gives a fresh, empty backend per test. */
export function describeQueueContract(label: string, open: () => Promise<QueuePair>): void {
  describe(`queue contract: ${label}`, function () {
    this.timeout(20_000);
    let pair: QueuePair;
    let queue: JobQueue;

    beforeEach(async () => {
      pair = await open();
      queue = pair.first;
    });
    afterEach(() => pair.stop());

    it("runs a job and hands its result to whoever waits for it", async () => {
      queue.process<{ a: number; b: number }, number>("collect", async ({ a, b }) => a + b);
      expect(await queue.enqueueAndWait("collect", { a: 2, b: 3 }, 5000)).to.equal(5);
    });

    it("counts the jobs waiting, running and delayed", async () => {
      await queue.enqueue("collect", { n: 1 });
      await queue.enqueue("collect", { n: 2 }, { priority: 3 });
      await queue.enqueue("collect", { n: 3 }, { delayMs: 60_000 });
      expect(await queue.counts("collect")).to.deep.equal({ waiting: 2, active: 0, delayed: 1 });
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      queue.process("collect", () => held);
      await waitUntil(async () => (await queue.counts("collect")).active === 1);
      expect(await queue.counts("collect")).to.deep.equal({ waiting: 1, active: 1, delayed: 1 });
      release();
      expect(await queue.counts("audit")).to.deep.equal({ waiting: 0, active: 0, delayed: 0 });
    });

    it("runs waiting jobs in priority order (lower first), FIFO within a priority", async () => {
      const order: string[] = [];
      await queue.enqueue("collect", { name: "low-1" }, { priority: 5 });
      await queue.enqueue("collect", { name: "high" }, { priority: 1 });
      await queue.enqueue("collect", { name: "low-2" }, { priority: 5 });
      const last = queue.enqueueAndWait("collect", { name: "lowest" }, 5000, { priority: 9 });
      queue.process<{ name: string }, void>("collect", async ({ name }) => {
        order.push(name);
      });
      await last;
      expect(order).to.deep.equal(["high", "low-1", "low-2", "lowest"]);
    });

    it("de-duplicates by jobId while a job is waiting or running, and joins waiters to it", async () => {
      let runs = 0;
      const idA = await queue.enqueue("collect", { n: 1 }, { jobId: "cluster-1" });
      const idB = await queue.enqueue("collect", { n: 2 }, { jobId: "cluster-1" });
      const waitA = queue.enqueueAndWait<{ n: number }, number>("collect", { n: 3 }, 5000, { jobId: "cluster-1" });
      queue.process<{ n: number }, number>("collect", async ({ n }) => {
        runs++;
        await sleep(50);
        return n;
      });
      expect(idA).to.equal("cluster-1");
      expect(idB).to.equal("cluster-1");
      expect(await waitA).to.equal(1);
      expect(runs).to.equal(1);
    });

    it("runs a job id again once the previous job with that id finished", async () => {
      queue.process<{ n: number }, number>("collect", async ({ n }) => n);
      expect(await queue.enqueueAndWait("collect", { n: 1 }, 5000, { jobId: "again" })).to.equal(1);
      expect(await queue.enqueueAndWait("collect", { n: 2 }, 5000, { jobId: "again" })).to.equal(2);
    });

    it("gives up waiting with a typed timeout", async () => {
      queue.process("collect", () => sleep(1000));
      const waiting = queue.enqueueAndWait("collect", {}, 100);
      const error = await waiting.then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(QueueTimeoutError);
    });

    it("reports the handler's failure message to the waiter", async () => {
      queue.process("collect", async () => {
        throw new Error("cluster unreachable");
      });
      const error = await queue.enqueueAndWait("collect", {}, 5000).then(
        () => undefined,
        (e: unknown) => e,
      );
      expect(error).to.be.instanceOf(JobFailedError).with.property("message", "cluster unreachable");
    });

    it("retries with backoff, then succeeds", async () => {
      const attempts: number[] = [];
      queue.process("collect", async (_payload, job) => {
        attempts.push(job.attempt);
        if (job.attempt < 3) throw new Error(`attempt ${job.attempt} failed`);
        return "done";
      });
      const result = await queue.enqueueAndWait("collect", {}, 10_000, { attempts: 3, backoffMs: 20 });
      expect(result).to.equal("done");
      expect(attempts).to.deep.equal([1, 2, 3]);
    });

    it("delays a job by delayMs", async () => {
      queue.process("collect", async () => Date.now());
      const enqueuedAt = Date.now();
      const ranAt = await queue.enqueueAndWait<unknown, number>("collect", {}, 5000, { delayMs: 300 });
      expect(ranAt - enqueuedAt).to.be.at.least(250);
    });

    it("fires a recurring job, which a second instance registering the same id does not multiply", async () => {
      let runs = 0;
      queue.process("collect", async () => {
        runs++;
      });
      await pair.first.every("collect", {}, { id: "schedule-1", everyMs: 200 });
      await pair.second.every("collect", {}, { id: "schedule-1", everyMs: 200 });
      await sleep(1100);
      await pair.first.cancelEvery("collect", "schedule-1");
      // About 5 runs in 1.1 s at one per 200 ms; a duplicated schedule would give about 10.
      expect(runs).to.be.within(3, 7);
      const afterCancel = runs;
      await sleep(500);
      expect(runs).to.be.at.most(afterCancel + 1);
    });

    it("a recurring job slower than its period does not pile up: one waits at most", async () => {
      let runs = 0;
      queue.process("collect", async () => {
        runs++;
        await sleep(500);
      });
      await pair.first.every("collect", {}, { id: "slow-schedule", everyMs: 50 });
      await sleep(1200);
      await pair.first.cancelEvery("collect", "slow-schedule");
      const atCancel = runs;
      expect(atCancel).to.be.within(1, 4);
      // Piled-up ticks (one per 50 ms) would keep it running four times more in these 2 s.
      await sleep(2000);
      expect(runs).to.be.at.most(atCancel + 2);
    });

    it("lets a running job finish when the queue stops", async () => {
      let finished = false;
      let started!: () => void;
      const hasStarted = new Promise<void>((resolve) => {
        started = resolve;
      });
      queue.process("collect", async () => {
        started();
        await sleep(300);
        finished = true;
      });
      await queue.enqueue("collect", {});
      await hasStarted;
      await pair.stop();
      expect(finished).to.equal(true);
    });

    it("hands each handler its own copy of the payload", async () => {
      const payload = { list: [1, 2] };
      queue.process<{ list: number[] }, number[]>("collect", async (p) => {
        p.list.push(3);
        return p.list;
      });
      expect(await queue.enqueueAndWait("collect", payload, 5000)).to.deep.equal([1, 2, 3]);
      expect(payload.list).to.deep.equal([1, 2]);
    });
  });
}
