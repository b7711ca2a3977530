/**
 * The overview's filters as they live in the URL (TanStack Router's search params), the API query they make, and how a
 * card words its view's age. Pure: unit-tested in apps/console/test/overview-state.test.ts.
 */

import { type CLUSTER_SORTS, HEALTH_STATUSES, PROVIDERS } from "@kcp/shared/lists";

export type HealthStatus = (typeof HEALTH_STATUSES)[number];
/** The chips' order: what needs attention first. */
export const CHIP_ORDER: readonly HealthStatus[] = ["critical", "unreachable", "warning", "unknown", "ok"];
export type Provider = (typeof PROVIDERS)[number];
export type Sort = (typeof CLUSTER_SORTS)[number];
/** Every sort of the list's query, in the order the overview offers them, with its label. */
export const SORT_LABELS: Readonly<Record<Sort, string>> = {
  worst: "Worst first",
  name: "Name",
  stalest: "Stalest first",
  newest: "Newest first",
};
export const SORTS = Object.keys(SORT_LABELS) as Sort[];
/** The overview's default order (the API's is by name): what needs attention on top. */
export const DEFAULT_SORT: Sort = "worst";
/** Clusters per page: 100 cards render in a few tens of milliseconds and fill many screens. */
export const PAGE_SIZE = 100;

/**
 * The overview's state in its URL. Every key is optional and absent at its default, so `/` is the default view and a
 * filtered view's URL names only what differs.
 */
export interface OverviewSearch {
  /** Part of the cluster's name (case-insensitive). */
  q?: string;
  /** A label selector, Kubernetes style (`env=prod,team!=payments,tier,!legacy`). */
  labels?: string;
  /** Health statuses (any of them), comma-separated in CHIP_ORDER: `critical,warning` (a readable URL). */
  health?: string;
  provider?: Provider;
  /** Only the clusters whose view is stale. */
  stale?: true;
  sort?: Sort;
  /** 1-based; absent on the first page. */
  page?: number;
}

/** A search value as text: the router parses `?q=123` as a number and `?stale=true` as a boolean (JSON). */
function text(value: unknown): string | undefined {
  if (typeof value === "string") return value.trim() || undefined;
  if (typeof value === "number" || typeof value === "boolean") return String(value);
  return undefined;
}

/** Values of a comma-separated list (or an array) that are among `allowed`, each once, in `order`. */
function listOf<T extends string>(value: unknown, allowed: readonly T[], order: readonly T[] = allowed): T[] {
  const raw = Array.isArray(value) ? value.map(text) : (text(value)?.split(",") ?? []);
  const given = new Set(raw.map((v) => v?.trim()));
  return order.filter((v) => given.has(v));
}

/**
 * The route's `validateSearch`: whatever the URL holds, read leniently (unknown values dropped, not refused: a shared
 * link of an older console still opens), defaults left out.
 */
export function parseOverviewSearch(search: Record<string, unknown>): OverviewSearch {
  const out: OverviewSearch = {};
  const q = text(search.q);
  if (q) out.q = q.slice(0, 200);
  const labels = text(search.labels);
  if (labels) out.labels = labels.slice(0, 1000);
  const health = listOf(search.health, HEALTH_STATUSES, CHIP_ORDER);
  if (health.length > 0) out.health = health.join(",");
  const provider = text(search.provider);
  if (provider && (PROVIDERS as readonly string[]).includes(provider)) out.provider = provider as Provider;
  if (search.stale === true || text(search.stale) === "true") out.stale = true;
  const sort = text(search.sort);
  if (sort && sort !== DEFAULT_SORT && (SORTS as readonly string[]).includes(sort)) out.sort = sort as Sort;
  const page = Number(text(search.page));
  if (Number.isInteger(page) && page > 1) out.page = page;
  return out;
}

/** A change of the filters: `undefined` clears a key; every change but a page's goes back to the first page. */
export function withChange(search: OverviewSearch, change: Partial<OverviewSearch>): OverviewSearch {
  const next: Record<string, unknown> = { ...search, ...change };
  if (!("page" in change)) delete next.page;
  return parseOverviewSearch(Object.fromEntries(Object.entries(next).filter(([, v]) => v !== undefined)));
}

/** The statuses the health filter holds. */
export function healthOf(search: OverviewSearch): HealthStatus[] {
  return listOf(search.health, HEALTH_STATUSES, CHIP_ORDER);
}

/** The chip's click: its status added to the health filter, or taken out of it. */
export function toggleHealth(search: OverviewSearch, status: HealthStatus): OverviewSearch {
  const current = new Set(healthOf(search));
  if (current.has(status)) current.delete(status);
  else current.add(status);
  return withChange(search, { health: current.size > 0 ? [...current].join(",") : undefined });
}

/** The query string of `GET /api/v1/overview` for this state: the page's slice, sorted as shown. */
export function overviewQuery(search: OverviewSearch, pageSize = PAGE_SIZE): string {
  const query = new URLSearchParams();
  if (search.labels) query.set("labels", search.labels);
  if (search.health) query.set("health", search.health);
  if (search.provider) query.set("provider", search.provider);
  if (search.q) query.set("name", search.q);
  if (search.stale) query.set("stale", "true");
  query.set("sort", search.sort ?? DEFAULT_SORT);
  query.set("limit", String(pageSize));
  query.set("offset", String(((search.page ?? 1) - 1) * pageSize));
  return query.toString();
}

/** Whether any filter is set (the empty list then says "no cluster matches" rather than "none is registered"). */
export function isFiltered(search: OverviewSearch): boolean {
  return Boolean(search.q || search.labels || search.health || search.provider || search.stale);
}

/** "12 s", "4 min", "4 min 10 s", "2 h 5 min", "3 d 4 h": two units at most, whole numbers. */
export function formatAge(seconds: number): string {
  const s = Math.max(0, Math.floor(seconds));
  if (s < 60) return `${s} s`;
  const units: [number, string][] = [
    [86_400, "d"],
    [3_600, "h"],
    [60, "min"],
    [1, "s"],
  ];
  const index = units.findIndex(([size]) => s >= size);
  const [big, bigName] = units[index] as [number, string];
  const [small, smallName] = units[index + 1] as [number, string];
  const whole = Math.floor(s / big);
  const rest = Math.floor((s % big) / small);
  return rest > 0 ? `${whole} ${bigName} ${rest} ${smallName}` : `${whole} ${bigName}`;
}

/**
 * A view's freshness as the service answers it: since when the view is (and when it turns stale), or, from an earlier
 * draft of the API, its age in seconds when answered. Absent from an older service.
 */
export interface FreshnessLike {
  since?: string;
  staleAfter?: string;
  ageSeconds?: number;
  stale: boolean;
}

/**
 * A view's age in seconds at `now`: since the service's `freshness.since`; or its `ageSeconds` when it answered
 * (`answeredAt`) plus the time since; without freshness (an older service), since the view's `updatedAt`.
 */
export function ageAt(
  view: { updatedAt: string; freshness?: Omit<FreshnessLike, "stale"> },
  answeredAt: number,
  now: number,
): number {
  const sinceText = view.freshness?.since ?? (view.freshness?.ageSeconds === undefined ? view.updatedAt : undefined);
  if (sinceText === undefined) return (view.freshness?.ageSeconds ?? 0) + Math.max(0, (now - answeredAt) / 1000);
  const since = Date.parse(sinceText);
  return Number.isFinite(since) ? Math.max(0, (now - since) / 1000) : Number.NaN;
}

/** Whether the view is stale at `now`: the service said so when it answered, or its `staleAfter` has passed since. */
export function isStale(freshness: FreshnessLike | undefined, now: number): boolean {
  if (!freshness) return false;
  const after = freshness.staleAfter ? Date.parse(freshness.staleAfter) : Number.NaN;
  return freshness.stale || (Number.isFinite(after) && now >= after);
}

/** "Clusters 101–200 of 1,000" and whether there is a page before and after. */
export function pageOf(page: number, shown: number, total: number, pageSize = PAGE_SIZE) {
  const first = (page - 1) * pageSize + 1;
  const last = first + shown - 1;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  return {
    label:
      shown === 0
        ? `0 of ${total.toLocaleString("en")}`
        : `${first.toLocaleString("en")}–${last.toLocaleString("en")} of ${total.toLocaleString("en")}`,
    pages,
    hasPrevious: page > 1,
    hasNext: page < pages,
  };
}

type Counts = Record<HealthStatus, number>;

/** What a card needs of a view, for the fallback below. */
interface ListedView {
  cluster: { name: string; provider: string; createdAt: string; labels?: Record<string, string> };
  health: { status: string; issues: unknown[] };
  updatedAt: string;
  freshness?: FreshnessLike;
}

const WORST_RANK: Readonly<Record<string, number>> = { critical: 0, unreachable: 1, warning: 2, unknown: 3, ok: 4 };

/**
 * An older service answers every cluster and ignores the query (its answer has no `total`): the page then filters,
 * counts, sorts and slices that answer itself, as the API would — all but the label selector (not parsed here; the
 * page says so).
 */
export function filterLocally<T extends ListedView>(
  clusters: readonly T[],
  search: OverviewSearch,
  pageSize = PAGE_SIZE,
): { clusters: T[]; total: number; counts: Counts; stale: number } {
  const name = search.q?.toLowerCase();
  const stale = (v: T) => v.freshness?.stale === true;
  const butHealth = clusters.filter(
    (v) =>
      (!name || v.cluster.name.toLowerCase().includes(name)) &&
      (!search.provider || v.cluster.provider === search.provider) &&
      (!search.stale || stale(v)),
  );
  const counts: Counts = { ok: 0, warning: 0, critical: 0, unreachable: 0, unknown: 0 };
  for (const v of butHealth) {
    const status = (HEALTH_STATUSES as readonly string[]).includes(v.health.status) ? v.health.status : "unknown";
    counts[status as HealthStatus]++;
  }
  const health: readonly string[] = healthOf(search);
  const matching = health.length > 0 ? butHealth.filter((v) => health.includes(v.health.status)) : butHealth;
  const byName = (a: T, b: T) => a.cluster.name.localeCompare(b.cluster.name);
  const age = (v: T) => ageAt(v, Date.now(), Date.now());
  const order: Record<Sort, (a: T, b: T) => number> = {
    name: byName,
    worst: (a, b) =>
      (WORST_RANK[a.health.status] ?? 3) - (WORST_RANK[b.health.status] ?? 3) ||
      b.health.issues.length - a.health.issues.length ||
      byName(a, b),
    stalest: (a, b) => age(b) - age(a) || byName(a, b),
    newest: (a, b) => Date.parse(b.cluster.createdAt) - Date.parse(a.cluster.createdAt) || byName(a, b),
  };
  const sorted = [...matching].sort(order[search.sort ?? DEFAULT_SORT]);
  const offset = ((search.page ?? 1) - 1) * pageSize;
  return {
    clusters: sorted.slice(offset, offset + pageSize),
    total: matching.length,
    counts,
    stale: matching.filter(stale).length,
  };
}
