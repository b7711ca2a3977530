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

/** Logs in; while the service's password checks are all busy, tries again after its Retry-After (`onWait` says so). */
export function useLogin(onWait?: (wait: BusyWait) => void) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: { username: string; password: string }) =>
      unwrap(
        await retryWhileBusy(() => api.POST("/api/v1/auth/login", { body }), {
          retries: LOGIN_RETRIES,
          maxWaitSeconds: 5,
          ...(onWait ? { onWait } : {}),
        }),
      ),
    onSuccess: async () => {
      setSignedOut(false);
      client.clear();
      await client.invalidateQueries({ queryKey: SESSION_KEY });
    },
  });
}

export function useLogout() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => {
      const result = await api.POST("/api/v1/auth/logout", {});
      if (!result.response.ok && result.response.status !== 401) unwrap(result);
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
