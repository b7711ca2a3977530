import { Link, Navigate, Outlet, useLocation, useNavigate } from "@tanstack/react-router";
import { useOfferedRole } from "../api/access.js";
import { useLogout, useSession } from "../api/session.js";
import { ErrorMessage } from "../ui/ErrorMessage.js";
import { Loading } from "../ui/Loading.js";
import { ThemeToggle } from "../ui/ThemeToggle.js";

/** Pages shown without a session: the login, and the API reference (the OpenAPI document is public too). */
const OPEN_PAGES = ["/login", "/api-reference"];

/** Every page: a skip link, the header (nav, the session's user and role, theme, logout), the page itself. */
export function Shell() {
  const session = useSession();
  const location = useLocation();
  const open = OPEN_PAGES.includes(location.pathname);
  if (session.isPending) return <Loading label="Opening the console" />;
  if (session.isError) return <ErrorMessage error={session.error} />;
  if (!session.data && !open) return <Navigate to="/login" search={{ next: location.href }} />;
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:p-2">
        Skip to content
      </a>
      <header className="border-b border-slate-300 bg-white dark:border-slate-700 dark:bg-slate-900">
        <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-4 px-4 py-2">
          <Link to="/" className="font-semibold">
            Kafka control plane
          </Link>
          {session.data ? <SignedIn username={session.data.username} /> : null}
          <div className="ml-auto">
            <ThemeToggle />
          </div>
        </div>
      </header>
      <main id="main" className="mx-auto max-w-7xl px-4 py-6">
        <Outlet />
      </main>
    </>
  );
}

/** The user, and the highest role it holds anywhere (its local role, or its bindings'), with its pages. */
function SignedIn({ username }: { username: string }) {
  const role = useOfferedRole();
  const logout = useLogout();
  const navigate = useNavigate();
  return (
    <>
      <nav aria-label="Main">
        <ul className="flex gap-3 text-sm">
          <li>
            <Link to="/" activeOptions={{ exact: true }} className="hover:underline [&.active]:font-semibold">
              Clusters
            </Link>
          </li>
          <li>
            <Link to="/autopilot" className="hover:underline [&.active]:font-semibold">
              Autopilot
            </Link>
          </li>
          <li>
            <Link to="/audit" className="hover:underline [&.active]:font-semibold">
              Audit log
            </Link>
          </li>
          <li>
            <Link to="/tokens" className="hover:underline [&.active]:font-semibold">
              API tokens
            </Link>
          </li>
          <li>
            <Link to="/my-access" className="hover:underline [&.active]:font-semibold">
              My access
            </Link>
          </li>
          <li>
            <Link to="/api-reference" className="hover:underline [&.active]:font-semibold">
              API reference
            </Link>
          </li>
          {role === "admin" ? (
            <>
              <li>
                <Link to="/users" className="hover:underline [&.active]:font-semibold">
                  Users
                </Link>
              </li>
              <li>
                <Link to="/access" className="hover:underline [&.active]:font-semibold">
                  Access
                </Link>
              </li>
              <li>
                <a href="/admin/queues" className="hover:underline">
                  Queue dashboard
                </a>
              </li>
            </>
          ) : null}
        </ul>
      </nav>
      <p className="text-sm" data-testid="session-user">
        Signed in as <strong>{username}</strong> ({role ?? "no role"})
      </p>
      <button
        type="button"
        className="btn"
        onClick={() => logout.mutate(undefined, { onSettled: () => navigate({ to: "/login", search: {} }) })}
      >
        Log out
      </button>
    </>
  );
}
