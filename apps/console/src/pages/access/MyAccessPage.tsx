import { useMyAccess } from "../../api/access.js";
import { ErrorMessage } from "../../ui/ErrorMessage.js";
import { Loading } from "../../ui/Loading.js";
import { originText } from "./access-text.js";
import { BindingsTable } from "./BindingsTable.js";

/** The signed-in user's access: its local role or provider, its groups, and the bindings that apply to it. */
export function MyAccessPage() {
  const access = useMyAccess();
  return (
    <section className="space-y-4">
      <h1 className="text-2xl font-semibold">My access</h1>
      {access.isPending ? <Loading label="Loading your access" /> : null}
      <ErrorMessage error={access.error} />
      {access.data ? (
        <>
          <dl className="card grid grid-cols-[max-content_1fr] gap-x-4 gap-y-1 text-sm">
            <dt className="font-semibold">User</dt>
            <dd>{access.data.username}</dd>
            <dt className="font-semibold">Access from</dt>
            <dd data-testid="access-origin">{originText(access.data)}</dd>
            <dt className="font-semibold">Groups</dt>
            <dd data-testid="access-groups">
              {access.data.groups.length > 0 ? access.data.groups.join(", ") : "none"}
            </dd>
          </dl>
          <h2 className="text-lg font-semibold">Bindings that apply to you</h2>
          {access.data.bindings.length > 0 ? (
            <BindingsTable caption="Bindings that apply to you" bindings={access.data.bindings} />
          ) : (
            <p className="text-sm">
              {access.data.role === undefined
                ? "No binding applies to you or your groups: ask an admin for one."
                : `None besides your local role (${access.data.role} on every cluster and resource).`}
            </p>
          )}
        </>
      ) : null}
    </section>
  );
}
