import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createInterface } from "node:readline";
import { expect } from "chai";
import { acquire, WEIGHTS } from "../src/common/budget.js";
import { budgetCapacity, decideGrant, type Holding, STARVATION_MS, type Waiter } from "../src/common/budget-rules.js";

const GiB = 2 ** 30;
const holding = (pid: number, units: number, starting = false): Holding => ({
  pid,
  kind: "kafka-node",
  what: `node of ${pid}`,
  units,
  starting,
  since: 0,
});
const waiter = (id: string, pid: number, units: number, since: number): Waiter => ({
  id,
  pid,
  kind: "kafka-node",
  what: id,
  units,
  since,
});

describe("the machine's budget: who gets units (pure rules)", () => {
  it("sizes the pool from the cores, bounded by memory, or as KCP_TEST_BUDGET says", () => {
    expect(budgetCapacity(2, 24 * GiB)).to.equal(6);
    expect(budgetCapacity(16, 24 * GiB)).to.equal(10); // (24 - 4) GiB at 2 GiB a unit
    expect(budgetCapacity(1, 2 * GiB)).to.equal(2);
    expect(budgetCapacity(2, 24 * GiB, "9.5")).to.equal(9.5);
    expect(budgetCapacity(2, 24 * GiB, "lots")).to.equal(6);
  });

  it("grants what fits beside the leases held, and makes a start that does not fit wait, saying why", () => {
    const self = waiter("2-1", 2, 2, 1_000);
    expect(decideGrant(6, [holding(1, 2, true), holding(1, 1.5, true)], [self], self, 1_500)).to.deep.equal({
      grant: true,
      overdraft: false,
    });
    const decision = decideGrant(6, [holding(1, 2, true), holding(1, 2.5, true)], [self], self, 1_500);
    expect(decision).to.deep.equal({ grant: false, reason: "4.5 of 6 units held" });
  });

  it("grants a start larger than the pool once nothing else is held", () => {
    const big = waiter("3-1", 3, 9, 0);
    expect(decideGrant(6, [], [big], big, 0)).to.deep.equal({ grant: true, overdraft: true });
  });

  it("keeps the units of a start that has waited long from later, smaller starts", () => {
    const kube = waiter("1-1", 1, 4, 0);
    const node = waiter("2-7", 2, 2, 5_000);
    const held = [holding(3, 2, true)];
    // Not yet starving: the small start fits beside what is held and goes first.
    expect(decideGrant(6, held, [kube, node], node, STARVATION_MS - 1).grant).to.equal(true);
    // Starving: its 4 units are owed, the small start waits.
    expect(decideGrant(6, held, [kube, node], node, STARVATION_MS)).to.deep.equal({
      grant: false,
      reason: "2 of 6 units held, 4 owed to earlier starts",
    });
  });

  it("breaks a deadlock: every holder settled and waiting, the oldest waiter is granted beyond the pool", () => {
    // Two test processes each hold a shared cluster and each waits to start another one.
    const first = waiter("1-9", 1, 2, 100);
    const second = waiter("2-9", 2, 2, 200);
    const held = [holding(1, 3), holding(2, 2.5)];
    expect(decideGrant(6, held, [first, second], second, 300).grant).to.equal(false);
    expect(decideGrant(6, held, [first, second], first, 300)).to.deep.equal({ grant: true, overdraft: true });
    // A holder still starting gives units back by itself: no overdraft.
    const starting = [holding(1, 3), holding(2, 2.5, true)];
    expect(decideGrant(6, starting, [first, second], first, 300).grant).to.equal(false);
    // A holder that is not waiting (its test runs) will release: no overdraft either.
    expect(decideGrant(6, [...held, holding(3, 0.2)], [first, second], first, 300).grant).to.equal(false);
  });
});

/** A process holding a lease (fixtures/budget-holder.ts), its lines read one by one. */
function holder(dir: string, capacity: number, kind: string, what: string) {
  const child: ChildProcess = spawn(
    process.execPath,
    ["--conditions=source", "--import", "tsx", join(import.meta.dirname, "fixtures", "budget-holder.ts"), kind, what],
    {
      env: { ...process.env, KCP_BUDGET_DIR: dir, KCP_TEST_BUDGET: String(capacity) },
      stdio: ["pipe", "pipe", "pipe"],
    },
  );
  const lines: string[] = [];
  const waiters: { prefix: string; resolve: (line: string) => void }[] = [];
  let stderr = "";
  child.stderr?.on("data", (chunk) => {
    stderr += String(chunk);
  });
  createInterface({ input: child.stdout as NodeJS.ReadableStream }).on("line", (line) => {
    lines.push(line);
    for (const w of waiters.filter((w) => line.startsWith(w.prefix))) w.resolve(line);
  });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    child,
    lines,
    stderr: () => stderr,
    exited,
    next(prefix: string): Promise<string> {
      const seen = lines.find((line) => line.startsWith(prefix));
      if (seen) return Promise.resolve(seen);
      return new Promise((resolve) => waiters.push({ prefix, resolve }));
    },
    say(line: string) {
      child.stdin?.write(`${line}\n`);
    },
  };
}

describe("the machine's budget across processes (real processes, a pool folder of their own)", function () {
  this.timeout(60_000);
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), "kcp-budget-test-"));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true, maxRetries: 5 });
  });

  it("a start that does not fit waits, says so, and is granted when the holder settles or releases", async () => {
    const first = holder(dir, 3, "kafka-node", "node 1");
    expect(await first.next("granted")).to.equal("granted 2");
    const second = holder(dir, 3, "kafka-node", "node 2");
    // The second waits: its waiting file appears while the first holds 2 of 3 units.
    const { readdir } = await import("node:fs/promises");
    for (;;) {
      if ((await readdir(join(dir, "waiting")).catch(() => [])).length > 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(second.lines).to.deep.equal([]);
    first.say("started");
    expect(await first.next("started")).to.equal(`started ${WEIGHTS["kafka-node"].run}`);
    expect(await second.next("granted")).to.equal("granted 2");
    expect(second.stderr()).to.match(/node 2 waits for 2 units: 2 of 3 units held/);
    first.child.stdin?.end();
    second.child.stdin?.end();
    await Promise.all([first.exited, second.exited]);
    const events = (await readFile(join(dir, "events.jsonl"), "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    const grants = events.filter((e) => e.units > 0);
    expect(grants.map((e) => e.what)).to.deep.equal(["node 1", "node 2"]);
    expect(grants[1].waitedMs).to.be.greaterThan(0);
  });

  it("the units of a holder killed with SIGKILL go back to the pool at once", async () => {
    const first = holder(dir, 2, "kafka-node", "node 1");
    await first.next("granted");
    const second = holder(dir, 2, "kafka-node", "node 2");
    first.child.kill("SIGKILL");
    expect(await second.next("granted")).to.equal("granted 2");
    second.child.stdin?.end();
    await second.exited;
  });

  it("a start's wait for units does not count against the test's own time limit", async function () {
    // This test allows itself 1.5 s; the holder keeps the pool's only units for 3 s before it gives them back.
    const holderProcess = holder(dir, 2, "kafka-node", "node 1");
    await holderProcess.next("granted");
    this.timeout(1_500);
    const saved = { dir: process.env.KCP_BUDGET_DIR, budget: process.env.KCP_TEST_BUDGET };
    process.env.KCP_BUDGET_DIR = dir;
    process.env.KCP_TEST_BUDGET = "2";
    try {
      const releaseLater = setTimeout(() => holderProcess.say("release"), 3_000);
      const lease = await acquire("kafka-node", "node 2");
      clearTimeout(releaseLater);
      expect(lease.units).to.equal(WEIGHTS["kafka-node"].start);
      await lease.release();
    } finally {
      if (saved.dir === undefined) delete process.env.KCP_BUDGET_DIR;
      else process.env.KCP_BUDGET_DIR = saved.dir;
      if (saved.budget === undefined) delete process.env.KCP_TEST_BUDGET;
      else process.env.KCP_TEST_BUDGET = saved.budget;
      holderProcess.child.stdin?.end();
      await holderProcess.exited;
    }
  });
});
