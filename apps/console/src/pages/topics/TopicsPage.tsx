import { Link, useNavigate, useParams, useSearch } from "@tanstack/react-router";
import { useDeferredValue, useEffect, useState } from "react";
import { useCluster } from "../../api/clusters.js";
import { type TopicRow, useTopicPages } from "../../api/topics.js";
import { CapabilityAction } from "../../ui/CapabilityAction.js";
import { formatSize } from "../../ui/charts/chart-math.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { VirtualTable } from "../../ui/VirtualTable.js";
import { CreateTopicForm } from "./CreateTopicForm.js";

const URL_UPDATE_DELAY_MS = 300;

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

  // The URL follows the search once typing pauses: updating the route on every keystroke re-renders the page while
  // the answer is on its way, which made a search show its result later (bench:console).
  useEffect(() => {
    const later = setTimeout(() => navigate({ search: query ? { q: query } : {}, replace: true }), URL_UPDATE_DELAY_MS);
    return () => clearTimeout(later);
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

/** Tailwind must see whole class names: the grid template of the topic list. */
const TOPIC_COLUMNS = "grid-cols-[1fr_7rem_5rem_8rem_8rem]";

function TopicList(props: { clusterId: string; rows: TopicRow[]; hasMore: boolean; loadMore: () => void }) {
  return (
    <VirtualTable
      label="Topic list"
      columns={["Name", "Partitions", "RF", "Size", "Under-replicated"]}
      template={TOPIC_COLUMNS}
      rows={props.rows}
      rowKey={(topic) => topic.name}
      hasMore={props.hasMore}
      loadMore={props.loadMore}
      cells={(topic) => (
        <>
          <Link
            to="/clusters/$id/topics/$topic"
            params={{ id: props.clusterId, topic: topic.name }}
            className="truncate hover:underline"
          >
            {topic.name}
          </Link>
          <span>{topic.partitions}</span>
          <span>{topic.replicationFactor}</span>
          <span>{formatSize(topic.sizeBytes)}</span>
          <span>{topic.underReplicatedPartitions ?? 0}</span>
        </>
      )}
    />
  );
}
