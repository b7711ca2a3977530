/**
 * How the test files are split between mocha processes run side by side: pure, so it is unit-tested without servers.
 *
 * Most of a test run's wall time is waiting (a Kafka node starting, a step's gate re-checking, a collection's
 * interval), so files in two or three processes finish in far less time than one after the other, even on two cores.
 * Files are dealt longest first to the process with the least work so far (the LPT rule: within 4/3 of the best
 * split), by the seconds each took in a measured run; a file the table does not know counts as `unknownSeconds`.
 * Files that must not run at the same time as each other (they share one machine-wide resource, such as the Podman
 * service whose start removes every container) form a group that goes to one process as a whole. A shared server
 * (a Kafka cluster of a topology, Redis, FerretDB …) is started once per process that uses it: a file costs a process
 * its own seconds plus the start of each shared server it needs that the process does not run yet, so the files of
 * one cluster tend to gather in one process — fewer JVMs started, less memory — unless that unbalances the split.
 */

/** What is known of a test file from a measured run. */
export interface FileTiming {
  /** Wall time of the file (its hooks included), in seconds. */
  seconds: number;
  /** Whether the file started or used a test server (Kafka, Redis, FerretDB, an agent, a service process …). */
  servers: boolean;
  /** The shared servers it used (their sharedInstance keys: `kafka:3c3b:4.3.1`, `redis` …). */
  shared?: string[];
  /** The units of the machine's budget its starts were granted (common/budget.ts): how heavy its starts are. */
  units?: number;
}

/** `tools/test-infra/test-times.json`: the measured table the split and `test:quick` read. */
export interface TimingTable {
  /** When and where it was measured (a run's date, the machine). */
  measured: string;
  files: Record<string, FileTiming>;
}

export interface ShardPlan {
  /** The files of each process, in the order it runs them. */
  shards: string[][];
  /** The expected seconds of each process. */
  seconds: number[];
}

export interface ShardOptions {
  /** How many processes (at least 1). */
  count: number;
  /** Seconds assumed for a file the table does not know. */
  unknownSeconds?: number;
  /** Sets of files that run in one process (each file in at most one group). */
  together?: readonly (readonly string[])[];
  /** Seconds a process spends starting the shared server `key` (default: none, so shared servers are ignored). */
  startupSeconds?: (key: string) => number;
  /**
   * The machine's budget in units (common/budget.ts): the processes' stretches are then ordered so that their heavy
   * starts do not fall together (staggerStretches); without it each process runs its heaviest stretch first.
   */
  budgetUnits?: number;
}

/** What starting a shared server costs a process, in seconds of a loaded two-core machine (its JVMs, its waits). */
export function sharedStartupSeconds(key: string): number {
  const [kind, topology] = key.split(":");
  if (kind === "kafka") return topology === "3c3b" || topology === "static" ? 40 : topology === "secure" ? 15 : 8;
  return { mongo: 5, redis: 2, "kube-apiserver": 10, "kubernetes-node": 30, podman: 10 }[key] ?? 5;
}

/**
 * Splits `files` into `options.count` shards (never more than there are units to deal): each group of `together`
 * whose files are present is one unit, every other file its own unit; units are dealt longest first to the shard with
 * the fewest seconds (ties: the lower index), and each shard runs its files longest first, so a slow file never starts
 * last. Deterministic for the same input.
 */
export function planShards(files: readonly string[], table: TimingTable, options: ShardOptions): ShardPlan {
  const unknown = options.unknownSeconds ?? 30;
  const secondsOf = (file: string) => table.files[file]?.seconds ?? unknown;
  const startup = options.startupSeconds;
  const keysOf = (members: string[]) =>
    new Set(startup ? members.flatMap((file) => table.files[file]?.shared ?? []) : []);
  const present = new Set(files);
  const grouped = new Set<string>();
  const units: { files: string[]; seconds: number; keys: Set<string> }[] = [];
  for (const group of options.together ?? []) {
    const members = group.filter((file) => present.has(file) && !grouped.has(file));
    if (members.length === 0) continue;
    for (const file of members) grouped.add(file);
    const seconds = members.reduce((sum, file) => sum + secondsOf(file), 0);
    units.push({ files: members, seconds, keys: keysOf(members) });
  }
  for (const file of files)
    if (!grouped.has(file)) units.push({ files: [file], seconds: secondsOf(file), keys: keysOf([file]) });
  units.sort((a, b) => b.seconds - a.seconds || compare(a.files[0] as string, b.files[0] as string));
  const count = Math.max(1, Math.min(options.count, units.length));
  const shards: string[][] = Array.from({ length: count }, () => []);
  const seconds: number[] = Array.from({ length: count }, () => 0);
  const running: Set<string>[] = Array.from({ length: count }, () => new Set());
  const costIn = (unit: (typeof units)[number], i: number) =>
    (seconds[i] as number) +
    unit.seconds +
    [...unit.keys].reduce((sum, key) => sum + (running[i]?.has(key) ? 0 : (startup?.(key) ?? 0)), 0);
  for (const unit of units) {
    let target = 0;
    for (let i = 1; i < count; i++) if (costIn(unit, i) < costIn(unit, target)) target = i;
    seconds[target] = costIn(unit, target);
    (shards[target] as string[]).push(...unit.files);
    for (const key of unit.keys) running[target]?.add(key);
  }
  const stretches = shards.map((shard) =>
    startup ? stretchesByServer(shard, table, startup, secondsOf) : [shard.sort(bySeconds(secondsOf))],
  );
  const unitsOf = (files: readonly string[]) => files.reduce((sum, file) => sum + (table.files[file]?.units ?? 0), 0);
  const ordered =
    options.budgetUnits === undefined
      ? stretches.map((list) => list.flat())
      : staggerStretches(
          stretches.map((list) =>
            list.map((files) => ({
              files,
              seconds: files.reduce((n, f) => n + secondsOf(f), 0),
              units: unitsOf(files),
            })),
          ),
          options.budgetUnits,
        );
  return { shards: ordered, seconds: seconds.map((s) => Math.round(s * 10) / 10) };
}

const bySeconds = (secondsOf: (file: string) => number) => (a: string, b: string) =>
  secondsOf(b) - secondsOf(a) || compare(a, b);

/**
 * The stretches a process runs its files in: the files of each shared server together (grouped by the costliest
 * server each file uses; the groups with the most seconds first, each longest first), then the files that use none,
 * longest first — so that every shared server is needed for one stretch only and can be stopped after it
 * (releasePlan).
 */
function stretchesByServer(
  files: string[],
  table: TimingTable,
  startup: (key: string) => number,
  secondsOf: (file: string) => number,
): string[][] {
  const primary = (file: string) =>
    [...(table.files[file]?.shared ?? [])].sort((a, b) => startup(b) - startup(a) || compare(a, b))[0];
  const groups = new Map<string, string[]>();
  const alone: string[] = [];
  for (const file of files) {
    const key = primary(file);
    if (key === undefined) alone.push(file);
    else groups.set(key, [...(groups.get(key) ?? []), file]);
  }
  const total = (group: string[]) => group.reduce((sum, file) => sum + secondsOf(file), 0);
  return [
    ...[...groups.entries()]
      .sort(([ka, a], [kb, b]) => total(b) - total(a) || compare(ka, kb))
      .map(([, group]) => group.sort(bySeconds(secondsOf))),
    ...alone.sort(bySeconds(secondsOf)).map((file) => [file]),
  ];
}

/** A stretch of a process's files: its seconds and the budget units its starts take (from the measured table). */
export interface Stretch {
  files: readonly string[];
  seconds: number;
  units: number;
}

/** How long a stretch spends its units, at most: a file that starts many servers uses them hard for minutes (an upgrade rolls six nodes under load for three). */
export const STRETCH_WINDOW_SECONDS = 300;

/**
 * The processes' stretches ordered as a schedule against the machine's budget: simulated over time, each process in
 * turn (the one whose clock is earliest) takes, of its remaining stretches, the one with the most units that fits
 * beside the units the others' stretches are spending now, else the one with the fewest units; ties go to the longer.
 * A stretch spends its units over its first `STRETCH_WINDOW_SECONDS` (its servers start, then the files that start
 * many use them hardest: rolls under load, upgrades); any stretch fits when nothing is being spent. So the heaviest
 * stretches run one after another across the processes, not all at the start together, while the others run light
 * files beside them. Deterministic for the same input.
 */
export function staggerStretches(processes: readonly (readonly Stretch[])[], budgetUnits: number): string[][] {
  const remaining = processes.map((list) => [...list]);
  const clock = processes.map(() => 0);
  const orders: string[][] = processes.map(() => []);
  const begun: { from: number; to: number; units: number; process: number }[] = [];
  for (;;) {
    let p = -1;
    for (let i = 0; i < remaining.length; i++)
      if ((remaining[i]?.length ?? 0) > 0 && (p < 0 || (clock[i] as number) < (clock[p] as number))) p = i;
    if (p < 0) break;
    const now = clock[p] as number;
    const spending = begun
      .filter((b) => b.process !== p && b.from <= now && now < b.to)
      .reduce((sum, b) => sum + b.units, 0);
    const list = remaining[p] as Stretch[];
    const byUnits = (a: Stretch, b: Stretch) => b.units - a.units || b.seconds - a.seconds;
    const fitting = list
      .filter((s) => s.units === 0 || spending === 0 || spending + s.units <= budgetUnits)
      .sort(byUnits);
    const chosen =
      fitting[0] ?? [...list].sort((a, b) => a.units - b.units || b.seconds - a.seconds)[0] ?? (list[0] as Stretch);
    list.splice(list.indexOf(chosen), 1);
    (orders[p] as string[]).push(...chosen.files);
    begun.push({
      from: now,
      to: now + Math.min(STRETCH_WINDOW_SECONDS, chosen.seconds),
      units: chosen.units,
      process: p,
    });
    clock[p] = now + chosen.seconds;
  }
  return orders;
}

/**
 * Which shared servers a process can stop after each of its files: for every server its files use (as the table
 * says), the last file in the order that uses it. A file the table does not know may still ask for a server after
 * its release: it is then started again, which is slower but right.
 */
export function releasePlan(order: readonly string[], table: TimingTable): Record<string, string[]> {
  const last = new Map<string, string>();
  for (const file of order) for (const key of table.files[file]?.shared ?? []) last.set(key, file);
  const plan: Record<string, string[]> = {};
  for (const [key, file] of last) plan[file] = [...(plan[file] ?? []), key];
  for (const keys of Object.values(plan)) keys.sort();
  return plan;
}

/**
 * The files that use the run's shared Kafka clusters, in groups that each run in one process: the files linked by
 * sharing a cluster (a file of two clusters links them) form one group, so each shared cluster is started by one
 * process of the run, not by each (a 3c3b is seven JVMs). Files of `exclude` (those already grouped elsewhere) stay
 * out and start their own copy where they run; a group of more than `maxSeconds` is left out as well (it would
 * unbalance the split more than the starts it saves).
 */
export function sharedClusterGroups(
  files: readonly string[],
  table: TimingTable,
  exclude: ReadonlySet<string>,
  maxSeconds: number,
  unknownSeconds = 30,
): string[][] {
  const kafkaKeys = (file: string) => (table.files[file]?.shared ?? []).filter((key) => key.startsWith("kafka:"));
  const parent = new Map<string, string>();
  const find = (x: string): string => {
    let root = x;
    while (parent.has(root) && parent.get(root) !== root) root = parent.get(root) as string;
    parent.set(x, root);
    return root;
  };
  const union = (a: string, b: string) => parent.set(find(a), find(b));
  const members = files.filter((file) => !exclude.has(file) && kafkaKeys(file).length > 0);
  for (const file of members) {
    parent.set(`file:${file}`, parent.get(`file:${file}`) ?? `file:${file}`);
    for (const key of kafkaKeys(file)) {
      if (!parent.has(`key:${key}`)) parent.set(`key:${key}`, `key:${key}`);
      union(`file:${file}`, `key:${key}`);
    }
  }
  const groups = new Map<string, string[]>();
  for (const file of members) groups.set(find(`file:${file}`), [...(groups.get(find(`file:${file}`)) ?? []), file]);
  const seconds = (group: string[]) =>
    group.reduce((sum, file) => sum + (table.files[file]?.seconds ?? unknownSeconds), 0);
  return [...groups.values()]
    .filter((group) => group.length > 1 && seconds(group) <= maxSeconds)
    .map((group) => group.sort(compare));
}

/** The files a run without servers may take (`npm run test:quick`): those the table knows to need none. */
export function quickFiles(files: readonly string[], table: TimingTable): string[] {
  return files.filter((file) => table.files[file]?.servers === false);
}

const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
