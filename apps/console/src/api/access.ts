import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { highestRole, type RoleBindingSpec } from "../pages/access/access-text.js";
import { api, unwrap } from "./client.js";
import { type Role, useSession } from "./session.js";

export const MY_ACCESS_KEY = ["access", "me"] as const;

/** The signed-in user's access: its local role or provider, its groups, the bindings that apply to it. */
export function useMyAccess(enabled = true) {
  return useQuery({
    queryKey: MY_ACCESS_KEY,
    queryFn: async () => unwrap(await api.GET("/api/v1/access/me")),
    staleTime: 60_000,
    enabled,
  });
}

/**
 * The role the console offers actions to: the highest the user holds anywhere (its local role, or its bindings' — a
 * user of an identity provider has only those). Until its access is read, the session's role.
 */
export function useOfferedRole(): Role | undefined {
  const session = useSession();
  const access = useMyAccess(Boolean(session.data));
  if (!session.data) return undefined;
  return access.data ? highestRole(access.data) : session.data.role;
}

export function useBindings() {
  return useQuery({
    queryKey: ["access", "bindings"],
    queryFn: async () => unwrap(await api.GET("/api/v1/access/bindings")).bindings,
  });
}

export function useTeams() {
  return useQuery({
    queryKey: ["access", "teams"],
    queryFn: async () => unwrap(await api.GET("/api/v1/access/teams")).teams,
  });
}

export function useCreateBinding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RoleBindingSpec) => unwrap(await api.POST("/api/v1/access/bindings", { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["access"] }),
  });
}

export function useDeleteBinding() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) =>
      unwrap(await api.DELETE("/api/v1/access/bindings/{id}", { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["access"] }),
  });
}
