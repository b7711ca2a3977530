import { Link, useParams } from "@tanstack/react-router";
import { useDeferredValue, useState } from "react";
import { type GroupRow, type GroupType, useGroupPages } from "../../api/groups.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { VirtualTable } from "../../ui/VirtualTable.js";

const TYPES: GroupType[] = ["consumer", "classic", "share", "streams"];
const GROUP_COLUMNS = "grid-cols-[1fr_7rem_9rem_8rem]";

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
        columns={["Group", "Type", "State", "Total lag"]}
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
            <span>{group.lag ?? "–"}</span>
          </>
        )}
      />
    </section>
  );
}
