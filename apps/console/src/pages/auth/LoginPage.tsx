import { Link, useNavigate, useSearch } from "@tanstack/react-router";
import { useState } from "react";
import { useLogin } from "../../api/session.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";

export function LoginPage() {
  const login = useLogin();
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
          login.mutate(
            { username, password },
            // Only a path of this console: never an address elsewhere.
            { onSuccess: () => navigate({ to: next?.startsWith("/") && !next.startsWith("//") ? next : "/" }) },
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
