import type { paths } from "@kcp/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { type BusyWait, retryWhileBusy } from "./busy-retry.js";
import { ApiError, api, unwrap } from "./client.js";

export type SessionUser = paths["/api/v1/auth/me"]["get"]["responses"][200]["content"]["application/json"]["user"];
export type Role = SessionUser["role"];

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

/** Whether a user of `role` may do what `needed` may. */
export function hasRole(role: Role | undefined, needed: Role): boolean {
  return role !== undefined && RANK[role] >= RANK[needed];
}

export const SESSION_KEY = ["session"] as const;

/** The signed-in user, or null when there is no session (401). */
export function useSession() {
  return useQuery({
    queryKey: SESSION_KEY,
    queryFn: async (): Promise<SessionUser | null> => {
      try {
        return unwrap(await api.GET("/api/v1/auth/me")).user;
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) return null;
        throw error;
      }
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
    onSettled: () => {
      client.clear();
      client.setQueryData(SESSION_KEY, null);
    },
  });
}
