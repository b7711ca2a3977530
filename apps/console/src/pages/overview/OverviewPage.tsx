import { PROVIDERS } from "@kcp/shared/lists";
import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { createContext, memo, startTransition, useContext, useEffect, useId, useRef, useState } from "react";
import { useOfferedRole } from "../../api/access.js";
import { ApiError } from "../../api/client.js";
import { type OverviewItem, useFleetPage } from "../../api/clusters.js";
import { hasRole } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { HealthBadge } from "../../ui/HealthBadge.js";
import { Loading } from "../../ui/Loading.js";
import { useClock } from "../../ui/useClock.js";
import { ClusterSparklines } from "./ClusterSparklines.js";
import {
  ageAt,
  CHIP_ORDER,
  DEFAULT_SORT,
  filterLocally,
  formatAge,
  type HealthStatus,
  healthOf,
  isFiltered,
  isStale,
  type OverviewSearch,
  overviewQuery,
  PAGE_SIZE,
  type Provider,
  pageOf,
  SORT_LABELS,
  SORTS,
  type Sort,
  toggleHealth,
  withChange,
} from "./overview-state.js";

/** Typing in a text filter updates the URL (and asks the service) once it pauses this long. */
const TYPING_PAUSE_MS = 250;

/**
 * Every registered cluster with its health, counters and issues: filtered, counted and sorted by the service, a page
 * of 100 at a time, the filters in the URL.
 */
export function OverviewPage() {
  const search = useSearch({ from: "/" });
  const navigate = useNavigate({ from: "/" });
  const role = useOfferedRole();
  const fleet = useFleetPage(overviewQuery(search));
  const change = (next: OverviewSearch, replace = false) => navigate({ search: next, replace });

  // An older service ignores the query and answers every cluster without a total: the page does the rest itself.
  const answer = fleet.data?.answer;
  const local = answer && answer.total === undefined;
  const page = answer ? (local ? filterLocally(answer.clusters, search) : answer) : undefined;
  const total = page?.total ?? page?.clusters.length ?? 0;
  const labelRefusal = labelsRefused(fleet.error, search);
  // While the service refuses the selector being typed, the last list it answered stays.
  const lastShown = useRef(page);
  if (page && !fleet.error) lastShown.current = page;
  const shown = fleet.error && labelRefusal ? lastShown.current : page;
  const position = pageOf(search.page ?? 1, shown?.clusters.length ?? 0, shown?.total ?? total);

  return (
    <section className="space-y-4">
      <div className="flex items-center gap-4">
        <h1 className="text-2xl font-semibold">Clusters</h1>
        {hasRole(role, "operator") ? (
          <Link to="/clusters/new" className="btn btn-primary">
            Register a cluster
          </Link>
        ) : null}
      </div>
      <FilterBar search={search} change={change} labelRefusal={labelRefusal} />
      {local && search.labels ? (
        <p className="text-sm">This service does not filter by labels yet: the selector is not applied.</p>
      ) : null}
      <HealthChips search={search} counts={shown?.counts} change={change} />
      <p className="text-sm" aria-live="polite" data-testid="overview-total">
        {shown
          ? `${(shown.total ?? total).toLocaleString("en")} cluster${(shown.total ?? total) === 1 ? "" : "s"}`
          : ""}
        {shown?.stale ? `, ${shown.stale.toLocaleString("en")} stale` : ""}
      </p>
      {fleet.isPending ? <Loading label="Loading the clusters" /> : null}
      {labelRefusal ? null : <ErrorMessage error={fleet.error} />}
      {shown && shown.clusters.length === 0 ? (
        <p>{isFiltered(search) ? "No cluster matches these filters." : "No cluster is registered yet."}</p>
      ) : null}
      <CardList
        // A new filter's answer starts the list again (its first screenful first); a poll's does not.
        key={fleet.data?.query}
        clusters={shown?.clusters ?? []}
        answeredAt={fleet.data?.answeredAt ?? 0}
        busy={fleet.isPlaceholderData}
      />
      {position.pages > 1 ? (
        <nav aria-label="Pages of clusters" className="flex items-center gap-3 text-sm">
          <button
            type="button"
            className="btn"
            disabled={!position.hasPrevious}
            onClick={() => {
              change(withChange(search, { page: (search.page ?? 1) - 1 }));
              window.scrollTo({ top: 0 });
            }}
          >
            Previous {PAGE_SIZE}
          </button>
          <span>
            Clusters {position.label} (page {search.page ?? 1} of {position.pages})
          </span>
          <button
            type="button"
            className="btn"
            disabled={!position.hasNext}
            onClick={() => {
              change(withChange(search, { page: (search.page ?? 1) + 1 }));
              window.scrollTo({ top: 0 });
            }}
          >
            Next {PAGE_SIZE}
          </button>
        </nav>
      ) : null}
    </section>
  );
}

/** When the service answered the list shown (ms): read by the ages alone, so a poll does not draw every card again. */
const AnsweredAt = createContext(0);

/** Cards drawn at once when a list arrives: more than a screen holds. */
const FIRST_CARDS = 12;

/**
 * The page's cards: the first screenful at once, the rest in the next frame as a transition (typing or a click
 * meanwhile goes first), so a page of 100 shows its first cards as soon as 10 would.
 */
function CardList(props: { clusters: OverviewItem[]; answeredAt: number; busy: boolean }) {
  const [limit, setLimit] = useState(FIRST_CARDS);
  const count = props.clusters.length;
  useEffect(() => {
    if (limit >= count) return;
    const frame = requestAnimationFrame(() => startTransition(() => setLimit(count)));
    return () => cancelAnimationFrame(frame);
  }, [limit, count]);
  return (
    <AnsweredAt.Provider value={props.answeredAt}>
      <ul className="grid gap-4 md:grid-cols-2" aria-label="Clusters" aria-busy={props.busy}>
        {props.clusters.slice(0, Math.max(limit, FIRST_CARDS)).map((view) => (
          <ClusterCard key={view.cluster.id} view={view} />
        ))}
      </ul>
    </AnsweredAt.Provider>
  );
}

/** The service's words when it refused the label selector (400 naming `labels`). */
function labelsRefused(error: unknown, search: OverviewSearch): string | undefined {
  if (!search.labels || !(error instanceof ApiError) || error.status !== 400) return undefined;
  return /\blabels\b/.test(error.message) ? error.message : undefined;
}

/** A text filter that follows its URL value and updates it once typing pauses. */
function useTypedFilter(value: string | undefined, apply: (text: string | undefined) => void) {
  const [text, setText] = useState(value ?? "");
  const applied = useRef(value ?? "");
  // Back, forward or a link changed the URL: the field shows it.
  useEffect(() => {
    if ((value ?? "") !== applied.current) {
      applied.current = value ?? "";
      setText(value ?? "");
    }
  }, [value]);
  const latest = useRef(apply);
  latest.current = apply;
  useEffect(() => {
    const trimmed = text.trim();
    if (trimmed === applied.current) return;
    const later = setTimeout(() => {
      applied.current = trimmed;
      latest.current(trimmed || undefined);
    }, TYPING_PAUSE_MS);
    return () => clearTimeout(later);
  }, [text]);
  return [text, setText] as const;
}

function FilterBar(props: {
  search: OverviewSearch;
  change: (next: OverviewSearch, replace?: boolean) => void;
  labelRefusal: string | undefined;
}) {
  const { search, change } = props;
  const ids = useId();
  const current = useRef(search);
  current.current = search;
  const [name, setName] = useTypedFilter(search.q, (q) => change(withChange(current.current, { q }), true));
  const [labels, setLabels] = useTypedFilter(search.labels, (labels) =>
    change(withChange(current.current, { labels }), true),
  );
  return (
    <search className="flex flex-wrap items-end gap-3" aria-label="Filter the clusters">
      <div>
        <label htmlFor={`${ids}-name`} className="label">
          Cluster name
        </label>
        <input
          id={`${ids}-name`}
          type="search"
          className="field w-56"
          value={name}
          placeholder="part of the name"
          onChange={(e) => setName(e.target.value)}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-labels`} className="label">
          Labels
        </label>
        <input
          id={`${ids}-labels`}
          type="text"
          className="field w-72 font-mono"
          value={labels}
          placeholder="env=prod,team!=payments,!legacy"
          spellCheck={false}
          autoCapitalize="off"
          aria-invalid={props.labelRefusal ? true : undefined}
          aria-describedby={props.labelRefusal ? `${ids}-labels-error` : undefined}
          onChange={(e) => setLabels(e.target.value)}
        />
        {props.labelRefusal ? (
          <p id={`${ids}-labels-error`} role="alert" className="mt-1 max-w-md text-sm text-red-800 dark:text-red-300">
            {props.labelRefusal}
          </p>
        ) : null}
      </div>
      <div>
        <label htmlFor={`${ids}-provider`} className="label">
          Provider
        </label>
        <select
          id={`${ids}-provider`}
          className="field"
          value={search.provider ?? ""}
          onChange={(e) => change(withChange(search, { provider: (e.target.value || undefined) as Provider }))}
        >
          <option value="">Any provider</option>
          {PROVIDERS.map((p) => (
            <option key={p}>{p}</option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor={`${ids}-sort`} className="label">
          Sort
        </label>
        <select
          id={`${ids}-sort`}
          className="field"
          value={search.sort ?? DEFAULT_SORT}
          onChange={(e) => change(withChange(search, { sort: e.target.value as Sort }))}
        >
          {SORTS.map((s) => (
            <option key={s} value={s}>
              {SORT_LABELS[s]}
            </option>
          ))}
        </select>
      </div>
      <label className="flex items-center gap-2 py-1.5 text-sm font-medium">
        <input
          type="checkbox"
          className="size-4"
          checked={search.stale === true}
          onChange={(e) => change(withChange(search, { stale: e.target.checked ? true : undefined }))}
        />
        Stale only
      </label>
    </search>
  );
}

const CHIP_STYLE: Record<HealthStatus, string> = {
  critical: "border-red-700 dark:border-red-400",
  unreachable: "border-red-700 dark:border-red-400",
  warning: "border-amber-700 dark:border-amber-400",
  unknown: "border-slate-500 dark:border-slate-400",
  ok: "border-green-700 dark:border-green-400",
};

/** One chip per health status with its count (of the clusters matching every other filter); a click filters by it. */
function HealthChips(props: {
  search: OverviewSearch;
  counts: Record<HealthStatus, number> | undefined;
  change: (next: OverviewSearch) => void;
}) {
  const selected = new Set(healthOf(props.search));
  return (
    <fieldset className="flex flex-wrap items-center gap-2">
      <legend className="sr-only">Filter by health</legend>
      {CHIP_ORDER.map((status) => {
        const count = props.counts?.[status];
        const on = selected.has(status);
        return (
          <button
            key={status}
            type="button"
            aria-pressed={on}
            className={`inline-flex items-center gap-2 rounded-full border-2 px-3 py-1 text-sm ${CHIP_STYLE[status]} ${
              on ? "bg-slate-800 text-white dark:bg-slate-100 dark:text-slate-900" : "bg-white dark:bg-slate-900"
            }`}
            onClick={() => props.change(toggleHealth(props.search, status))}
          >
            <span className="font-semibold">{status}</span>
            {count === undefined ? null : (
              <>
                {" "}
                <span className="tabular-nums">{count.toLocaleString("en")}</span>
              </>
            )}
          </button>
        );
      })}
      {selected.size > 0 ? (
        <button
          type="button"
          className="text-sm underline"
          onClick={() => props.change(withChange(props.search, { health: undefined }))}
        >
          Any health
        </button>
      ) : null}
    </fieldset>
  );
}

/** A card; drawn again only when its view changes (the answer keeps unchanged views as they were). */
const ClusterCard = memo(function ClusterCard({ view }: { view: OverviewItem }) {
  const { cluster, health } = view;
  const labels = Object.entries(cluster.labels ?? {});
  return (
    <li className="card card-deferred space-y-2">
      <div className="flex flex-wrap items-center gap-2">
        <h2 className="text-lg font-semibold">
          <Link to="/clusters/$id" params={{ id: cluster.id }} className="hover:underline">
            {cluster.name}
          </Link>
        </h2>
        <HealthBadge status={health.status} />
        <Age view={view} />
      </div>
      {labels.length > 0 ? (
        <p className="flex flex-wrap gap-1 text-xs">
          <span className="sr-only">Labels:</span>
          {labels.map(([key, value]) => (
            <code key={key} className="rounded bg-slate-100 px-1.5 py-0.5 dark:bg-slate-800">
              {key}={value}
            </code>
          ))}
        </p>
      ) : null}
      <dl className="grid grid-cols-3 gap-1 text-sm">
        <Counter label="Brokers" value={`${health.brokersAlive ?? "–"} / ${health.brokers ?? "–"}`} />
        <Counter label="Topics" value={health.topics} />
        <Counter label="Partitions" value={health.partitions} />
        <Counter label="Offline" value={health.offlinePartitions} />
        <Counter label="Under-replicated" value={health.underReplicated} />
        <Counter label="Under min ISR" value={health.underMinIsr} />
      </dl>
      <ClusterSparklines clusterId={cluster.id} name={cluster.name} />
      {health.issues.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {health.issues.map((issue) => (
            <li key={`${issue.code}:${issue.message}`}>
              <strong>{issue.severity}</strong>: {issue.message}
            </li>
          ))}
        </ul>
      ) : null}
    </li>
  );
});

/**
 * "collected 12 s ago", ticking, and a "stale" badge once the view is older than twice its interval plus the collection
 * timeout (as the service said, or since its staleAfter passed); the interval it should be collected at when known.
 */
function Age({ view }: { view: OverviewItem }) {
  const now = useClock();
  const answeredAt = useContext(AnsweredAt) || now;
  const age = ageAt(view, answeredAt, now);
  const interval = view.freshness?.intervalSeconds;
  return (
    <>
      {isStale(view.freshness, now) ? (
        <span className="rounded border border-amber-700 px-2 py-0.5 text-xs font-semibold text-amber-900 dark:border-amber-400 dark:text-amber-100">
          stale
        </span>
      ) : null}
      {Number.isFinite(age) ? (
        <span className="ml-auto text-xs text-slate-600 dark:text-slate-300">
          collected {formatAge(age)} ago
          {interval ? <span className="sr-only"> (collected every {formatAge(interval)})</span> : null}
        </span>
      ) : null}
    </>
  );
}

function Counter({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium">{value ?? "–"}</dd>
    </div>
  );
}
