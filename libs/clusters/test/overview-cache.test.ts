import { expect } from "chai";
import { OverviewCache } from "../src/overview-cache.js";

describe("overview cache", () => {
  let clock = 0;
  let builds = 0;
  let release: (() => void) | undefined;
  const cache = (options: { blocking?: boolean } = {}) =>
    new OverviewCache<string>(
      async () => {
        builds++;
        const mine = builds;
        if (options.blocking) await new Promise<void>((resolve) => (release = resolve));
        return `v${mine}`;
      },
      1000,
      () => clock,
    );

  beforeEach(() => {
    clock = 0;
    builds = 0;
  });

  it("serves one build for a second, then rebuilds", async () => {
    const overview = cache();
    expect([await overview.get(), await overview.get()]).to.deep.equal(["v1", "v1"]);
    clock = 999;
    expect(await overview.get()).to.equal("v1");
    clock = 1000;
    expect(await overview.get()).to.equal("v2");
  });

  it("a write through the registry drops it at once", async () => {
    const overview = cache();
    await overview.get();
    overview.invalidate();
    expect(await overview.get()).to.equal("v2");
  });

  it("clients asking during a build share it", async () => {
    const overview = cache({ blocking: true });
    const asked = [overview.get(), overview.get(), overview.get()];
    release?.();
    expect(await Promise.all(asked)).to.deep.equal(["v1", "v1", "v1"]);
    expect(builds).to.equal(1);
  });

  it("a build overtaken by a write is not kept", async () => {
    const overview = cache({ blocking: true });
    const before = overview.get();
    overview.invalidate();
    release?.();
    expect(await before).to.equal("v1");
    const after = overview.get();
    release?.();
    expect(await after).to.equal("v2");
  });
});
