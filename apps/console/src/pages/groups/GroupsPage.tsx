import { Link, useParams } from "@tanstack/react-router";
import { useDeferredValue, useState } from "react";
import { type GroupRow, type GroupType, useGroupPages } from "../../api/groups.js";
import { formatCount, formatDuration, summarize } from "../../ui/charts/chart-math.js";
import { Sparkline } from "../../ui/charts/Sparkline.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { VirtualTable } from "../../ui/VirtualTable.js";

const TYPES: GroupType[] = ["consumer", "classic", "share", "streams"];
const GROUP_COLUMNS = "grid-cols-[1fr_7rem_9rem_minmax(8rem,18rem)_8rem]";

/** Consumer groups of all four types: searched and filtered on the server, a page at a time as the list scrolls. */
export function GroupsPage() {
  const { id } = useParams({ from: "/clusters/$id/groups" });
  const [search, setSearch] = useState("");
  const [type, setType] = useState<GroupType | "">("");
  const query = useDeferredValue(search.trim());
  const pages = useGroupPages(id, query, type);
  const rows = pages.data?.pages.flatMap((page) => page.groups) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Consumer groups</h1>
        <Link to="/clusters/$id" params={{ id }} className="text-sm hover:underline">
          Back to the cluster
        </Link>
      </div>
      <div className="flex flex-wrap gap-3">
        <div>
          <label htmlFor="group-search" className="label">
            Search groups
          </label>
          <input
            id="group-search"
            type="search"
            className="field"
            value={search}
            onChange={(e) => setSearch(e.target.value)}
          />
        </div>
        <div>
          <label htmlFor="group-type" className="label">
            Group type
          </label>
          <select
            id="group-type"
            className="field"
            value={type}
            onChange={(e) => setType(e.target.value as GroupType | "")}
          >
            <option value="">All types</option>
            {TYPES.map((t) => (
              <option key={t}>{t}</option>
            ))}
          </select>
        </div>
      </div>
      <p className="text-sm" aria-live="polite">
        {pages.isPending ? "" : `${total.toLocaleString("en")} group${total === 1 ? "" : "s"}`}
      </p>
      {pages.isPending ? <Loading label="Loading the groups" /> : null}
      <ErrorMessage error={pages.error} />
      <VirtualTable<GroupRow>
        label="Group list"
        columns={["Group", "Type", "State", "Lag, last hour", "Total lag"]}
        template={GROUP_COLUMNS}
        rows={rows}
        rowKey={(group) => `${group.type}:${group.id}`}
        hasMore={pages.hasNextPage}
        loadMore={() => {
          if (!pages.isFetchingNextPage) void pages.fetchNextPage();
        }}
        cells={(group) => (
          <>
            <Link
              to="/clusters/$id/groups/$group"
              params={{ id, group: group.id }}
              className="truncate hover:underline"
            >
              {group.id}
            </Link>
            <span>{group.type}</span>
            <span>{group.state}</span>
            <LagTrend group={group} />
            <span>{group.lag ?? "–"}</span>
          </>
        )}
      />
    </section>
  );
}

/** The group's lag over the last hour as a sparkline, and "growing for N min at R msg/s" while it grows. */
function LagTrend({ group }: { group: GroupRow }) {
  const recent = group.lagRecent ?? [];
  const summary = summarize(recent);
  const growth = group.lagGrowth;
  return (
    <span className="flex items-center gap-2 overflow-hidden">
      {summary && recent.length > 1 ? (
        <Sparkline
          values={recent}
          width={72}
          height={20}
          label={`Lag of ${group.id} over the last hour: latest ${formatCount(summary.latest)}, lowest ${formatCount(summary.min)}, highest ${formatCount(summary.max)}`}
        />
      ) : null}
      {growth ? (
        <span className="truncate rounded bg-amber-100 px-1.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
          growing for {growth.growingForSeconds >= 3600 ? "over an hour" : formatDuration(growth.growingForSeconds)} at{" "}
          {formatCount(growth.perSecond)} msg/s
        </span>
      ) : null}
    </span>
  );
}
