import { useState } from "react";
import { useCreatePolicy } from "../../api/autopilot.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import {
  firstDraft,
  MODES,
  type Mode,
  type PolicyDraft,
  policySpec,
  TEMPLATES,
  templateChoice,
  templateOf,
} from "./policy-draft.js";

interface SectionProps {
  draft: PolicyDraft;
  change: (patch: Partial<PolicyDraft>) => void;
}

/** A new policy from a template: its scope, mode, how long the anomaly must last, and the main guard rails. */
export function NewPolicy({ clusters }: { clusters: [string, string][] }) {
  const create = useCreatePolicy();
  const [draft, setDraft] = useState(firstDraft);
  const change = (patch: Partial<PolicyDraft>) => setDraft((current) => ({ ...current, ...patch }));
  return (
    <form
      className="card space-y-3"
      aria-label="New policy"
      onSubmit={(event) => {
        event.preventDefault();
        create.mutate(policySpec(draft));
      }}
    >
      <h2 className="text-lg font-semibold">New policy</h2>
      <PolicyBasics draft={draft} change={change} clusters={clusters} />
      <PolicyGuardRails draft={draft} change={change} />
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        Create policy
      </button>
      <ErrorMessage error={create.error} />
      {create.data ? <p role="status">Policy {create.data.policy.spec.name} created.</p> : null}
    </form>
  );
}

/** The first row: the template, the policy's name, the clusters it covers, its mode, how long and how often it acts. */
function PolicyBasics({ draft, change, clusters }: SectionProps & { clusters: [string, string][] }) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <div>
        <label htmlFor="policy-template" className="label">
          Template
        </label>
        <select
          id="policy-template"
          className="field"
          value={draft.template}
          onChange={(e) => change(templateChoice(Number(e.target.value)))}
        >
          {TEMPLATES.map((t, i) => (
            <option key={t.name} value={i}>
              {t.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="policy-name" className="label">
          Policy name
        </label>
        <input
          id="policy-name"
          className="field"
          value={draft.name}
          onChange={(e) => change({ name: e.target.value })}
          required
        />
      </div>
      <div>
        <label htmlFor="policy-scope" className="label">
          Covers
        </label>
        <select
          id="policy-scope"
          className="field"
          value={draft.scope}
          onChange={(e) => change({ scope: e.target.value })}
        >
          <option value="">every cluster</option>
          {clusters.map(([id, clusterName]) => (
            <option key={id} value={id}>
              {clusterName}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="policy-mode" className="label">
          Mode
        </label>
        <select
          id="policy-mode"
          className="field"
          value={draft.mode}
          onChange={(e) => change({ mode: e.target.value as Mode })}
        >
          {MODES.map((m) => (
            <option key={m.mode} value={m.mode}>
              {m.label}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="policy-for" className="label">
          Lasting at least
        </label>
        <input
          id="policy-for"
          className="field w-24"
          value={draft.persist}
          onChange={(e) => change({ persist: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="policy-cooldown" className="label">
          Cool-down
        </label>
        <input
          id="policy-cooldown"
          className="field w-24"
          value={draft.cooldown}
          onChange={(e) => change({ cooldown: e.target.value })}
        />
      </div>
    </div>
  );
}

/** The second row: when the policy may act (its window) and how much (cap, throttle, healthy brokers). */
function PolicyGuardRails({ draft, change }: SectionProps) {
  return (
    <div className="flex flex-wrap items-end gap-3">
      <PolicyWindow draft={draft} change={change} />
      <div>
        <label htmlFor="policy-cap" className="label">
          At most GiB moved per action
        </label>
        <input
          id="policy-cap"
          type="number"
          min={0}
          step="any"
          className="field w-28"
          value={draft.capGiB}
          onChange={(e) => change({ capGiB: e.target.value })}
        />
      </div>
      {templateOf(draft).action === "rebalance" && (
        <div>
          <label htmlFor="policy-throttle" className="label">
            Throttle, MiB/s per broker
          </label>
          <input
            id="policy-throttle"
            type="number"
            min={0}
            step="any"
            className="field w-28"
            value={draft.throttleMiB}
            onChange={(e) => change({ throttleMiB: e.target.value })}
          />
        </div>
      )}
      <div>
        <label htmlFor="policy-min-healthy" className="label">
          Minimum healthy brokers
        </label>
        <input
          id="policy-min-healthy"
          type="number"
          min={0}
          className="field w-24"
          value={draft.minHealthy}
          onChange={(e) => change({ minHealthy: Number(e.target.value) })}
        />
      </div>
    </div>
  );
}

/** A weekly window: the days, from and to, in a time zone; no days, no window (the policy may act any time). */
function PolicyWindow({ draft, change }: SectionProps) {
  return (
    <>
      <div>
        <label htmlFor="policy-days" className="label">
          Window days (e.g. sat,sun; empty: any time)
        </label>
        <input
          id="policy-days"
          className="field"
          value={draft.days}
          onChange={(e) => change({ days: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="policy-start" className="label">
          From
        </label>
        <input
          id="policy-start"
          className="field w-24"
          value={draft.start}
          onChange={(e) => change({ start: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="policy-end" className="label">
          To
        </label>
        <input
          id="policy-end"
          className="field w-24"
          value={draft.end}
          onChange={(e) => change({ end: e.target.value })}
        />
      </div>
      <div>
        <label htmlFor="policy-zone" className="label">
          Time zone
        </label>
        <input
          id="policy-zone"
          className="field"
          value={draft.timeZone}
          onChange={(e) => change({ timeZone: e.target.value })}
        />
      </div>
    </>
  );
}
