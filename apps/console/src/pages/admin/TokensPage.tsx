import { useState } from "react";
import { useCreateToken, useRevokeToken, useTokens } from "../../api/admin.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";

/** API tokens for automation: create one (its secret is shown once), see them all, revoke one. */
export function TokensPage() {
  const tokens = useTokens();
  const create = useCreateToken();
  const revoke = useRevokeToken();
  const [name, setName] = useState("");
  const [days, setDays] = useState(90);
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">API tokens</h1>
      <p className="text-sm">
        Automation sends <code>Authorization: Bearer &lt;token&gt;</code> (and <code>X-Service-Request: 1</code> on
        writes). A token never has a role above its owner's.
      </p>
      <form
        className="card flex flex-wrap items-end gap-3"
        aria-label="Create a token"
        onSubmit={(event) => {
          event.preventDefault();
          create.mutate({ name, expiresInDays: days }, { onSuccess: () => setName("") });
        }}
      >
        <div>
          <label htmlFor="token-name" className="label">
            Token name
          </label>
          <input id="token-name" className="field" value={name} onChange={(e) => setName(e.target.value)} required />
        </div>
        <div>
          <label htmlFor="token-days" className="label">
            Expires in (days)
          </label>
          <input
            id="token-days"
            type="number"
            min={1}
            max={365}
            className="field w-28"
            value={days}
            onChange={(e) => setDays(Number(e.target.value))}
          />
        </div>
        <button type="submit" className="btn btn-primary" disabled={create.isPending}>
          Create token
        </button>
      </form>
      {create.data ? (
        <div role="status" className="card border-amber-600">
          <p className="text-sm">
            The secret of <strong>{create.data.token.name}</strong>, shown this once — copy it now:
          </p>
          <code className="block break-all py-2" data-testid="token-secret">
            {create.data.secret}
          </code>
        </div>
      ) : null}
      <ErrorMessage error={create.error ?? revoke.error} />
      {tokens.isPending ? <Loading label="Loading the tokens" /> : null}
      <ErrorMessage error={tokens.error} />
      <table className="table">
        <thead>
          <tr>
            <th scope="col">Name</th>
            <th scope="col">Owner</th>
            <th scope="col">Role</th>
            <th scope="col">Expires</th>
            <th scope="col">Last used</th>
            <th scope="col">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {tokens.data?.map((token) => (
            <tr key={token.id}>
              <td>{token.name}</td>
              <td>{token.owner.username}</td>
              <td>{token.role}</td>
              <td>{new Date(token.expiresAt).toLocaleDateString()}</td>
              <td>{token.lastUsedAt ? new Date(token.lastUsedAt).toLocaleString() : "never"}</td>
              <td>
                <button
                  type="button"
                  className="btn"
                  disabled={revoke.isPending}
                  onClick={() => revoke.mutate(token.id)}
                >
                  Revoke {token.name}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
