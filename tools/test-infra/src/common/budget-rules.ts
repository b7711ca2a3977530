/**
 * The rules of the machine's budget for heavy test resources (budget.ts holds the files): pure, unit-tested.
 */

/** A lease in the pool. */
export interface Holding {
  pid: number;
  kind: string;
  what: string;
  units: number;
  /** Still starting (holds its start weight): it gives units back by itself, without any other grant. */
  starting?: boolean;
  since: number;
}

/** A start waiting for units. */
export interface Waiter {
  /** Unique on the machine: `<pid>-<n>`. */
  id: string;
  pid: number;
  kind: string;
  what: string;
  units: number;
  since: number;
}

/** Units per core, by default: one unit is about one thread kept runnable, so the pool caps the load average. */
export const UNITS_PER_CORE = 3;
/** Memory the pool never counts on (the OS, the test processes, the services they start). */
const RESERVED_BYTES = 4 * 2 ** 30;
/** The most memory one unit stands for (a Kafka node's JVM resident is about 0.4 GiB and weighs 0.2 units). */
const BYTES_PER_UNIT = 2 * 2 ** 30;

/**
 * The pool's size: `override` (`KCP_TEST_BUDGET`, a number of units) when it is one, else `UNITS_PER_CORE` per core,
 * and no more than the memory allows (`BYTES_PER_UNIT` per unit beyond `RESERVED_BYTES`), never under 2.
 */
export function budgetCapacity(cores: number, memoryBytes: number, override?: string): number {
  const asked = Number(override);
  if (override !== undefined && override !== "" && Number.isFinite(asked) && asked > 0) return asked;
  const byMemory = Math.max(0, memoryBytes - RESERVED_BYTES) / BYTES_PER_UNIT;
  return Math.max(2, Math.min(cores * UNITS_PER_CORE, Math.floor(byMemory)));
}

/**
 * An earlier waiter that has waited this long keeps its units from later, smaller starts that would fit before it
 * (without it, a 3c3b's six nodes starting one after another would starve a Kubernetes node's start for minutes).
 */
export const STARVATION_MS = 10_000;

/**
 * The longest a start waits: past it, it is granted beyond the pool (an overdraft, logged and counted in the run's
 * report), so a pool held by servers that stay up for a whole test process slows a run but never stalls it.
 */
export const MAX_WAIT_MS = 120_000;

export type GrantDecision = { grant: true; overdraft: boolean } | { grant: false; reason: string };

const sum = (items: readonly { units: number }[]) => items.reduce((total, item) => total + item.units, 0);
const round = (units: number) => Math.round(units * 100) / 100;

/**
 * Whether `self` (one of `waiters`) gets its units now, given the leases held (`holders`) and the pool's `capacity`:
 *
 * - it fits beside what is held and what earlier waiters that waited past `STARVATION_MS` are owed: granted;
 * - nothing is held: granted, even beyond the pool (a start larger than the pool runs alone);
 * - it has waited `MAX_WAIT_MS`: granted beyond the pool (an overdraft);
 * - every holder is settled (none starting) and every process holding units is itself waiting — no one can give
 *   units back, as when two test processes each hold a shared cluster and each waits to start another: the oldest
 *   waiter is granted beyond the pool (an overdraft, logged), so the run goes on;
 * - otherwise it waits.
 */
export function decideGrant(
  capacity: number,
  holders: readonly Holding[],
  waiters: readonly Waiter[],
  self: Waiter,
  now = Date.now(),
): GrantDecision {
  const held = sum(holders);
  if (holders.length === 0) return { grant: true, overdraft: self.units > capacity };
  const owed = sum(waiters.filter((w) => w.id !== self.id && earlier(w, self) && now - w.since >= STARVATION_MS));
  if (held + owed + self.units <= capacity + 1e-9) return { grant: true, overdraft: false };
  if (now - self.since >= MAX_WAIT_MS) return { grant: true, overdraft: true };
  const waitingPids = new Set(waiters.map((w) => w.pid));
  const stuck = holders.every((h) => !h.starting && waitingPids.has(h.pid));
  const oldest = [...waiters].sort((a, b) => (earlier(a, b) ? -1 : 1))[0];
  if (stuck && oldest?.id === self.id) return { grant: true, overdraft: true };
  return {
    grant: false,
    reason: `${round(held)} of ${capacity} units held${owed > 0 ? `, ${round(owed)} owed to earlier starts` : ""}`,
  };
}

function earlier(a: Waiter, b: Waiter): boolean {
  return a.since < b.since || (a.since === b.since && a.id < b.id);
}
