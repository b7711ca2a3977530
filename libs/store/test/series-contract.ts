import { randomUUID } from "node:crypto";
import { expect } from "chai";
import type { SeriesFrameRecord, Store } from "../src/index.js";
import type { StoreFixture } from "./store-contract.js";

/** The history's frames and dictionaries, on every adapter. */
export function describeSeriesContract(label: string, fixture: () => StoreFixture): void {
  describe(`store contract (history): ${label}`, function () {
    this.timeout(120_000);
    let store: Store;

    beforeEach(async () => {
      store = await fixture().open();
    });
    afterEach(() => store.stop());

    const t0 = new Date("2026-11-29T08:00:00.000Z");
    const at = (seconds: number) => new Date(t0.getTime() + seconds * 1000);
    const frame = (clusterId: string, seconds: number, over: Partial<SeriesFrameRecord> = {}): SeriesFrameRecord => ({
      clusterId,
      part: "cluster",
      resolution: "collection",
      at: at(seconds),
      dictionary: "d1",
      data: new Uint8Array([seconds % 256, 0, 255, 7]),
      expiresAt: at(seconds + 3600),
      ...over,
    });

    it("frames are read by cluster, part and resolution in [from, to), oldest first, their bytes as written; a frame of the same time is replaced", async () => {
      const cluster = randomUUID();
      const other = randomUUID();
      await store.series.put(
        [frame(cluster, 60), frame(cluster, 0), frame(cluster, 30), frame(cluster, 90)],
        [{ clusterId: cluster, id: "d1", keys: ["a|", "b|x"], expiresAt: at(3600) }],
      );
      await store.series.put(
        [
          frame(other, 30),
          frame(cluster, 30, { part: "topics" }),
          frame(cluster, 0, { resolution: "10m" }),
          frame(cluster, 60, { dictionary: "d2", data: new Uint8Array([1, 2, 3]) }),
        ],
        [],
      );
      const read = await store.series.frames(cluster, "cluster", "collection", at(0), at(90));
      expect(read.map((f) => f.at.toISOString())).to.deep.equal([at(0), at(30), at(60)].map((d) => d.toISOString()));
      expect(read.map((f) => f.dictionary)).to.deep.equal(["d1", "d1", "d2"]);
      expect([...(read[1] as SeriesFrameRecord).data]).to.deep.equal([30, 0, 255, 7]);
      expect([...(read[2] as SeriesFrameRecord).data]).to.deep.equal([1, 2, 3]);
      expect((read[0] as SeriesFrameRecord).expiresAt.toISOString()).to.equal(at(3600).toISOString());
      expect(await store.series.frames(cluster, "topics", "collection", at(0), at(3600))).to.have.length(1);
      // Every part at once (a span summarized in one read): by time, then part.
      const all = await store.series.frames(cluster, null, "collection", at(0), at(60));
      expect(all.map((f) => [f.at.getTime(), f.part])).to.deep.equal([
        [at(0).getTime(), "cluster"],
        [at(30).getTime(), "cluster"],
        [at(30).getTime(), "topics"],
      ]);
      expect(await store.series.frames(cluster, "cluster", "10m", at(0), at(3600))).to.have.length(1);
      expect((await store.series.latestAt(cluster, "cluster", "collection"))?.toISOString()).to.equal(
        at(90).toISOString(),
      );
      expect(await store.series.latestAt(randomUUID(), "cluster", "collection")).to.equal(undefined);
    });

    it("a dictionary keeps the keys it was first written with and takes the later expiry; only asked ids of the cluster are read", async () => {
      const cluster = randomUUID();
      await store.series.put([], [{ clusterId: cluster, id: "d1", keys: ["a|", "b|x|y"], expiresAt: at(100) }]);
      await store.series.put([], [{ clusterId: cluster, id: "d1", keys: ["changed|"], expiresAt: at(50) }]);
      await store.series.put([], [{ clusterId: cluster, id: "d2", keys: ["c|"], expiresAt: at(10) }]);
      await store.series.put([], [{ clusterId: randomUUID(), id: "d1", keys: ["other|"], expiresAt: at(10) }]);
      const [d1] = await store.series.dictionaries(cluster, ["d1"]);
      expect(d1?.keys).to.deep.equal(["a|", "b|x|y"]);
      expect(d1?.expiresAt.toISOString()).to.equal(at(100).toISOString());
      await store.series.put([], [{ clusterId: cluster, id: "d1", keys: ["a|", "b|x|y"], expiresAt: at(200) }]);
      const both = await store.series.dictionaries(cluster, ["d1", "d2", "missing"]);
      expect(both.map((d) => d.id).sort()).to.deep.equal(["d1", "d2"]);
      expect(both.find((d) => d.id === "d1")?.expiresAt.toISOString()).to.equal(at(200).toISOString());
      expect(await store.series.dictionaries(cluster, [])).to.deep.equal([]);
    });

    it("a sweep deletes what expired before now (frames and dictionaries), and removing a cluster forgets its history", async () => {
      const cluster = randomUUID();
      const other = randomUUID();
      await store.series.put(
        [frame(cluster, 0, { expiresAt: at(10) }), frame(cluster, 30, { expiresAt: at(1000) }), frame(other, 0)],
        [
          { clusterId: cluster, id: "old", keys: ["a|"], expiresAt: at(10) },
          { clusterId: cluster, id: "new", keys: ["a|"], expiresAt: at(1000) },
        ],
      );
      expect(await store.series.sweep(at(20))).to.be.at.least(2);
      expect(
        (await store.series.frames(cluster, "cluster", "collection", at(0), at(100))).map((f) => f.at.getTime()),
      ).to.deep.equal([at(30).getTime()]);
      expect((await store.series.dictionaries(cluster, ["old", "new"])).map((d) => d.id)).to.deep.equal(["new"]);
      await store.series.removeCluster(cluster);
      expect(await store.series.frames(cluster, "cluster", "collection", at(0), at(100))).to.deep.equal([]);
      expect(await store.series.dictionaries(cluster, ["new"])).to.deep.equal([]);
      expect(await store.series.frames(other, "cluster", "collection", at(0), at(100))).to.have.length(1);
    });
  });
}
