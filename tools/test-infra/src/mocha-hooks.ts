import { ChildProcess } from "node:child_process";
import { markChildProcess, stopBackgroundTasks, stopSharedInstances } from "./common/index.js";
import { liveClusters } from "./kafka/cluster.js";

// Every child process a test starts (spawn, execFile, exec, fork all go through ChildProcess#spawn) marks its file as
// one that needs more than the test process: such files are not `npm run test:quick`'s (common/server-use.ts).
const prototype = ChildProcess.prototype as unknown as { spawn: (this: ChildProcess, ...args: unknown[]) => unknown };
const spawnChild = prototype.spawn;
prototype.spawn = function (this: ChildProcess, ...args: unknown[]) {
  markChildProcess();
  return spawnChild.apply(this, args);
};

// Every gateway a test starts, in this process or a child, checks each API answer against its OpenAPI document
// (services/api-gateway/src/http/response-check.ts): a drift answers 500 and fails the test that met it.
process.env.KCP_CHECK_RESPONSES ??= "1";

/**
 * Root hooks for the whole mocha run: after a failed test, what it left running in the background is stopped and what
 * each Kafka cluster of this process says (a node whose JVM is gone or silent, the last errors of its log) is added to
 * the failure; at the end, anything still running in the background and the servers shared by the run's tests are
 * stopped once.
 */
export const mochaHooks = {
  async afterEach(this: { currentTest?: { state?: string; err?: Error; fullTitle(): string } }) {
    const test = this.currentTest;
    if (test?.state !== "failed") return;
    // What the test left running in the background (a load, an ISR watch) would keep this process from exiting.
    await stopBackgroundTasks();
    if (liveClusters.size === 0) return;
    const reports = await Promise.all([...liveClusters].map((cluster) => cluster.diagnose().catch((e) => String(e))));
    const report = `Kafka after the failure:\n${reports.join("\n")}`;
    // Into the failure's message: the run's summary of failures (what CI shows) carries it.
    if (test.err) test.err.message = `${test.err.message}\n${report}`;
    else process.stdout.write(`\n${report}\n`);
  },
  async afterAll(this: { timeout(ms: number): void }) {
    this.timeout(120_000);
    await stopBackgroundTasks();
    await stopSharedInstances();
  },
};
