import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EmbeddedStore } from "@kcp/store";
import { expect } from "chai";
import { CollectedFiguresCache } from "../src/collected-figures-cache.js";

const snapshotWith = (bytesInPerSec: number) => ({
  collectedAt: "2026-01-01T00:00:00.000Z",
  durationMs: 1,
  clusterId: "k",
  brokers: [],
  features: [],
  topics: [{ name: "orders", id: "t1", partitions: [{ id: 0, bytesInPerSec }], bytesInPerSec }],
  reassignments: [],
  groups: [{ id: "billing", lag: 42 }],
  errors: [],
});

describe("the figures of the last collection, kept between requests (on the embedded store)", () => {
  let dir: string;
  let store: EmbeddedStore;
  let snapshotReads: number;
  let cache: CollectedFiguresCache;
  const put = (bytesInPerSec: number, updatedAt: Date) =>
    store.clusterViews.put({
      clusterId: "c1",
      health: {},
      capabilities: {},
      snapshot: snapshotWith(bytesInPerSec),
      updatedAt,
    });

  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), "kcp-figures-"));
    store = new EmbeddedStore(dir);
    snapshotReads = 0;
    const views = store.clusterViews;
    cache = new CollectedFiguresCache({
      ...views,
      put: (view) => views.put(view),
      getSummary: (id) => views.getSummary(id),
      listSummaries: () => views.listSummaries(),
      remove: (id) => views.remove(id),
      get: (id) => {
        snapshotReads++;
        return views.get(id);
      },
    });
  });
  afterEach(async () => {
    await store.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it("reads the snapshot once per stored collection, and a new collection's figures replace the old", async () => {
    await put(100, new Date("2026-01-01T00:00:00Z"));
    const first = await Promise.all([cache.get("c1"), cache.get("c1"), cache.get("c1")]);
    expect(first.map((f) => f?.topics.get("orders")?.rates.bytesInPerSec)).to.deep.equal([100, 100, 100]);
    expect(first[0]?.groupLag.get("billing")).to.equal(42);
    await cache.get("c1");
    expect(snapshotReads).to.equal(1);

    await put(250, new Date("2026-01-01T00:00:30Z"));
    expect((await cache.get("c1"))?.topics.get("orders")?.rates.bytesInPerSec).to.equal(250);
    expect(snapshotReads).to.equal(2);
  });

  it("a cluster without a view, or whose view was removed, has no figures", async () => {
    expect(await cache.get("c1")).to.equal(undefined);
    await put(100, new Date());
    expect(await cache.get("c1")).to.not.equal(undefined);
    await store.clusterViews.remove("c1");
    expect(await cache.get("c1")).to.equal(undefined);
  });
});
