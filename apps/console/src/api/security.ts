import type { paths } from "@kcp/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "./client.js";

export type AclBinding = NonNullable<
  paths["/api/v1/clusters/{id}/acls"]["post"]["requestBody"]
>["content"]["application/json"];
export type QuotaChange = NonNullable<
  paths["/api/v1/clusters/{id}/quotas"]["put"]["requestBody"]
>["content"]["application/json"];
export type ScramMechanism = "SCRAM-SHA-256" | "SCRAM-SHA-512";

export function useAcls(id: string) {
  return useQuery({
    queryKey: ["acls", id],
    queryFn: async () =>
      unwrap(await api.GET("/api/v1/clusters/{id}/acls", { params: { path: { id }, query: { limit: 1000 } } })),
  });
}

export function useAclChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ binding, remove }: { binding: AclBinding; remove?: boolean }) => {
      const options = { params: { path: { id } }, body: binding };
      if (remove) return unwrap(await api.DELETE("/api/v1/clusters/{id}/acls", options));
      return unwrap(await api.POST("/api/v1/clusters/{id}/acls", options));
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["acls", id] }),
  });
}

export function useQuotas(id: string) {
  return useQuery({
    queryKey: ["quotas", id],
    queryFn: async () => unwrap(await api.GET("/api/v1/clusters/{id}/quotas", { params: { path: { id } } })),
  });
}

export function useQuotaChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: QuotaChange) =>
      unwrap(await api.PUT("/api/v1/clusters/{id}/quotas", { params: { path: { id } }, body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["quotas", id] }),
  });
}

export function useScramUsers(id: string) {
  return useQuery({
    queryKey: ["scram", id],
    queryFn: async () => unwrap(await api.GET("/api/v1/clusters/{id}/scram-users", { params: { path: { id } } })),
  });
}

/** Set (with a password, write-only) or delete one user's credential for one mechanism. */
export function useScramChange(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (change: { user: string; mechanism: ScramMechanism; password?: string; iterations?: number }) => {
      const path = { id, user: change.user, mechanism: change.mechanism };
      if (change.password === undefined) {
        return unwrap(
          await api.DELETE("/api/v1/clusters/{id}/scram-users/{user}/{mechanism}", {
            params: { path },
          }),
        );
      }
      return unwrap(
        await api.PUT("/api/v1/clusters/{id}/scram-users/{user}/{mechanism}", {
          params: { path },
          body: { password: change.password, ...(change.iterations ? { iterations: change.iterations } : {}) },
        }),
      );
    },
    onSuccess: () => client.invalidateQueries({ queryKey: ["scram", id] }),
  });
}
