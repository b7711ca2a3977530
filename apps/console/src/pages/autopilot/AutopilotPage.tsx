import { useOfferedRole } from "../../api/access.js";
import {
  type Policy,
  type PolicySpec,
  useAutopilotStatus,
  useDeletePolicy,
  usePolicies,
  useReplacePolicy,
} from "../../api/autopilot.js";
import { useOverview } from "../../api/clusters.js";
import { hasRole } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { NewPolicy } from "./NewPolicyForm.js";
import { PauseControl } from "./PauseControl.js";
import { GIB, MIB } from "./policy-draft.js";

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
  const role = useOfferedRole();
  const isAdmin = hasRole(role, "admin");
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
