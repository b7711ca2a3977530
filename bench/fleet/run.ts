/**
 * bench/fleet: what one more cluster costs the collectors, the store and Redis. Real single-node Kafka clusters with
 * small heaps (default 32, each 10 topics × 10 partitions, 3 groups with committed offsets, a trickle of produce so
 * rates and lags move) are registered in one store (FerretDB) with one Redis, and collected by 1, then 2, then 3
 * separate collector processes (services/collector, STORE=mongo QUEUE=bullmq, as deployed) at a 10 s interval, with
 * one operations worker judging each view (the autopilot), each phase a warm-up then a measured window of 10 intervals.
 * Per phase: collections, CPU and memory per collector, CPU ms per collection, Kafka clients and connections opened,
 * store writes and bytes per collection by collection (kcp_store_writes_total), Redis commands per collection
 * (INFO), staleness (each view's age at the end; every cluster's gaps between collections, from the collectors' logs).
 * Then one larger cluster (40 topics × 50 partitions on one broker) collected alone, for CPU by size; the idle cost of
 * a collector and a worker measured first, as the reference. Last, the arithmetic: those figures scaled to 1,000
 * clusters × 2,000 partitions every 30 s, every assumption printed.
 *
 *   npm run bench:fleet [-- --clusters 32 --collectors 1,2,3 --interval 10 --intervals 10 --heap 160
 *     --topics 10 --partitions 10 --groups 3 --produce-every 2 --large-topics 40 --large-partitions 50
 *     --large-groups 20 --large-heap 1024 --large-registrations 3 --no-large --idle-seconds 30 --start-concurrency 4
 *     --target-clusters 1000 --target-partitions 2000 --target-interval 30 --target-client-idle 300
 *     --replica-cores 2 --utilization 0.5 --max-replicas 4]
 */
import { randomBytes } from "node:crypto";
import { availableParallelism, loadavg, totalmem } from "node:os";
import { setTimeout as sleep } from "node:timers/promises";
import { parseArgs } from "node:util";
import { jitteredIntervalMs, newClusterRecord } from "@kcp/clusters";
import { ConnectionProfileSchema, parseSecretKey, SecretBox, type Snapshot } from "@kcp/shared";
import { MongoStore } from "@kcp/store";
import { FERRETDB_VERSION, type MongoServer, type RedisServer, startFerretDb, startRedis } from "@kcp/test-infra";
import { percentile, table } from "../common/report.js";
import { arithmetic, cpuAt, type Measured } from "./arithmetic.js";
import { type FleetCluster, kafkaCpu, kafkaRss, startFilled, startFleet, startTrickle, stopAll } from "./kafka.js";
import {
  addInto,
  delta,
  memoryAvailable,
  pidWithArgument,
  processUsage,
  type RedisInfo,
  redisInfo,
  Scrape,
} from "./probes.js";
import { running, type ServiceProcess, startService } from "./services.js";

const { values } = parseArgs({
  options: {
    clusters: { type: "string", default: "32" },
    collectors: { type: "string", default: "1,2,3" },
    interval: { type: "string", default: "10" },
    intervals: { type: "string", default: "10" },
    heap: { type: "string", default: "160" },
    topics: { type: "string", default: "10" },
    partitions: { type: "string", default: "10" },
    groups: { type: "string", default: "3" },
    "large-topics": { type: "string", default: "40" },
    "large-partitions": { type: "string", default: "50" },
    "large-groups": { type: "string", default: "20" },
    "large-heap": { type: "string", default: "1024" },
    "large-registrations": { type: "string", default: "3" },
    "no-large": { type: "boolean", default: false },
    "idle-seconds": { type: "string", default: "30" },
    "start-concurrency": { type: "string", default: "4" },
    "produce-every": { type: "string", default: "2" },
    "target-clusters": { type: "string", default: "1000" },
    "target-partitions": { type: "string", default: "2000" },
    "target-interval": { type: "string", default: "30" },
    "target-client-idle": { type: "string", default: "300" },
    "replica-cores": { type: "string", default: "2" },
    utilization: { type: "string", default: "0.5" },
    "max-replicas": { type: "string", default: "4" },
  },
});
const interval = Number(values.interval);
const windowMs = Number(values.intervals) * interval * 1000;
const idleMs = Number(values["idle-seconds"]) * 1000;
const began = Date.now();

const log = (line: string) =>
  process.stderr.write(`bench-fleet [${((Date.now() - began) / 1000).toFixed(0)} s]: ${line}\n`);
const fixed = (value: number, digits = 1) =>
  Number.isFinite(value)
    ? value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits })
    : "n/a";
const mib = (bytes: number) => `${fixed(bytes / 1024 / 1024, 0)} MiB`;
const kib = (bytes: number) => `${fixed(bytes / 1024, 1)} KiB`;
const sortedOf = (list: number[]) => [...list].sort((a, b) => a - b);
const median = (list: number[]) => percentile(sortedOf(list), 50);

// ---- the shared pieces: one store server, one Redis, one secret key ----
const secretKey = randomBytes(32).toString("hex");
const box = new SecretBox(parseSecretKey(secretKey));
let ferret: MongoServer | undefined;
let redis: RedisServer | undefined;
let ferretPid: number | undefined;
const kafkaClusters: FleetCluster[] = [];

interface Scene {
  name: string;
  env: Record<string, string>;
  store: MongoStore;
  clusterIds: string[];
  /** The Kafka clusters behind the registrations (their JVMs' CPU is read beside the collectors'). */
  kafka: FleetCluster[];
}

async function openScene(name: string): Promise<Scene> {
  const mongoUrl = `${(ferret as MongoServer).url}kcp_fleet_${name}`;
  const store = await MongoStore.open({ url: mongoUrl });
  return {
    name,
    store,
    clusterIds: [],
    kafka: [],
    env: {
      STORE: "mongo",
      MONGO_URL: mongoUrl,
      QUEUE: "bullmq",
      REDIS_URL: (redis as RedisServer).url,
      QUEUE_PREFIX: `kcp-fleet-${name}`,
      SECRET_KEY: secretKey,
      COLLECT_INTERVAL_SECONDS: String(interval),
      COLLECT_TIMEOUT_MS: "20000",
      // The production ratio (300 s at a 30 s interval): the slow parts are read at one collection in ten.
      COLLECT_SLOW_PARTS_SECONDS: String(interval * 10),
      // Likewise a client unused for 10 intervals is closed (KAFKA_CLIENT_IDLE_SECONDS, 300 s at 30 s).
      KAFKA_CLIENT_IDLE_SECONDS: String(interval * 10),
    },
  };
}

async function register(scene: Scene, name: string, cluster: FleetCluster): Promise<string> {
  const profile = ConnectionProfileSchema.parse({
    name,
    bootstrapServers: cluster.cluster.bootstrapServers,
    security: { protocol: "PLAINTEXT" },
  });
  const id = (await scene.store.clusters.create(newClusterRecord(profile, box, ""))).id;
  scene.clusterIds.push(id);
  if (!scene.kafka.includes(cluster)) scene.kafka.push(cluster);
  return id;
}

/** A process's figures at one moment: its /metrics when it has them, and /proc. */
interface Edge {
  scrape: Scrape;
  cpuSeconds: number;
  rssBytes: number;
  peakRssBytes: number;
}

async function edgeOf(service: ServiceProcess): Promise<Edge> {
  const scrape = await Scrape.of(service.url);
  const usage = await processUsage(service.pid);
  return { scrape, ...usage };
}

interface Server {
  redis: RedisInfo;
  ferretCpu: number;
}
async function serversNow(): Promise<Server> {
  const info = await redisInfo((redis as RedisServer).port);
  const ferretCpu = ferretPid ? (await processUsage(ferretPid)).cpuSeconds : Number.NaN;
  return { redis: info, ferretCpu };
}
/** Commands clients sent between two INFOs, the later INFO itself not counted. */
const redisCommands = (a: Server, b: Server) => b.redis.commandsProcessed - a.redis.commandsProcessed - 1;
function redisCalls(a: Server, b: Server): Map<string, number> {
  const out = delta(b.redis.calls, a.redis.calls);
  out.delete("info");
  return out;
}

// ---- the idle reference: a collector and a worker with no cluster ----
interface Idle {
  collectorCores: number;
  workerCores: number;
  collectorRedisPerSecond: number;
  workerRedisPerSecond: number;
  collectorRss: number;
  workerRss: number;
}

async function idleReference(): Promise<Idle> {
  const scene = await openScene("idle");
  try {
    const worker = await startService("operations-worker", "idle-worker", scene.env);
    const collector = await startService("collector", "idle-collector", scene.env);
    try {
      await sleep(5000);
      const [w0, c0, s0] = [await edgeOf(worker), await edgeOf(collector), await serversNow()];
      await sleep(idleMs);
      const s1 = await serversNow();
      const [w1, c1] = [await edgeOf(worker), await edgeOf(collector)];
      const both = redisCommands(s0, s1) / (idleMs / 1000);
      await collector.stop();
      await sleep(2000);
      const s2 = await serversNow();
      await sleep(idleMs);
      const s3 = await serversNow();
      const workerAlone = redisCommands(s2, s3) / (idleMs / 1000);
      const idle: Idle = {
        collectorCores: (c1.cpuSeconds - c0.cpuSeconds) / (idleMs / 1000),
        workerCores: (w1.cpuSeconds - w0.cpuSeconds) / (idleMs / 1000),
        collectorRedisPerSecond: Math.max(0, both - workerAlone),
        workerRedisPerSecond: workerAlone,
        collectorRss: c1.rssBytes,
        workerRss: w1.rssBytes,
      };
      table(`Reference: an idle collector and operations worker (no cluster registered), ${idleMs / 1000} s each`, [
        [
          "collector",
          `${fixed(idle.collectorCores * 1000, 1)} millicores, ${fixed(idle.collectorRedisPerSecond, 1)} Redis commands/s, RSS ${mib(idle.collectorRss)}`,
        ],
        [
          "operations worker",
          `${fixed(idle.workerCores * 1000, 1)} millicores, ${fixed(idle.workerRedisPerSecond, 1)} Redis commands/s, RSS ${mib(idle.workerRss)}`,
        ],
      ]);
      return idle;
    } finally {
      await collector.stop();
      await worker.stop();
    }
  } finally {
    await scene.store.stop();
  }
}

// ---- one phase: N collectors over the scene's clusters ----
interface PhaseResult {
  label: string;
  collectors: number;
  collections: number;
  failures: number;
  collectorCpuSeconds: number;
  /** Collector CPU per collection, ms: as measured, and net of the processes' idle CPU. */
  cpuMs: number;
  cpuNetMs: number;
  workerCpuNetMs: number;
  writes: Map<string, [number, number]>;
  workerWrites: Map<string, [number, number]>;
  redisPerCollection: number;
  redisNetPerCollection: number;
  redisCpuMs: number;
  partitions: number;
  rssPerCluster: number;
  connectionsPerClient: number;
}

async function phase(
  scene: Scene,
  label: string,
  count: number,
  worker: ServiceProcess,
  idle: Idle,
): Promise<PhaseResult> {
  log(`${label}: starting ${count} collector(s)`);
  const phaseStarted = Date.now();
  const collectors = await Promise.all(
    Array.from({ length: count }, (_, i) => startService("collector", `${scene.name}-collector-${i + 1}`, scene.env)),
  );
  try {
    const collectedOf = (id: string) =>
      collectors.reduce((n, c) => n + c.collected.filter((e) => e.clusterId === id).length, 0);
    // Warm-up: every cluster collected twice by this phase's processes (the first round opens the clients).
    const warmDeadline = Date.now() + 6 * interval * 1000;
    while (!scene.clusterIds.every((id) => collectedOf(id) >= 2)) {
      if (Date.now() > warmDeadline) {
        log(`${label}: warm-up not done in ${6 * interval} s (${collectors.map((c) => c.tail()).join("\n")})`);
        break;
      }
      await sleep(500);
    }
    // With several collectors any of them may take any cluster's job: wait (8 intervals at most) until each has met
    // nine clusters in ten, so that the window sees the steady state rather than first meetings.
    const metDeadline = Date.now() + 8 * interval * 1000;
    while (count > 1 && Date.now() < metDeadline) {
      const met = await Promise.all(
        collectors.map(
          async (c) =>
            [...(await Scrape.of(c.url)).by("kcp_kafka_clients_opened_total", "cluster").values()].filter((v) => v > 0)
              .length,
        ),
      );
      if (met.every((n) => n >= 0.9 * scene.clusterIds.length)) break;
      await sleep(interval * 1000);
    }
    const workerBefore = await edgeOf(worker);
    const before = await Promise.all(collectors.map(edgeOf));
    const s0 = await serversNow();
    const kafka0 = await kafkaCpu(scene.kafka);
    const t0 = Date.now();
    log(`${label}: warm after ${fixed((t0 - phaseStarted) / 1000, 0)} s; measuring ${windowMs / 1000} s`);
    await sleep(windowMs);
    const t1 = Date.now();
    const kafka1 = await kafkaCpu(scene.kafka);
    const s1 = await serversNow();
    const after = await Promise.all(collectors.map(edgeOf));
    const workerAfter = await edgeOf(worker);
    const seconds = (t1 - t0) / 1000;

    // Views as stored at the end: their age, and the size of what was collected.
    const views = await Promise.all(scene.clusterIds.map((id) => scene.store.clusterViews.get(id)));
    const ages = views.map((v) => (v ? (t1 - v.updatedAt.getTime()) / 1000 : Number.POSITIVE_INFINITY));
    const snapshot = views[0]?.snapshot as unknown as Snapshot | undefined;
    const partitions = snapshot?.topics.reduce((n, t) => n + t.partitions.length, 0) ?? 0;
    const groups = snapshot?.groups.length ?? 0;

    // Counters over the window, summed over the collectors.
    const sumDelta = (name: string, where: Record<string, string> = {}) =>
      after.reduce((n, a, i) => n + a.scrape.sum(name, where) - (before[i] as Edge).scrape.sum(name, where), 0);
    const byDelta = (edges: [Edge, Edge][], name: string, label: string) =>
      edges.reduce((m, [b, a]) => addInto(m, delta(a.scrape.by(name, label), b.scrape.by(name, label))), new Map());
    const pairs = after.map((a, i) => [before[i] as Edge, a] as [Edge, Edge]);
    const collections = sumDelta("kcp_collection_duration_seconds_count");
    const failures = sumDelta("kcp_collection_duration_seconds_count", { outcome: "failure" });
    const cpu = after.reduce((n, a, i) => n + a.cpuSeconds - (before[i] as Edge).cpuSeconds, 0);
    const cpuNet = cpu - count * idle.collectorCores * seconds;
    const workerCpu = workerAfter.cpuSeconds - workerBefore.cpuSeconds;
    const workerCpuNet = workerCpu - idle.workerCores * seconds;
    const writeCounts = byDelta(pairs, "kcp_store_writes_total", "collection");
    const writeBytes = byDelta(pairs, "kcp_store_write_bytes_total", "collection");
    const writes = new Map<string, [number, number]>(
      [...writeCounts].map(([k, n]) => [k, [n / collections, (writeBytes.get(k) ?? 0) / collections]]),
    );
    const workerPair: [Edge, Edge][] = [[workerBefore, workerAfter]];
    const workerCounts = byDelta(workerPair, "kcp_store_writes_total", "collection");
    const workerBytes = byDelta(workerPair, "kcp_store_write_bytes_total", "collection");
    const workerWrites = new Map<string, [number, number]>(
      [...workerCounts].map(([k, n]) => [k, [n / collections, (workerBytes.get(k) ?? 0) / collections]]),
    );
    const commands = redisCommands(s0, s1);
    const idleCommands = (count * idle.collectorRedisPerSecond + idle.workerRedisPerSecond) * seconds;
    const calls = redisCalls(s0, s1);
    const redisCpu = s1.redis.cpuSeconds - s0.redis.cpuSeconds;
    const ferretCpu = s1.ferretCpu - s0.ferretCpu;

    // Collections per cluster in the window and the gaps between them, from the collectors' logs.
    const times = new Map<string, number[]>(scene.clusterIds.map((id) => [id, []]));
    const wallMs: number[] = [];
    for (const c of collectors)
      for (const e of c.collected) {
        times.get(e.clusterId)?.push(e.at);
        if (e.at > t0 && e.at <= t1) wallMs.push(e.ms);
      }
    let onTime = 0;
    let worstGap = 0;
    const perCluster: number[] = [];
    for (const [id, list] of times) {
      const inWindow = list.filter((at) => at > t0 && at <= t1).sort((a, b) => a - b);
      perCluster.push(inWindow.length);
      const edges = [t0, ...inWindow, t1];
      const gap = Math.max(...edges.slice(1).map((at, i) => at - (edges[i] as number)));
      worstGap = Math.max(worstGap, gap);
      if (gap <= jitteredIntervalMs(id, interval) + 2000) onTime++;
    }
    const periods = scene.clusterIds.map((id) => jitteredIntervalMs(id, interval) / 1000);

    const rows: [string, string][] = [
      [
        "collections in the window",
        `${fixed(collections, 0)} (${fixed(failures, 0)} failed) in ${fixed(seconds, 0)} s — ${fixed(collections / seconds, 2)}/s; per cluster min ${Math.min(...perCluster)}, median ${median(perCluster)}, max ${Math.max(...perCluster)} (each cluster's period ${fixed(Math.min(...periods), 1)}–${fixed(Math.max(...periods), 1)} s: ${fixed(seconds / Math.max(...periods), 1)}–${fixed(seconds / Math.min(...periods), 1)} expected)`,
      ],
    ];
    for (const [i, c] of collectors.entries()) {
      const b = before[i] as Edge;
      const a = after[i] as Edge;
      const done =
        a.scrape.sum("kcp_collection_duration_seconds_count") - b.scrape.sum("kcp_collection_duration_seconds_count");
      const clientsWarm = b.scrape.sum("kcp_kafka_clients_opened_total");
      const clientsBy = [...a.scrape.by("kcp_kafka_clients_opened_total", "cluster").values()];
      const met = clientsBy.filter((v) => v > 0).length;
      const reopened = clientsBy.filter((v) => v > 1).length;
      const connectionsWarm = b.scrape.sum("kcp_kafka_connections_opened_total");
      rows.push([
        c.name,
        `${fixed(done, 0)} collections, ${fixed(a.cpuSeconds - b.cpuSeconds, 2)} CPU-s (${fixed(((a.cpuSeconds - b.cpuSeconds) / seconds) * 1000, 0)} millicores; metrics say ${fixed(a.scrape.sum("kcp_process_cpu_seconds_total") - b.scrape.sum("kcp_process_cpu_seconds_total"), 2)}), RSS ${mib(a.scrape.sum("kcp_process_resident_memory_bytes"))} (peak ${mib(a.peakRssBytes)}); Kafka clients opened ${fixed(clientsWarm, 0)} in the warm-up / ${fixed(a.scrape.sum("kcp_kafka_clients_opened_total") - clientsWarm, 0)} in the window, connections ${fixed(connectionsWarm, 0)} / ${fixed(a.scrape.sum("kcp_kafka_connections_opened_total") - connectionsWarm, 0)}; a client for ${met} of ${scene.clusterIds.length} clusters, ${reopened} opened more than once`,
      ]);
    }
    const writeTotal = [...writes.values()].reduce((n, [w]) => n + w, 0);
    const bytesTotal = [...writes.values()].reduce((n, [, b]) => n + b, 0);
    const describeWrites = (m: Map<string, [number, number]>) =>
      [...m]
        .filter(([, [n]]) => n > 0)
        .sort((a, b) => b[1][1] - a[1][1])
        .map(([name, [n, b]]) => `${name} ${fixed(n, 2)} (${kib(b)})`)
        .join("; ") || "none";
    const topCalls = [...calls]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([name, n]) => `${name} ${fixed(n / collections, 1)}`)
      .join(", ");
    const sortedAges = sortedOf(ages);
    rows.push(
      [
        "collector CPU per collection",
        `${fixed((cpu / collections) * 1000, 1)} ms; net of ${count} idle collector(s): ${fixed((cpuNet / collections) * 1000, 1)} ms; wall time median ${fixed(median(wallMs), 0)} ms, p95 ${fixed(percentile(sortedOf(wallMs), 95), 0)} ms (${partitions} partitions, ${groups} groups a cluster)`,
      ],
      [
        "store writes per collection (collectors)",
        `${fixed(writeTotal, 2)} writes, ${kib(bytesTotal)} — ${describeWrites(writes)}`,
      ],
      [
        "operations worker (the autopilot judging each view)",
        `${fixed((workerCpu / collections) * 1000, 1)} ms CPU per collection (net of idle ${fixed((workerCpuNet / collections) * 1000, 1)} ms); store writes per collection: ${describeWrites(workerWrites)}`,
      ],
      [
        "Redis per collection",
        `${fixed(commands / collections, 1)} commands executed, those BullMQ's scripts run included (net of the processes' idle commands ${fixed((commands - idleCommands) / collections, 1)}); most called: ${topCalls}; Redis CPU ${fixed((redisCpu / collections) * 1000, 2)} ms`,
      ],
      [
        `FerretDB ${FERRETDB_VERSION} (SQLite) per collection`,
        `${fixed((ferretCpu / collections) * 1000, 1)} ms CPU (the store server's side; MongoDB's would differ)`,
      ],
      [
        "staleness at the end",
        `view age median ${fixed(median(ages), 1)} s, max ${fixed(sortedAges.at(-1) ?? Number.NaN, 1)} s; ${onTime} of ${scene.clusterIds.length} clusters collected at every period (no gap over the cluster's period + 2 s; worst gap ${fixed(worstGap / 1000, 1)} s)`,
      ],
      [
        "the machine meanwhile",
        `Kafka's ${scene.kafka.length} JVM(s) ${fixed(((kafka1 - kafka0) / seconds) * 1000, 0)} millicores (the trickle and the collections they answer), Redis ${fixed((redisCpu / seconds) * 1000, 0)}, FerretDB ${fixed((ferretCpu / seconds) * 1000, 0)}; load average (1 min) at the end ${fixed(loadavg()[0] ?? 0, 1)}`,
      ],
    );
    table(`${label}: ${count} collector(s), ${scene.clusterIds.length} clusters, every ${interval} s`, rows);
    const rssPerCluster =
      count === 1
        ? ((after[0] as Edge).scrape.sum("kcp_process_resident_memory_bytes") - idle.collectorRss) /
          scene.clusterIds.length
        : Number.NaN;
    const warmClients = before.reduce((n, b) => n + b.scrape.sum("kcp_kafka_clients_opened_total"), 0);
    const warmConnections = before.reduce((n, b) => n + b.scrape.sum("kcp_kafka_connections_opened_total"), 0);
    return {
      connectionsPerClient: warmConnections / warmClients,
      label,
      collectors: count,
      collections,
      failures,
      collectorCpuSeconds: cpu,
      cpuMs: (cpu / collections) * 1000,
      cpuNetMs: (cpuNet / collections) * 1000,
      workerCpuNetMs: (workerCpuNet / collections) * 1000,
      writes,
      workerWrites,
      redisPerCollection: commands / collections,
      redisNetPerCollection: (commands - idleCommands) / collections,
      redisCpuMs: (redisCpu / collections) * 1000,
      partitions,
      rssPerCluster,
    };
  } finally {
    await Promise.all(collectors.map((c) => c.stop()));
  }
}

/** The phases' figures together, weighted by their collections. */
function pooled(results: PhaseResult[]) {
  const total = results.reduce((n, r) => n + r.collections, 0);
  const weighted = (pick: (r: PhaseResult) => number) =>
    results.reduce((n, r) => n + pick(r) * r.collections, 0) / total;
  return {
    cpuNetMs: weighted((r) => r.cpuNetMs),
    redisNet: weighted((r) => r.redisNetPerCollection),
    redisCpuMs: weighted((r) => r.redisCpuMs),
  };
}

let trickle: ReturnType<typeof startTrickle> | undefined;
try {
  log(
    `machine: ${availableParallelism()} cores, ${mib(totalmem())}, ${mib(await memoryAvailable())} available, load ${fixed(loadavg()[0] ?? 0, 1)}`,
  );
  ferret = await startFerretDb();
  redis = await startRedis();
  ferretPid = await pidWithArgument(`--listen-addr=${new URL(ferret.url).host}`);
  const idle = await idleReference();

  // ---- the fleet ----
  const shape = {
    topics: Number(values.topics),
    partitions: Number(values.partitions),
    groups: Number(values.groups),
    heapMb: Number(values.heap),
    fullJit: false,
  };
  // A node with -Xmx160m and C1 measured 186–194 MiB resident (29 Nov 2026): ask for 250 MiB each and 3 GiB more.
  const needed = Number(values.clusters) * 250 * 1024 * 1024 + 3 * 1024 ** 3;
  if ((await memoryAvailable()) < needed)
    log(`warning: ${mib(await memoryAvailable())} available, ${mib(needed)} wanted for ${values.clusters} clusters`);
  const fleetStarted = Date.now();
  const fleet = await startFleet(Number(values.clusters), shape, Number(values["start-concurrency"]), log);
  kafkaClusters.push(...fleet);
  const rss = await kafkaRss(fleet);
  table(
    `The fleet: ${fleet.length} single-node Kafka ${fleet[0]?.cluster.version} clusters, each ${shape.topics} topics × ${shape.partitions} partitions, ${shape.groups} groups with committed offsets; -Xmx${shape.heapMb}m, C1 only (the tests' JIT: less memory and CPU for ${fleet.length} JVMs)`,
    [
      ["started and filled in", `${fixed((Date.now() - fleetStarted) / 1000, 0)} s`],
      [
        "Kafka JVM resident memory",
        `median ${mib(median(rss))}, max ${mib(Math.max(...rss))}, all ${mib(rss.reduce((n, v) => n + v, 0))}; the machine has ${mib(await memoryAvailable())} available now`,
      ],
    ],
  );
  trickle = startTrickle(fleet, Number(values["produce-every"]) * 1000);
  const scene = await openScene("fleet");
  const results: PhaseResult[] = [];
  try {
    for (const cluster of fleet) await register(scene, cluster.cluster.name, cluster);
    const worker = await startService("operations-worker", "fleet-worker", scene.env);
    try {
      for (const count of values.collectors.split(",").map(Number))
        results.push(await phase(scene, `Phase ${results.length + 1}`, count, worker, idle));
    } finally {
      await worker.stop();
    }
  } finally {
    await scene.store.stop();
    const produced = trickle.counts();
    await trickle.stop();
    trickle = undefined;
    log(`trickle: ${produced.sent} messages sent, ${produced.failed} sends failed; stopping the fleet`);
    await stopAll(fleet);
    kafkaClusters.length = 0;
  }

  // ---- one larger cluster, collected alone ----
  let largeResult: PhaseResult | undefined;
  if (!values["no-large"]) {
    const large = await startFilled("fleet-large", {
      topics: Number(values["large-topics"]),
      partitions: Number(values["large-partitions"]),
      groups: Number(values["large-groups"]),
      heapMb: Number(values["large-heap"]),
      fullJit: true,
    });
    kafkaClusters.push(large);
    trickle = startTrickle([large], Number(values["produce-every"]) * 1000);
    const largeScene = await openScene("large");
    try {
      const registrations = Number(values["large-registrations"]);
      for (let i = 0; i < registrations; i++) await register(largeScene, `large-${i + 1}`, large);
      const worker = await startService("operations-worker", "large-worker", largeScene.env);
      try {
        largeResult = await phase(
          largeScene,
          `Larger cluster (${values["large-topics"]} topics × ${values["large-partitions"]} partitions, ${values["large-groups"]} groups, one broker, -Xmx${values["large-heap"]}m, full JIT; registered ${registrations} times: ${registrations} clients, ${registrations} views)`,
          1,
          worker,
          idle,
        );
      } finally {
        await worker.stop();
      }
    } finally {
      await largeScene.store.stop();
      await trickle.stop();
      trickle = undefined;
      await stopAll([large]);
      kafkaClusters.length = 0;
    }
  }

  // ---- the arithmetic ----
  const small = pooled(results);
  const phaseOne = results.find((r) => r.collectors === 1);
  if (largeResult) {
    const measured: Measured = {
      small: { partitions: results[0]?.partitions ?? 0, cpuMs: small.cpuNetMs },
      large: { partitions: largeResult.partitions, cpuMs: largeResult.cpuNetMs },
      writesAtLarge: largeResult.writes,
      workerWritesAtLarge: largeResult.workerWrites,
      workerCpuMs: largeResult.workerCpuNetMs,
      redisPerCollection: small.redisNet,
      redisCpuMs: small.redisCpuMs,
      idleCollector: {
        cores: idle.collectorCores,
        redisPerSecond: idle.collectorRedisPerSecond,
        rssBytes: idle.collectorRss,
      },
      rssPerCluster: phaseOne?.rssPerCluster ?? Number.NaN,
      connectionsPerClient: phaseOne?.connectionsPerClient ?? Number.NaN,
    };
    const target = {
      clusters: Number(values["target-clusters"]),
      partitions: Number(values["target-partitions"]),
      intervalSeconds: Number(values["target-interval"]),
      clientIdleSeconds: Number(values["target-client-idle"]),
      replicaCores: Number(values["replica-cores"]),
      utilization: Number(values.utilization),
      maxReplicas: Number(values["max-replicas"]),
    };
    table("Per collection, as measured (net of idle): the inputs of the arithmetic", [
      ...results.map(
        (r) =>
          [
            `${r.label} (${r.collectors} collector(s), ${r.partitions} partitions)`,
            `${fixed(r.cpuNetMs, 1)} ms CPU (gross ${fixed(r.cpuMs, 1)}), ${fixed(r.redisNetPerCollection, 1)} Redis commands`,
          ] as [string, string],
      ),
      [
        `larger cluster (${largeResult.partitions} partitions)`,
        `${fixed(largeResult.cpuNetMs, 1)} ms CPU (gross ${fixed(largeResult.cpuMs, 1)}), ${fixed(largeResult.redisNetPerCollection, 1)} Redis commands`,
      ],
      [
        "pooled small (weighted by collections)",
        `${fixed(small.cpuNetMs, 1)} ms CPU, ${fixed(small.redisNet, 1)} Redis commands; the line gives ${fixed(cpuAt(measured, target.partitions), 1)} ms at ${target.partitions} partitions`,
      ],
    ]);
    table(
      `Arithmetic, not a run: ${target.clusters} clusters × ${target.partitions} partitions every ${target.intervalSeconds} s (rerun: npm run bench:fleet)`,
      arithmetic(measured, target),
    );
  }
  log(`done in ${fixed((Date.now() - began) / 1000, 0)} s`);
} finally {
  await trickle?.stop();
  for (const service of running) await service.stop(5000);
  await stopAll(kafkaClusters);
  await redis?.stop();
  await ferret?.stop();
}
