import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import type { BusyWait } from "../../api/busy-retry.js";
import { providerEndSessionUrl, useAuthProviders, useLogin } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { safeReturnTo, ssoStartHref } from "../access/access-text.js";

/** The service's own accounts, in the form's "Sign in with" choice (the other choices are LDAP providers' ids). */
const LOCAL = "";

export function LoginPage() {
  // Set while the service is busy and the login waits to be sent again; cleared when it is answered.
  const [busy, setBusy] = useState<BusyWait>();
  const login = useLogin(setBusy);
  const navigate = useNavigate();
  const { next } = useSearch({ from: "/login" });
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const providers = useAuthProviders();
  // An OpenID provider is a link to its sign-in; a directory (LDAP) takes the username and password of this form.
  const redirects = providers.data?.filter((p) => p.kind === "oidc") ?? [];
  const directories = providers.data?.filter((p) => p.kind === "ldap") ?? [];
  const [through, setThrough] = useState(LOCAL);
  const endSession = providerEndSessionUrl();
  return (
    <section className="mx-auto max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">Sign in</h1>
      {endSession ? (
        <p className="card mb-4 text-sm">
          You are signed out of this service.{" "}
          <a href={endSession} className="underline">
            Sign out of your identity provider too
          </a>
        </p>
      ) : null}
      <form
        className="card space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(undefined);
          login.mutate(
            { username, password, ...(through === LOCAL ? {} : { provider: through }) },
            {
              // Only a path of this console: never an address elsewhere.
              onSuccess: () => navigate({ to: safeReturnTo(next) }),
              onSettled: () => setBusy(undefined),
            },
          );
        }}
      >
        {directories.length > 0 ? (
          <div>
            <label htmlFor="login-through" className="label">
              Account
            </label>
            <select id="login-through" className="field" value={through} onChange={(e) => setThrough(e.target.value)}>
              <option value={LOCAL}>This service's account</option>
              {directories.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        <div>
          <label htmlFor="username" className="label">
            Username
          </label>
          <input
            id="username"
            className="field"
            autoComplete="username"
            value={username}
            onChange={(e) => setUsername(e.target.value)}
            required
          />
        </div>
        <div>
          <label htmlFor="password" className="label">
            Password
          </label>
          <input
            id="password"
            type="password"
            className="field"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            required
          />
        </div>
        {busy && login.isPending ? (
          <p role="status" aria-live="polite" className="text-sm">
            The service is busy with other sign-ins; trying again in {busy.seconds} s (retry {busy.retry} of {busy.of})…
          </p>
        ) : null}
        <ErrorMessage error={login.error} />
        <button type="submit" className="btn btn-primary" disabled={login.isPending}>
          {login.isPending ? "Signing in…" : "Sign in"}
        </button>
      </form>
      {redirects.length > 0 ? (
        <ul className="mt-4 space-y-2" aria-label="Single sign-on">
          {redirects.map((p) => (
            <li key={p.id}>
              {/* A full page load: the service answers with a redirect to the provider, which comes back to `next`. */}
              <a className="btn block text-center" href={ssoStartHref(p.id, next)}>
                Sign in with {p.name}
              </a>
            </li>
          ))}
        </ul>
      ) : null}
      <ErrorMessage error={providers.error} />
      <p className="mt-4 text-sm">
        <Link to="/api-reference" className="hover:underline">
          API reference
        </Link>{" "}
        (no sign-in needed)
      </p>
    </section>
  );
}
