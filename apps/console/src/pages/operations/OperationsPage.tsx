import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useCluster } from "../../api/clusters.js";
import {
  OPERATION_TYPES,
  type OperationType,
  type PlanRequest,
  useOperations,
  usePlanOperation,
} from "../../api/operations.js";
import { hasRole, useSession } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

/** A cluster's operations, newest first, and the form that plans a new one (a dry run: nothing changes yet). */
export function OperationsPage() {
  const { id } = useParams({ from: "/clusters/$id/operations" });
  const operations = useOperations(id);
  const session = useSession();
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Operations</h1>
        <Link to="/clusters/$id" params={{ id }} className="text-sm hover:underline">
          Back to the cluster
        </Link>
      </div>
      {hasRole(session.data?.role, "operator") ? <PlanForm clusterId={id} /> : null}
      <section aria-labelledby="history">
        <h2 id="history" className="mb-2 text-lg font-semibold">
          History
        </h2>
        {operations.isPending ? <Loading label="Loading the operations" /> : null}
        <ErrorMessage error={operations.error} />
        <table className="table">
          <thead>
            <tr>
              <th scope="col">Operation</th>
              <th scope="col">Status</th>
              <th scope="col">Summary</th>
              <th scope="col">Created</th>
            </tr>
          </thead>
          <tbody>
            {operations.data?.operations.map((op) => (
              <tr key={op.id}>
                <td>
                  <Link to="/operations/$op" params={{ op: op.id }} className="hover:underline">
                    {op.type}
                  </Link>
                </td>
                <td>{op.status}</td>
                <td>{op.summary}</td>
                <td>{new Date(op.createdAt).toLocaleString()}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </section>
  );
}

function PlanForm({ clusterId }: { clusterId: string }) {
  const cluster = useCluster(clusterId);
  const plan = usePlanOperation(clusterId);
  const navigate = useNavigate();
  const [type, setType] = useState<OperationType>("electLeaders");
  const [params, setParams] = useState(JSON.stringify(OPERATION_TYPES.electLeaders.example, null, 2));
  const [parseError, setParseError] = useState<string | null>(null);
  const capabilities = cluster.data?.capabilities;
  const available = capabilities ? capabilities[OPERATION_TYPES[type].capability] : false;
  return (
    <form
      className="card space-y-3"
      aria-labelledby="plan-heading"
      onSubmit={(event) => {
        event.preventDefault();
        let parsed: unknown;
        try {
          parsed = JSON.parse(params || "{}");
          setParseError(null);
        } catch {
          setParseError("The parameters are not valid JSON");
          return;
        }
        plan.mutate({ type, params: parsed } as PlanRequest, {
          onSuccess: (op) => navigate({ to: "/operations/$op", params: { op: op.id } }),
        });
      }}
    >
      <h2 id="plan-heading" className="text-lg font-semibold">
        Plan an operation
      </h2>
      <p className="text-sm">Planning is a dry run: you see the steps, moves and risks, and confirm them after.</p>
      <div>
        <label htmlFor="op-type" className="label">
          Operation type
        </label>
        <select
          id="op-type"
          className="field max-w-sm"
          value={type}
          onChange={(e) => {
            const next = e.target.value as OperationType;
            setType(next);
            setParams(JSON.stringify(OPERATION_TYPES[next].example, null, 2));
          }}
        >
          {Object.entries(OPERATION_TYPES).map(([name, info]) => (
            <option key={name} value={name}>
              {name}
              {capabilities && !capabilities[info.capability] ? " (not available here)" : ""}
            </option>
          ))}
        </select>
      </div>
      <div>
        <label htmlFor="op-params" className="label">
          Parameters (JSON; docs/operations.md lists them per type)
        </label>
        <textarea
          id="op-params"
          className="field font-mono"
          rows={5}
          value={params}
          onChange={(e) => setParams(e.target.value)}
        />
      </div>
      {capabilities && !available ? (
        <p className="text-sm">
          {capabilities.notes?.find((n) => n.includes(OPERATION_TYPES[type].capability)) ??
            `This cluster does not offer ${type} (${OPERATION_TYPES[type].capability} is false).`}
        </p>
      ) : null}
      <ErrorMessage error={parseError ? new Error(parseError) : plan.error} />
      <button type="submit" className="btn btn-primary" disabled={!available || plan.isPending}>
        {plan.isPending ? "Planning…" : "Plan (dry run)"}
      </button>
    </form>
  );
}
