import { Link, useParams } from "@tanstack/react-router";
import { type ClusterView, useClusterWithSnapshot } from "../../api/clusters.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { HealthBadge } from "../../ui/HealthBadge.js";
import { Loading } from "../../ui/Loading.js";
import { AnomalyTimeline } from "../autopilot/AnomalyTimeline.js";
import { ClusterCharts, diskUsedPercent } from "./ClusterCharts.js";
import { DesiredStatePanel } from "./DesiredStatePanel.js";
import { OperatorSection } from "./OperatorSection.js";

const GIB = 1024 ** 3;

/**
 * One cluster: health issues, the desired state (applied files and drift, when files were applied), the autopilot
 * (its pause, the anomalies as a timeline and what was done), brokers (racks, fenced, cordoned, disk use), the quorum,
 * the operator (operator-managed clusters), features, capabilities.
 */
export function ClusterPage() {
  const { id } = useParams({ from: "/clusters/$id" });
  const cluster = useClusterWithSnapshot(id);
  if (cluster.isPending) return <Loading label="Loading the cluster" />;
  if (cluster.isError) return <ErrorMessage error={cluster.error} />;
  const view = cluster.data;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{view.cluster.name}</h1>
        <HealthBadge status={view.health.status} />
        <Link to="/clusters/$id/topics" params={{ id }} className="btn">
          Topics
        </Link>
        <Link to="/clusters/$id/groups" params={{ id }} className="btn">
          Consumer groups
        </Link>
        <Link to="/clusters/$id/acls" params={{ id }} className="btn">
          ACLs
        </Link>
        <Link to="/clusters/$id/quotas" params={{ id }} className="btn">
          Quotas
        </Link>
        <Link to="/clusters/$id/scram-users" params={{ id }} className="btn">
          SCRAM users
        </Link>
        <Link to="/clusters/$id/operations" params={{ id }} className="btn">
          Operations
        </Link>
      </div>
      <Issues view={view} />
      <DesiredStatePanel clusterId={id} />
      <AnomalyTimeline clusterId={id} />
      <Brokers view={view} />
      <ClusterCharts clusterId={id} view={view} />
      <Quorum view={view} />
      <OperatorSection view={view} />
      <Features view={view} />
      <Capabilities view={view} />
    </section>
  );
}

function Issues({ view }: { view: ClusterView }) {
  return (
    <section aria-labelledby="issues">
      <h2 id="issues" className="mb-2 text-lg font-semibold">
        Health issues
      </h2>
      {view.health.issues.length === 0 ? <p className="text-sm">None.</p> : null}
      <ul className="list-disc pl-5 text-sm">
        {view.health.issues.map((issue) => (
          <li key={`${issue.code}:${issue.message}`}>
            <strong>{issue.severity}</strong> ({issue.code}): {issue.message}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Brokers({ view }: { view: ClusterView }) {
  const brokers = view.snapshot?.brokers ?? [];
  return (
    <section aria-labelledby="brokers">
      <h2 id="brokers" className="mb-2 text-lg font-semibold">
        Brokers
      </h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Id</th>
            <th scope="col">Address</th>
            <th scope="col">Rack</th>
            <th scope="col">State</th>
            <th scope="col">Replicas</th>
            <th scope="col">Leaders</th>
            <th scope="col">Data</th>
            <th scope="col">Disk use</th>
          </tr>
        </thead>
        <tbody>
          {brokers.map((b) => (
            <tr key={b.id}>
              <td>{b.id}</td>
              <td>
                {b.host}:{b.port}
              </td>
              <td>{b.rack ?? "–"}</td>
              <td>
                {[!b.alive && "down", b.fenced && "fenced", b.cordoned && "cordoned"].filter(Boolean).join(", ") ||
                  "up"}
              </td>
              <td>{b.replicas}</td>
              <td>{b.leaders}</td>
              <td>{((b.dataBytes ?? 0) / GIB).toFixed(2)} GiB</td>
              <td>{diskUse(b)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function diskUse(broker: Parameters<typeof diskUsedPercent>[0]): string {
  const percent = diskUsedPercent(broker);
  return percent === undefined ? "–" : `${Math.round(percent)} %`;
}

function Quorum({ view }: { view: ClusterView }) {
  const quorum = view.snapshot?.quorum;
  if (!quorum) return null;
  return (
    <section aria-labelledby="quorum">
      <h2 id="quorum" className="mb-2 text-lg font-semibold">
        KRaft quorum
      </h2>
      <p className="text-sm">
        Leader {quorum.leaderId} (epoch {quorum.leaderEpoch}), high watermark {quorum.highWatermark}, kraft.version{" "}
        {view.health.quorumVersion ?? "–"}
      </p>
      <table className="table mt-2">
        <thead>
          <tr>
            <th scope="col">Node</th>
            <th scope="col">Role</th>
            <th scope="col">Lag</th>
          </tr>
        </thead>
        <tbody>
          {[
            ...quorum.voters.map((v) => ({ id: v.nodeId, role: `voter (${v.role})`, lag: v.lag })),
            ...quorum.observers.map((o) => ({ id: o.nodeId, role: "observer", lag: o.lag })),
          ].map((node) => (
            <tr key={`${node.role}-${node.id}`}>
              <td>{node.id}</td>
              <td>{node.role}</td>
              <td>{node.lag ?? "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Features({ view }: { view: ClusterView }) {
  const features = view.snapshot?.features ?? [];
  return (
    <section aria-labelledby="features">
      <h2 id="features" className="mb-2 text-lg font-semibold">
        Features
      </h2>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Feature</th>
            <th scope="col">Finalized</th>
            <th scope="col">Supported</th>
          </tr>
        </thead>
        <tbody>
          {features.map((f) => (
            <tr key={f.name}>
              <td>{f.name}</td>
              <td>{f.finalized ?? "–"}</td>
              <td>
                {f.supportedMin}–{f.supportedMax}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Capabilities({ view }: { view: ClusterView }) {
  const { notes, refusals: _refusals, error: _error, ...flags } = view.capabilities;
  return (
    <section aria-labelledby="capabilities">
      <h2 id="capabilities" className="mb-2 text-lg font-semibold">
        Capabilities
      </h2>
      <ul className="grid grid-cols-2 gap-1 text-sm md:grid-cols-4">
        {Object.entries(flags).map(([flag, on]) => (
          <li key={flag}>
            {on ? "✓" : "✗"} {flag}
          </li>
        ))}
      </ul>
      {notes && notes.length > 0 ? (
        <ul className="mt-2 list-disc pl-5 text-sm">
          {notes.map((note) => (
            <li key={note}>{note}</li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
