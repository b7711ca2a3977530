import { REQUESTED_ACTION_FROM } from "@kcp/shared/lists";
import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useOfferedRole } from "../../api/access.js";
import { useCluster } from "../../api/clusters.js";
import { type Operation, useOperation, useOperationAction } from "../../api/operations.js";
import { hasRole, useSession } from "../../api/session.js";
import { ConfirmByTyping } from "../../ui/ConfirmByTyping.js";
import { formatSize } from "../../ui/charts/chart-math.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { useNow } from "../../ui/useNow.js";
import { DesiredChanges } from "./DesiredChanges.js";
import { isDesiredStateOperation } from "./desired-diff.js";
import { LoadChart } from "./LoadChart.js";
import { MovementProgress } from "./MovementProgress.js";

/** One operation: its plan (the dry run) until confirmed, then its live progress, with pause, resume and cancel. */
export function OperationPage() {
  const { op } = useParams({ from: "/operations/$op" });
  const operation = useOperation(op);
  if (operation.isPending) return <Loading label="Loading the operation" />;
  if (operation.isError) return <ErrorMessage error={operation.error} />;
  return <OperationView operation={operation.data} />;
}

function OperationView({ operation }: { operation: Operation }) {
  const cluster = useCluster(operation.clusterId);
  const session = useSession();
  const canAct = hasRole(useOfferedRole(), "operator");
  const done = operation.steps.filter((s) => s.status === "succeeded" || s.status === "skipped").length;
  return (
    <section className="space-y-6">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">
          {operation.type} on {cluster.data?.cluster.name ?? operation.clusterId}
        </h1>
        <span className="rounded bg-slate-200 px-2 py-0.5 text-sm font-semibold dark:bg-slate-700" data-testid="status">
          {operation.status}
        </span>
        <Link to="/clusters/$id/operations" params={{ id: operation.clusterId }} className="text-sm hover:underline">
          All operations
        </Link>
      </div>
      <p>{operation.summary}</p>
      {operation.error ? <ErrorMessage error={new Error(operation.error)} /> : null}
      <Explanation operation={operation} />
      <Plan operation={operation} />
      {isDesiredStateOperation(operation) ? <DesiredChanges key={operation.id} params={operation.params} /> : null}
      {canAct ? (
        <Actions operation={operation} clusterName={cluster.data?.cluster.name} username={session.data?.username} />
      ) : null}
      {operation.details ? <MovementProgress operation={operation} details={operation.details} /> : null}
      <section aria-labelledby="steps">
        <h2 id="steps" className="mb-2 text-lg font-semibold">
          Steps ({done} of {operation.steps.length} done)
        </h2>
        <progress className="w-full" max={Math.max(1, operation.steps.length)} value={done} aria-label="Steps done" />
        <ol className="mt-2 list-decimal space-y-1 pl-6 text-sm">
          {operation.steps.map((step) => (
            <li key={step.index}>
              {step.name} — <strong>{step.status}</strong>
              {step.error ? `: ${step.error}` : ""}
            </li>
          ))}
        </ol>
      </section>
    </section>
  );
}

/** Why the autopilot planned it: the policy, the anomaly as measured, the guard rails it passed, why only proposed. */
function Explanation({ operation }: { operation: Operation }) {
  const why = operation.explanation;
  if (!why) return null;
  const facts = Object.entries(why.anomaly.facts).map(([k, v]) => `${k} ${v}`);
  return (
    <section aria-labelledby="why" className="card space-y-2">
      <h2 id="why" className="text-lg font-semibold">
        Why the autopilot planned it
      </h2>
      <p>
        Policy <strong>{why.policy}</strong> ({why.mode} mode) answered <strong>{why.anomaly.code}</strong>:{" "}
        {why.anomaly.message}, first seen {new Date(why.anomaly.firstSeenAt).toLocaleString()}
        {facts.length > 0 ? ` (${facts.join(", ")})` : ""}.
      </p>
      {why.proposedBecause ? (
        <p role="status">
          Proposed for a person to confirm: {why.proposedBecause.message} ({why.proposedBecause.code})
        </p>
      ) : null}
      <h3 className="font-semibold">Guard rails it passed</h3>
      <ul className="list-disc pl-6 text-sm">
        {why.admitted.map((rail) => (
          <li key={rail}>{rail}</li>
        ))}
      </ul>
    </section>
  );
}

function Plan({ operation }: { operation: Operation }) {
  const plan = operation.plan;
  if (!plan) return null;
  return (
    <section aria-labelledby="plan" className="card space-y-3">
      <h2 id="plan" className="text-lg font-semibold">
        Plan
      </h2>
      {plan.warnings.length === 0 ? <p className="text-sm">No warning.</p> : null}
      {plan.dataToMoveBytes === undefined ? <p className="text-sm">No data moves between brokers.</p> : null}
      {plan.warnings.length > 0 ? (
        <ul className="list-disc pl-5 text-sm">
          {plan.warnings.map((w) => (
            <li key={w}>
              <strong>Warning:</strong> {w}
            </li>
          ))}
        </ul>
      ) : null}
      <dl className="grid grid-cols-2 gap-2 text-sm md:grid-cols-4">
        {plan.dataToMoveBytes !== undefined ? (
          <Figure label="Data to move" value={formatSize(plan.dataToMoveBytes)} />
        ) : null}
        {plan.dataToMoveLowerBoundBytes !== undefined ? (
          <Figure label="Least any plan must move" value={formatSize(plan.dataToMoveLowerBoundBytes)} />
        ) : null}
        {plan.etaSeconds !== undefined ? <Figure label="Expected duration" value={`${plan.etaSeconds} s`} /> : null}
        {plan.movesTotal !== undefined ? <Figure label="Partition moves" value={String(plan.movesTotal)} /> : null}
      </dl>
      {plan.goals && plan.goals.length > 0 ? (
        <table className="table">
          <caption className="text-left text-sm">Goals, in priority order</caption>
          <thead>
            <tr>
              <th scope="col">Goal</th>
              <th scope="col">Kind</th>
              <th scope="col">Before → after</th>
              <th scope="col">Status</th>
            </tr>
          </thead>
          <tbody>
            {plan.goals.map((g) => (
              <tr key={g.goal}>
                <td>{g.goal}</td>
                <td>{g.kind}</td>
                <td>
                  {g.before} → {g.after}
                </td>
                <td>
                  {g.status}
                  {g.why ? ` (${g.why})` : ""}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
      {plan.before && plan.after ? <LoadChart plan={plan} before={plan.before} after={plan.after} /> : null}
    </section>
  );
}

function Figure({ label, value }: { label: string; value: string }) {
  return (
    <div>
      <dt className="text-slate-600 dark:text-slate-300">{label}</dt>
      <dd className="font-medium">{value}</dd>
    </div>
  );
}

function Actions({
  operation,
  clusterName,
  username,
}: {
  operation: Operation;
  clusterName: string | undefined;
  username: string | undefined;
}) {
  const action = useOperationAction(operation.id);
  const [typing, setTyping] = useState(false);
  const planned = operation.status === "planned";
  // A four-eyes rule holds: its planner may not confirm it (the service refuses 403 approval_required).
  const awaiting = planned && operation.approval?.awaiting === true;
  const ownPlan = awaiting && operation.approval?.plannedBy === username;
  const now = useNow(planned);
  const left = Math.max(0, Math.round((Date.parse(operation.expiresAt) - now) / 1000));
  const offers = (request: keyof typeof REQUESTED_ACTION_FROM) =>
    (REQUESTED_ACTION_FROM[request] as readonly string[]).includes(operation.status);
  return (
    <section aria-label="Actions" className="space-y-2">
      {planned ? (
        <p className="text-sm" aria-live="off">
          {left > 0
            ? `The plan expires in ${Math.floor(left / 60)} min ${left % 60} s unless confirmed.`
            : "The plan has expired: plan again."}
        </p>
      ) : null}
      {awaiting ? (
        <p role="status" data-testid="awaiting-approval">
          <strong>Awaiting approval by another operator</strong>: planned by {operation.approval?.plannedBy};{" "}
          {operation.approval?.approvers} may confirm it
          {ownPlan ? " — not you, who planned it." : "."}
        </p>
      ) : null}
      {operation.approval?.approvedBy ? (
        <p className="text-sm" data-testid="approved">
          Four-eyes approval: planned by {operation.approval.plannedBy}, approved by {operation.approval.approvedBy}.
        </p>
      ) : null}
      <div className="flex flex-wrap gap-2">
        {planned && !operation.irreversible ? (
          <button
            type="button"
            className="btn btn-primary"
            disabled={action.isPending || left === 0 || ownPlan}
            onClick={() => action.mutate({ action: "confirm" })}
          >
            Confirm and run
          </button>
        ) : null}
        {planned && operation.irreversible ? (
          <button
            type="button"
            className="btn btn-danger"
            disabled={left === 0 || ownPlan}
            onClick={() => setTyping(true)}
          >
            Confirm (irreversible)…
          </button>
        ) : null}
        {offers("pause") ? (
          <button type="button" className="btn" onClick={() => action.mutate({ action: "pause" })}>
            Pause
          </button>
        ) : null}
        {offers("resume") ? (
          <button type="button" className="btn" onClick={() => action.mutate({ action: "resume" })}>
            Resume
          </button>
        ) : null}
        {offers("cancel") ? (
          <button type="button" className="btn" onClick={() => action.mutate({ action: "cancel" })}>
            Cancel
          </button>
        ) : null}
      </div>
      {typing && clusterName ? (
        <ConfirmAnyName
          clusterName={clusterName}
          busy={action.isPending}
          onCancel={() => setTyping(false)}
          onConfirm={(typed) => action.mutate({ action: "confirm", confirmName: typed })}
        />
      ) : null}
      <ErrorMessage error={action.error} />
    </section>
  );
}

/**
 * The cluster's name typed back. The service checks it (422 confirmation_mismatch): the console sends what was typed
 * so a wrong name gets the service's own refusal.
 */
function ConfirmAnyName(props: {
  clusterName: string;
  busy: boolean;
  onCancel: () => void;
  onConfirm: (typed: string) => void;
}) {
  return (
    <ConfirmByTyping
      name={props.clusterName}
      action="Running this irreversible operation"
      busy={props.busy}
      allowMismatch
      onCancel={props.onCancel}
      onConfirm={props.onConfirm}
    />
  );
}
