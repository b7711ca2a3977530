import { Link } from "@tanstack/react-router";
import { useOfferedRole } from "../../api/access.js";
import { type Anomaly, useAnomalies, useAutopilotStatus } from "../../api/autopilot.js";
import { hasRole } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { AnomalyChart } from "./AnomalyChart.js";
import { PauseControl } from "./PauseControl.js";

const when = (at: string) => new Date(at).toLocaleString();

function Events({ anomaly }: { anomaly: Anomaly }) {
  if (anomaly.events.length === 0) return <span>nothing yet</span>;
  return (
    <ul className="space-y-1">
      {anomaly.events.map((event) => (
        <li key={`${event.at}-${event.policy}-${event.kind}`}>
          {when(event.at)} — {event.policy}: <strong>{event.kind}</strong>
          {event.operationId ? (
            <>
              {" "}
              <Link to="/operations/$op" params={{ op: event.operationId }} className="underline">
                operation
              </Link>
            </>
          ) : null}
          {event.reason ? ` (${event.reason.code}: ${event.reason.message})` : ""}
        </li>
      ))}
    </ul>
  );
}

/**
 * The cluster's autopilot: the pause for the cluster (admins pause and resume it), its anomalies as a timeline chart
 * (the last 24 h or 7 days) and then listed, newest first, each with when it was first seen, whether it cleared, and
 * what each policy did about it or why not.
 */
export function AnomalyTimeline({ clusterId }: { clusterId: string }) {
  const role = useOfferedRole();
  const status = useAutopilotStatus();
  const anomalies = useAnomalies(clusterId);
  return (
    <section aria-labelledby="autopilot" className="space-y-2">
      <h2 id="autopilot" className="text-lg font-semibold">
        Autopilot
      </h2>
      {status.data ? <PauseControl status={status.data} clusterId={clusterId} canAct={hasRole(role, "admin")} /> : null}
      {anomalies.isPending ? <Loading label="Loading the anomalies" /> : null}
      <ErrorMessage error={anomalies.error ?? status.error} />
      {anomalies.data && anomalies.data.length === 0 ? (
        <p>No anomaly recorded (only clusters an enabled policy covers are watched).</p>
      ) : null}
      {anomalies.data && anomalies.data.length > 0 ? (
        <AnomalyChart anomalies={anomalies.data} nowMs={anomalies.dataUpdatedAt || Date.now()} />
      ) : null}
      {anomalies.data && anomalies.data.length > 0 ? (
        <table className="table" aria-label="Anomalies">
          <thead>
            <tr>
              <th scope="col">Anomaly</th>
              <th scope="col">First seen</th>
              <th scope="col">Cleared</th>
              <th scope="col">What the autopilot did</th>
            </tr>
          </thead>
          <tbody>
            {anomalies.data.map((anomaly) => (
              <tr key={anomaly.id}>
                <td>
                  <strong>{anomaly.code}</strong> {anomaly.message}
                </td>
                <td>{when(anomaly.firstSeenAt)}</td>
                <td>{anomaly.clearedAt ? when(anomaly.clearedAt) : "still seen"}</td>
                <td className="text-sm">
                  <Events anomaly={anomaly} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}
