/**
 * bench/history: what the history of key figures costs. A synthetic cluster of 200 topics × 10 partitions (RF 3) on 6
 * brokers with 500 groups each consuming 1–3 topics lives through a simulated day at a 30 s interval (2,880
 * collections, collectedAt advancing): each collection is written through HistoryBook.record into a real embedded
 * store (node:sqlite) — 10-minute summaries and sweeps as in production — and its view through
 * clusterViews.put into a second one (what every collection already writes: the reference). Prints the bytes stored
 * (frames, dictionaries, the sqlite file; the 30 days of summaries extrapolated from the day's), record()'s time
 * beside the view's, the time of series queries and of groupTrends; then, as the second reference, collectSnapshot
 * against a real single-node Kafka holding the same number of partitions and groups.
 *
 *   npm run bench:history [-- --topics 200 --partitions 10 --brokers 6 --groups 500 --interval 30 --hours 24 --no-kafka
 *     --ferretdb --ferretdb-hours 2]   (--ferretdb: the first hours of the same day into the MongoDB adapter on FerretDB)
 */
import { mkdtemp, rm, stat } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { parseArgs } from "node:util";
import { HistoryBook, type SampleInput, samplesOf } from "@kcp/history";
import { collectSnapshot, DEFAULT_HEALTH_THRESHOLDS, deriveHealth, KafkaClient } from "@kcp/kafka";
import type { Health, Snapshot } from "@kcp/shared";
import { EMBEDDED_DATABASE_FILE, EmbeddedStore, MongoStore, type Store } from "@kcp/store";
import { FERRETDB_VERSION, generateData, startCluster, startFerretDb } from "@kcp/test-infra";
import { type Binary, MongoClient } from "mongodb";
import { percentile, table } from "../common/report.js";
import { SyntheticCluster } from "./synthetic.js";

const { values } = parseArgs({
  options: {
    topics: { type: "string", default: "200" },
    partitions: { type: "string", default: "10" },
    brokers: { type: "string", default: "6" },
    groups: { type: "string", default: "500" },
    interval: { type: "string", default: "30" },
    hours: { type: "string", default: "24" },
    "no-kafka": { type: "boolean", default: false },
    ferretdb: { type: "boolean", default: false },
    "ferretdb-hours": { type: "string", default: "2" },
    runs: { type: "string", default: "6" },
  },
});
const shape = {
  topics: Number(values.topics),
  partitions: Number(values.partitions),
  brokers: Number(values.brokers),
  groups: Number(values.groups),
  replicationFactor: 3,
};
const intervalSeconds = Number(values.interval);
const collections = Math.round((Number(values.hours) * 3600) / intervalSeconds);
const CLUSTER = "bench-history";

const ms = (value: number) => `${value.toFixed(value < 10 ? 2 : 1)} ms`;
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(2)} MiB`;
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);
const medianP95 = (list: number[]) => {
  const s = sorted(list);
  return `median ${ms(percentile(s, 50))}, p95 ${ms(percentile(s, 95))}, max ${ms(s.at(-1) ?? 0)}`;
};
async function timed<T>(work: () => Promise<T>): Promise<[T, number]> {
  const started = performance.now();
  const result = await work();
  return [result, performance.now() - started];
}
const health = (snapshot: Snapshot, at: Date) => deriveHealth(snapshot, DEFAULT_HEALTH_THRESHOLDS, at) as Health;

const start = new Date(Date.UTC(2026, 10, 28, 0, 0, 3));

interface Day {
  recordTimes: number[];
  summaryTimes: number[];
  putTimes: number[];
  buildTimes: number[];
  last: Snapshot | undefined;
  snapshotBytes: number;
  wallSeconds: number;
}

/**
 * The simulated day: each collection's view put into `views` (the reference: what every collection writes already),
 * then its figures recorded through `book`, both timed. The cluster is the same in every call (a fixed seed).
 */
async function simulateDay(
  book: HistoryBook,
  views: Pick<Store, "clusterViews">,
  label: string,
  count = collections,
): Promise<Day> {
  const cluster = new SyntheticCluster(shape);
  const day: Day = {
    recordTimes: [],
    summaryTimes: [],
    putTimes: [],
    buildTimes: [],
    last: undefined,
    snapshotBytes: 0,
    wallSeconds: 0,
  };
  let previous: Snapshot | undefined;
  const wallStarted = performance.now();
  for (let i = 0; i < count; i++) {
    const at = new Date(start.getTime() + i * intervalSeconds * 1000);
    const [snapshot, built] = await timed(async () => cluster.next(at, intervalSeconds));
    day.buildTimes.push(built);
    const derived = health(snapshot, at);
    const [, put] = await timed(() =>
      views.clusterViews.put({
        clusterId: CLUSTER,
        snapshot: snapshot as unknown as Record<string, unknown>,
        health: derived as unknown as Record<string, unknown>,
        capabilities: {},
        updatedAt: at,
      }),
    );
    day.putTimes.push(put);
    const input: SampleInput = { snapshot, health: derived, ...(previous ? { previous } : {}) };
    const [recorded, took] = await timed(() => book.record(CLUSTER, input));
    (recorded.summarized ? day.summaryTimes : day.recordTimes).push(took);
    previous = snapshot;
    day.last = snapshot;
    if (i === 0) day.snapshotBytes = JSON.stringify(snapshot).length;
    if ((i + 1) % 480 === 0)
      process.stderr.write(
        `bench-history (${label}): ${i + 1}/${count} collections (${((performance.now() - wallStarted) / 1000).toFixed(0)} s)\n`,
      );
  }
  day.wallSeconds = (performance.now() - wallStarted) / 1000;
  return day;
}

const folder = await mkdtemp(join(tmpdir(), "bench-history-"));
const historyStore = new EmbeddedStore(join(folder, "history"));
const viewStore = new EmbeddedStore(join(folder, "views"));
try {
  // ---- (a) a simulated day written through HistoryBook.record, (b) record() beside clusterViews.put ----
  const book = new HistoryBook(historyStore.series);
  const day = await simulateDay(book, viewStore, "embedded");
  const { recordTimes, summaryTimes, putTimes, buildTimes, last, snapshotBytes, wallSeconds } = day;

  // Bytes as stored: the frames' data and the dictionaries' keys, read from the sqlite file itself.
  const dbPath = join(folder, "history", EMBEDDED_DATABASE_FILE);
  const peek = new DatabaseSync(dbPath, { readOnly: true });
  const frameRows = peek
    .prepare(
      "SELECT resolution, part, count(*) AS n, sum(length(data)) AS bytes FROM series_frames GROUP BY resolution, part",
    )
    .all() as { resolution: string; part: string; n: number; bytes: number }[];
  const dictionaryRow = peek
    .prepare("SELECT count(*) AS n, sum(length(keys)) AS bytes FROM series_dictionaries")
    .get() as { n: number; bytes: number };
  peek.close();
  const framesOf = (resolution: string) => frameRows.filter((r) => r.resolution === resolution);
  const sum = (rows: { n: number; bytes: number }[]) => ({
    n: rows.reduce((a, r) => a + r.n, 0),
    bytes: rows.reduce((a, r) => a + r.bytes, 0),
  });
  const raw = sum(framesOf("collection"));
  const summaries = sum(framesOf("10m"));
  const byPart = (resolution: string) =>
    framesOf(resolution)
      .map((r) => `${r.part} ${kib(r.bytes)} (${r.n}, ${(r.bytes / r.n / 1024).toFixed(1)} KiB each)`)
      .join("; ");
  // The file as it stands after the day: checkpointed (the WAL folded in), then after a VACUUM (no free pages).
  const sizeOf = async () =>
    (await stat(dbPath)).size + ((await stat(`${dbPath}-wal`).catch(() => undefined))?.size ?? 0);
  const checkpoint = new DatabaseSync(dbPath);
  checkpoint.exec("PRAGMA wal_checkpoint(TRUNCATE)");
  const fileBytes = await sizeOf();
  checkpoint.exec("VACUUM; PRAGMA wal_checkpoint(TRUNCATE)");
  const vacuumedBytes = await sizeOf();
  checkpoint.close();
  const days = (collections * intervalSeconds) / 86400;
  const summaryPerDay = summaries.bytes / days;
  const keys = last ? samplesOf({ snapshot: last, health: health(last, start) }) : undefined;
  const keyCount = keys
    ? `; per collection ${keys.cluster.size} cluster, ${keys.topics.size} topic, ${keys.groups.size} group series`
    : "";

  table(
    `History of a synthetic cluster: ${shape.topics} topics × ${shape.partitions} partitions (RF 3) on ${shape.brokers} brokers, ${shape.groups} groups; ${collections} collections every ${intervalSeconds} s (${(days * 24).toFixed(0)} h simulated in ${wallSeconds.toFixed(0)} s), ${new Date().toISOString()}`,
    [
      ["one snapshot (JSON)", mib(snapshotBytes)],
      [
        "collection frames kept (24 h)",
        `${mib(raw.bytes)} in ${raw.n} frames, ${kib(raw.bytes / collections)} per collection — ${byPart("collection")}`,
      ],
      ["10-minute summaries of the day", `${mib(summaries.bytes)} in ${summaries.n} frames — ${byPart("10m")}`],
      [
        "dictionaries",
        `${kib(dictionaryRow.bytes ?? 0)} in ${dictionaryRow.n} (the series keys, stored once${keyCount})`,
      ],
      [
        "bytes per cluster and day",
        `${mib(raw.bytes + summaryPerDay + (dictionaryRow.bytes ?? 0))} (frames + summaries + dictionaries)`,
      ],
      [
        "30 days of summaries (extrapolated: 30 × the day's)",
        `${mib(summaryPerDay * 30)}; with the last 24 h of collection frames: ${mib(summaryPerDay * 30 + raw.bytes + (dictionaryRow.bytes ?? 0))} per cluster in steady state`,
      ],
      ["sqlite file after the day (checkpointed)", `${mib(fileBytes)}; after VACUUM ${mib(vacuumedBytes)}`],
    ],
  );
  table("Write cost per collection, same snapshots, same run", [
    ["HistoryBook.record (no summary)", `${medianP95(recordTimes)} (${recordTimes.length})`],
    ["HistoryBook.record + 10-min summary + sweep", `${medianP95(summaryTimes)} (${summaryTimes.length})`],
    ["reference: clusterViews.put of the same view", `${medianP95(putTimes)} (${putTimes.length})`],
    ["(building the synthetic snapshot, not stored)", medianP95(buildTimes)],
  ]);

  // ---- query cost: series of a topic figure over 1 h and 24 h, groupTrends of 100 groups ----
  const now = new Date(start.getTime() + collections * intervalSeconds * 1000);
  const topic = last?.topics[0]?.name ?? "";
  const queryRuns = 20;
  const ids = (last?.groups ?? []).slice(0, 100).map((g) => g.id);
  const range = (hours: number) => ({ from: new Date(now.getTime() - hours * 3600_000), to: now });
  const queries: [string, (b: HistoryBook) => Promise<unknown>][] = [
    [
      "series topic.bytesInPerSec, last 1 h",
      (b) => b.series(CLUSTER, { figure: "topic.bytesInPerSec", entity: topic, ...range(1) }, now),
    ],
    [
      "series topic.bytesInPerSec, last 24 h",
      (b) => b.series(CLUSTER, { figure: "topic.bytesInPerSec", entity: topic, ...range(24) }, now),
    ],
    [
      "series cluster.bytesInPerSec, last 24 h",
      (b) => b.series(CLUSTER, { figure: "cluster.bytesInPerSec", ...range(24) }, now),
    ],
    ["groupTrends of 100 groups (last hour)", (b) => b.groupTrends(CLUSTER, ids, now)],
  ];
  const queryRows: [string, string][] = [];
  for (const [label, query] of queries) {
    const [answer, first] = await timed(() => query(new HistoryBook(historyStore.series)));
    const times: number[] = [];
    for (let run = 0; run < queryRuns; run++) times.push((await timed(() => query(book)))[1]);
    const points =
      answer instanceof Map
        ? `${answer.size} trends`
        : `${(answer as { points?: unknown[] }).points?.length ?? 0} points`;
    queryRows.push([label, `${medianP95(times)}; first on a new book ${ms(first)} (${points})`]);
  }
  table(`Query cost (${queryRuns} runs each, the book's dictionaries cached after the first)`, queryRows);

  // ---- optionally the same day into MongoDB's adapter on FerretDB (SQLite backend), as the tests run it ----
  if (values.ferretdb) {
    const ferret = await startFerretDb();
    const mongo = await MongoStore.open({ url: ferret.url, dbName: "bench_history" });
    try {
      const ferretCollections = Math.round((Number(values["ferretdb-hours"]) * 3600) / intervalSeconds);
      const ferretDay = await simulateDay(new HistoryBook(mongo.series), mongo, "FerretDB", ferretCollections);
      const client = new MongoClient(ferret.url);
      try {
        const db = client.db("bench_history");
        const frames = await db
          .collection("series_frames")
          .find({}, { projection: { resolution: 1, data: 1 } })
          .toArray();
        const bytesOf = (resolution: string) =>
          frames.filter((f) => f.resolution === resolution).reduce((n, f) => n + (f.data as Binary).length(), 0);
        const dictionaries = await db
          .collection("series_dictionaries")
          .find({}, { projection: { keys: 1 } })
          .toArray();
        const stats = (await db.command({ dbStats: 1 }).catch(() => undefined)) as
          | { dataSize?: number; storageSize?: number; indexSize?: number }
          | undefined;
        table(
          `The first ${values["ferretdb-hours"]} h of the same day (${ferretCollections} collections) into the MongoDB adapter on FerretDB ${FERRETDB_VERSION} (SQLite backend)`,
          [
            [
              "frames kept / summaries / dictionaries",
              `${mib(bytesOf("collection"))} / ${mib(bytesOf("10m"))} / ${kib(dictionaries.reduce((n, d) => n + String(d.keys).length, 0))}`,
            ],
            [
              "dbStats (the whole database: views too)",
              stats
                ? `data ${mib(stats.dataSize ?? 0)}, storage ${mib(stats.storageSize ?? 0)}, indexes ${mib(stats.indexSize ?? 0)}`
                : "not answered",
            ],
            [
              "HistoryBook.record (no summary)",
              `${medianP95(ferretDay.recordTimes)} (${ferretDay.recordTimes.length})`,
            ],
            [
              "HistoryBook.record + 10-min summary + sweep",
              `${medianP95(ferretDay.summaryTimes)} (${ferretDay.summaryTimes.length})`,
            ],
            ["reference: clusterViews.put of the same view", medianP95(ferretDay.putTimes)],
            ["simulated in", `${ferretDay.wallSeconds.toFixed(0)} s`],
          ],
        );
      } finally {
        await client.close();
      }
    } finally {
      await mongo.stop();
      await ferret.stop();
    }
  }

  // ---- the second reference: the collection itself, against a real Kafka of the same size ----
  if (!values["no-kafka"]) {
    process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -Xmx1g -XX:TieredStopAtLevel=4`.trim();
    const kafka = await startCluster({ topology: "single", name: "bench-history" });
    try {
      await generateData(kafka, {
        topics: shape.topics,
        partitions: shape.partitions,
        replicationFactor: 1,
        groups: shape.groups,
        messagesPerPartition: 20,
        lagPerPartition: 3,
      });
      const client = KafkaClient.open({
        bootstrapServers: kafka.bootstrapServers,
        security: { protocol: "PLAINTEXT", saslMechanism: "" },
      });
      const collectTimes: number[] = [];
      const realRecordTimes: number[] = [];
      const realStore = new EmbeddedStore(join(folder, "real"));
      const realBook = new HistoryBook(realStore.series);
      let before: Snapshot | undefined;
      let facts = "";
      try {
        for (let run = 0; run < Number(values.runs); run++) {
          const [{ snapshot }, took] = await timed(() =>
            collectSnapshot(client, { timeoutMs: 60_000, ...(before ? { previous: before } : {}) }),
          );
          collectTimes.push(took);
          const at = new Date(snapshot.collectedAt);
          const [, recordTook] = await timed(() =>
            realBook.record("real", {
              snapshot,
              health: health(snapshot, at),
              ...(before ? { previous: before } : {}),
            }),
          );
          realRecordTimes.push(recordTook);
          before = snapshot;
          facts = `${snapshot.topics.length} topics, ${snapshot.topics.reduce((n, t) => n + t.partitions.length, 0)} partitions, ${snapshot.groups.length} groups, ${snapshot.brokers.length} broker`;
        }
      } finally {
        await client.close();
        await realStore.stop();
      }
      const [first = 0, ...later] = collectTimes;
      table(`Reference: the collection itself, collectSnapshot against a real Kafka ${kafka.version} (${facts})`, [
        ["collectSnapshot, first (new client)", ms(first)],
        [`collectSnapshot, next ${later.length} (same client)`, medianP95(later)],
        ["HistoryBook.record of those snapshots", medianP95(realRecordTimes.slice(1))],
        [
          "record (synthetic, median) / collection (median)",
          `${((percentile(sorted(recordTimes), 50) / percentile(sorted(later), 50)) * 100).toFixed(1)} %`,
        ],
      ]);
    } finally {
      await kafka.stop();
    }
  }
} finally {
  await historyStore.stop();
  await viewStore.stop();
  await rm(folder, { recursive: true, force: true });
}
