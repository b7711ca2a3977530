import type { ClusterView } from "../../api/clusters.js";

/**
 * What the operator of an operator-managed cluster reports (the snapshot's `operator`): whether it can take a change
 * now and why not, its node pools, and its resources' status conditions.
 */
export function OperatorSection({ view }: { view: ClusterView }) {
  const operator = view.snapshot?.operator;
  if (!operator) return null;
  return (
    <section aria-labelledby="operator">
      <h2 id="operator" className="mb-2 text-lg font-semibold">
        Strimzi operator
      </h2>
      <p className="text-sm">
        {operator.resource}: {operator.ready ? "ready" : "not ready"}, Kafka {operator.kafkaVersion ?? "–"}, metadata
        version {operator.metadataVersion ?? "–"}
      </p>
      {operator.reasons.length > 0 ? (
        <ul className="mt-1 list-disc pl-5 text-sm">
          {operator.reasons.map((reason) => (
            <li key={reason}>{reason}</li>
          ))}
        </ul>
      ) : null}
      <table className="table mt-2">
        <caption className="sr-only">Node pools</caption>
        <thead>
          <tr>
            <th scope="col">Node pool</th>
            <th scope="col">Roles</th>
            <th scope="col">Replicas</th>
            <th scope="col">Reconciled</th>
            <th scope="col">Node ids</th>
          </tr>
        </thead>
        <tbody>
          {operator.pools.map((pool) => (
            <tr key={pool.name}>
              <td>{pool.name}</td>
              <td>{pool.roles.join(", ")}</td>
              <td>{pool.replicas}</td>
              <td>{pool.readyReplicas ?? "–"}</td>
              <td>{pool.nodeIds.join(", ")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <table className="table mt-2">
        <caption className="sr-only">Status conditions</caption>
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col">Condition</th>
            <th scope="col">Status</th>
            <th scope="col">Reason</th>
          </tr>
        </thead>
        <tbody>
          {operator.conditions.map((c) => (
            <tr key={`${c.resource}-${c.type}`}>
              <td>{c.resource}</td>
              <td>{c.type}</td>
              <td>{c.status}</td>
              <td>{[c.reason, c.message].filter(Boolean).join(": ") || "–"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
