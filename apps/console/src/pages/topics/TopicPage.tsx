import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useCluster } from "../../api/clusters.js";
import { useDeleteTopic, useTopic } from "../../api/topics.js";
import { CapabilityAction } from "../../ui/CapabilityAction.js";
import { ConfirmByTyping } from "../../ui/ConfirmByTyping.js";
import { formatSize } from "../../ui/charts/chart-math.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { BrowseMessages } from "./BrowseMessages.js";
import { ProduceForm } from "./ProduceForm.js";
import { TopicCharts } from "./TopicCharts.js";
import { TopicConfigs } from "./TopicConfigs.js";

/** One topic: its partitions, produce a message, browse messages, delete (the name typed again). */
export function TopicPage() {
  const { id, topic } = useParams({ from: "/clusters/$id/topics/$topic" });
  const cluster = useCluster(id);
  const detail = useTopic(id, topic);
  const remove = useDeleteTopic(id);
  const navigate = useNavigate();
  const [deleting, setDeleting] = useState(false);
  const capabilities = cluster.data?.capabilities;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{topic}</h1>
        <Link to="/clusters/$id/topics" params={{ id }} search={{}} className="text-sm hover:underline">
          All topics
        </Link>
        {capabilities && !detail.data?.internal ? (
          <CapabilityAction capabilities={capabilities} flag="manageTopics">
            {({ disabled, reason }) => (
              <button
                type="button"
                className="btn"
                disabled={disabled}
                title={reason}
                onClick={() => setDeleting(true)}
              >
                Delete topic
              </button>
            )}
          </CapabilityAction>
        ) : null}
      </div>
      {deleting ? (
        <ConfirmByTyping
          name={topic}
          action="Deleting the topic"
          busy={remove.isPending}
          onCancel={() => setDeleting(false)}
          onConfirm={() =>
            remove.mutate(topic, { onSuccess: () => navigate({ to: "/clusters/$id/topics", params: { id } }) })
          }
        />
      ) : null}
      <ErrorMessage error={remove.error} />
      {detail.isPending ? <Loading label="Loading the topic" /> : null}
      <ErrorMessage error={detail.error} />
      {detail.data ? (
        <section aria-labelledby="partitions">
          <h2 id="partitions" className="mb-2 text-lg font-semibold">
            Partitions ({detail.data.partitions.length}), {formatSize(detail.data.sizeBytes)}
          </h2>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Partition</th>
                <th scope="col">Leader</th>
                <th scope="col">Replicas</th>
                <th scope="col">In sync</th>
                <th scope="col">End offset</th>
              </tr>
            </thead>
            <tbody>
              {detail.data.partitions.map((p) => (
                <tr key={p.id}>
                  <td>{p.id}</td>
                  <td>{p.leader}</td>
                  <td>{p.replicas.join(", ")}</td>
                  <td>{p.isr.join(", ")}</td>
                  <td>
                    {p.logEndOffset ?? (
                      <span
                        title={p.leader < 0 ? "No leader: no broker can say" : "Its leader moved while it was read"}
                      >
                        {p.leader < 0 ? "– (no leader)" : "–"}
                      </span>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ) : null}
      {detail.data ? <TopicCharts clusterId={id} topic={topic} partitions={detail.data.partitions} /> : null}
      {capabilities ? (
        <CapabilityAction capabilities={capabilities} flag="manageTopics">
          {({ disabled, reason }) => <ProduceForm clusterId={id} topic={topic} disabled={disabled} reason={reason} />}
        </CapabilityAction>
      ) : null}
      <BrowseMessages clusterId={id} topic={topic} />
      <TopicConfigs clusterId={id} topic={topic} capabilities={capabilities} />
    </section>
  );
}
