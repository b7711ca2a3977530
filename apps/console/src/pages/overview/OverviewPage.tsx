import { Link } from "@tanstack/react-router";
import { useOverview } from "../../api/clusters.js";
import { hasRole, useSession } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { HealthBadge } from "../../ui/HealthBadge.js";
import { Loading } from "../../ui/Loading.js";
import { ClusterSparklines } from "./ClusterSparklines.js";

/** Every registered cluster with its health, counters and issues. */
export function OverviewPage() {
  const overview = useOverview();
  const session = useSession();
  return (
    <section className="space-y-4">
      <div className="flex items-center gap-4">
        <h1 className="text-2xl font-semibold">Clusters</h1>
        {hasRole(session.data?.role, "operator") ? (
          <Link to="/clusters/new" className="btn btn-primary">
            Register a cluster
          </Link>
        ) : null}
      </div>
      {overview.isPending ? <Loading label="Loading the clusters" /> : null}
      <ErrorMessage error={overview.error} />
      {overview.data?.length === 0 ? <p>No cluster is registered yet.</p> : null}
      <ul className="grid gap-4 md:grid-cols-2">
        {overview.data?.map(({ cluster, health }) => (
          <li key={cluster.id} className="card space-y-2">
            <div className="flex items-center gap-2">
              <h2 className="text-lg font-semibold">
                <Link to="/clusters/$id" params={{ id: cluster.id }} className="hover:underline">
                  {cluster.name}
                </Link>
              </h2>
              <HealthBadge status={health.status} />
            </div>
            <dl className="grid grid-cols-3 gap-1 text-sm">
              <Counter label="Brokers" value={`${health.brokersAlive ?? "–"} / ${health.brokers ?? "–"}`} />
              <Counter label="Topics" value={health.topics} />
              <Counter label="Partitions" value={health.partitions} />
              <Counter label="Offline" value={health.offlinePartitions} />
              <Counter label="Under-replicated" value={health.underReplicated} />
              <Counter label="Under min ISR" value={health.underMinIsr} />
            </dl>
            <ClusterSparklines clusterId={cluster.id} name={cluster.name} />
            {health.issues.length > 0 ? (
              <ul className="list-disc pl-5 text-sm">
                {health.issues.map((issue) => (
                  <li key={`${issue.code}:${issue.message}`}>
                    <strong>{issue.severity}</strong>: {issue.message}
                  </li>
                ))}
              </ul>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

function Counter({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium">{value ?? "–"}</dd>
    </div>
  );
}
