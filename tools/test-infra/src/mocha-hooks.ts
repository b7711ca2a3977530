import { stopSharedInstances } from "./common/index.js";

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
