import { readdirSync, readFileSync } from "node:fs";

/**
 * What a test run put the machine through, printed at its end (run-tests.ts) and kept in its folder: the 1-minute load
 * average sampled every few seconds (its peak, its mean, the peak of the samples 30 s apart that CI's budget is judged
 * by), the most Kafka JVMs running at once, what the machine's budget (common/budget.ts) granted — the most units held
 * at once, the time starts spent waiting for units, the grants beyond the pool — and the cluster starts that needed
 * more than one attempt, and where the CPU went: the CPU-seconds of each kind of process (Kafka nodes, tool JVMs, the
 * mocha processes, services, agents …) beside what the whole machine spent. The summary is pure; the sampler reads
 * /proc.
 */

export interface PressureSample {
  /** Milliseconds since the epoch. */
  t: number;
  /** The 1-minute load average. */
  load: number;
  /** Java processes running. */
  jvms: number;
  /** CPU-seconds spent since the sample before, by kind of process (`processKind`); absent where unknown. */
  cpu?: Record<string, number>;
  /** CPU-seconds the whole machine spent since the sample before (every core; idle and I/O wait not counted). */
  machineCpu?: number;
}

/** A line of the budget's events file: a grant (units > 0) or a return (units < 0). */
export interface BudgetEvent {
  t: number;
  pid: number;
  kind: string;
  what: string;
  units: number;
  held?: number;
  waitedMs?: number;
  overdraft?: boolean;
}

export interface PressureSummary {
  samples: number;
  peakLoad: number;
  meanLoad: number;
  /** The peak over samples taken at least 30 s apart, from the first: what a 30-second sampler would have seen. */
  peakLoadEvery30s: number;
  /** Seconds during which the load stood above 8. */
  secondsAbove8: number;
  peakJvms: number;
  budget: {
    grants: number;
    peakUnits: number;
    waitedSeconds: number;
    /** The longest one start waited, and what it was. */
    longestWait?: { seconds: number; what: string };
    overdrafts: number;
  };
  /** Cluster starts that needed a second (or later) attempt: their progress lines. */
  retriedStarts: string[];
  /**
   * CPU-seconds by kind of process, most first, and what the machine spent in all: the rest is processes that lived
   * between two samples (most of them short tool runs) and the kernel.
   */
  cpu?: { byKind: Record<string, number>; machine: number };
}

const round = (n: number, places = 2) => Math.round(n * 10 ** places) / 10 ** places;

export function summarizePressure(
  samples: readonly PressureSample[],
  events: readonly BudgetEvent[],
  lines: readonly string[],
): PressureSummary {
  const loads = samples.map((s) => s.load);
  let last = Number.NEGATIVE_INFINITY;
  let peakEvery30s = 0;
  for (const sample of samples) {
    if (sample.t - last < 30_000) continue;
    last = sample.t;
    peakEvery30s = Math.max(peakEvery30s, sample.load);
  }
  let above = 0;
  for (let i = 1; i < samples.length; i++) {
    const previous = samples[i - 1] as PressureSample;
    if (previous.load > 8) above += ((samples[i] as PressureSample).t - previous.t) / 1000;
  }
  const grants = events.filter((e) => e.units > 0);
  // The units held machine-wide after each event, replayed in order (a grant's `held` is what its process saw).
  let held = 0;
  let peakUnits = 0;
  for (const e of [...events].sort((a, b) => a.t - b.t)) {
    held = e.units > 0 && e.held !== undefined ? e.held : held + e.units;
    peakUnits = Math.max(peakUnits, held);
  }
  const longest = grants.reduce<BudgetEvent | undefined>(
    (max, e) => ((e.waitedMs ?? 0) > (max?.waitedMs ?? 0) ? e : max),
    undefined,
  );
  return {
    samples: samples.length,
    peakLoad: Math.max(0, ...loads),
    meanLoad: loads.length === 0 ? 0 : round(loads.reduce((a, b) => a + b, 0) / loads.length),
    peakLoadEvery30s: peakEvery30s,
    secondsAbove8: Math.round(above),
    peakJvms: Math.max(0, ...samples.map((s) => s.jvms)),
    budget: {
      grants: grants.length,
      peakUnits: round(peakUnits),
      waitedSeconds: round(grants.reduce((sum, e) => sum + (e.waitedMs ?? 0), 0) / 1000, 1),
      ...(longest && (longest.waitedMs ?? 0) > 0
        ? { longestWait: { seconds: round((longest.waitedMs ?? 0) / 1000, 1), what: longest.what } }
        : {}),
      overdrafts: grants.filter((e) => e.overdraft).length,
    },
    retriedStarts: lines.filter((line) => /test-infra: .*(afresh|attempt [2-9]\d* of)/.test(line)),
    ...cpuOf(samples),
  };
}

function cpuOf(samples: readonly PressureSample[]): Pick<PressureSummary, "cpu"> {
  const byKind: Record<string, number> = {};
  let machine = 0;
  for (const sample of samples) {
    machine += sample.machineCpu ?? 0;
    for (const [kind, seconds] of Object.entries(sample.cpu ?? {})) byKind[kind] = (byKind[kind] ?? 0) + seconds;
  }
  if (machine === 0) return {};
  const sorted = Object.entries(byKind)
    .sort((a, b) => b[1] - a[1])
    .map(([kind, seconds]) => [kind, Math.round(seconds)] as const)
    .filter(([, seconds]) => seconds > 0);
  return { cpu: { byKind: Object.fromEntries(sorted), machine: Math.round(machine) } };
}

/**
 * The kind of a process, from its command line (arguments joined by spaces): what the run's CPU is counted by.
 */
export function processKind(commandLine: string): string {
  const [program = "", ...args] = commandLine.split(" ");
  const exe = program.slice(program.lastIndexOf("/") + 1);
  const rest = args.join(" ");
  if (exe === "java") {
    if (/\bkafka\.Kafka\b/.test(rest)) return "kafka-node";
    if (/\bKafkaToolServer\b|\s(kafka|org\.apache\.kafka)\.[\w.$]+/.test(` ${rest}`)) return "kafka-tool";
    return "java-other";
  }
  if (exe === "node" || exe.startsWith("node-")) {
    if (/mocha/.test(rest)) return "mocha";
    if (/node-agent/.test(rest)) return "node-agent";
    if (/services[/-]/.test(rest)) return "service";
    if (/turbo|tsc|esbuild/.test(rest)) return "build";
    return "node-other";
  }
  if (/^(etcd|kube-|kubelet|containerd|coredns|kube-router|runc|crun|conmon|pause|ctr)/.test(exe)) return "kubernetes";
  if (/^podman/.test(exe)) return "podman";
  if (/^ferretdb/.test(exe)) return "ferretdb";
  if (/^redis/.test(exe)) return "redis";
  if (/chrom/.test(exe)) return "chromium";
  if (/^python/.test(exe) || /schemathesis/.test(rest)) return "python";
  if (/^(go|javac|mvn|esbuild|turbo|tsc|gcc|cc1)$/.test(exe)) return "build";
  return "other";
}

export function formatPressure(summary: PressureSummary): string {
  const b = summary.budget;
  const cpu = summary.cpu
    ? `CPU: ${summary.cpu.machine} CPU-s in all; ${Object.entries(summary.cpu.byKind)
        .map(([kind, seconds]) => `${kind} ${seconds}`)
        .join(", ")}`
    : undefined;
  return [
    `Machine: load (1 min) peak ${summary.peakLoad}, mean ${summary.meanLoad}, peak of samples 30 s apart ${summary.peakLoadEvery30s}, above 8 for ${summary.secondsAbove8} s; at most ${summary.peakJvms} JVMs at once`,
    `Budget: ${b.grants} starts granted, at most ${b.peakUnits} units held at once; ${b.waitedSeconds} s spent waiting for units${b.longestWait ? ` (longest ${b.longestWait.seconds} s: ${b.longestWait.what})` : ""}; ${b.overdrafts} granted beyond the pool`,
    `Cluster starts retried: ${summary.retriedStarts.length}${summary.retriedStarts.length > 0 ? `\n${summary.retriedStarts.map((l) => `  ${l.slice(0, 300)}`).join("\n")}` : ""}`,
    ...(cpu ? [cpu] : []),
  ].join("\n");
}

const TICKS_PER_SECOND = 100;

/** The machine's busy CPU time so far (every core, idle and I/O wait left out), in seconds. */
function machineBusySeconds(): number {
  const fields = (readFileSync("/proc/stat", "utf8").split("\n")[0] ?? "").trim().split(/\s+/).slice(1).map(Number);
  const [user = 0, nice = 0, system = 0, , , irq = 0, softirq = 0, steal = 0] = fields;
  return (user + nice + system + irq + softirq + steal) / TICKS_PER_SECOND;
}

/**
 * Reads every process once: the JVMs running, and the CPU each kind spent since the last reading. A process is known by
 * its pid and start time; one seen for the first time counts what it spent since it started (if after the sampler).
 */
function processReader() {
  const known = new Map<string, { kind: string; ticks: number }>();
  const since = Date.now();
  const bootSeconds = Number(/btime (\d+)/.exec(readFileSync("/proc/stat", "utf8"))?.[1] ?? 0);
  return (): { jvms: number; cpu: Record<string, number> } => {
    let jvms = 0;
    const cpu: Record<string, number> = {};
    const alive = new Set<string>();
    for (const name of readdirSync("/proc")) {
      if (!/^\d+$/.test(name)) continue;
      try {
        const stat = readFileSync(`/proc/${name}/stat`, "latin1");
        const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
        const ticks = Number(fields[11]) + Number(fields[12]);
        const key = `${name}:${fields[19]}`;
        alive.add(key);
        let entry = known.get(key);
        let spent = ticks - (entry?.ticks ?? 0);
        if (!entry) {
          const commandLine = readFileSync(`/proc/${name}/cmdline`, "latin1").split("\0").join(" ").trim();
          entry = { kind: commandLine === "" ? "kernel" : processKind(commandLine), ticks };
          known.set(key, entry);
          const started = (bootSeconds + Number(fields[19]) / TICKS_PER_SECOND) * 1000;
          if (started < since) spent = 0;
        }
        entry.ticks = ticks;
        if (entry.kind === "kafka-node" || entry.kind === "kafka-tool" || entry.kind === "java-other") jvms++;
        if (spent > 0) cpu[entry.kind] = (cpu[entry.kind] ?? 0) + spent / TICKS_PER_SECOND;
      } catch {
        // gone
      }
    }
    for (const key of known.keys()) if (!alive.has(key)) known.delete(key);
    return { jvms, cpu };
  };
}

/** Samples the load, the JVMs and the CPU by kind of process every `everyMs` until stopped. */
export function startPressureSampler(everyMs = 5_000): { stop(): PressureSample[] } {
  const samples: PressureSample[] = [];
  let read: ReturnType<typeof processReader> | undefined;
  let busy: number | undefined;
  const sample = () => {
    try {
      read ??= processReader();
      const load = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
      const { jvms, cpu } = read();
      const now = machineBusySeconds();
      samples.push({ t: Date.now(), load, jvms, cpu, machineCpu: busy === undefined ? 0 : now - busy });
      busy = now;
    } catch {
      // not Linux: no figures
    }
  };
  sample();
  const timer = setInterval(sample, everyMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      sample();
      return samples;
    },
  };
}

/** The budget's events from `since` on (a run's own), from its events file. */
export function readBudgetEvents(file: string, since: number): BudgetEvent[] {
  try {
    return readFileSync(file, "utf8")
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => JSON.parse(line) as BudgetEvent)
      .filter((e) => e.t >= since);
  } catch {
    return [];
  }
}
