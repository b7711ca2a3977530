import { execFileSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import { cpus, loadavg, totalmem } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  AgentSigner,
  buildArtifactSource,
  classData,
  DEFAULT_KAFKA_VERSION,
  formatNode,
  freePort,
  httpsRequest,
  isKafkaVersion,
  jvmArgs,
  type KafkaRuntime,
  logsDir,
  type ManagedProcess,
  makeRunDir,
  nodeBundle,
  planCluster,
  propertiesFile,
  repoRoot,
  resolveKafka,
  startProcess,
  TestCertificateAuthority,
  waitFor,
  waitUntilReady,
} from "@kcp/test-infra";

/**
 * What a test node costs to start and to keep: a single combined Kafka node (broker and controller, the harness's own
 * plan, format and JVM options) started with today's options (the reference) and with each variant, in rounds whose
 * order rotates, every variant paired with the reference of its round; then a node agent's start, as the harness
 * starts it (Node.js under tsx) and the other ways it could be started. `--agent-nodes` instead: a node run by a node
 * agent, started and stopped through its API, by an agent without its class-data archives and by one with them.
 */
const { values } = parseArgs({
  options: {
    runs: { type: "string", default: "5" },
    /** Seconds after ready over which a node's idle CPU is measured. */
    idle: { type: "string", default: "60" },
    version: { type: "string", default: DEFAULT_KAFKA_VERSION },
    /** Comma-separated variant names (the reference always runs). */
    only: { type: "string" },
    "agent-runs": { type: "string", default: "5" },
    "kafka-only": { type: "boolean", default: false },
    "agents-only": { type: "boolean", default: false },
    "agent-nodes": { type: "boolean", default: false },
  },
});
const RUNS = Number(values.runs);
const IDLE_MS = Number(values.idle) * 1000;
const AGENT_RUNS = Number(values["agent-runs"]);
if (!isKafkaVersion(values.version)) throw new Error(`unknown Kafka version ${values.version}`);
const VERSION = values.version;
const progress = (line: string) => process.stderr.write(`bench:node-start: ${line}\n`);

const CLOCK_TICKS = Number(execFileSync("getconf", ["CLK_TCK"], { encoding: "utf8" }).trim());

/** utime, stime, cutime, cstime (CPU-seconds) and the parent of a process, from /proc/<pid>/stat. */
async function procStat(pid: number): Promise<{ ppid: number; own: number; children: number } | undefined> {
  const text = await readFile(`/proc/${pid}/stat`, "utf8").catch(() => undefined);
  if (text === undefined) return undefined;
  // The fields after the command (which may hold spaces) in parentheses: state is the first.
  const fields = text.slice(text.lastIndexOf(")") + 2).split(" ");
  const field = (n: number) => Number(fields[n - 3]);
  return {
    ppid: field(4),
    own: (field(14) + field(15)) / CLOCK_TICKS,
    children: (field(16) + field(17)) / CLOCK_TICKS,
  };
}

/** The CPU-seconds a process and every descendant (alive, or exited and reaped) have used. */
async function treeCpu(root: number): Promise<number> {
  const stats = new Map<number, NonNullable<Awaited<ReturnType<typeof procStat>>>>();
  for (const name of await readdir("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    const stat = await procStat(Number(name));
    if (stat) stats.set(Number(name), stat);
  }
  const inTree = (pid: number): boolean => {
    for (let at: number | undefined = pid; at !== undefined && at > 1; at = stats.get(at)?.ppid)
      if (at === root) return true;
    return false;
  };
  let total = 0;
  for (const [pid, stat] of stats) if (inTree(pid)) total += stat.own + stat.children;
  return total;
}

/** Resident memory (MiB) and thread count of a process, from /proc/<pid>/status. */
async function memoryAndThreads(pid: number): Promise<{ rssMb: number; threads: number }> {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const value = (key: string) => Number(new RegExp(`^${key}:\\s+(\\d+)`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rssMb: value("VmRSS") / 1024, threads: value("Threads") };
}

/** Whether the process maps a class-data archive of ours (the JVM ignores one it cannot use). */
async function mapsArchive(pid: number): Promise<boolean> {
  const maps = await readFile(`/proc/${pid}/maps`, "utf8").catch(() => "");
  return /class-data\/kafka-.*\.jsa/.test(maps);
}

/** Samples the 1-minute load average every 10 s while the benchmark runs. */
function watchLoad(): { stop(): { min: number; max: number; mean: number } } {
  const samples = [loadavg()[0] as number];
  const timer = setInterval(() => samples.push(loadavg()[0] as number), 10_000);
  return {
    stop() {
      clearInterval(timer);
      samples.push(loadavg()[0] as number);
      return {
        min: Math.min(...samples),
        max: Math.max(...samples),
        mean: samples.reduce((a, b) => a + b, 0) / samples.length,
      };
    },
  };
}

const median = (xs: number[]): number => {
  const sorted = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] as number)
    : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
};
const signed = (x: number, digits = 2) => `${x >= 0 ? "+" : ""}${x.toFixed(digits)}`;
const utc = () => new Date().toISOString().slice(0, 16).replace("T", " ");

// ----- Kafka nodes -----

interface Variant {
  name: string;
  what: string;
  /** JVM options after today's (a later option of the same name wins). */
  flags?: string[];
  /** Node properties over the harness's (properties.ts). */
  properties?: Record<string, string>;
  /** The node's class-data archive (class-data.ts); default true. */
  archive?: boolean;
}

const FEWER_THREADS: Record<string, string> = {
  "num.network.threads": "1",
  "num.io.threads": "1",
  "background.threads": "1",
  "group.coordinator.threads": "1",
  "group.coordinator.background.threads": "1",
};

const VARIANTS: Variant[] = [
  { name: "today", what: "jvmArgs (java.ts) with the node's class-data archive: the reference" },
  { name: "apc1", what: "+ -XX:ActiveProcessorCount=1", flags: ["-XX:ActiveProcessorCount=1"] },
  { name: "cicc1", what: "+ -XX:CICompilerCount=1", flags: ["-XX:CICompilerCount=1"] },
  {
    name: "threads1",
    what: "network, io, background threads 1 (today 2), group coordinator 1 + 1 background (Kafka's 4 + 2)",
    properties: FEWER_THREADS,
  },
  {
    name: "gc-threads1",
    what: "group coordinator 1 + 1 background thread only (Kafka's 4 + 2)",
    properties: { "group.coordinator.threads": "1", "group.coordinator.background.threads": "1" },
  },
  { name: "heap256", what: "+ -Xms64m -Xmx256m (today -Xms128m -Xmx384m)", flags: ["-Xms64m", "-Xmx256m"] },
  {
    name: "no-verify",
    what: "+ -XX:-BytecodeVerificationRemote",
    flags: ["-XX:+UnlockDiagnosticVMOptions", "-XX:-BytecodeVerificationRemote"],
  },
  { name: "no-archive", what: "without the node's archive (the JDK's default CDS only)", archive: false },
  { name: "xshare-off", what: "-Xshare:off: no class-data sharing at all", archive: false, flags: ["-Xshare:off"] },
  {
    name: "full-jit",
    what: "-XX:TieredStopAtLevel=4: C1 and C2, the JVM's default",
    flags: ["-XX:TieredStopAtLevel=4"],
  },
  {
    name: "bg1-gc1",
    what: "background 1 (today 2), group coordinator 1 + 1 background; network and io stay 2",
    properties: {
      "background.threads": "1",
      "group.coordinator.threads": "1",
      "group.coordinator.background.threads": "1",
    },
  },
  {
    name: "cicc1+bg1-gc1",
    what: "cicc1 and bg1-gc1 together",
    flags: ["-XX:CICompilerCount=1"],
    properties: {
      "background.threads": "1",
      "group.coordinator.threads": "1",
      "group.coordinator.background.threads": "1",
    },
  },
  {
    name: "apc1+threads1",
    what: "apc1 and threads1 together",
    flags: ["-XX:ActiveProcessorCount=1"],
    properties: FEWER_THREADS,
  },
];

interface NodeSample {
  readyMs: number;
  cpuAtReady: number;
  idleCpu: number;
  rssMb: number;
  threadsAtReady: number;
  threadsIdle: number;
  archive: boolean;
}

/** A node formatted and started with `variant`'s options until ready; its idle figures come `IDLE_MS` later. */
async function startNode(
  runtime: KafkaRuntime,
  variant: Variant,
  dump = false,
): Promise<{
  ready: Omit<NodeSample, "idleCpu" | "rssMb" | "threadsIdle">;
  process: ManagedProcess;
  dir: string;
  settle(): Promise<void>;
}> {
  const dir = await makeRunDir("bench-node-start");
  const spec = await planCluster({ name: `bench-${variant.name}`, topology: "single", version: VERSION, dir });
  const node = spec.nodes[0];
  if (!node) throw new Error("the single topology has no node");
  Object.assign(node.properties, variant.properties ?? {});
  await formatNode(runtime, spec.clusterId, node);
  const shared = variant.archive === false ? undefined : await classData(runtime, "node", dump);
  const args = [
    ...(shared?.args ?? []),
    ...jvmArgs(runtime, logsDir(node), { heapMb: 384, flags: variant.flags ?? [] }),
    "kafka.Kafka",
    propertiesFile(node),
  ];
  const started = performance.now();
  const child = await startProcess({ command: "java", args, logFile: join(logsDir(node), "stdout.log") });
  await waitUntilReady(spec, [node.id], {
    timeoutMs: 180_000,
    deadNode: () =>
      child.hasExited() ? new Error(`the ${variant.name} node exited; see ${logsDir(node)}`) : undefined,
  });
  const readyMs = performance.now() - started;
  const cpuAtReady = (await procStat(child.pid))?.own ?? Number.NaN;
  const { threads } = await memoryAndThreads(child.pid);
  return {
    ready: { readyMs, cpuAtReady, threadsAtReady: threads, archive: await mapsArchive(child.pid) },
    process: child,
    dir,
    settle: async () => {
      await shared?.settle();
    },
  };
}

/** The rest of a sample: `IDLE_MS` after ready, the CPU used since, memory and threads; then the node stopped. */
async function idleFigures(started: Awaited<ReturnType<typeof startNode>>): Promise<NodeSample> {
  await new Promise((resolve) => setTimeout(resolve, IDLE_MS));
  const cpu = (await procStat(started.process.pid))?.own ?? Number.NaN;
  const { rssMb, threads } = await memoryAndThreads(started.process.pid);
  await started.process.stop(20_000);
  await rm(started.dir, { recursive: true, force: true });
  return {
    ...started.ready,
    idleCpu: cpu - started.ready.cpuAtReady,
    rssMb,
    threadsIdle: threads,
  };
}

async function benchNodes(): Promise<void> {
  const variants = VARIANTS.filter(
    (v) => v.name === "today" || values.only === undefined || values.only.split(",").includes(v.name),
  );
  const runtime = await resolveKafka(VERSION);
  if (process.env.KCP_KAFKA_JVM_OPTS)
    progress(`KCP_KAFKA_JVM_OPTS is set (${process.env.KCP_KAFKA_JVM_OPTS}): every variant has it`);
  // Not counted: dumps the node's archive when the machine has none yet, and reads the jars into the page cache.
  progress("warm-up node (not counted)");
  const warm = await startNode(runtime, variants[0] as Variant, true);
  await warm.process.stop(20_000);
  await warm.settle();
  await rm(warm.dir, { recursive: true, force: true });

  const samples = new Map<string, NodeSample[]>(variants.map((v) => [v.name, []]));
  const idle: Promise<void>[] = [];
  const from = utc();
  const load = watchLoad();
  for (let round = 0; round < RUNS; round++) {
    // Each round in another order: no variant always starts first, or after the same one.
    const order = variants.map((_, i) => variants[(i + round) % variants.length] as Variant);
    for (const variant of order) {
      const started = await startNode(runtime, variant);
      progress(
        `round ${round + 1}/${RUNS} ${variant.name}: ready in ${(started.ready.readyMs / 1000).toFixed(2)} s, ${started.ready.cpuAtReady.toFixed(2)} CPU-s`,
      );
      // Its idle minute runs while the next variants start (one at a time): the starts are what is paired.
      idle.push(
        idleFigures(started).then((sample) => {
          (samples.get(variant.name) as NodeSample[])[round] = sample;
        }),
      );
    }
  }
  await Promise.all(idle);
  const loadFigures = load.stop();

  const reference = samples.get("today") ?? [];
  const paired = (name: string, pick: (s: NodeSample) => number) => {
    const mine = samples.get(name) ?? [];
    return median(mine.map((s, i) => pick(s) - pick(reference[i] as NodeSample)));
  };
  process.stdout.write(
    `\nA single combined Kafka ${VERSION} node (broker + controller), ${RUNS} runs each, rounds in rotating order; ` +
      `${from}–${utc()} UTC, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, ` +
      `1-min load ${loadFigures.min.toFixed(1)}–${loadFigures.max.toFixed(1)} (mean ${loadFigures.mean.toFixed(1)})\n` +
      `Medians; Δ: the median of each round's difference from the reference of the same round. Idle: CPU-s over the ${IDLE_MS / 1000} s after ready.\n\n`,
  );
  const header = ["variant", "ready s", "Δ", "CPU-s ready", "Δ", "idle CPU-s", "Δ", "RSS MiB", "threads", "archive"];
  const rows = variants.map((v) => {
    const mine = samples.get(v.name) ?? [];
    const m = (pick: (s: NodeSample) => number) => median(mine.map(pick));
    return [
      v.name,
      (m((s) => s.readyMs) / 1000).toFixed(2),
      v.name === "today" ? "" : signed(paired(v.name, (s) => s.readyMs) / 1000),
      m((s) => s.cpuAtReady).toFixed(2),
      v.name === "today" ? "" : signed(paired(v.name, (s) => s.cpuAtReady)),
      m((s) => s.idleCpu).toFixed(2),
      v.name === "today" ? "" : signed(paired(v.name, (s) => s.idleCpu)),
      m((s) => s.rssMb).toFixed(0),
      `${m((s) => s.threadsAtReady)}/${m((s) => s.threadsIdle)}`,
      `${mine.filter((s) => s.archive).length}/${mine.length}`,
    ];
  });
  printTable(header, rows);
  process.stdout.write("\n");
  for (const v of variants) process.stdout.write(`  ${v.name.padEnd(14)} ${v.what}\n`);
  process.stdout.write("  threads: at ready / after the idle minute; archive: runs that mapped the node's archive\n");
}

function printTable(header: string[], rows: string[][]): void {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? "").length)));
  const line = (cells: string[]) =>
    `  ${cells.map((c, i) => (i === 0 ? c.padEnd(widths[i] as number) : c.padStart(widths[i] as number))).join("  ")}\n`;
  process.stdout.write(line(header));
  for (const row of rows) process.stdout.write(line(row));
}

// ----- Node agents -----

interface AgentVariant {
  name: string;
  what: string;
  args: string[];
  env?: Record<string, string>;
}

/** The agent and everything it imports in one ES module (esbuild, the source condition): no TypeScript at start. */
async function bundleAgent(): Promise<{ file: string; ms: number }> {
  const started = performance.now();
  const file = await nodeBundle(join(repoRoot, "services/node-agent/src/main.ts"));
  return { file, ms: performance.now() - started };
}

interface AgentSample {
  listenMs: number;
  cpu: number;
  rssMb: number;
}

async function benchAgents(): Promise<void> {
  const dir = await makeRunDir("bench-agent-start");
  const bundle = await bundleAgent();
  progress(`agent bundled in ${(bundle.ms / 1000).toFixed(1)} s: ${bundle.file}`);
  const compileCache = join(dir, "compile-cache");
  const bundleCache = join(dir, "compile-cache-bundle");
  const tsx = ["--conditions=source", "--import=tsx", join(repoRoot, "services/node-agent/src/main.ts")];
  const variants: AgentVariant[] = [
    { name: "tsx", what: "node --import=tsx src/main.ts, as agents.ts starts it (the reference)", args: tsx },
    {
      name: "tsx+cache",
      what: "the same with Node's module compile cache (NODE_COMPILE_CACHE)",
      args: tsx,
      env: { NODE_COMPILE_CACHE: compileCache },
    },
    { name: "bundle", what: "node on one esbuild bundle of the agent (no tsx)", args: [bundle.file] },
    {
      name: "bundle+cache",
      what: "the bundle with the compile cache",
      args: [bundle.file],
      env: { NODE_COMPILE_CACHE: bundleCache },
    },
  ];
  const authority = await TestCertificateAuthority.create(join(dir, "tls"), "bench-agents-ca");
  const certificate = await authority.issue("agent", ["127.0.0.1"]);
  const signer = new AgentSigner();
  await mkdir(join(dir, "artifacts"), { recursive: true });
  let count = 0;
  const startAgent = async (variant: AgentVariant): Promise<AgentSample> => {
    count++;
    const port = await freePort();
    const url = `https://127.0.0.1:${port}`;
    const started = performance.now();
    const child = await startProcess({
      command: process.execPath,
      args: variant.args,
      cwd: repoRoot,
      env: {
        LOG_LEVEL: "info",
        AGENT_ID: `bench-agent-${count}`,
        AGENT_HOST: "127.0.0.1",
        AGENT_PORT: String(port),
        AGENT_STATE_DIR: join(dir, `agent-${count}`),
        AGENT_PUBLIC_KEY: signer.publicKeyPem,
        AGENT_ARTIFACTS: `file://${join(dir, "artifacts")}`,
        AGENT_TLS_CERT_FILE: certificate.certFile,
        AGENT_TLS_KEY_FILE: certificate.keyFile,
        ...variant.env,
      },
      logFile: join(dir, `agent-${count}.log`),
    });
    try {
      await waitFor(
        `agent ${count} (${variant.name}) to listen`,
        async () => {
          const answer = await httpsRequest(`${url}/v1/health`, { ca: authority.caPem, timeoutMs: 5_000 }).catch(
            () => undefined,
          );
          return answer?.status === 200 ? true : undefined;
        },
        {
          timeoutMs: 120_000,
          intervalMs: 50,
          giveUpIf: () =>
            child.hasExited() ? new Error(`agent ${count} exited; see ${join(dir, `agent-${count}.log`)}`) : undefined,
        },
      );
      const listenMs = performance.now() - started;
      const cpu = await treeCpu(child.pid);
      const { rssMb } = await memoryAndThreads(child.pid);
      return { listenMs, cpu, rssMb };
    } finally {
      await child.stop(10_000);
    }
  };
  // Not counted: fills tsx's transform cache and each compile cache, as the first agent of a test run does.
  for (const variant of variants) await startAgent(variant);
  const samples = new Map<string, AgentSample[]>(variants.map((v) => [v.name, []]));
  const from = utc();
  const load = watchLoad();
  for (let round = 0; round < AGENT_RUNS; round++) {
    for (const [i] of variants.entries()) {
      const variant = variants[(i + round) % variants.length] as AgentVariant;
      const sample = await startAgent(variant);
      samples.get(variant.name)?.push(sample);
      progress(
        `agent round ${round + 1}/${AGENT_RUNS} ${variant.name}: listening in ${(sample.listenMs / 1000).toFixed(2)} s, ${sample.cpu.toFixed(2)} CPU-s`,
      );
    }
  }
  const loadFigures = load.stop();
  await rm(dir, { recursive: true, force: true });
  const reference = samples.get("tsx") ?? [];
  process.stdout.write(
    `\nA node agent from its start to its health check answering (HTTPS), ${AGENT_RUNS} runs each after one not ` +
      `counted, rounds in rotating order; ${from}–${utc()} UTC, 1-min load ${loadFigures.min.toFixed(1)}–` +
      `${loadFigures.max.toFixed(1)} (mean ${loadFigures.mean.toFixed(1)}). CPU-s: the process and its children.\n\n`,
  );
  printTable(
    ["variant", "listening s", "Δ", "CPU-s", "Δ", "RSS MiB"],
    variants.map((v) => {
      const mine = samples.get(v.name) ?? [];
      const d = (pick: (s: AgentSample) => number) =>
        v.name === "tsx" ? "" : signed(median(mine.map((s, i) => pick(s) - pick(reference[i] as AgentSample))));
      return [
        v.name,
        (median(mine.map((s) => s.listenMs)) / 1000).toFixed(2),
        d((s) => s.listenMs / 1000),
        median(mine.map((s) => s.cpu)).toFixed(2),
        d((s) => s.cpu),
        median(mine.map((s) => s.rssMb)).toFixed(0),
      ];
    }),
  );
  process.stdout.write("\n");
  for (const v of variants) process.stdout.write(`  ${v.name.padEnd(14)} ${v.what}\n`);
  process.stdout.write(`  (the bundle took ${(bundle.ms / 1000).toFixed(1)} s to build)\n`);
}

// ----- Nodes run by a node agent -----

interface AgentNodeSample {
  readyMs: number;
  cpuAtReady: number;
  stopMs: number;
  /** The JVM's CPU-seconds from its start to its exit (its shutdown and a dump at exit included). */
  lifeCpu: number;
  archive: boolean;
}

/**
 * A single combined node run by a node agent (plain HTTP) with `AGENT_CLASS_DATA` false, and one with it true: each
 * started through the API until Kafka says it started, then stopped, `RUNS` times, in rounds whose order alternates.
 * The first cycle of each is reported apart: it is the one that dumps the archive.
 */
async function benchAgentNodes(): Promise<void> {
  const dir = await makeRunDir("bench-agent-nodes");
  const runtime = await resolveKafka(VERSION);
  const artifacts = await buildArtifactSource([VERSION], [], join(dir, "artifacts"));
  const signer = new AgentSigner();
  const jvmOptions = jvmArgs(runtime, "", { heapMb: 384 }).filter(
    (arg, i, all) =>
      arg !== "-cp" &&
      all[i - 1] !== "-cp" &&
      !arg.startsWith("-Dkafka.logs.dir=") &&
      !arg.startsWith("-Dlog4j2.configurationFile="),
  );
  const variants = [
    { name: "off", what: "AGENT_CLASS_DATA=false: the agent's starts before class data", classData: "false" },
    {
      name: "on",
      what: "AGENT_CLASS_DATA=true (the default): the first start dumps, later ones map",
      classData: "true",
    },
  ];
  const agents = await Promise.all(
    variants.map(async (variant) => {
      const port = await freePort();
      const agentId = `bench-agent-node-${variant.name}`;
      const stateDir = join(dir, variant.name);
      const child = await startProcess({
        command: process.execPath,
        args: [await nodeBundle(join(repoRoot, "services/node-agent/src/main.ts"))],
        cwd: repoRoot,
        env: {
          LOG_LEVEL: "info",
          AGENT_ID: agentId,
          AGENT_HOST: "127.0.0.1",
          AGENT_PORT: String(port),
          AGENT_STATE_DIR: stateDir,
          AGENT_PUBLIC_KEY: signer.publicKeyPem,
          AGENT_ARTIFACTS: artifacts.url,
          AGENT_CLASS_DATA: variant.classData,
        },
        logFile: join(dir, `agent-${variant.name}.log`),
      });
      const url = `http://127.0.0.1:${port}`;
      const call = async (method: string, path: string, body?: unknown) => {
        const text = body === undefined ? undefined : JSON.stringify(body);
        const answer = await fetch(`${url}${path}`, {
          method,
          headers: {
            authorization: `Bearer ${signer.token(agentId, { method, path, ...(text === undefined ? {} : { body: text }) })}`,
            ...(text === undefined ? {} : { "content-type": "application/json" }),
          },
          ...(text === undefined ? {} : { body: text }),
        });
        const parsed = (await answer.json()) as Record<string, unknown>;
        if (!answer.ok)
          throw new Error(`${variant.name}: ${method} ${path} answered ${answer.status} ${JSON.stringify(parsed)}`);
        return parsed;
      };
      await waitFor(`the ${variant.name} agent to listen`, async () =>
        (await fetch(`${url}/v1/health`).catch(() => undefined))?.ok ? true : undefined,
      );
      await call("POST", "/v1/installations", { version: VERSION });
      const [plaintext, controller] = [await freePort(), await freePort()];
      const listeners = `PLAINTEXT://127.0.0.1:${plaintext},CONTROLLER://127.0.0.1:${controller}`;
      await call("PUT", "/v1/nodes/1", {
        roles: ["broker", "controller"],
        clusterId: `A${randomBytes(16).toString("base64url").slice(1)}`,
        version: VERSION,
        controllerMode: "standalone",
        jvmOptions,
        config: {
          listeners,
          "advertised.listeners": listeners,
          "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
          "controller.listener.names": "CONTROLLER",
          "inter.broker.listener.name": "PLAINTEXT",
          "controller.quorum.bootstrap.servers": `127.0.0.1:${controller}`,
          "log.dirs": join(stateDir, "data", "node-1"),
          "offsets.topic.replication.factor": "1",
          "transaction.state.log.replication.factor": "1",
          "transaction.state.log.min.isr": "1",
          "share.coordinator.state.topic.replication.factor": "1",
          "share.coordinator.state.topic.min.isr": "1",
        },
      });
      return { variant, process: child, call, serverLog: join(stateDir, "nodes", "1", "logs", "server.log") };
    }),
  );
  const startedCount = async (log: string) =>
    ((await readFile(log, "utf8").catch(() => "")).match(/Kafka Server started/g) ?? []).length;
  const cycle = async (agent: (typeof agents)[number]): Promise<AgentNodeSample> => {
    const before = await startedCount(agent.serverLog);
    const cpuBefore = (await procStat(agent.process.pid))?.children ?? Number.NaN;
    const started = performance.now();
    const status = await agent.call("POST", "/v1/nodes/1/start");
    const pid = status.pid as number;
    await waitFor(
      `the ${agent.variant.name} agent's node to start`,
      async () => ((await startedCount(agent.serverLog)) > before ? true : undefined),
      { timeoutMs: 180_000, intervalMs: 50 },
    );
    const readyMs = performance.now() - started;
    const cpuAtReady = (await procStat(pid))?.own ?? Number.NaN;
    const archive = (await readFile(`/proc/${pid}/maps`, "utf8").catch(() => "")).includes("/class-data/kafka-");
    const stopping = performance.now();
    await agent.call("POST", "/v1/nodes/1/stop", { timeoutMs: 60_000 });
    const stopMs = performance.now() - stopping;
    const lifeCpu = ((await procStat(agent.process.pid))?.children ?? Number.NaN) - cpuBefore;
    return { readyMs, cpuAtReady, stopMs, lifeCpu, archive };
  };
  const samples = new Map<string, AgentNodeSample[]>(variants.map((v) => [v.name, []]));
  const from = utc();
  const load = watchLoad();
  try {
    for (let round = 0; round <= RUNS; round++) {
      for (const [i] of agents.entries()) {
        const agent = agents[(i + round) % agents.length] as (typeof agents)[number];
        const sample = await cycle(agent);
        samples.get(agent.variant.name)?.push(sample);
        progress(
          `${round === 0 ? "first cycle" : `round ${round}/${RUNS}`} ${agent.variant.name}: ready in ${(sample.readyMs / 1000).toFixed(2)} s, ${sample.cpuAtReady.toFixed(2)} CPU-s, stopped in ${(sample.stopMs / 1000).toFixed(2)} s, ${sample.lifeCpu.toFixed(2)} CPU-s in all${sample.archive ? ", archive mapped" : ""}`,
        );
      }
    }
  } finally {
    for (const agent of agents) await agent.process.stop(10_000);
    await rm(dir, { recursive: true, force: true });
  }
  const loadFigures = load.stop();
  process.stdout.write(
    `\nA single combined Kafka ${VERSION} node run by a node agent, started (until Kafka logs it started) and stopped ` +
      `through the API: a first cycle, then ${RUNS} more, rounds alternating; ${from}–${utc()} UTC, ${cpus().length} cores, ` +
      `${(totalmem() / 2 ** 30).toFixed(0)} GiB, 1-min load ${loadFigures.min.toFixed(1)}–${loadFigures.max.toFixed(1)} ` +
      `(mean ${loadFigures.mean.toFixed(1)}). Later: medians; CPU-s in all: the JVM from start to exit.\n\n`,
  );
  const row = (name: string, mine: AgentNodeSample[]) => [
    name,
    (median(mine.map((s) => s.readyMs)) / 1000).toFixed(2),
    median(mine.map((s) => s.cpuAtReady)).toFixed(2),
    (median(mine.map((s) => s.stopMs)) / 1000).toFixed(2),
    median(mine.map((s) => s.lifeCpu)).toFixed(2),
    `${mine.filter((s) => s.archive).length}/${mine.length}`,
  ];
  printTable(
    ["variant", "ready s", "CPU-s ready", "stop s", "CPU-s in all", "archive"],
    variants.flatMap((v) => {
      const mine = samples.get(v.name) ?? [];
      return [row(`${v.name} first`, mine.slice(0, 1)), row(`${v.name} later`, mine.slice(1))];
    }),
  );
  process.stdout.write("\n");
  for (const v of variants) process.stdout.write(`  ${v.name.padEnd(14)} ${v.what}\n`);
}

if (values["agent-nodes"]) await benchAgentNodes();
else {
  if (!values["agents-only"]) await benchNodes();
  if (!values["kafka-only"]) await benchAgents();
}
