import { Link, useNavigate, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useOfferedRole } from "../../api/access.js";
import { capabilityNote, useCluster } from "../../api/clusters.js";
import {
  FIRST_FORM_TYPE,
  FORM_OPERATION_TYPES,
  type FormOperationType,
  OPERATION_CAPABILITY,
  type PlanRequest,
  useOperations,
  usePlanOperation,
} from "../../api/operations.js";
import { useOperationParamSchemas } from "../../api/param-schemas.js";
import { hasRole } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { ParamsForm } from "./ParamsForm.js";
import { ParamsError, paramsFrom } from "./params.js";

/** A cluster's operations, newest first, and the form that plans a new one (a dry run: nothing changes yet). */
export function OperationsPage() {
  const { id } = useParams({ from: "/clusters/$id/operations" });
  const operations = useOperations(id);
  const role = useOfferedRole();
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Operations</h1>
        <Link to="/clusters/$id" params={{ id }} className="text-sm hover:underline">
          Back to the cluster
        </Link>
      </div>
      {hasRole(role, "operator") ? <PlanForm clusterId={id} /> : null}
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
  const schemas = useOperationParamSchemas();
  const plan = usePlanOperation(clusterId);
  const navigate = useNavigate();
  const [type, setType] = useState<FormOperationType>(FIRST_FORM_TYPE);
  const [values, setValues] = useState<Record<string, string>>({ electionType: "preferred" });
  const [parseError, setParseError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const capabilities = cluster.data?.capabilities;
  const capability = OPERATION_CAPABILITY[type];
  const available = capabilities ? capabilities[capability] : false;
  const schema = schemas.data?.get(type);
  return (
    <form
      className="card space-y-3"
      aria-labelledby="plan-heading"
      onSubmit={(event) => {
        event.preventDefault();
        let params: Record<string, unknown>;
        try {
          params = paramsFrom(schema ?? {}, values);
          setParseError(null);
          setFieldErrors({});
        } catch (error) {
          setFieldErrors(error instanceof ParamsError ? error.fields : {});
          setParseError(error instanceof ParamsError ? error.message : String(error));
          return;
        }
        plan.mutate({ type, params } as PlanRequest, {
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
            setType(e.target.value as FormOperationType);
            setValues({});
            setFieldErrors({});
            setParseError(null);
          }}
        >
          {FORM_OPERATION_TYPES.map((name) => (
            <option key={name} value={name}>
              {name}
              {capabilities && !capabilities[OPERATION_CAPABILITY[name]] ? " (not available here)" : ""}
            </option>
          ))}
        </select>
      </div>
      {schemas.isPending ? <Loading label="Loading the parameters" /> : null}
      <ErrorMessage error={schemas.error} />
      {schema ? (
        <ParamsForm
          schema={schema}
          values={values}
          errors={fieldErrors}
          onChange={(next) => {
            setValues(next);
            const changed = Object.keys(next).filter((name) => next[name] !== values[name]);
            if (changed.some((name) => fieldErrors[name])) {
              setFieldErrors(
                Object.fromEntries(Object.entries(fieldErrors).filter(([name]) => !changed.includes(name))),
              );
            }
          }}
        />
      ) : null}
      {capabilities && !available ? (
        <p className="text-sm">
          {capabilityNote(capabilities, capability) ?? `This cluster does not offer ${type} (${capability} is false).`}
        </p>
      ) : null}
      <ErrorMessage error={parseError ? new Error(parseError) : plan.error} />
      <button type="submit" className="btn btn-primary" disabled={!available || plan.isPending}>
        {plan.isPending ? "Planning…" : "Plan (dry run)"}
      </button>
    </form>
  );
}
