import { type ReactNode, useMemo, useState } from "react";
import {
  ACTION_WORD,
  countsByKind,
  type DesiredChange,
  type DesiredStateParams,
  diffOf,
  firstResources,
  linesOf,
  TONE_WORD,
  type Tone,
} from "./desired-diff.js";

/** Lines drawn at first and added by each "show more": thousands of changes would hold the page for seconds. */
export const LINES_PER_PAGE = 500;

/** Dark enough on white and light enough on slate-900 (the dark theme's cards) for text. */
const TONE_CLASS: Record<Tone, string> = {
  add: "text-green-800 dark:text-green-300",
  remove: "text-red-800 dark:text-red-300",
  change: "text-amber-800 dark:text-amber-300",
};

/**
 * The changes of a desired-state plan as a diff per resource (+ created or added, - deleted or removed, ~ changed in
 * place, with before → after), so that what a confirm does is read before it is done. The sign and the words carry
 * the meaning; the colour only repeats it.
 */
export function DesiredChanges({ params }: { params: DesiredStateParams & { changesTotal?: number } }) {
  const { changes } = params;
  // An operation shows at most its first 1,000 changes, beside how many there are (docs/api.md, "Plans of any size").
  const total = Math.max(params.changesTotal ?? 0, changes.length);
  return (
    <section aria-labelledby="changes" className="card space-y-3">
      <h2 id="changes" className="text-lg font-semibold">
        Changes ({total})
      </h2>
      <p className="text-sm">
        Planned from {params.files.join(", ")} (SHA-256 <code title={params.digest}>{params.digest.slice(0, 12)}…</code>
        ).
        {total > changes.length ? ` The first ${changes.length} of ${total} changes are shown below.` : ""}
      </p>
      <DiffList
        changes={changes}
        empty="No change: the cluster is as the files declare."
        irreversibleNote={(count) => (
          <>
            <strong>Irreversible:</strong> {count} resource(s) marked below are deleted or lose copies of their data;
            confirming asks for the cluster's name.
          </>
        )}
      />
    </section>
  );
}

/**
 * Changes as diff lines: the counts by kind, then one group per resource in the order of apply, 500 lines at a time
 * (the plan of an applyDesiredState operation, and the drift of the cluster page: what applying again would change).
 */
export function DiffList({
  changes,
  empty,
  irreversibleNote,
}: {
  changes: readonly DesiredChange[];
  /** Said when there is no change. */
  empty: string;
  /** Said when resources are marked irreversible, given how many. */
  irreversibleNote: (count: number) => ReactNode;
}) {
  const resources = useMemo(() => diffOf(changes), [changes]);
  const counts = useMemo(() => countsByKind(changes), [changes]);
  const totalLines = useMemo(() => resources.reduce((sum, r) => sum + linesOf(r), 0), [resources]);
  const [limit, setLimit] = useState(LINES_PER_PAGE);
  const shown = useMemo(() => firstResources(resources, limit), [resources, limit]);
  const irreversible = useMemo(() => resources.filter((r) => r.irreversible).length, [resources]);
  return (
    <>
      {counts.length > 0 ? (
        <ul aria-label="Changes by kind" className="flex flex-wrap gap-x-4 gap-y-1 text-sm">
          {counts.map((c) => (
            <li key={c.kind} className={TONE_CLASS[c.tone]}>
              <span className="font-mono font-semibold">{c.sign}</span> {c.text}
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm">{empty}</p>
      )}
      {irreversible > 0 ? <p className="text-sm">{irreversibleNote(irreversible)}</p> : null}
      <ul aria-label="Changes by resource" className="space-y-1 font-mono text-sm">
        {shown.map((r) => (
          <li key={r.key} className="break-words">
            <span className={`font-semibold ${TONE_CLASS[r.line.tone]}`}>{`${r.line.sign} ${r.line.text}`}</span>{" "}
            <span className="font-sans text-xs text-slate-600 dark:text-slate-300">({ACTION_WORD[r.line.sign]})</span>
            {r.irreversible ? (
              <>
                {" "}
                <span className="rounded bg-red-100 px-1.5 font-sans text-xs font-semibold text-red-900 dark:bg-red-900 dark:text-red-50">
                  irreversible
                </span>
              </>
            ) : null}
            {r.details.length > 0 ? (
              <ul className="pl-6">
                {r.details.map((d) => (
                  <li key={`${d.sign}${d.text}`} className={TONE_CLASS[d.tone]}>
                    {`${d.sign} ${d.text}`}
                    <span className="sr-only"> ({TONE_WORD[d.tone]})</span>
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
      {shown.length < resources.length ? (
        <div className="flex flex-wrap items-center gap-3 text-sm">
          <p>
            Showing {shown.length} of {resources.length} resources ({shown.reduce((sum, r) => sum + linesOf(r), 0)} of{" "}
            {totalLines} lines).
          </p>
          <button type="button" className="btn" onClick={() => setLimit((l) => l + LINES_PER_PAGE)}>
            Show {LINES_PER_PAGE} more lines
          </button>
        </div>
      ) : null}
    </>
  );
}
