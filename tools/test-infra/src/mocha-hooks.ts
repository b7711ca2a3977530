import { stopSharedInstances } from "./common/index.js";

/** Root hooks for the whole mocha run: the servers shared by the run's tests are stopped once, at the end. */
export const mochaHooks = {
  async afterAll(this: { timeout(ms: number): void }) {
    this.timeout(120_000);
    await stopSharedInstances();
  },
};
