import { isInternalTopic, type OwnedScope } from "./scope.js";

/** A scope as the overlap index reads it: `applied` when it is a file applied earlier and not sent again now. */
export interface IndexedScope {
  scope: OwnedScope;
  applied: boolean;
}

/** Two scopes that could own the same resource (`first` < `second`, indexes into the list given), and what. */
export interface Overlap {
  first: number;
  second: number;
  what: string;
}

/** Counts the index's elementary steps (comparisons, pushes, pops, look-ups): what its tests bound. */
export interface StepMeter {
  steps: number;
}

interface Entry {
  value: string;
  /** 0: a topic prefix, 1: a topic name (a prefix sorts before the name it equals: it owns it). */
  kind: 0 | 1;
  owner: number;
  applied: boolean;
}

/**
 * One entry of a chain of entries that all own what the entry on top owns, each knowing the nearest entry at or below
 * it of another owner and the nearest of a scope of the request: another owner on the chain is found in one step.
 */
interface Link {
  entry: Entry;
  otherBelow: Entry | undefined;
  requestBelow: Entry | undefined;
}

const link = (entry: Entry, below: Link | undefined): Link => ({
  entry,
  otherBelow: below === undefined ? undefined : below.entry.owner !== entry.owner ? below.entry : below.otherBelow,
  requestBelow: entry.applied ? below?.requestBelow : entry,
});

/**
 * The entry on the chain that overlaps `entry` and counts: of another scope, and never two applied files (those were
 * checked when they were applied).
 */
function other(top: Link | undefined, entry: Entry): Entry | undefined {
  if (!top) return undefined;
  if (entry.applied) return top.requestBelow;
  return top.entry.owner !== entry.owner ? top.entry : top.otherBelow;
}

/**
 * Pure: the pairs of scopes that could own the same resource — a topic name both name or one's prefix covers, prefixes
 * one of which starts with the other, a principal, a quota entity or a SCRAM user both name — each pair once, with
 * the first such resource found. Pairs of two applied scopes are not looked for. In O(n log n) of the names and
 * prefixes (a sort, then one pass keeping the chain of prefixes that start the current name; every other kind by
 * its key): for each entry at most one other owner is reported, so a scope overlapping several others is named with
 * at least one of them.
 */
export function findOverlaps(scopes: readonly IndexedScope[], meter: StepMeter = { steps: 0 }): Overlap[] {
  const found = new Map<string, Overlap>();
  const report = (a: Entry, b: Entry | undefined, what: () => string) => {
    meter.steps++;
    if (!b) return;
    const first = Math.min(a.owner, b.owner);
    const second = Math.max(a.owner, b.owner);
    const key = `${first} ${second}`;
    if (!found.has(key)) found.set(key, { first, second, what: what() });
  };

  const topics: Entry[] = [];
  scopes.forEach(({ scope, applied }, owner) => {
    for (const value of scope.topicPrefixList) topics.push({ value, kind: 0, owner, applied });
    for (const value of scope.topicNameList)
      if (!isInternalTopic(value)) topics.push({ value, kind: 1, owner, applied });
  });
  topics.sort((a, b) => {
    meter.steps++;
    return a.value < b.value ? -1 : a.value > b.value ? 1 : a.kind - b.kind;
  });
  // The prefixes that start the current entry, shortest first: every string sorted between a prefix and a string it
  // starts also starts with it, so a prefix that does not start the current entry starts none after it.
  const prefixes: Link[] = [];
  let sameName: Link | undefined;
  for (const entry of topics) {
    while (prefixes.length > 0 && !entry.value.startsWith((prefixes.at(-1) as Link).entry.value)) {
      meter.steps++;
      prefixes.pop();
    }
    const covering = prefixes.at(-1);
    if (entry.kind === 1) {
      if (sameName && sameName.entry.value !== entry.value) sameName = undefined;
      const named = other(sameName, entry);
      report(entry, named ?? other(covering, entry), () => `topic ${entry.value}`);
      sameName = link(entry, sameName);
    } else {
      const prefix = other(covering, entry);
      report(entry, prefix, () => `topics ${prefix?.value}* and ${entry.value}*`);
      prefixes.push(link(entry, covering));
    }
  }

  const exact = (keysOf: (scope: OwnedScope) => Iterable<string>, what: (key: string) => string) => {
    const chains = new Map<string, Link>();
    scopes.forEach(({ scope, applied }, owner) => {
      for (const value of keysOf(scope)) {
        const entry: Entry = { value, kind: 1, owner, applied };
        const top = chains.get(value);
        report(entry, other(top, entry), () => what(value));
        chains.set(value, link(entry, top));
      }
    });
  };
  exact(
    (s) => s.principalList,
    (p) => `the ACLs of ${p}`,
  );
  exact(
    (s) => s.quotaEntityList,
    (q) => `the quota of ${q}`,
  );
  exact(
    (s) => s.scramUserList,
    (u) => `the SCRAM user ${u}`,
  );
  return [...found.values()].sort((a, b) => a.second - b.second || a.first - b.first);
}
