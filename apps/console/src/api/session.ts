import type { paths } from "@kcp/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type BusyWait, retryWhileBusy } from "./busy-retry.js";
import { api, setSignedOut, unwrap } from "./client.js";

export type SessionUser = paths["/api/v1/auth/me"]["get"]["responses"][200]["content"]["application/json"]["user"];
export type Role = SessionUser["role"];

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

/** Whether a user of `role` may do what `needed` may. */
export function hasRole(role: Role | undefined, needed: Role): boolean {
  return role !== undefined && RANK[role] >= RANK[needed];
}

export const SESSION_KEY = ["session"] as const;

/** The signed-in user, or null when there is no session (the probe answers 200 either way: no error to log). */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<SessionUser | null> => {
      const { user } = unwrap(await api.GET("/api/v1/auth/session"));
      setSignedOut(!user);
      return user ?? null;
    },
    staleTime: 60_000,
  });
}

/** A login the service answers "busy" (429, a short Retry-After) is sent again this many times. */
export const LOGIN_RETRIES = 3;

/**
 * Logs in with a password: the service's own account, or an LDAP provider's (`provider`, its id); while the service's
 * password checks are all busy, tries again after its Retry-After (`onWait` says so).
 */
export function useLogin(onWait?: (wait: BusyWait) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ provider, ...body }: { username: string; password: string; provider?: string }) =>
      unwrap(
        await retryWhileBusy(
          () =>
            provider === undefined
              ? api.POST("/api/v1/auth/login", { body })
              : api.POST("/api/v1/auth/ldap/{provider}/login", { params: { path: { provider } }, body }),
          {
            retries: LOGIN_RETRIES,
            maxWaitSeconds: 5,
            ...(onWait ? { onWait } : {}),
          },
        ),
      ),
    onSuccess: async () => {
      endSessionUrl = undefined;
      setSignedOut(false);
      client.clear();
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

/** The end-session address of the provider the last logout's user signed in through (http or https only). */
let endSessionUrl: string | undefined;

/** Where the user may end its session at its identity provider too, after a logout here; none after a login. */
export function providerEndSessionUrl(): string | undefined {
  return endSessionUrl;
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await api.POST("/api/v1/auth/logout", {});
      if (!result.response.ok && result.response.status !== 401) unwrap(result);
      const offered = result.data?.endSessionUrl;
      endSessionUrl = offered && /^https?:\/\//.test(offered) ? offered : undefined;
    },
    // So that no request meets the ended session (a 401 the browser would log): the logout waits for the requests in
    // flight (a page's first read, a poll) to be answered, up to 3 s; once it is done nothing more is sent (setSignedOut),
    // the session is none (the shell leaves every page for the login) and the cached answers are dropped — none kept
    // for whoever signs in next.
    onMutate: async () => {
      const until = Date.now() + 3000;
      while (client.isFetching() > 0 && Date.now() < until) await new Promise((resolve) => setTimeout(resolve, 25));
    },
    onSettled: () => {
      setSignedOut(true);
      client.setQueryData(SESSION_KEY, null);
      client.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_KEY[0] });
    },
  });
}

/** The identity providers one can sign in through (none when the service has none configured). */
export function useAuthProviders() {
  return useQuery({
    queryKey: ["auth", "providers"],
    queryFn: async () => unwrap(await api.GET("/api/v1/auth/providers")).providers,
    staleTime: 5 * 60_000,
  });
}
