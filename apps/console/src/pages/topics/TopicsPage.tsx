import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useVirtualizer } from "@tanstack/react-virtual";
import { useDeferredValue, useEffect, useRef, useState } from "react";
import { useCluster } from "../../api/clusters.js";
import { useTopicPages } from "../../api/topics.js";
import { CapabilityAction } from "../../ui/CapabilityAction.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { CreateTopicForm } from "./CreateTopicForm.js";

const ROW_HEIGHT = 36;

/** A cluster's topics: searched on the server, fetched a page at a time as the list scrolls, only visible rows drawn. */
export function TopicsPage() {
  const { id } = useParams({ from: "/clusters/$id/topics" });
  const { q } = useSearch({ from: "/clusters/$id/topics" });
  const navigate = useNavigate({ from: "/clusters/$id/topics" });
  const [search, setSearch] = useState(q ?? "");
  const query = useDeferredValue(search.trim());
  const cluster = useCluster(id);
  const pages = useTopicPages(id, query);
  const [creating, setCreating] = useState(false);
  const rows = pages.data?.pages.flatMap((page) => page.topics) ?? [];
  const total = pages.data?.pages[0]?.total ?? 0;

  useEffect(() => {
    navigate({ search: query ? { q: query } : {}, replace: true });
  }, [query, navigate]);

  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Topics</h1>
        <Link to="/clusters/$id" params={{ id }} className="text-sm hover:underline">
          {cluster.data?.cluster.name ?? id}
        </Link>
        {cluster.data ? (
          <CapabilityAction capabilities={cluster.data.capabilities} flag="manageTopics">
            {({ disabled, reason }) => (
              <button
                type="button"
                className="btn btn-primary"
                disabled={disabled}
                title={reason}
                onClick={() => setCreating(true)}
              >
                Create topic
              </button>
            )}
          </CapabilityAction>
        ) : null}
      </div>
      {creating ? <CreateTopicForm clusterId={id} onDone={() => setCreating(false)} /> : null}
      <div>
        <label htmlFor="topic-search" className="label">
          Search topics
        </label>
        <input
          id="topic-search"
          type="search"
          className="field max-w-md"
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
      </div>
      <p className="text-sm" aria-live="polite">
        {pages.isPending ? "" : `${total.toLocaleString("en")} topic${total === 1 ? "" : "s"}`}
      </p>
      {pages.isPending ? <Loading label="Loading the topics" /> : null}
      <ErrorMessage error={pages.error} />
      <TopicList
        clusterId={id}
        rows={rows}
        hasMore={pages.hasNextPage}
        loadMore={() => {
          if (!pages.isFetchingNextPage) void pages.fetchNextPage();
        }}
      />
    </section>
  );
}

interface ListProps {
  clusterId: string;
  rows: ReturnType<typeof useTopicPages>["data"] extends infer D
    ? D extends { pages: Array<{ topics: infer T }> }
      ? T
      : never
    : never;
  hasMore: boolean;
  loadMore: () => void;
}

function TopicList({ clusterId, rows, hasMore, loadMore }: ListProps) {
  const scroller = useRef<HTMLElement>(null);
  const virtual = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scroller.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 20,
  });
  const items = virtual.getVirtualItems();
  const last = items.at(-1)?.index ?? 0;
  useEffect(() => {
    if (hasMore && last >= rows.length - 50) loadMore();
  }, [hasMore, last, rows.length, loadMore]);

  return (
    <div className="card p-0">
      <div className="grid grid-cols-[1fr_7rem_5rem_8rem_8rem] border-b border-slate-300 px-3 py-2 text-sm font-semibold dark:border-slate-700">
        <span>Name</span>
        <span>Partitions</span>
        <span>RF</span>
        <span>Size</span>
        <span>Under-replicated</span>
      </div>
      {/* biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard (axe scrollable-region-focusable) */}
      <section ref={scroller} className="h-[60vh] overflow-auto" tabIndex={0} aria-label="Topic list">
        <ul className="relative" style={{ height: virtual.getTotalSize() }}>
          {items.map((item) => {
            const topic = rows[item.index];
            if (!topic) return null;
            return (
              <li
                key={topic.name}
                className="absolute left-0 grid w-full grid-cols-[1fr_7rem_5rem_8rem_8rem] items-center border-b border-slate-200 px-3 text-sm dark:border-slate-800"
                style={{ height: ROW_HEIGHT, transform: `translateY(${item.start}px)` }}
              >
                <Link
                  to="/clusters/$id/topics/$topic"
                  params={{ id: clusterId, topic: topic.name }}
                  className="truncate hover:underline"
                >
                  {topic.name}
                </Link>
                <span>{topic.partitions}</span>
                <span>{topic.replicationFactor}</span>
                <span>{formatBytes(topic.sizeBytes)}</span>
                <span>{topic.underReplicatedPartitions ?? 0}</span>
              </li>
            );
          })}
        </ul>
      </section>
    </div>
  );
}

export function formatBytes(bytes: number | undefined): string {
  if (bytes === undefined) return "–";
  const units = ["B", "KiB", "MiB", "GiB", "TiB"];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(unit === 0 ? 0 : 1)} ${units[unit]}`;
}
