import { ROLES } from "@kcp/shared/lists";
import { useState } from "react";
import { type NewUser, useChangeUser, useCreateUser, useUsers } from "../../api/admin.js";
import type { Role } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

/** Admin: the service's users, their roles, enabled or disabled (disabling also revokes their API tokens). */
export function UsersPage() {
  const users = useUsers();
  const create = useCreateUser();
  const change = useChangeUser();
  const [draft, setDraft] = useState<NewUser>({ username: "", password: "", role: "viewer" });
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">Users</h1>
      <form
        className="card flex flex-wrap items-end gap-3"
        aria-label="Add a user"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate(draft, { onSuccess: () => setDraft({ username: "", password: "", role: "viewer" }) });
        }}
      >
        <div>
          <label htmlFor="user-name" className="label">
            Username
          </label>
          <input
            id="user-name"
            className="field"
            value={draft.username}
            onChange={(e) => setDraft({ ...draft, username: e.target.value })}
            required
          />
        </div>
        <div>
          <label htmlFor="user-password" className="label">
            Password
          </label>
          <input
            id="user-password"
            type="password"
            autoComplete="new-password"
            className="field"
            value={draft.password}
            onChange={(e) => setDraft({ ...draft, password: e.target.value })}
            required
          />
        </div>
        <div>
          <label htmlFor="user-role" className="label">
            Role
          </label>
          <select
            id="user-role"
            className="field"
            value={draft.role}
            onChange={(e) => setDraft({ ...draft, role: e.target.value as Role })}
          >
            {ROLES.map((r) => (
              <option key={r}>{r}</option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Add user
        </button>
      </form>
      <ErrorMessage error={create.error ?? change.error} />
      {users.isPending ? <Loading label="Loading the users" /> : null}
      <ErrorMessage error={users.error} />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">User</th>
            <th scope="col">Role</th>
            <th scope="col">State</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {users.data?.map((user) => (
            <tr key={user.id}>
              <td>{user.username}</td>
              <td>
                <label className="sr-only" htmlFor={`role-${user.id}`}>
                  Role of {user.username}
                </label>
                <select
                  id={`role-${user.id}`}
                  className="field"
                  value={user.role}
                  onChange={(e) => change.mutate({ id: user.id, change: { role: e.target.value as Role } })}
                >
                  {ROLES.map((r) => (
                    <option key={r}>{r}</option>
                  ))}
                </select>
              </td>
              <td>{user.disabled ? "disabled" : "enabled"}</td>
              <td>
                <button
                  type="button"
                  className="btn"
                  onClick={() => change.mutate({ id: user.id, change: { disabled: !user.disabled } })}
                >
                  {user.disabled ? `Enable ${user.username}` : `Disable ${user.username}`}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
