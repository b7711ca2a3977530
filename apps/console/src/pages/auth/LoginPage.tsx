import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import type { BusyWait } from "../../api/busy-retry.js";
import { useLogin } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";

export function LoginPage() {
  // Set while the service is busy and the login waits to be sent again; cleared when it is answered.
  const [busy, setBusy] = useState<BusyWait>();
  const login = useLogin(setBusy);
  const navigate = useNavigate();
  const { next } = useSearch({ from: "/login" });
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  return (
    <section className="mx-auto max-w-sm">
      <h1 className="mb-4 text-2xl font-semibold">Sign in</h1>
      <form
        className="card space-y-3"
        onSubmit={(event) => {
          event.preventDefault();
          setBusy(undefined);
          login.mutate(
            { username, password },
            {
              // Only a path of this console: never an address elsewhere.
              onSuccess: () => navigate({ to: next?.startsWith("/") && !next.startsWith("//") ? next : "/" }),
              onSettled: () => setBusy(undefined),
            },
          );
        }}
      >
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
      <p className="mt-4 text-sm">
        <Link to="/api-reference" className="hover:underline">
          API reference
        </Link>{" "}
        (no sign-in needed)
      </p>
    </section>
  );
}
