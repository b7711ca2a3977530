import { useState } from "react";
import {
  type Policy,
  type PolicySpec,
  useAutopilotStatus,
  useCreatePolicy,
  useDeletePolicy,
  usePolicies,
  useReplacePolicy,
} from "../../api/autopilot.js";
import { useOverview } from "../../api/clusters.js";
import { hasRole, useSession } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { PauseControl } from "./PauseControl.js";

type Trigger = PolicySpec["trigger"]["code"];
type Action = PolicySpec["action"]["type"];
type Mode = NonNullable<PolicySpec["mode"]>;
type Weekday = NonNullable<NonNullable<PolicySpec["guardRails"]>["windows"]>[number]["days"][number];

/** The pairs a policy starts from: what it watches for and the operation that answers it (docs/autopilot.md). */
export const TEMPLATES: { label: string; trigger: Trigger; action: Action; name: string }[] = [
  {
    label: "Restart a broker that does not answer",
    trigger: "broker_down",
    action: "restartNodes",
    name: "restart-down-brokers",
  },
  {
    label: "Restart a broker the controller keeps fenced",
    trigger: "broker_fenced",
    action: "restartNodes",
    name: "restart-fenced-brokers",
  },
  {
    label: "Rebalance when log dirs fill unevenly",
    trigger: "disk_imbalance",
    action: "rebalance",
    name: "even-out-disks",
  },
  {
    label: "Rebalance when a broker's disks run high",
    trigger: "disk_high",
    action: "rebalance",
    name: "relieve-full-disks",
  },
  {
    label: "Elect preferred leaders when leadership drifts",
    trigger: "leader_imbalance",
    action: "electLeaders",
    name: "prefer-leaders",
  },
  {
    label: "Drain a broker whose log dir failed",
    trigger: "log_dir_failed",
    action: "drainBrokers",
    name: "drain-failed-disks",
  },
  {
    label: "Restore replication after a broker is removed for good",
    trigger: "replicas_on_removed_broker",
    action: "rebalance",
    name: "restore-replication",
  },
];

const MODES: { mode: Mode; label: string }[] = [
  { mode: "observe", label: "observe: record anomalies only" },
  { mode: "propose", label: "propose: plan it for a person to confirm" },
  { mode: "auto", label: "auto: confirm it inside the guard rails" },
];

const GIB = 1024 ** 3;
const MIB = 1024 ** 2;

function scopeText(policy: Policy, names: Map<string, string>): string {
  const scope = policy.spec.scope;
  if ("clusterId" in scope) return names.get(scope.clusterId) ?? scope.clusterId;
  const labels = Object.entries(scope.labels).map(([k, v]) => `${k}=${v}`);
  return labels.length === 0 ? "every cluster" : `clusters labelled ${labels.join(", ")}`;
}

function railsText(spec: PolicySpec): string {
  const rails = spec.guardRails ?? {};
  const parts = [`cool-down ${rails.cooldown ?? "30m"}`];
  if (rails.windows && rails.windows.length > 0)
    parts.push(
      `windows ${rails.windows.map((w) => `${w.days.join(",")} ${w.start}–${w.end}`).join("; ")} (${rails.timeZone ?? "UTC"})`,
    );
  if (rails.maxBytesPerAction !== undefined)
    parts.push(`≤ ${(rails.maxBytesPerAction / GIB).toFixed(1)} GiB per action`);
  if (rails.maxBytesPer24h !== undefined) parts.push(`≤ ${(rails.maxBytesPer24h / GIB).toFixed(1)} GiB per 24 h`);
  if (spec.action.throttleBytesPerSec !== undefined)
    parts.push(`throttled to ${(spec.action.throttleBytesPerSec / MIB).toFixed(1)} MiB/s`);
  if (rails.minHealthyBrokers) parts.push(`at least ${rails.minHealthyBrokers} healthy brokers`);
  if (rails.excludeBrokers?.length) parts.push(`not brokers ${rails.excludeBrokers.join(", ")}`);
  if (rails.excludeTopics?.length) parts.push(`not topics ${rails.excludeTopics.join(", ")}`);
  return parts.join("; ");
}

/**
 * The autopilot: whether it runs, the service-wide pause, its policies (enable, disable, delete) and a new policy from
 * a template. Admins write; every role reads.
 */
export function AutopilotPage() {
  const session = useSession();
  const isAdmin = hasRole(session.data?.role, "admin");
  const status = useAutopilotStatus();
  const policies = usePolicies();
  const overview = useOverview();
  const replace = useReplacePolicy();
  const remove = useDeletePolicy();
  const names = new Map((overview.data ?? []).map((v) => [v.cluster.id, v.cluster.name]));
  return (
    <section className="space-y-6">
      <h1 className="text-2xl font-semibold">Autopilot</h1>
      <p className="text-sm">
        Policies answer anomalies found in each collection with the operations a person would plan — confirmed by the
        policy only in auto mode, inside its windows and caps, never when irreversible. Every action is an operation by{" "}
        <code>autopilot:&lt;policy&gt;</code>: pause, resume and cancel work on it as on any other.
      </p>
      {status.isPending ? <Loading label="Loading the autopilot's status" /> : null}
      <ErrorMessage error={status.error} />
      {status.data ? (
        <section className="card space-y-2" aria-label="Autopilot status">
          <p data-testid="autopilot-enabled">
            {status.data.enabled
              ? "The autopilot is enabled."
              : "The autopilot is disabled by the service's configuration (AUTOPILOT_ENABLED=false)."}
          </p>
          <PauseControl status={status.data} canAct={isAdmin} />
        </section>
      ) : null}
      <section aria-labelledby="policies" className="space-y-2">
        <h2 id="policies" className="text-lg font-semibold">
          Policies
        </h2>
        {policies.isPending ? <Loading label="Loading the policies" /> : null}
        <ErrorMessage error={policies.error ?? replace.error ?? remove.error} />
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Watches for</th>
              <th scope="col">Answers with</th>
              <th scope="col">Mode</th>
              <th scope="col">Covers</th>
              <th scope="col">Guard rails</th>
              <th scope="col">Enabled</th>
              {isAdmin ? (
                <th scope="col">
                  <span className="sr-only">Actions</span>
                </th>
              ) : null}
            </tr>
          </thead>
          <tbody>
            {(policies.data ?? []).map((policy) => (
              <tr key={policy.id}>
                <td>{policy.spec.name}</td>
                <td>
                  {policy.spec.trigger.code} for {policy.spec.trigger.for}
                </td>
                <td>{policy.spec.action.type}</td>
                <td>{policy.spec.mode}</td>
                <td>{scopeText(policy, names)}</td>
                <td className="text-sm">{railsText(policy.spec)}</td>
                <td>{policy.spec.enabled ? "yes" : "no"}</td>
                {isAdmin ? (
                  <td className="space-x-2 whitespace-nowrap">
                    <button
                      type="button"
                      className="btn"
                      disabled={replace.isPending}
                      onClick={() =>
                        replace.mutate({ id: policy.id, spec: { ...policy.spec, enabled: !policy.spec.enabled } })
                      }
                    >
                      {policy.spec.enabled ? "Disable" : "Enable"} {policy.spec.name}
                    </button>
                    <button
                      type="button"
                      className="btn"
                      disabled={remove.isPending}
                      onClick={() => remove.mutate(policy.id)}
                    >
                      Delete {policy.spec.name}
                    </button>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </section>
      {isAdmin ? <NewPolicy clusters={[...names.entries()]} /> : null}
    </section>
  );
}

/** A new policy from a template: its scope, mode, how long the anomaly must last, and the main guard rails. */
function NewPolicy({ clusters }: { clusters: [string, string][] }) {
  const create = useCreatePolicy();
  const [template, setTemplate] = useState(0);
  const chosen = TEMPLATES[template] ?? (TEMPLATES[0] as (typeof TEMPLATES)[number]);
  const [name, setName] = useState(chosen.name);
  const [scope, setScope] = useState("");
  const [mode, setMode] = useState<Mode>("propose");
  const [persist, setPersist] = useState("2m");
  const [cooldown, setCooldown] = useState("30m");
  const [days, setDays] = useState("");
  const [start, setStart] = useState("02:00");
  const [end, setEnd] = useState("06:00");
  const [timeZone, setTimeZone] = useState("UTC");
  const [capGiB, setCapGiB] = useState("");
  const [throttleMiB, setThrottleMiB] = useState("");
  const [minHealthy, setMinHealthy] = useState(0);
  return (
    <form
      className="card space-y-3"
      aria-label="New policy"
      onSubmit={(event) => {
        event.preventDefault();
        const windowDays = days
          .split(",")
          .map((d) => d.trim().toLowerCase())
          .filter(Boolean) as Weekday[];
        const spec: PolicySpec = {
          name,
          scope: scope ? { clusterId: scope } : { labels: {} },
          trigger: { code: chosen.trigger, for: persist },
          action: {
            type: chosen.action,
            ...(chosen.action === "rebalance" && throttleMiB
              ? { throttleBytesPerSec: Math.round(Number(throttleMiB) * MIB) }
              : {}),
          },
          mode,
          guardRails: {
            cooldown,
            timeZone,
            minHealthyBrokers: minHealthy,
            ...(windowDays.length > 0 ? { windows: [{ days: windowDays, start, end }] } : {}),
            ...(capGiB ? { maxBytesPerAction: Math.round(Number(capGiB) * GIB) } : {}),
          },
        };
        create.mutate(spec);
      }}
    >
      <h2 className="text-lg font-semibold">New policy</h2>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="policy-template" className="label">
            Template
          </label>
          <select
            id="policy-template"
            className="field"
            value={template}
            onChange={(e) => {
              const index = Number(e.target.value);
              setTemplate(index);
              setName(TEMPLATES[index]?.name ?? "");
            }}
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
          <input id="policy-name" className="field" value={name} onChange={(e) => setName(e.target.value)} required />
        </div>
        <div>
          <label htmlFor="policy-scope" className="label">
            Covers
          </label>
          <select id="policy-scope" className="field" value={scope} onChange={(e) => setScope(e.target.value)}>
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
          <select id="policy-mode" className="field" value={mode} onChange={(e) => setMode(e.target.value as Mode)}>
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
          <input id="policy-for" className="field w-24" value={persist} onChange={(e) => setPersist(e.target.value)} />
        </div>
        <div>
          <label htmlFor="policy-cooldown" className="label">
            Cool-down
          </label>
          <input
            id="policy-cooldown"
            className="field w-24"
            value={cooldown}
            onChange={(e) => setCooldown(e.target.value)}
          />
        </div>
      </div>
      <div className="flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="policy-days" className="label">
            Window days (e.g. sat,sun; empty: any time)
          </label>
          <input id="policy-days" className="field" value={days} onChange={(e) => setDays(e.target.value)} />
        </div>
        <div>
          <label htmlFor="policy-start" className="label">
            From
          </label>
          <input id="policy-start" className="field w-24" value={start} onChange={(e) => setStart(e.target.value)} />
        </div>
        <div>
          <label htmlFor="policy-end" className="label">
            To
          </label>
          <input id="policy-end" className="field w-24" value={end} onChange={(e) => setEnd(e.target.value)} />
        </div>
        <div>
          <label htmlFor="policy-zone" className="label">
            Time zone
          </label>
          <input id="policy-zone" className="field" value={timeZone} onChange={(e) => setTimeZone(e.target.value)} />
        </div>
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
            value={capGiB}
            onChange={(e) => setCapGiB(e.target.value)}
          />
        </div>
        {chosen.action === "rebalance" && (
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
              value={throttleMiB}
              onChange={(e) => setThrottleMiB(e.target.value)}
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
            value={minHealthy}
            onChange={(e) => setMinHealthy(Number(e.target.value))}
          />
        </div>
      </div>
      <button type="submit" className="btn btn-primary" disabled={create.isPending}>
        Create policy
      </button>
      <ErrorMessage error={create.error} />
      {create.data ? <p role="status">Policy {create.data.policy.spec.name} created.</p> : null}
    </form>
  );
}
