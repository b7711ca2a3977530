import { ChildProcess } from "node:child_process";
import { markChildProcess, stopSharedInstances } from "./common/index.js";

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

/** Root hooks for the whole mocha run: the servers shared by the run's tests are stopped once, at the end. */
export const mochaHooks = {
  async afterAll(this: { timeout(ms: number): void }) {
    this.timeout(120_000);
    await stopSharedInstances();
  },
};
