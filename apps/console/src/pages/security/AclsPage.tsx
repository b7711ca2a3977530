import { ACL_OPERATIONS, ACL_PATTERN_TYPES, ACL_PERMISSIONS, ACL_RESOURCE_TYPES } from "@kcp/shared/lists";
import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useCluster } from "../../api/clusters.js";
import { type AclBinding, useAclChange, useAcls } from "../../api/security.js";
import { CapabilityAction } from "../../ui/CapabilityAction.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

type AclOperation = (typeof ACL_OPERATIONS)[number];
/** The form offers every operation of the contract but brokers' own (CLUSTER_ACTION), tokens' and two-phase commit's. */
const NOT_OFFERED: ReadonlySet<AclOperation> = new Set<AclOperation>([
  "CLUSTER_ACTION",
  "CREATE_TOKENS",
  "DESCRIBE_TOKENS",
  "TWO_PHASE_COMMIT",
]);
const OPERATIONS = ACL_OPERATIONS.filter((operation) => !NOT_OFFERED.has(operation));

const EMPTY: AclBinding = {
  resourceType: "TOPIC",
  resourceName: "",
  patternType: "LITERAL",
  principal: "User:",
  host: "*",
  operation: "READ",
  permission: "ALLOW",
};

/** The cluster's ACL bindings; add one, delete one (manageAcls). */
export function AclsPage() {
  const { id } = useParams({ from: "/clusters/$id/acls" });
  const cluster = useCluster(id);
  const acls = useAcls(id);
  const change = useAclChange(id);
  const [binding, setBinding] = useState<AclBinding>(EMPTY);
  const set = (patch: Partial<AclBinding>) => setBinding({ ...binding, ...patch });
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">ACLs</h1>
        <Link to="/clusters/$id" params={{ id }} className="text-sm hover:underline">
          Back to the cluster
        </Link>
      </div>
      {cluster.data ? (
        <CapabilityAction capabilities={cluster.data.capabilities} flag="manageAcls">
          {({ disabled, reason }) => (
            <form
              className="card flex flex-wrap items-end gap-3"
              aria-label="Add an ACL"
              onSubmit={(event) => {
                event.preventDefault();
                change.mutate({ binding }, { onSuccess: () => setBinding(EMPTY) });
              }}
            >
              {disabled ? <p className="w-full text-sm">{reason}</p> : null}
              <Select
                label="Resource type"
                value={binding.resourceType}
                options={ACL_RESOURCE_TYPES}
                onChange={(v) => set({ resourceType: v })}
              />
              <Text label="Resource name" value={binding.resourceName} onChange={(v) => set({ resourceName: v })} />
              <Select
                label="Pattern"
                value={binding.patternType}
                options={ACL_PATTERN_TYPES}
                onChange={(v) => set({ patternType: v })}
              />
              <Text label="Principal" value={binding.principal} onChange={(v) => set({ principal: v })} />
              <Text label="Host" value={String(binding.host)} onChange={(v) => set({ host: v })} />
              <Select
                label="Operation"
                value={binding.operation}
                options={OPERATIONS}
                onChange={(v) => set({ operation: v })}
              />
              <Select
                label="Permission"
                value={binding.permission}
                options={ACL_PERMISSIONS}
                onChange={(v) => set({ permission: v })}
              />
              <button type="submit" className="btn btn-primary" disabled={disabled || change.isPending}>
                Add ACL
              </button>
            </form>
          )}
        </CapabilityAction>
      ) : null}
      <ErrorMessage error={change.error} />
      {acls.isPending ? <Loading label="Loading the ACLs" /> : null}
      <ErrorMessage error={acls.error} />
      <table className="table">
        <caption className="text-left text-sm">{acls.data ? `${acls.data.total} binding(s)` : ""}</caption>
        <thead>
          <tr>
            <th scope="col">Resource</th>
            <th scope="col">Principal</th>
            <th scope="col">Host</th>
            <th scope="col">Operation</th>
            <th scope="col">Permission</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {acls.data?.bindings.map((b) => (
            <tr key={JSON.stringify(b)}>
              <td>
                {b.resourceType} {b.patternType === "PREFIXED" ? `${b.resourceName}*` : b.resourceName}
              </td>
              <td>{b.principal}</td>
              <td>{String(b.host)}</td>
              <td>{b.operation}</td>
              <td>{b.permission}</td>
              <td>
                {cluster.data ? (
                  <CapabilityAction capabilities={cluster.data.capabilities} flag="manageAcls">
                    {({ disabled }) => (
                      <button
                        type="button"
                        className="btn"
                        disabled={disabled || change.isPending}
                        aria-label={`Delete ACL ${b.operation} ${b.permission} for ${b.principal} on ${b.resourceName}`}
                        onClick={() => change.mutate({ binding: b as AclBinding, remove: true })}
                      >
                        Delete
                      </button>
                    )}
                  </CapabilityAction>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

function Text({ label, value, onChange }: { label: string; value: string; onChange: (value: string) => void }) {
  const id = `acl-${label.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <input id={id} className="field" value={value} onChange={(e) => onChange(e.target.value)} required />
    </div>
  );
}

function Select<T extends string>(props: {
  label: string;
  value: T;
  options: readonly T[];
  onChange: (value: T) => void;
}) {
  const id = `acl-${props.label.toLowerCase().replaceAll(" ", "-")}`;
  return (
    <div>
      <label htmlFor={id} className="label">
        {props.label}
      </label>
      <select id={id} className="field" value={props.value} onChange={(e) => props.onChange(e.target.value as T)}>
        {props.options.map((o) => (
          <option key={o}>{o}</option>
        ))}
      </select>
    </div>
  );
}
