// Mocha's spec reporter plus, at the end, the time each test file took (the slowest first) and one plain closing
// line, "N passed, N failed, N skipped", that CI reads. KCP_TEST_TIMES=<file> also writes, per file, its seconds and
// whether it started or used a test server (the mark @kcp/test-infra sets: tools/test-infra/src/common/server-use.ts).
const { writeFileSync } = require("node:fs");
const { relative } = require("node:path");
const Mocha = require("mocha");

const {
  EVENT_HOOK_BEGIN,
  EVENT_HOOK_END,
  EVENT_RUN_END,
  EVENT_SUITE_BEGIN,
  EVENT_SUITE_END,
  EVENT_TEST_BEGIN,
  EVENT_TEST_END,
  EVENT_TEST_PASS,
  EVENT_TEST_FAIL,
} = Mocha.Runner.constants;
/** How many of the slowest files the closing report names. */
const SHOWN = 15;
/** What @kcp/test-infra records of the servers a file starts or uses: `{any, shared: Set of shared instance keys}`. */
const SERVER_USE = Symbol.for("kcp.test-infra.server-use");
/** @kcp/test-infra's releaseSharedInstance: stops a shared server in the background. */
const RELEASE = Symbol.for("kcp.test-infra.release-shared");
/** What @kcp/test-infra's budget granted the file's starts: `{units, waitedMs}` (tools/test-infra/src/common/budget.ts). */
const BUDGET_USE = Symbol.for("kcp.test-infra.budget-use");
/** The test file running now: the budget's events name it (tools/test-infra/src/common/budget.ts). */
const CURRENT_FILE = Symbol.for("kcp.test-infra.current-file");
/**
 * The hook or test running now (none between them): a start waiting for the machine's budget restarts its timer, so
 * that the wait, reported as such, is not counted against the test's own time limit.
 */
const CURRENT_RUNNABLE = Symbol.for("kcp.test-infra.current-runnable");
/**
 * KCP_SHARED_RELEASE (set by the test runner, tools/test-infra/src/run-tests.ts): after which file which shared
 * servers are no longer needed by this process, `{file: [key]}`; each is released once the next file begins.
 */
let releaseAfter = {};
try {
  // biome-ignore lint/suspicious/noUndeclaredEnvVars: set by the test runner for its mocha processes
  releaseAfter = JSON.parse(process.env.KCP_SHARED_RELEASE ?? "{}");
} catch {
  releaseAfter = {};
}
// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by the reporter at run time, not by a turbo task
const timesFile = process.env.KCP_TEST_TIMES;

class SummaryReporter extends Mocha.reporters.Spec {
  constructor(runner, options) {
    super(runner, options);
    const began = Date.now();
    /** Per test file: wall time of its top-level suites (hooks included) and its test count. */
    const files = new Map();
    const fileOf = (suite) => relative(process.cwd(), suite.file ?? "(no file)");
    const entry = (file) => {
      const known = files.get(file);
      if (known) return known;
      const created = { file, ms: 0, tests: 0, open: 0, servers: false, shared: new Set(), units: 0, waitedMs: 0 };
      files.set(file, created);
      return created;
    };
    let previousFile;
    runner.on(EVENT_SUITE_BEGIN, (suite) => {
      if (!suite.parent?.root) return;
      const file = fileOf(suite);
      if (previousFile !== undefined && previousFile !== file)
        for (const key of releaseAfter[previousFile] ?? []) globalThis[RELEASE]?.(key);
      previousFile = file;
      entry(file).open = Date.now();
      globalThis[SERVER_USE] = { any: false, shared: new Set() };
      globalThis[BUDGET_USE] = { units: 0, waitedMs: 0 };
      globalThis[CURRENT_FILE] = file;
    });
    runner.on(EVENT_SUITE_END, (suite) => {
      if (!suite.parent?.root) return;
      const e = entry(fileOf(suite));
      if (e.open) e.ms += Date.now() - e.open;
      e.open = 0;
      const use = globalThis[SERVER_USE];
      e.servers = e.servers || use?.any === true;
      for (const key of use?.shared ?? []) e.shared.add(key);
      e.units += globalThis[BUDGET_USE]?.units ?? 0;
      e.waitedMs += globalThis[BUDGET_USE]?.waitedMs ?? 0;
    });
    const count = (test) => {
      let suite = test.parent;
      while (suite?.parent && !suite.parent.root) suite = suite.parent;
      if (suite && !suite.root) entry(fileOf(suite)).tests++;
    };
    // A test's beforeEach and afterEach hooks run inside it (after its "test" event): each hook is current while it
    // runs, and the test again after it.
    const underHook = new Map();
    runner.on(EVENT_TEST_BEGIN, (test) => {
      globalThis[CURRENT_RUNNABLE] = test;
    });
    runner.on(EVENT_TEST_END, (test) => {
      if (globalThis[CURRENT_RUNNABLE] === test) globalThis[CURRENT_RUNNABLE] = undefined;
    });
    runner.on(EVENT_HOOK_BEGIN, (hook) => {
      underHook.set(hook, globalThis[CURRENT_RUNNABLE]);
      globalThis[CURRENT_RUNNABLE] = hook;
    });
    runner.on(EVENT_HOOK_END, (hook) => {
      if (globalThis[CURRENT_RUNNABLE] === hook) globalThis[CURRENT_RUNNABLE] = underHook.get(hook);
      underHook.delete(hook);
    });
    runner.on(EVENT_TEST_PASS, count);
    runner.on(EVENT_TEST_FAIL, count);
    runner.once(EVENT_RUN_END, () => {
      const { passes, failures, pending } = runner.stats ?? this.stats;
      const sorted = [...files.values()].sort((a, b) => b.ms - a.ms);
      const total = Date.now() - began;
      const s = (ms) => `${(ms / 1000).toFixed(1)} s`;
      const lines = sorted
        .slice(0, SHOWN)
        .map((e) => `  ${s(e.ms).padStart(8)}  ${String(e.tests).padStart(4)} tests  ${e.file}`);
      process.stdout.write(
        `\nTime by test file (slowest ${Math.min(SHOWN, sorted.length)} of ${sorted.length}; the run took ${s(total)}):\n${lines.join("\n")}\n`,
      );
      if (timesFile) {
        const rows = sorted.map(({ file, ms, tests, servers, shared, units, waitedMs }) => ({
          file,
          seconds: Math.round(ms / 100) / 10,
          tests,
          servers,
          shared: [...shared].sort(),
          units: Math.round(units * 10) / 10,
          waitedSeconds: Math.round(waitedMs / 100) / 10,
        }));
        writeFileSync(timesFile, `${JSON.stringify({ totalSeconds: total / 1000, files: rows }, null, 2)}\n`);
      }
      process.stdout.write(`\n${passes} passed, ${failures} failed, ${pending} skipped\n`);
      // Every test has run: a process still alive a minute later is kept by something a test left running (a timer,
      // a socket). It says what and exits with the run's result rather than holding the whole run until its limit.
      setTimeout(() => {
        const kept = process.getActiveResourcesInfo().filter((kind) => kind !== "TTYWrap");
        process.stdout.write(
          `mocha: still running a minute after the last test, kept by: ${kept.join(", ")}; exiting\n`,
        );
        process.exit(failures > 0 ? 1 : 0);
      }, 60_000).unref();
    });
  }
}

module.exports = SummaryReporter;
