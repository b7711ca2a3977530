import { Link, useParams } from "@tanstack/react-router";
import { useCluster } from "../../api/clusters.js";
import { useGroup } from "../../api/groups.js";
import { CapabilityAction } from "../../ui/CapabilityAction.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { GroupCharts } from "./GroupCharts.js";
import { ResetOffsetsForm } from "./ResetOffsetsForm.js";

/** One group: state, members, per-partition committed offset, end and lag; offsets reset after a preview. */
export function GroupPage() {
  const { id, group } = useParams({ from: "/clusters/$id/groups/$group" });
  const detail = useGroup(id, group);
  const cluster = useCluster(id);
  if (detail.isPending) return <Loading label="Loading the group" />;
  if (detail.isError) return <ErrorMessage error={detail.error} />;
  const g = detail.data;
  const topics = [...new Set(g.partitions.map((p) => p.topic))].sort();
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{g.group}</h1>
        <Link to="/clusters/$id/groups" params={{ id }} className="text-sm hover:underline">
          All groups
        </Link>
      </div>
      <p className="text-sm">
        {g.type} group, state <strong>{g.state}</strong>, {g.members} member(s), total lag <strong>{g.totalLag}</strong>
      </p>
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Topic</th>
            <th scope="col">Partition</th>
            <th scope="col">Committed</th>
            <th scope="col">End</th>
            <th scope="col">Lag</th>
            <th scope="col">Member</th>
          </tr>
        </thead>
        <tbody>
          {g.partitions.map((p) => (
            <tr key={`${p.topic}-${p.partition}`}>
              <td>{p.topic}</td>
              <td>{p.partition}</td>
              <td>{p.committed}</td>
              <td>{p.end}</td>
              <td>{p.lag}</td>
              <td>{p.member || "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <GroupCharts clusterId={id} group={group} partitions={g.partitions} />
      {cluster.data && topics.length > 0 ? (
        <CapabilityAction capabilities={cluster.data.capabilities} flag="manageGroups">
          {({ disabled, reason }) => (
            <ResetOffsetsForm clusterId={id} group={group} topics={topics} disabled={disabled} reason={reason} />
          )}
        </CapabilityAction>
      ) : null}
    </section>
  );
}
