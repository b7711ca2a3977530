import { Link } from "@tanstack/react-router";
import { useRef } from "react";
import { useDesiredStateDrift } from "../../api/desired-state.js";
import { useVisible } from "../../ui/charts/useVisible.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { DiffList } from "../operations/DesiredChanges.js";

const when = (at: string) => new Date(at).toLocaleString();

/**
 * The cluster's desired state (docs/desired-state.md): the files last applied and what applying them again would
 * change (the drift), as the same diff lines as an applyDesiredState plan. Asked once the panel's place comes into
 * view; shown only when files were applied, so a cluster without desired state costs that one small request.
 */
export function DesiredStatePanel({ clusterId }: { clusterId: string }) {
  const place = useRef<HTMLDivElement>(null);
  const visible = useVisible(place);
  const drift = useDesiredStateDrift(clusterId, visible);
  const applied = drift.data?.applied ?? [];
  if (drift.isError) {
    return (
      <section aria-labelledby="desired-state" className="space-y-2">
        <h2 id="desired-state" className="text-lg font-semibold">
          Desired state
        </h2>
        <ErrorMessage error={drift.error} />
      </section>
    );
  }
  if (applied.length === 0) return <div ref={place} data-testid="desired-state-probe" />;
  const { changes, problems } = drift.data ?? { changes: [], problems: [] };
  return (
    <section aria-labelledby="desired-state" className="card space-y-3">
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="desired-state" className="text-lg font-semibold">
          Desired state
        </h2>
        <span className="text-sm" data-testid="drift-status">
          {changes.length === 0 && problems.length === 0
            ? "No drift: the cluster is as the applied files declare."
            : `Drift: applying the files again would make ${changes.length} change${changes.length === 1 ? "" : "s"}.`}
        </span>
        <button
          type="button"
          className="btn ml-auto px-2 py-0.5 text-xs"
          disabled={drift.isFetching}
          onClick={() => drift.refetch()}
        >
          {drift.isFetching ? "Checking…" : "Check again"}
        </button>
      </div>
      <table className="table" aria-label="Files applied">
        <thead>
          <tr>
            <th scope="col">File</th>
            <th scope="col">Applied</th>
            <th scope="col">By</th>
            <th scope="col">Operation</th>
          </tr>
        </thead>
        <tbody>
          {applied.map((file) => (
            <tr key={file.path}>
              <td className="font-mono">{file.path}</td>
              <td>{when(file.appliedAt)}</td>
              <td>{file.appliedBy}</td>
              <td>
                <Link to="/operations/$op" params={{ op: file.operationId }} className="underline">
                  <span className="sr-only">The operation that applied {file.path}: </span>
                  {file.operationId.slice(0, 8)}
                </Link>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {changes.length > 0 ? (
        <section aria-labelledby="drift-heading" className="space-y-2">
          <h3 id="drift-heading" className="font-semibold">
            Drift ({changes.length}): what applying the files again would change
          </h3>
          <DiffList
            changes={changes}
            empty=""
            irreversibleNote={(count) => (
              <>
                <strong>Irreversible:</strong> {count} resource(s) marked below would be deleted or lose copies of their
                data by applying again.
              </>
            )}
          />
        </section>
      ) : null}
      {problems.length > 0 ? (
        <section aria-labelledby="drift-problems" className="space-y-1 text-sm">
          <h3 id="drift-problems" className="font-semibold">
            Differences an apply cannot undo
          </h3>
          <ul className="list-disc pl-5">
            {problems.map((p) => (
              <li key={`${p.file}:${p.document}:${p.field ?? ""}:${p.message}`}>
                {p.file} (document {p.document}
                {p.field ? `, ${p.field}` : ""}): {p.message}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </section>
  );
}
