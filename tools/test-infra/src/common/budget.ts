import { appendFileSync, readFileSync, watch } from "node:fs";
import { mkdir, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { cpus, totalmem } from "node:os";
import { join } from "node:path";
import { budgetCapacity, decideGrant, type Holding, type Waiter } from "./budget-rules.js";

/**
 * The machine's budget for heavy test resources: every start of a heavy server (a Kafka node however it runs, a node
 * agent, the Kubernetes node, FerretDB, Redis, Chromium, a generator's build …) takes units from one pool shared by
 * every test process of the machine, and gives them back when it stops. A start that does not fit waits, saying what
 * it waits for, instead of starting anyway: on two cores, thirty JVMs starting at once made every one of them slow
 * enough to fail.
 *
 * The pool is a folder (`KCP_BUDGET_DIR`, default `/tmp/kcp-test-budget`: one per machine, whoever runs the tests):
 * a lease is a small file `leases/<pid>-<n>.json` naming its units, its holder's pid (and that pid's start time, so a
 * reused pid is not taken for the holder) and what it is for; a waiting start is a file `waiting/<pid>-<n>.json`.
 * Reading the pool and writing a lease happen under a short lock (`lock/`, mkdir is atomic), so two starts never both
 * take the last units. A holder that died gives its units back by dying: leases of gone processes are ignored and
 * removed. The rules of who gets units are pure (`budget-rules.ts`, unit-tested).
 *
 * Every grant, release and wait is appended to `events.jsonl` in the pool's folder, from which a test run reports the
 * most units held at once and the time spent waiting (run-tests.ts).
 */

/** The pool's folders and size, as the environment says now (a test of the budget gives it a pool of its own). */
function pool() {
  const dir = process.env.KCP_BUDGET_DIR ?? "/tmp/kcp-test-budget";
  return {
    dir,
    leases: join(dir, "leases"),
    waiting: join(dir, "waiting"),
    lock: join(dir, "lock"),
    events: join(dir, "events.jsonl"),
    capacity: budgetCapacity(cpus().length, totalmem(), process.env.KCP_TEST_BUDGET),
  };
}
/** The machine's pool's events file (the test run reads a run's events from it). */
export const BUDGET_EVENTS = pool().events;
/** The pool's size on this machine: `KCP_TEST_BUDGET`, or derived from its cores and memory (budget-rules.ts). */
export const CAPACITY = pool().capacity;

/**
 * What each kind of heavy resource takes: `start` while it starts (a JVM loading classes, a process compiling), `run`
 * once it is up, until it stops. One unit is about one thread kept runnable (what the load average counts), from the
 * threads sampled runnable per kind of process in a whole run on the 2-core machine (docs/testing.md, "The
 * machine's budget").
 */
export const WEIGHTS = {
  /** A Kafka node's JVM, however it runs (harness, node agent, container, pod): about 1.6 CPU-seconds to start. */
  "kafka-node": { start: 2, run: 0.05 },
  /** A Kafka command-line tool's JVM (kafka-storage format, kafka-topics …): it runs to completion. */
  "kafka-tool": { start: 1.5, run: 1.5 },
  /** A Kafka tool that runs until stopped (a console consumer, the streams demo): a JVM's start, then a client. */
  "kafka-client-tool": { start: 1.5, run: 0.1 },
  /**
   * A node taking thousands of topics at once: it makes their logs one after another in its metadata thread, about
   * one core for a minute (held by the test from its request until the node shows them).
   */
  "kafka-bulk": { start: 1, run: 1 },
  /** A tool's run inside the tool server's JVM (kafka/tool-server.ts): one thread for under a second. */
  "kafka-tool-call": { start: 0.5, run: 0.5 },
  /** A node agent (a Node.js process serving the agent API). */
  "node-agent": { start: 1.5, run: 0.02 },
  /** A service process a test starts (the standalone service, a gateway, a worker): Node.js loading the service. */
  service: { start: 1.5, run: 0.05 },
  /** The Kubernetes node: etcd, API server, controller manager, scheduler, kubelet, containerd, DNS, policies. */
  "kubernetes-node": { start: 4, run: 0.5 },
  /** The Podman service. */
  podman: { start: 1, run: 0.05 },
  ferretdb: { start: 1, run: 0.05 },
  redis: { start: 0.5, run: 0.01 },
  /** An OpenLDAP server (slapd): a small C process. */
  ldap: { start: 0.5, run: 0.01 },
  /** The test OpenID provider: a Node.js process loading oidc-provider. */
  "oidc-provider": { start: 1, run: 0.02 },
  chromium: { start: 2, run: 0.5 },
  /** A build of generated clients or a compiler run (javac, go build, tsc) in a test or beside the tests. */
  build: { start: 2, run: 2 },
} as const satisfies Record<string, { start: number; run: number }>;

export type HeavyKind = keyof typeof WEIGHTS;

export interface Lease {
  readonly kind: HeavyKind;
  readonly what: string;
  /** Units now held. */
  readonly units: number;
  /** The resource is up: from now on it holds its `run` weight (fewer units), the rest go back to the pool. */
  started(): Promise<void>;
  /** Gives every unit back (idempotent). */
  release(): Promise<void>;
}

const round = (units: number) => Math.round(units * 100) / 100;
const log = (line: string) => process.stderr.write(`test-infra: budget: ${line}\n`);

/** A pid's start time (clock ticks since boot), so that a lease of a dead process is not kept by a reused pid. */
function startTimeOf(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    return stat.slice(stat.lastIndexOf(")") + 2).split(" ")[19];
  } catch {
    return undefined;
  }
}
const ownStart = startTimeOf(process.pid) ?? "";

function alive(pid: number, started: string): boolean {
  if (pid === process.pid) return true;
  try {
    process.kill(pid, 0);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "EPERM") return false;
  }
  const now = startTimeOf(pid);
  return now === undefined || started === "" || now === started;
}

interface Entry extends Holding {
  file: string;
  started: string;
}

async function readEntries(dir: string): Promise<Entry[]> {
  const names = await readdir(dir).catch(() => [] as string[]);
  const entries: Entry[] = [];
  for (const name of names) {
    if (!name.endsWith(".json")) continue;
    const file = join(dir, name);
    try {
      const entry = { ...(JSON.parse(await readFile(file, "utf8")) as Omit<Entry, "file">), file };
      if (alive(entry.pid, entry.started)) entries.push(entry);
      else await rm(file, { force: true });
    } catch {
      // a file being written or removed
    }
  }
  return entries;
}

/** The pool's lock: held for the few milliseconds of reading the pool and writing a lease. */
async function locked<T>(work: () => Promise<T>): Promise<T> {
  const { dir, lock: LOCK } = pool();
  await mkdir(dir, { recursive: true });
  for (let tries = 0; ; tries++) {
    try {
      await mkdir(LOCK);
      await writeFile(join(LOCK, "pid"), `${process.pid} ${ownStart}`).catch(() => {});
      break;
    } catch {
      const [pid = 0, started = ""] = (await readFile(join(LOCK, "pid"), "utf8").catch(() => "")).split(" ");
      const age = await stat(LOCK).then(
        (s) => Date.now() - s.mtimeMs,
        () => 0,
      );
      // A holder that died inside the lock, or one stuck there for seconds (the work is a few file operations).
      if ((Number(pid) > 0 && !alive(Number(pid), started)) || age > 10_000)
        await rm(LOCK, { recursive: true, force: true });
      else await new Promise((resolve) => setTimeout(resolve, Math.min(5 + tries * 5, 50)));
    }
  }
  try {
    return await work();
  } finally {
    await rm(LOCK, { recursive: true, force: true });
  }
}

let sequence = 0;

/**
 * The time a start waits for units is the budget's, reported as such, not the test's: the time limit of the mocha hook
 * or test that asked (the reporter names the one running) grows by each stretch of the wait. Mocha checks a runnable's
 * whole duration against its limit when it ends, so the limit itself grows, not only its timer. Waits are bounded
 * (MAX_WAIT_MS), so a test cannot wait for ever.
 */
const CURRENT_RUNNABLE = Symbol.for("kcp.test-infra.current-runnable");
interface MochaRunnable {
  timeout(): number;
  timeout(ms: number): unknown;
}
function extendCurrentRunnable(byMs: number): void {
  const runnable = (globalThis as Record<symbol, MochaRunnable | undefined>)[CURRENT_RUNNABLE];
  const limit = runnable?.timeout();
  if (runnable && limit !== undefined && limit > 0 && byMs > 0) runnable.timeout(limit + byMs);
}

/**
 * Resolves when a lease is written or removed (or after a second, for a holder that died without removing its file):
 * every start of this process that waits shares one watch of the pool, rather than each reading it again and again.
 */
let change: Promise<void> | undefined;
function poolChange(): Promise<void> {
  change ??= new Promise<void>((resolve) => {
    let watcher: ReturnType<typeof watch> | undefined;
    const done = () => {
      watcher?.close();
      clearTimeout(timer);
      change = undefined;
      resolve();
    };
    const timer = setTimeout(done, 1_000);
    try {
      watcher = watch(pool().leases, done);
    } catch {
      // the folder is being made: the timer wakes the waiters
    }
  });
  return change;
}

/**
 * What the test file running now took of the budget: the units its starts were granted and the time they waited. The
 * test reporter clears it when a file begins and reads it when the file ends (tools/mocha-summary-reporter.cjs), so
 * the measured table says how heavy each file is, which the run's schedule reads (runner/shards.ts).
 */
const USE = Symbol.for("kcp.test-infra.budget-use");
function noteUse(units: number, waitedMs: number): void {
  const global = globalThis as Record<symbol, { units: number; waitedMs: number } | undefined>;
  global[USE] ??= { units: 0, waitedMs: 0 };
  global[USE].units += units;
  global[USE].waitedMs += waitedMs;
}

/** The test file running now in this process, as the test reporter names it (tools/mocha-summary-reporter.cjs). */
const CURRENT_FILE = Symbol.for("kcp.test-infra.current-file");

function event(record: Record<string, unknown>): void {
  const file = (globalThis as Record<symbol, string | undefined>)[CURRENT_FILE];
  try {
    appendFileSync(
      pool().events,
      `${JSON.stringify({ t: Date.now(), pid: process.pid, ...(file ? { file } : {}), ...record })}\n`,
    );
  } catch {
    // the pool's folder is gone (a test removed it): the event is only for the run's report
  }
}

const describeHolders = (holders: readonly Holding[]): string => {
  const byPid = new Map<number, Map<string, number>>();
  for (const h of holders) {
    const kinds = byPid.get(h.pid) ?? new Map<string, number>();
    kinds.set(h.kind, (kinds.get(h.kind) ?? 0) + h.units);
    byPid.set(h.pid, kinds);
  }
  return [...byPid]
    .map(([pid, kinds]) => `pid ${pid}: ${[...kinds].map(([kind, units]) => `${kind} ${round(units)}`).join(", ")}`)
    .join("; ");
};

/** Who holds the pool now, for a message saying what the machine was doing. */
export async function budgetHolders(): Promise<string> {
  const holders = await readEntries(pool().leases);
  const held = holders.reduce((sum, h) => sum + h.units, 0);
  return `${round(held)} of ${pool().capacity} units held${holders.length > 0 ? ` (${describeHolders(holders)})` : ""}`;
}

/**
 * Takes the units a `kind` of resource needs to start (`what` names it in the log and the pool), waiting until they
 * fit. The lease holds its `start` weight until `started()`, then its `run` weight until `release()`.
 * `KCP_TEST_BUDGET=off` turns the budget off (every request granted at once, nothing written).
 */
export async function acquire(kind: HeavyKind, what: string): Promise<Lease> {
  const weight = WEIGHTS[kind];
  if (process.env.KCP_TEST_BUDGET === "off") return freeLease(kind, what, weight.start);
  const { leases: LEASES, waiting: WAITING, capacity } = pool();
  await mkdir(LEASES, { recursive: true });
  await mkdir(WAITING, { recursive: true });
  const id = `${process.pid}-${++sequence}`;
  const record = { id, pid: process.pid, started: ownStart, kind, what, units: weight.start, starting: true };
  const leaseFile = join(LEASES, `${id}.json`);
  const waitFile = join(WAITING, `${id}.json`);
  const asked = Date.now();
  let announced = 0;
  let registered = false;
  for (;;) {
    const granted = await locked(async () => {
      const holders = await readEntries(LEASES);
      const waiters = (await readEntries(WAITING)) as unknown as Waiter[];
      const self: Waiter = { id, pid: process.pid, kind, what, units: weight.start, since: asked };
      const decision = decideGrant(capacity, holders, registered ? waiters : [...waiters, self], self);
      if (decision.grant) {
        await writeFile(leaseFile, JSON.stringify({ ...record, since: Date.now() }));
        if (registered) await rm(waitFile, { force: true });
        const held = holders.reduce((sum, h) => sum + h.units, 0) + record.units;
        noteUse(record.units, Date.now() - asked);
        event({ kind, what, units: record.units, held, waitedMs: Date.now() - asked, overdraft: decision.overdraft });
        if (decision.overdraft || announced > 0)
          log(
            `${what}: ${record.units} units granted after ${((Date.now() - asked) / 1000).toFixed(1)} s${decision.overdraft ? " (beyond the pool: every holder was waiting too, or the wait reached its bound)" : ""}`,
          );
        return true;
      }
      if (!registered) {
        await writeFile(waitFile, JSON.stringify({ ...self, started: ownStart }));
        registered = true;
      }
      if (Date.now() - announced > 30_000) {
        announced = Date.now();
        log(`${what} waits for ${record.units} units: ${decision.reason} — ${describeHolders(holders)}`);
      }
      return false;
    });
    if (granted) break;
    const before = Date.now();
    await poolChange();
    extendCurrentRunnable(Date.now() - before);
  }
  return leaseOf(kind, what, leaseFile, record);
}

function leaseOf(kind: HeavyKind, what: string, file: string, record: Record<string, unknown>): Lease {
  let units: number = WEIGHTS[kind].start;
  let released = false;
  return {
    kind,
    what,
    get units() {
      return released ? 0 : units;
    },
    async started() {
      const run = WEIGHTS[kind].run;
      if (released || units === run) return;
      const back = units - run;
      units = run;
      // Under the lock, and only if not released meanwhile: a rewrite after the removal would bring the lease back.
      await locked(async () => {
        if (!released) await writeFile(file, JSON.stringify({ ...record, since: Date.now(), units, starting: false }));
      });
      event({ kind, what, units: -back });
    },
    async release() {
      if (released) return;
      released = true;
      await locked(() => rm(file, { force: true }));
      event({ kind, what, units: -units });
    },
  };
}

function freeLease(kind: HeavyKind, what: string, units: number): Lease {
  return { kind, what, units, started: async () => {}, release: async () => {} };
}

/** Runs `work` holding a lease of `kind` for its whole time (a tool's JVM, a build): released however it ends. */
export async function withBudget<T>(kind: HeavyKind, what: string, work: () => Promise<T>): Promise<T> {
  const lease = await acquire(kind, what);
  try {
    return await work();
  } finally {
    await lease.release();
  }
}

/** How long `settleWhen` waits for a resource to say it is up before settling its lease anyway. */
const SETTLE_LIMIT_MS = 120_000;

/**
 * Settles `lease` (its `run` weight from then on) once `up()` answers true, or the resource is `gone()`, or
 * `SETTLE_LIMIT_MS` have passed: in the background, so the caller goes on at once.
 */
export function settleWhen(lease: Lease, up: () => Promise<boolean>, gone: () => boolean = () => false): void {
  const deadline = Date.now() + SETTLE_LIMIT_MS;
  const poll = async (): Promise<void> => {
    for (;;) {
      if (gone() || Date.now() > deadline || (await up().catch(() => false))) return lease.started();
      await new Promise((resolve) => setTimeout(resolve, 250).unref());
    }
  };
  void poll();
}

/** Whether something listens on `port` of `host` (a TCP connection is accepted). */
export function listening(port: number, host = "127.0.0.1"): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ port, host });
    socket.setTimeout(1_000);
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once("connect", () => done(true));
    socket.once("error", () => done(false));
    socket.once("timeout", () => done(false));
  });
}
