import { readdirSync, readFileSync } from "node:fs";

/**
 * What a test run put the machine through, printed at its end (run-tests.ts) and kept in its folder: the 1-minute load
 * average sampled every few seconds (its peak, its mean, the peak of the samples 30 s apart that CI's budget is judged
 * by), the most Kafka JVMs running at once, what the machine's budget (common/budget.ts) granted — the most units held
 * at once, the time starts spent waiting for units, the grants beyond the pool — and the cluster starts that needed
 * more than one attempt. The summary is pure; the sampler reads /proc.
 */

export interface PressureSample {
  /** Milliseconds since the epoch. */
  t: number;
  /** The 1-minute load average. */
  load: number;
  /** Java processes running. */
  jvms: number;
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
  };
}

export function formatPressure(summary: PressureSummary): string {
  const b = summary.budget;
  return [
    `Machine: load (1 min) peak ${summary.peakLoad}, mean ${summary.meanLoad}, peak of samples 30 s apart ${summary.peakLoadEvery30s}, above 8 for ${summary.secondsAbove8} s; at most ${summary.peakJvms} JVMs at once`,
    `Budget: ${b.grants} starts granted, at most ${b.peakUnits} units held at once; ${b.waitedSeconds} s spent waiting for units${b.longestWait ? ` (longest ${b.longestWait.seconds} s: ${b.longestWait.what})` : ""}; ${b.overdrafts} granted beyond the pool`,
    `Cluster starts retried: ${summary.retriedStarts.length}${summary.retriedStarts.length > 0 ? `\n${summary.retriedStarts.map((l) => `  ${l.slice(0, 300)}`).join("\n")}` : ""}`,
  ].join("\n");
}

/** Java processes running now (from /proc). */
function countJvms(): number {
  let count = 0;
  for (const name of readdirSync("/proc")) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const exe = readFileSync(`/proc/${name}/cmdline`, "latin1").split("\0")[0] ?? "";
      if (exe === "java" || exe.endsWith("/java")) count++;
    } catch {
      // gone
    }
  }
  return count;
}

/** Samples the load and the JVMs every `everyMs` until stopped. */
export function startPressureSampler(everyMs = 5_000): { stop(): PressureSample[] } {
  const samples: PressureSample[] = [];
  const sample = () => {
    try {
      const load = Number(readFileSync("/proc/loadavg", "utf8").split(" ")[0]);
      samples.push({ t: Date.now(), load, jvms: countJvms() });
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
