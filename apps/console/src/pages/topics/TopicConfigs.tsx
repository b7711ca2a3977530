import { useState } from "react";
import type { ClusterView } from "../../api/clusters.js";
import { useChangeTopicConfigs, useTopicConfigs } from "../../api/topics.js";
import { CapabilityAction } from "../../ui/CapabilityAction.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

interface Props {
  clusterId: string;
  topic: string;
  capabilities: ClusterView["capabilities"] | undefined;
}

/** The topic's configs with their sources; set one on the topic, or return it to its default (manageConfigs). */
export function TopicConfigs({ clusterId, topic, capabilities }: Props) {
  const configs = useTopicConfigs(clusterId, topic);
  const change = useChangeTopicConfigs(clusterId, topic);
  const [name, setName] = useState("retention.ms");
  const [value, setValue] = useState("");
  return (
    <section aria-labelledby="configs" className="space-y-3">
      <h2 id="configs" className="text-lg font-semibold">
        Configs
      </h2>
      {capabilities ? (
        <CapabilityAction capabilities={capabilities} flag="manageConfigs">
          {({ disabled, reason }) => (
            <form
              className="card flex flex-wrap items-end gap-3"
              aria-label="Change a topic config"
              onSubmit={(event) => {
                event.preventDefault();
                change.mutate({ set: { [name]: value } });
              }}
            >
              {disabled ? <p className="w-full text-sm">{reason}</p> : null}
              <div>
                <label htmlFor="config-name" className="label">
                  Config
                </label>
                <input id="config-name" className="field" value={name} onChange={(e) => setName(e.target.value)} />
              </div>
              <div>
                <label htmlFor="config-value" className="label">
                  New value
                </label>
                <input id="config-value" className="field" value={value} onChange={(e) => setValue(e.target.value)} />
              </div>
              <button type="submit" className="btn btn-primary" disabled={disabled || change.isPending}>
                Set on the topic
              </button>
              <button
                type="button"
                className="btn"
                disabled={disabled || change.isPending}
                onClick={() => change.mutate({ delete: [name] })}
              >
                Back to default
              </button>
            </form>
          )}
        </CapabilityAction>
      ) : null}
      <ErrorMessage error={change.error} />
      {configs.isPending ? <Loading label="Loading the configs" /> : null}
      <ErrorMessage error={configs.error} />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Config</th>
            <th scope="col">Value</th>
            <th scope="col">Source</th>
          </tr>
        </thead>
        <tbody>
          {configs.data?.configs.map((c) => (
            <tr key={c.name}>
              <td>{c.name}</td>
              <td className="break-all">{c.sensitive ? "(sensitive)" : (c.value ?? "–")}</td>
              <td>{c.source}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
