import { useState } from "react";
import { type BrowseQuery, useBrowse } from "../../api/topics.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

type From = "end" | "beginning";

/** A bounded page of messages (newest or oldest first), read when asked: every read is audited. */
export function BrowseMessages({ clusterId, topic }: { clusterId: string; topic: string }) {
  const [from, setFrom] = useState<From>("end");
  const [limit, setLimit] = useState(50);
  const [filter, setFilter] = useState("");
  const [query, setQuery] = useState<BrowseQuery | null>(null);
  const page = useBrowse(clusterId, topic, query);
  return (
    <section aria-labelledby="browse" className="card space-y-3">
      <h2 id="browse" className="text-lg font-semibold">
        Browse messages
      </h2>
      <form
        className="flex flex-wrap items-end gap-3"
        onSubmit={(event) => {
          event.preventDefault();
          setQuery({ from, limit, ...(filter ? { filter } : {}) });
        }}
      >
        <div>
          <label htmlFor="browse-from" className="label">
            From
          </label>
          <select id="browse-from" className="field" value={from} onChange={(e) => setFrom(e.target.value as From)}>
            <option value="end">Newest</option>
            <option value="beginning">Oldest</option>
          </select>
        </div>
        <div>
          <label htmlFor="browse-limit" className="label">
            Messages (at most 500)
          </label>
          <input
            id="browse-limit"
            type="number"
            min={1}
            max={500}
            className="field w-28"
            value={limit}
            onChange={(e) => setLimit(Number(e.target.value))}
          />
        </div>
        <div>
          <label htmlFor="browse-filter" className="label">
            Key or value contains
          </label>
          <input id="browse-filter" className="field" value={filter} onChange={(e) => setFilter(e.target.value)} />
        </div>
        <button type="submit" className="btn btn-primary">
          Read messages
        </button>
      </form>
      {page.isFetching ? <Loading label="Reading messages" /> : null}
      <ErrorMessage error={page.error} />
      {page.data ? (
        <table className="table">
          <caption className="text-left text-sm">
            {page.data.messages.length} message(s), {page.data.scanned} scanned
          </caption>
          <thead>
            <tr>
              <th scope="col">Partition</th>
              <th scope="col">Offset</th>
              <th scope="col">Time</th>
              <th scope="col">Key</th>
              <th scope="col">Value</th>
            </tr>
          </thead>
          <tbody>
            {page.data.messages.map((m) => (
              <tr key={`${m.partition}-${m.offset}`}>
                <td>{m.partition}</td>
                <td>{m.offset}</td>
                <td>{m.timestamp}</td>
                <td className="font-mono">{shown(m.key)}</td>
                <td className="font-mono break-all">{shown(m.value)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

function shown(part: { encoding: string; data?: unknown } | null | undefined): string {
  if (!part) return "null";
  if (part.encoding === "omitted") return "(omitted: over the byte cap)";
  return typeof part.data === "string" ? part.data : JSON.stringify(part.data);
}
