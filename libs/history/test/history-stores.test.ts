import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Health, SeriesResponse, Snapshot } from "@kcp/shared";
import { EmbeddedStore, MongoStore, type Store } from "@kcp/store";
import { getSharedMongo } from "@kcp/test-infra";
import { expect } from "chai";
import { frameNameOf, HistoryBook } from "../src/index.js";

/** Summaries made at once when their span ends (the fleet's per-cluster delay is tested on its own). */
const UNDELAYED = { summaryDelayMs: () => 0 };

const TOPIC_FRAME = frameNameOf("topic.bytesInPerSec", "orders");

const T0 = Date.parse("2026-11-29T08:00:00.000Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const health: Health = { status: "ok", issues: [] };

/** A cluster of one broker and one topic whose rate cycles 1000…1009 bytes/s and whose data grows 10 bytes a time. */
function snapshotAt(i: number): Snapshot {
  return {
    collectedAt: at(i * 30).toISOString(),
    durationMs: 5,
    clusterId: "k",
    brokers: [
      {
        id: 1,
        host: "h",
        port: 9092,
        fenced: false,
        alive: true,
        cordoned: false,
        logDirs: null,
        dataBytes: 1000 + 10 * i,
        replicas: 1,
        leaders: 1,
        preferredLeaders: 1,
      },
    ],
    features: [],
    topics: [
      {
        name: "orders",
        id: "t",
        internal: false,
        replicationFactor: 1,
        minInsyncReplicas: 1,
        configs: {},
        sizeBytes: 1000 + 10 * i,
        partitions: [],
        bytesInPerSec: 1000 + (i % 10),
      },
    ],
    reassignments: [],
    groups: [],
    errors: [],
  };
}

const stores: [string, () => Promise<{ store: Store; close: () => Promise<void> }>][] = [
  [
    "embedded (node:sqlite)",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "kcp-history-"));
      const store = new EmbeddedStore(dir);
      const close = async () => {
        await store.stop();
        rmSync(dir, { recursive: true, force: true });
      };
      return { store, close };
    },
  ],
  [
    "MongoDB (FerretDB unless MONGO_URL is set)",
    async () => {
      const dbName = `history_${randomUUID().replaceAll("-", "")}`;
      const store = await MongoStore.open({ url: (await getSharedMongo()).url, dbName });
      return { store, close: () => store.stop() };
    },
  ],
];

for (const [label, open] of stores)
  describe(`history written, summarized and expired: ${label}`, function () {
    this.timeout(180_000);

    it("65 minutes of collections at 30 s on an injected clock: six 10-minute summaries and an hourly one with each span's min, mean and max, collections gone after 24 h, summaries after 30 days", async () => {
      const { store, close } = await open();
      try {
        const book = new HistoryBook(store.series, UNDELAYED);
        let previous: Snapshot | undefined;
        for (let i = 0; i < 130; i += 1) {
          const snapshot = snapshotAt(i);
          await book.record("c", { snapshot, health, ...(previous ? { previous } : {}) });
          previous = snapshot;
        }
        const summaries = await store.series.frames("c", TOPIC_FRAME, "10m", at(0), at(3600));
        expect(summaries.map((f) => f.at.toISOString())).to.deep.equal(
          [0, 600, 1200, 1800, 2400, 3000].map((s) => at(s).toISOString()),
        );
        const hourly = await store.series.frames("c", TOPIC_FRAME, "1h", at(0), at(7200));
        expect(hourly.map((f) => f.at.toISOString())).to.deep.equal([at(0).toISOString()]);

        // Read a day later through a fresh book (as another process): only the summaries are older than 24 h.
        const dayLater = new Date(T0 + 26 * 3600_000);
        const query = { figure: "topic.bytesInPerSec" as const, entity: "orders", from: at(0), to: at(3600) };
        const rate = (await new HistoryBook(store.series, UNDELAYED).series("c", query, dayLater)) as SeriesResponse;
        expect(rate.resolution).to.equal("10m");
        expect(rate.points).to.deep.equal(
          // The mean, 1004.5, is kept to the unit (a fraction from 1,000 up).
          [0, 600, 1200, 1800, 2400, 3000].map((s) => ({ at: at(s).toISOString(), value: 1005, min: 1000, max: 1009 })),
        );
        const byHour = (await book.series("c", { ...query, step: 3600 }, dayLater)) as SeriesResponse;
        expect(byHour.resolution).to.equal("1h");
        expect(byHour.points).to.deep.equal([{ at: at(0).toISOString(), value: 1005, min: 1000, max: 1009 }]);
        const size = (await book.series(
          "c",
          { figure: "topic.sizeBytes", entity: "orders", from: at(0), to: at(600) },
          dayLater,
        )) as SeriesResponse;
        // Collections 0…19 of the first span: 1000…1190 bytes.
        expect(size.points).to.deep.equal([{ at: at(0).toISOString(), value: 1095, min: 1000, max: 1190 }]);

        // The store's own expiry (the sweep; MongoDB's TTL index as well where the server has one).
        await store.series.sweep(new Date(T0 + 25 * 3600_000));
        expect(await store.series.frames("c", TOPIC_FRAME, "collection", at(0), at(3600))).to.deep.equal([]);
        expect(await store.series.frames("c", TOPIC_FRAME, "10m", at(0), at(3600))).to.have.length(6);
        const stillThere = (await book.series("c", query, dayLater)) as SeriesResponse;
        expect(stillThere.points).to.have.length(6);

        await store.series.sweep(new Date(T0 + 32 * 24 * 3600_000));
        expect(await store.series.frames("c", TOPIC_FRAME, "10m", at(0), at(3600))).to.deep.equal([]);
        expect(await store.series.frames("c", TOPIC_FRAME, "1h", at(0), at(3600))).to.deep.equal([]);
        const ids = [...new Set(summaries.map((f) => f.dictionary))];
        expect(await store.series.dictionaries("c", ids)).to.deep.equal([]);
      } finally {
        await close();
      }
    });
  });
