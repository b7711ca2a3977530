import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { useCluster } from "../../api/clusters.js";
import { type QuotaChange, useQuotaChange, useQuotas } from "../../api/security.js";
import { CapabilityAction } from "../../ui/CapabilityAction.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

type EntityType = QuotaChange["entity"][number]["type"];
type QuotaKey = NonNullable<QuotaChange["remove"]>[number];
type Quota = NonNullable<ReturnType<typeof useQuotas>["data"]>["quotas"][number];
const KEYS: QuotaKey[] = [
  "producer_byte_rate",
  "consumer_byte_rate",
  "request_percentage",
  "controller_mutation_rate",
  "connection_creation_rate",
];

/** Client quotas per entity (user, client id, IP; empty name = the type's default); set or remove one value. */
export function QuotasPage() {
  const { id } = useParams({ from: "/clusters/$id/quotas" });
  const cluster = useCluster(id);
  const quotas = useQuotas(id);
  const change = useQuotaChange(id);
  const [type, setType] = useState<EntityType>("user");
  const [name, setName] = useState("");
  const [key, setKey] = useState<QuotaKey>("producer_byte_rate");
  const [value, setValue] = useState("1048576");
  const entity = [{ type, name: name || null }];
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">Quotas</h1>
        <Link to="/clusters/$id" params={{ id }} className="text-sm hover:underline">
          Back to the cluster
        </Link>
      </div>
      {cluster.data ? (
        <CapabilityAction capabilities={cluster.data.capabilities} flag="manageQuotas">
          {({ disabled, reason }) => (
            <form
              className="card flex flex-wrap items-end gap-3"
              aria-label="Set a quota"
              onSubmit={(event) => {
                event.preventDefault();
                change.mutate({ entity, set: { [key]: Number(value) } });
              }}
            >
              {disabled ? <p className="w-full text-sm">{reason}</p> : null}
              <div>
                <label htmlFor="quota-type" className="label">
                  Entity type
                </label>
                <select
                  id="quota-type"
                  className="field"
                  value={type}
                  onChange={(e) => setType(e.target.value as EntityType)}
                >
                  <option>user</option>
                  <option>client-id</option>
                  <option>ip</option>
                </select>
              </div>
              <div>
                <label htmlFor="quota-name" className="label">
                  Entity name (empty: the default)
                </label>
                <input id="quota-name" className="field" value={name} onChange={(e) => setName(e.target.value)} />
              </div>
              <div>
                <label htmlFor="quota-key" className="label">
                  Quota
                </label>
                <select
                  id="quota-key"
                  className="field"
                  value={key}
                  onChange={(e) => setKey(e.target.value as QuotaKey)}
                >
                  {KEYS.map((k) => (
                    <option key={k}>{k}</option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="quota-value" className="label">
                  Value
                </label>
                <input
                  id="quota-value"
                  type="number"
                  min={0}
                  className="field"
                  value={value}
                  onChange={(e) => setValue(e.target.value)}
                />
              </div>
              <button type="submit" className="btn btn-primary" disabled={disabled || change.isPending}>
                Set quota
              </button>
              <button
                type="button"
                className="btn"
                disabled={disabled || change.isPending}
                onClick={() => change.mutate({ entity, remove: [key] })}
              >
                Remove quota
              </button>
            </form>
          )}
        </CapabilityAction>
      ) : null}
      <ErrorMessage error={change.error} />
      {quotas.isPending ? <Loading label="Loading the quotas" /> : null}
      <ErrorMessage error={quotas.error} />
      <QuotasTable quotas={quotas.data?.quotas} />
    </section>
  );
}

/** Each entity (its type and name, or the type's default) with its quotas. */
function QuotasTable({ quotas }: { quotas: Quota[] | undefined }) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">Entity</th>
          <th scope="col">Quotas</th>
        </tr>
      </thead>
      <tbody>
        {quotas?.map((q) => (
          <tr key={JSON.stringify(q.entity)}>
            <td>{q.entity.map((e) => `${e.type} ${e.name ?? "(default)"}`).join(", ")}</td>
            <td>
              {Object.entries(q.quotas)
                .map(([k, v]) => `${k} = ${v}`)
                .join("; ")}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
