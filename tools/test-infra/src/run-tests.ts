import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, statSync, truncateSync, writeFileSync } from "node:fs";
import { readdir } from "node:fs/promises";
import { cpus, totalmem } from "node:os";
import { join, relative } from "node:path";
import { createInterface } from "node:readline";
import { BUDGET_EVENTS, CAPACITY } from "./common/budget.js";
import { repoRoot } from "./common/paths.js";
import { startClientPreparation } from "./openapi-clients/prepare.js";
import {
  formatPressure,
  type PressureSummary,
  readBudgetEvents,
  startPressureSampler,
  summarizePressure,
} from "./runner/pressure.js";
import {
  planShards,
  quickFiles,
  releasePlan,
  sharedClusterGroups,
  sharedStartupSeconds,
  type TimingTable,
} from "./runner/shards.js";

/**
 * The test run of `npm test` and `npm run test:quick` (scripts/test.sh), after the type check, the build and the
 * install of the test servers:
 *
 * - `run-tests.ts` — every test file, split into KCP_TEST_SHARDS mocha processes run side by side (default 3), each
 *   with its own shared clusters and servers, balanced by the measured seconds of tools/test-infra/test-times.json.
 *   Each process's lines are printed as they come, prefixed with its number; at the end, each failing process's
 *   failures again, the slowest files, and one closing line "N passed, N failed, N skipped" (the sum), which CI reads.
 * - `run-tests.ts --quick` — the files the table says need no server, in one process, refusing any server.
 * - `run-tests.ts --update-times` — the whole run, then the table rewritten from it (`npm run test:times`).
 * - `run-tests.ts <mocha arguments>` — one mocha process with those arguments, as before (`npm test -- --grep x`).
 */

const TEST_ROOTS = ["libs", "services", "tools", "apps"];
const TIMES_TABLE = join(repoRoot, "tools", "test-infra", "test-times.json");
/**
 * Shared servers of which a machine runs one at a time: the files that use one share a process. (The Podman service's
 * start removes every container of the machine, so two processes using it would remove each other's; the Kubernetes
 * node's names and addresses are fixed, and a process holds it until its last file is done.)
 */
const MACHINE_WIDE = ["podman", "kubernetes-node"];

/**
 * The groups of files that run in one process, from what the table says each uses: those of each machine-wide server;
 * with `KCP_TEST_SHARED_ONCE=1`, also those linked by the run's shared Kafka clusters (so each cluster is started
 * once in the run, not once per process), each no longer than an even share of the run. Not by default: in one process
 * every file of a shared cluster meets what the files before it left there, and some leave what later ones trip on
 * (a 3c3b's topics of replication factor 1 counted offline when a broker stops; the secure cluster's SCRAM logins
 * refused after a file that changes credentials): measured on 6 Dec 2026, docs/testing.md.
 */
function togetherOf(files: readonly string[], table: TimingTable, count: number): string[][] {
  const machineWide = MACHINE_WIDE.map((key) => files.filter((file) => table.files[file]?.shared?.includes(key)));
  if (process.env.KCP_TEST_SHARED_ONCE !== "1") return machineWide;
  const grouped = new Set(machineWide.flat());
  const total = files.reduce((sum, file) => sum + (table.files[file]?.seconds ?? 30), 0);
  return [...machineWide, ...sharedClusterGroups(files, table, grouped, total / count)];
}

async function testFiles(): Promise<string[]> {
  const found: string[] = [];
  for (const root of TEST_ROOTS) {
    for (const pkg of await readdir(join(repoRoot, root)).catch(() => [])) {
      const dir = join(repoRoot, root, pkg, "test");
      const entries = await readdir(dir, { recursive: true }).catch(() => [] as string[]);
      for (const entry of entries)
        if (entry.endsWith(".test.ts")) found.push(relative(repoRoot, join(dir, entry)).replaceAll("\\", "/"));
    }
  }
  return found.sort();
}

function readTable(): TimingTable {
  try {
    return JSON.parse(readFileSync(TIMES_TABLE, "utf8")) as TimingTable;
  } catch {
    return { measured: "never", files: {} };
  }
}

interface ShardResult {
  index: number;
  code: number | null;
  seconds: number;
  lines: string[];
  summary?: { passed: number; failed: number; skipped: number };
  timesFile: string;
}

const MOCHA = join(repoRoot, "node_modules", "mocha", "bin", "mocha.js");

/** The most characters of a failure's line in the brief list. */
const BRIEF_CHARS = 300;

/**
 * Each failure of a process on one line: the numbered title with its suites and the first line of its error, from
 * mocha's "N failing" section (a title's parts are its lines up to the one ending with ":").
 */
function briefFailures(result: ShardResult): string[] {
  const from = result.lines.findIndex((line) => /^\s+\d+ failing/.test(line));
  if (from < 0) return [`  [${result.index}] ended with code ${result.code} and no list of failures`];
  const out: string[] = [];
  const section = result.lines.slice(from + 1).map((line) => line.trim());
  for (let i = 0; i < section.length; i++) {
    if (!/^\d+\) /.test(section[i] as string)) continue;
    const title: string[] = [];
    let j = i;
    while (j < section.length && title.length < 8) {
      const part = section[j++] as string;
      title.push(part.replace(/:$/, ""));
      if (part.endsWith(":")) break;
    }
    while (j < section.length && section[j] === "") j++;
    const line = `${title.join(" › ")} — ${section[j] ?? ""}`;
    out.push(`  [${result.index}] ${line.length > BRIEF_CHARS ? `${line.slice(0, BRIEF_CHARS)}…` : line}`);
  }
  return out;
}
const SUMMARY = /^(\d+) passed, (\d+) failed, (\d+) skipped$/;

/** One mocha process over `files`; its lines printed with `prefix` as they come. */
function runShard(index: number, files: string[], env: NodeJS.ProcessEnv, prefix: string): Promise<ShardResult> {
  const timesFile = join(runDir, `times-${index}.json`);
  const started = Date.now();
  const child = spawn(process.execPath, [MOCHA, "--config", ".mocharc.json", ...files], {
    cwd: repoRoot,
    env: { ...process.env, ...env, KCP_TEST_TIMES: timesFile, KCP_TEST_SHARD: String(index) },
    stdio: ["ignore", "pipe", "pipe"],
    detached: true,
  });
  children.add(child.pid as number);
  const result: ShardResult = { index, code: null, seconds: 0, lines: [], timesFile };
  for (const stream of [child.stdout, child.stderr]) {
    createInterface({ input: stream }).on("line", (line) => {
      result.lines.push(line);
      const match = SUMMARY.exec(line.trim());
      if (match) result.summary = { passed: Number(match[1]), failed: Number(match[2]), skipped: Number(match[3]) };
      process.stdout.write(`${prefix}${line}\n`);
    });
  }
  return new Promise((resolve) => {
    child.on("exit", (code) => {
      children.delete(child.pid as number);
      result.code = code;
      result.seconds = (Date.now() - started) / 1000;
      resolve(result);
    });
  });
}

/** The mocha processes still running: their process groups are stopped with this one. */
const children = new Set<number>();
function stopChildren(signal: NodeJS.Signals): void {
  for (const pid of children) {
    try {
      process.kill(-pid, signal);
    } catch {
      // gone
    }
  }
}
for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const)
  process.once(signal, () => {
    stopChildren("SIGTERM");
    setTimeout(() => {
      stopChildren("SIGKILL");
      process.exit(130);
    }, 20_000).unref();
  });
process.once("exit", () => stopChildren("SIGKILL"));

/** Each run's logs and times, in the checkout (git-ignored), beside the code they tested. */
const runDir = join(repoRoot, ".cache", "test-runs", `${new Date().toISOString().replaceAll(":", "-")}-${process.pid}`);

interface TimedFile {
  file: string;
  seconds: number;
  tests: number;
  servers: boolean;
  shared?: string[];
  /** Units of the machine's budget the file's starts were granted. */
  units?: number;
}

function mergedTimes(results: ShardResult[]): TimedFile[] {
  const rows: TimedFile[] = [];
  for (const result of results) {
    try {
      const times = JSON.parse(readFileSync(result.timesFile, "utf8")) as { files: TimedFile[] };
      rows.push(...times.files);
    } catch {
      // the process died before writing its times
    }
  }
  return rows.sort((a, b) => b.seconds - a.seconds);
}

function writeTable(rows: TimedFile[], wallSeconds: number): void {
  const table: TimingTable = {
    measured: `${new Date().toISOString().slice(0, 10)}, ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, the whole run ${Math.round(wallSeconds)} s`,
    files: Object.fromEntries(
      [...rows]
        .sort((a, b) => (a.file < b.file ? -1 : 1))
        .map((row) => [
          row.file,
          {
            seconds: row.seconds,
            servers: row.servers,
            ...(row.shared?.length ? { shared: row.shared } : {}),
            ...(row.units ? { units: row.units } : {}),
          },
        ]),
    ),
  };
  writeFileSync(TIMES_TABLE, `${JSON.stringify(table, null, 2)}\n`);
  process.stdout.write(`test-times: ${TIMES_TABLE} rewritten from this run\n`);
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const quick = args[0] === "--quick";
  const update = args[0] === "--update-times";
  if (args.length > 0 && !quick && !update) {
    // A subset (mocha arguments): one process, as mocha itself runs it.
    const globs = TEST_ROOTS.map((root) => `${root}/*/test/**/*.test.ts`);
    const child = spawn(process.execPath, [MOCHA, "--config", ".mocharc.json", ...globs, ...args], {
      cwd: repoRoot,
      stdio: "inherit",
    });
    child.on("exit", (code) => process.exit(code ?? 1));
    return;
  }
  mkdirSync(runDir, { recursive: true });
  const table = readTable();
  const files = await testFiles();
  const started = Date.now();
  // The budget's events of earlier runs are only history: the file is cut once it grows large.
  if ((statSync(BUDGET_EVENTS, { throwIfNoEntry: false })?.size ?? 0) > 16 * 2 ** 20) truncateSync(BUDGET_EVENTS, 0);
  const sampler = startPressureSampler();
  let results: ShardResult[];
  if (quick) {
    const chosen = quickFiles(files, table);
    process.stdout.write(`test:quick: ${chosen.length} of ${files.length} files need no server (${table.measured})\n`);
    results = [await runShard(1, chosen, { KCP_QUICK: "1" }, "")];
  } else {
    // The clients generated from the OpenAPI document (services/standalone/test/generated-clients.test.ts) are
    // generated and built in the background while the tests run; the test then finds them in the cache, or waits for
    // this process (bounded) under the cache's lock. It is stopped with the run.
    const preparation = startClientPreparation(join(runDir, "openapi-clients.log"));
    if (preparation.pid !== undefined) {
      const pid = preparation.pid;
      children.add(pid);
      preparation.on("exit", () => children.delete(pid));
    }
    const count = Math.max(1, Number(process.env.KCP_TEST_SHARDS ?? 3) || 1);
    const plan = planShards(files, table, {
      count,
      together: togetherOf(files, table, count),
      startupSeconds: sharedStartupSeconds,
      budgetUnits: CAPACITY,
    });
    process.stdout.write(
      `test: the machine's budget for heavy servers: ${CAPACITY} units (tools/test-infra/src/common/budget.ts)\n`,
    );
    process.stdout.write(
      `test: ${files.length} files in ${plan.shards.length} processes side by side, expected ${plan.seconds.map((s) => `${Math.round(s)} s`).join(" / ")} (times of ${table.measured}); logs in ${relative(repoRoot, runDir)}\n`,
    );
    // Each process stops a shared server after the last of its files that uses it (the reporter asks test-infra).
    results = await Promise.all(
      plan.shards.map((shard, i) =>
        runShard(i + 1, shard, { KCP_SHARED_RELEASE: JSON.stringify(releasePlan(shard, table)) }, `[${i + 1}] `),
      ),
    );
  }
  const wall = (Date.now() - started) / 1000;
  for (const result of results)
    writeFileSync(join(runDir, `shard-${result.index}.log`), `${result.lines.join("\n")}\n`);
  const failed = results.filter((r) => r.code !== 0 || !r.summary || r.summary.failed > 0);
  for (const result of failed) {
    const from = result.lines.findIndex((line) => /^\s+\d+ failing/.test(line));
    process.stdout.write(
      `\n== process ${result.index} ${result.summary ? "failed" : `ended (code ${result.code}) without a summary`}; its failures:\n`,
    );
    process.stdout.write(`${(from >= 0 ? result.lines.slice(from) : result.lines.slice(-60)).join("\n")}\n`);
  }
  const rows = mergedTimes(results);
  process.stdout.write(
    `\nTime by test file (slowest 20 of ${rows.length}):\n${rows
      .slice(0, 20)
      .map((r) => `  ${r.seconds.toFixed(1).padStart(7)} s  ${String(r.tests).padStart(4)} tests  ${r.file}`)
      .join("\n")}\n`,
  );
  process.stdout.write(
    `Processes: ${results.map((r) => `${r.index}: ${Math.round(r.seconds)} s`).join(", ")}; the tests took ${Math.round(wall)} s (${(wall / 60).toFixed(1)} min) of wall time\n`,
  );
  const pressure: PressureSummary = summarizePressure(
    sampler.stop(),
    readBudgetEvents(BUDGET_EVENTS, started),
    results.flatMap((r) => r.lines),
  );
  process.stdout.write(`${formatPressure(pressure)}\n`);
  writeFileSync(join(runDir, "pressure.json"), `${JSON.stringify(pressure, null, 2)}\n`);
  writeFileSync(join(runDir, "times.json"), `${JSON.stringify({ wallSeconds: wall, files: rows }, null, 2)}\n`);
  // The failures once more in brief, just above the closing line: a long failure (a fuzzer's report) above must not
  // push the others out of what a reader of the run's tail sees.
  const brief = failed.flatMap((result) => briefFailures(result));
  if (brief.length > 0) process.stdout.write(`\nFailures in brief:\n${brief.join("\n")}\n`);
  if (update && failed.length === 0) writeTable(rows, wall);
  const sum = (key: "passed" | "failed" | "skipped") => results.reduce((n, r) => n + (r.summary?.[key] ?? 0), 0);
  // A process that ended without its summary (it crashed, or was killed) counts as one failure.
  const lost = results.filter((r) => !r.summary).length;
  process.stdout.write(`\n${sum("passed")} passed, ${sum("failed") + lost} failed, ${sum("skipped")} skipped\n`);
  process.exit(failed.length === 0 ? 0 : 1);
}

await main();
