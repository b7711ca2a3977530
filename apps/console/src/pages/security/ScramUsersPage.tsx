import { Link, useParams } from "@tanstack/react-router";
import { useState } from "react";
import { type ClusterView, useCluster } from "../../api/clusters.js";
import { type ScramMechanism, useScramChange, useScramUsers } from "../../api/security.js";
import { CapabilityAction } from "../../ui/CapabilityAction.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

const MECHANISMS: ScramMechanism[] = ["SCRAM-SHA-512", "SCRAM-SHA-256"];

type ScramUser = NonNullable<ReturnType<typeof useScramUsers>["data"]>["users"][number];

/** SCRAM users and their mechanisms; set a credential (the password is sent once, never shown) or delete one. */
export function ScramUsersPage() {
  const { id } = useParams({ from: "/clusters/$id/scram-users" });
  const cluster = useCluster(id);
  const users = useScramUsers(id);
  const change = useScramChange(id);
  const [user, setUser] = useState("");
  const [mechanism, setMechanism] = useState<ScramMechanism>("SCRAM-SHA-512");
  const [password, setPassword] = useState("");
  return (
    <section className="space-y-4">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">SCRAM users</h1>
        <Link to="/clusters/$id" params={{ id }} className="text-sm hover:underline">
          Back to the cluster
        </Link>
      </div>
      {cluster.data ? (
        <CapabilityAction capabilities={cluster.data.capabilities} flag="manageScram">
          {({ disabled, reason }) => (
            <form
              className="card flex flex-wrap items-end gap-3"
              aria-label="Set a SCRAM credential"
              onSubmit={(event) => {
                event.preventDefault();
                change.mutate({ user, mechanism, password }, { onSuccess: () => setPassword("") });
              }}
            >
              {disabled ? <p className="w-full text-sm">{reason}</p> : null}
              <div>
                <label htmlFor="scram-user" className="label">
                  User
                </label>
                <input
                  id="scram-user"
                  className="field"
                  value={user}
                  onChange={(e) => setUser(e.target.value)}
                  required
                />
              </div>
              <div>
                <label htmlFor="scram-mechanism" className="label">
                  Mechanism
                </label>
                <select
                  id="scram-mechanism"
                  className="field"
                  value={mechanism}
                  onChange={(e) => setMechanism(e.target.value as ScramMechanism)}
                >
                  {MECHANISMS.map((m) => (
                    <option key={m}>{m}</option>
                  ))}
                </select>
              </div>
              <div>
                <label htmlFor="scram-password" className="label">
                  Password (write-only)
                </label>
                <input
                  id="scram-password"
                  type="password"
                  autoComplete="new-password"
                  className="field"
                  value={password}
                  onChange={(e) => setPassword(e.target.value)}
                  required
                />
              </div>
              <button type="submit" className="btn btn-primary" disabled={disabled || change.isPending}>
                Set credential
              </button>
            </form>
          )}
        </CapabilityAction>
      ) : null}
      <ErrorMessage error={change.error} />
      {users.isPending ? <Loading label="Loading the SCRAM users" /> : null}
      <ErrorMessage error={users.error} />
      <CredentialsTable users={users.data?.users} cluster={cluster.data} change={change} />
    </section>
  );
}

/** One row per user and mechanism, each with its delete action where the cluster can manage SCRAM. */
function CredentialsTable({
  users,
  cluster,
  change,
}: {
  users: ScramUser[] | undefined;
  cluster: ClusterView | undefined;
  change: ReturnType<typeof useScramChange>;
}) {
  return (
    <table className="table">
      <thead>
        <tr>
          <th scope="col">User</th>
          <th scope="col">Mechanism</th>
          <th scope="col">Iterations</th>
          <th scope="col">
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {users?.flatMap((u) =>
          u.credentials.map((c) => (
            <tr key={`${u.user}-${c.mechanism}`}>
              <td>{u.user}</td>
              <td>{c.mechanism}</td>
              <td>{c.iterations}</td>
              <td>
                {cluster ? (
                  <CapabilityAction capabilities={cluster.capabilities} flag="manageScram">
                    {({ disabled }) => (
                      <button
                        type="button"
                        className="btn"
                        disabled={disabled || change.isPending}
                        aria-label={`Delete ${c.mechanism} credential of ${u.user}`}
                        onClick={() => change.mutate({ user: u.user, mechanism: c.mechanism as ScramMechanism })}
                      >
                        Delete
                      </button>
                    )}
                  </CapabilityAction>
                ) : null}
              </td>
            </tr>
          )),
        )}
      </tbody>
    </table>
  );
}
