/**
 * The arithmetic of bench/fleet: the figures measured per collection, scaled to a fleet that was not run (1,000
 * clusters × 2,000 partitions every 30 s by default). Pure: every input is a measured figure or a stated assumption,
 * and every row says which.
 */

export interface SizePoint {
  /** Partitions in the collected snapshot (internal topics included when the snapshot lists them). */
  partitions: number;
  /** Collector CPU per collection, net of the process's idle CPU, ms. */
  cpuMs: number;
}

export interface Measured {
  small: SizePoint;
  large: SizePoint;
  /** Store writes per collection at the large size, by collection: [count, bytes]. */
  writesAtLarge: Map<string, [number, number]>;
  /** The same for the operations worker's judgment of each view (autopilot), per collection. */
  workerWritesAtLarge: Map<string, [number, number]>;
  /** Operations worker CPU per collection (the autopilot judging the view), net of idle, ms, at the large size. */
  workerCpuMs: number;
  /** Redis commands per collection net of the processes' idle commands (the fleet phases; size-independent). */
  redisPerCollection: number;
  /** Redis CPU per collection, ms (the fleet phases, net of idle). */
  redisCpuMs: number;
  /** An idle collector's CPU (cores), Redis commands per second, and resident memory (bytes). */
  idleCollector: { cores: number; redisPerSecond: number; rssBytes: number };
  /** A collector's resident memory per cluster it keeps a client of (phase 1: all clusters in one process), bytes. */
  rssPerCluster: number;
  /** Broker connections a collector's client opened per client (phase 1's warm-up; single-node clusters). */
  connectionsPerClient: number;
}

export interface Target {
  clusters: number;
  partitions: number;
  intervalSeconds: number;
  /** KAFKA_CLIENT_IDLE_SECONDS: a replica's client of a cluster it has not collected for this long is closed. */
  clientIdleSeconds: number;
  /** Cores per collector replica. */
  replicaCores: number;
  /** The share of a replica's cores a sizing may plan to use (the rest is headroom). */
  utilization: number;
  /** The most replicas the goal allows. */
  maxReplicas: number;
}

const fixed = (value: number, digits = 1) =>
  value.toLocaleString("en-US", { minimumFractionDigits: digits, maximumFractionDigits: digits });
const mib = (bytes: number) => `${fixed(bytes / 1024 / 1024, 1)} MiB`;

/** Linear in partitions through the two measured sizes. */
export function cpuAt(measured: Measured, partitions: number): number {
  const { small, large } = measured;
  const slope = (large.cpuMs - small.cpuMs) / (large.partitions - small.partitions);
  return small.cpuMs + slope * (partitions - small.partitions);
}

export function arithmetic(measured: Measured, target: Target): [string, string][] {
  const rate = target.clusters / target.intervalSeconds;
  const perCollection = cpuAt(measured, target.partitions);
  const slope = (measured.large.cpuMs - measured.small.cpuMs) / (measured.large.partitions - measured.small.partitions);
  const busyCores = (rate * perCollection) / 1000;
  const usable = target.replicaCores * target.utilization - measured.idleCollector.cores;
  const replicas = Math.max(1, Math.ceil(busyCores / usable));
  const withIdle = busyCores + replicas * measured.idleCollector.cores;
  const load = withIdle / (replicas * target.replicaCores);
  const sum = (m: Map<string, [number, number]>, i: 0 | 1) => [...m.values()].reduce((n, v) => n + v[i], 0);
  const writes = sum(measured.writesAtLarge, 0);
  const bytes = sum(measured.writesAtLarge, 1);
  const workerWrites = sum(measured.workerWritesAtLarge, 0);
  const workerBytes = sum(measured.workerWritesAtLarge, 1);
  const byCollection = [...measured.writesAtLarge]
    .filter(([, [n]]) => rate * n >= 0.05)
    .sort((a, b) => b[1][1] - a[1][1])
    .map(([name, [n, b]]) => `${name} ${fixed(rate * n, 1)}/s ${mib(rate * b)}/s`)
    .join("; ");
  const redis = rate * measured.redisPerCollection + replicas * measured.idleCollector.redisPerSecond;
  const churn = replicas > 1 ? (1 - 1 / replicas) ** (target.clientIdleSeconds / target.intervalSeconds) : 0;
  const clustersPerReplica = target.clusters; // any replica may take any cluster's job (one BullMQ queue)
  return [
    [
      "assumption: the fleet",
      `${fixed(target.clusters, 0)} clusters × ${fixed(target.partitions, 0)} partitions, each collected every ${target.intervalSeconds} s → ${fixed(rate, 1)} collections/s (the schedule adds up to +10 % jitter per cluster: 0–9 % fewer; not counted)`,
    ],
    [
      "assumption: CPU linear in partitions",
      `through the two sizes measured: ${fixed(measured.small.partitions, 0)} partitions ${fixed(measured.small.cpuMs)} ms, ${fixed(measured.large.partitions, 0)} partitions ${fixed(measured.large.cpuMs)} ms (net of idle) → ${fixed(slope * 1000, 2)} ms per 1,000 partitions + ${fixed(measured.small.cpuMs - slope * measured.small.partitions)} ms a collection`,
    ],
    [
      "collector CPU per collection at the target size",
      `${fixed(perCollection)} ms${Math.abs(target.partitions - measured.large.partitions) / measured.large.partitions < 0.05 ? " (≈ the larger size measured: no extrapolation in size)" : " (extrapolated along the line)"}`,
    ],
    ["collector CPU, busy", `${fixed(rate, 1)}/s × ${fixed(perCollection)} ms = ${fixed(busyCores, 2)} cores`],
    [
      "assumption: headroom",
      `plan ${fixed(target.utilization * 100, 0)} % of each replica's ${target.replicaCores} cores (the rest for restarts — every client re-opened at once —, slow parts read together, GC, a slow store); each replica also idles at ${fixed(measured.idleCollector.cores * 1000, 1)} millicores`,
    ],
    [
      "collector replicas of 2 cores",
      `${replicas} (${fixed(withIdle, 2)} cores of ${replicas * target.replicaCores}: ${fixed(load * 100, 0)} % busy; goal ≤ ${target.maxReplicas}: ${replicas <= target.maxReplicas ? "met" : "missed"} on CPU)`,
    ],
    [
      "collector memory (not a goal; a warning)",
      `${mib(measured.rssPerCluster)} per cluster whose client a process keeps + ${mib(measured.idleCollector.rssBytes)} idle; any replica takes any cluster's job, so each replica meets all ${fixed(clustersPerReplica, 0)} clusters: ${mib(measured.idleCollector.rssBytes + clustersPerReplica * measured.rssPerCluster)} per replica, as it keeps them all (KAFKA_CLIENTS_MAX, default 2,000; below the clusters a replica meets, clients would be closed and opened again at nearly every collection) — extrapolated from the bench's clusters, not measured at this count`,
    ],
    [
      "Kafka clients held",
      `every replica keeps a client of every cluster it meets: ${fixed(target.clusters, 0)} × ${replicas} replicas = ${fixed(target.clusters * replicas, 0)} clients, ${fixed(measured.connectionsPerClient, 1)} connections each on a single node as measured (a bootstrap one and the broker's; a cluster of B brokers: up to B + 1), opened once, not per collection`,
    ],
    [
      "Kafka clients re-opened (derived, not measured at this scale)",
      `if each collection falls on any of the ${replicas} replicas alike, a replica goes ${fixed(target.clientIdleSeconds / target.intervalSeconds, 0)} intervals (KAFKA_CLIENT_IDLE_SECONDS ${target.clientIdleSeconds} s) without a cluster with probability (1 − 1/${replicas})^${fixed(target.clientIdleSeconds / target.intervalSeconds, 0)} = ${fixed(churn * 100, 1)} %: so many collections open a client again (${fixed(rate * churn, 1)}/s)`,
    ],
    [
      "store writes (collector)",
      `${fixed(rate * writes, 0)} writes/s, ${mib(rate * bytes)}/s (per collection at ${fixed(measured.large.partitions, 0)} partitions: ${fixed(writes, 2)} writes, ${fixed(bytes / 1024, 1)} KiB) — ${byCollection}`,
    ],
    [
      "store writes (operations worker: the autopilot judging each view)",
      `${fixed(rate * workerWrites, 1)} writes/s, ${mib(rate * workerBytes)}/s; its CPU ${fixed((rate * measured.workerCpuMs) / 1000, 2)} cores (${fixed(measured.workerCpuMs)} ms per view)`,
    ],
    [
      "Redis",
      `${fixed(rate, 1)}/s × ${fixed(measured.redisPerCollection, 1)} commands + ${replicas} idle replicas × ${fixed(measured.idleCollector.redisPerSecond, 1)}/s = ${fixed(redis, 0)} commands/s; Redis CPU ${fixed((rate * measured.redisCpuMs) / 1000, 2)} cores (${fixed(measured.redisCpuMs, 2)} ms per collection)`,
    ],
    [
      "assumption: what a collection is",
      "as measured: the bench's groups and topics per partition, the history recorded, slow parts every 10 intervals (COLLECT_SLOW_PARTS_SECONDS = 10 × interval, 300 s at 30 s); 10-minute history summaries come every 60 collections at the bench's 10 s but every 20 at 30 s (under-counted here)",
    ],
    ["not run", `${fixed(target.clusters, 0)} clusters: this is arithmetic from the figures above, not a measurement`],
  ];
}
