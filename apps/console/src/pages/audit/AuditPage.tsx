import { AUDIT_RESULTS } from "@kcp/shared/lists";
import { useState } from "react";
import { type AuditFilter, useAudit } from "../../api/admin.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

/** Who did what, when, with what result: filtered on the server, older entries a page at a time. */
export function AuditPage() {
  const [draft, setDraft] = useState({ actor: "", action: "", result: "" });
  const [filter, setFilter] = useState<AuditFilter>({});
  const audit = useAudit(filter);
  const entries = audit.data?.pages.flatMap((page) => page.entries) ?? [];
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Audit log</h1>
      <form
        className="card flex flex-wrap items-end gap-3"
        aria-label="Filter the audit log"
        onSubmit={(event) => {
          event.preventDefault();
          setFilter({
            ...(draft.actor ? { actor: draft.actor } : {}),
            ...(draft.action ? { action: draft.action } : {}),
            ...(draft.result ? { result: draft.result as (typeof AUDIT_RESULTS)[number] } : {}),
          });
        }}
      >
        <div>
          <label htmlFor="audit-actor" className="label">
            Actor
          </label>
          <input
            id="audit-actor"
            className="field"
            value={draft.actor}
            onChange={(e) => setDraft({ ...draft, actor: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="audit-action" className="label">
            Action
          </label>
          <input
            id="audit-action"
            className="field"
            placeholder="topic.create"
            value={draft.action}
            onChange={(e) => setDraft({ ...draft, action: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="audit-result" className="label">
            Result
          </label>
          <select
            id="audit-result"
            className="field"
            value={draft.result}
            onChange={(e) => setDraft({ ...draft, result: e.target.value })}
          >
            <option value="">Any</option>
            {AUDIT_RESULTS.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary">
          Filter
        </button>
      </form>
      {audit.isPending ? <Loading label="Loading the audit log" /> : null}
      <ErrorMessage error={audit.error} />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Time</th>
            <th scope="col">Actor</th>
            <th scope="col">Action</th>
            <th scope="col">Target</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {entries.map((entry) => (
            <tr key={entry.id}>
              <td>{new Date(entry.at).toLocaleString()}</td>
              <td>{entry.actor}</td>
              <td>{entry.action}</td>
              <td>{entry.target ?? "–"}</td>
              <td>{entry.result}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {audit.hasNextPage ? (
        <button
          type="button"
          className="btn"
          disabled={audit.isFetchingNextPage}
          onClick={() => void audit.fetchNextPage()}
        >
          Older entries
        </button>
      ) : null}
    </section>
  );
}
