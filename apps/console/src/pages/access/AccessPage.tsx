import { ROLES } from "@kcp/shared/lists";
import { useState } from "react";
import { useBindings, useCreateBinding, useDeleteBinding, useTeams } from "../../api/access.js";
import type { Role } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { type BindingDraft, bindingFromDraft, EMPTY_DRAFT, subjectText } from "./access-text.js";
import { BindingsTable } from "./BindingsTable.js";

/** Admin: the role bindings (the bindings file's read-only, the API's deletable), a form to add one, and the teams. */
export function AccessPage() {
  const bindings = useBindings();
  const teams = useTeams();
  const remove = useDeleteBinding();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Access</h1>
      <NewBindingForm />
      <h2 className="text-lg font-semibold">Bindings</h2>
      {bindings.isPending ? <Loading label="Loading the bindings" /> : null}
      <ErrorMessage error={bindings.error ?? remove.error} />
      {bindings.data ? (
        bindings.data.length > 0 ? (
          <BindingsTable
            caption="Role bindings"
            bindings={bindings.data}
            withSubject
            actions={(binding) =>
              binding.origin === "file" ? (
                <span className="text-sm">read-only (change the bindings file)</span>
              ) : (
                <button
                  type="button"
                  className="btn"
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(binding.id)}
                >
                  Delete <span className="sr-only">the binding of {subjectText(binding.subject)}</span>
                </button>
              )
            }
          />
        ) : (
          <p className="text-sm">No binding yet: only local users' own roles give access.</p>
        )
      ) : null}
      <h2 className="text-lg font-semibold">Teams</h2>
      <ErrorMessage error={teams.error} />
      {teams.data ? (
        teams.data.length > 0 ? (
          <table className="table">
            <caption className="sr-only">Teams</caption>
            <thead>
              <tr>
                <th scope="col">Team</th>
                <th scope="col">Bindings</th>
                <th scope="col">Given to</th>
              </tr>
            </thead>
            <tbody>
              {teams.data.map((team) => (
                <tr key={team.name}>
                  <td>{team.name}</td>
                  <td>{team.bindings.length}</td>
                  <td>{[...new Set(team.bindings.map((b) => subjectText(b.subject)))].join(", ")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        ) : (
          <p className="text-sm">No team yet: a binding with a team name makes one.</p>
        )
      ) : null}
    </section>
  );
}

function NewBindingForm() {
  const create = useCreateBinding();
  const [draft, setDraft] = useState<BindingDraft>(EMPTY_DRAFT);
  const [problem, setProblem] = useState<string>();
  const set = (change: Partial<BindingDraft>) => setDraft({ ...draft, ...change });
  return (
    <form
      className="card space-y-3"
      aria-label="Add a binding"
      onSubmit={(event) => {
        event.preventDefault();
        const read = bindingFromDraft(draft);
        if ("problem" in read) {
          setProblem(read.problem);
          return;
        }
        setProblem(undefined);
        create.mutate(read.spec, { onSuccess: () => setDraft(EMPTY_DRAFT) });
      }}
    >
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="binding-kind" className="label">
            Subject
          </label>
          <select
            id="binding-kind"
            className="field"
            value={draft.subjectKind}
            onChange={(e) => set({ subjectKind: e.target.value as BindingDraft["subjectKind"] })}
          >
            <option value="group">group of a provider</option>
            <option value="user">user</option>
          </select>
        </div>
        {draft.subjectKind === "group" ? (
          <div>
            <label htmlFor="binding-source" className="label">
              Source (provider id)
            </label>
            <input
              id="binding-source"
              className="field"
              placeholder="corp"
              value={draft.source}
              onChange={(e) => set({ source: e.target.value })}
            />
          </div>
        ) : null}
        <div>
          <label htmlFor="binding-name" className="label">
            {draft.subjectKind === "group" ? "Group" : "Username"}
          </label>
          <input
            id="binding-name"
            className="field"
            value={draft.name}
            onChange={(e) => set({ name: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="binding-role" className="label">
            Role
          </label>
          <select
            id="binding-role"
            className="field"
            value={draft.role}
            onChange={(e) => set({ role: e.target.value as Role })}
          >
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
      </div>
      <ScopeFields draft={draft} set={set} />
      <p className="text-sm">
        Without topic or group patterns the binding covers each cluster whole; a pattern is a name, or a prefix ending
        in one <code>*</code> (<code>*</code> alone: every name).
      </p>
      <ErrorMessage error={problem === undefined ? create.error : new Error(problem)} />
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        Add binding
      </button>
    </form>
  );
}

/** Where a new binding applies: its clusters (all, by id, by labels) and, optionally, topic and group patterns. */
function ScopeFields({ draft, set }: { draft: BindingDraft; set: (change: Partial<BindingDraft>) => void }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="binding-clusters" className="label">
          Clusters
        </label>
        <select
          id="binding-clusters"
          className="field"
          value={draft.clusters}
          onChange={(e) => set({ clusters: e.target.value as BindingDraft["clusters"] })}
        >
          <option value="all">all clusters</option>
          <option value="ids">by id</option>
          <option value="labels">by labels</option>
        </select>
      </div>
      {draft.clusters === "all" ? null : (
        <div>
          <label htmlFor="binding-cluster-list" className="label">
            {draft.clusters === "ids" ? "Cluster ids" : "Labels (key=value, all of them)"}
          </label>
          <input
            id="binding-cluster-list"
            className="field"
            placeholder={draft.clusters === "ids" ? "id1, id2" : "env=prod"}
            value={draft.clusterList}
            onChange={(e) => set({ clusterList: e.target.value })}
          />
        </div>
      )}
      <div>
        <label htmlFor="binding-topics" className="label">
          Topics (optional patterns)
        </label>
        <input
          id="binding-topics"
          className="field"
          placeholder="payments.*"
          value={draft.topics}
          onChange={(e) => set({ topics: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="binding-groups" className="label">
          Consumer groups (optional patterns)
        </label>
        <input
          id="binding-groups"
          className="field"
          placeholder="payments-*"
          value={draft.groups}
          onChange={(e) => set({ groups: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="binding-team" className="label">
          Team (optional)
        </label>
        <input id="binding-team" className="field" value={draft.team} onChange={(e) => set({ team: e.target.value })} />
      </div>
    </div>
  );
}
