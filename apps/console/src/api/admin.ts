import type { paths } from "@kcp/api-client";
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "./client.js";

export type AuditFilter = Omit<NonNullable<paths["/api/v1/audit"]["get"]["parameters"]["query"]>, "before" | "limit">;
export type NewUser = NonNullable<paths["/api/v1/users"]["post"]["requestBody"]>["content"]["application/json"];
export type UserChange = NonNullable<
  paths["/api/v1/users/{id}"]["patch"]["requestBody"]
>["content"]["application/json"];
export type NewToken = NonNullable<paths["/api/v1/tokens"]["post"]["requestBody"]>["content"]["application/json"];

/** The audit log, newest first, 100 entries a page, older pages by cursor ("before"). */
export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery({
    queryKey: ["audit", filter],
    initialPageParam: undefined as string | undefined,
    queryFn: async ({ pageParam }) =>
      unwrap(
        await api.GET("/api/v1/audit", {
          params: { query: { ...filter, limit: 100, ...(pageParam ? { before: pageParam } : {}) } },
        }),
      ),
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  });
}

export function useUsers() {
  return useQuery({ queryKey: ["users"], queryFn: async () => unwrap(await api.GET("/api/v1/users")).users });
}

export function useCreateUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewUser) => unwrap(await api.POST("/api/v1/users", { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["users"] }),
  });
}

export function useChangeUser() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, change }: { id: string; change: UserChange }) =>
      unwrap(await api.PATCH("/api/v1/users/{id}", { params: { path: { id } }, body: change })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["users"] }),
  });
}

export function useTokens() {
  return useQuery({ queryKey: ["tokens"], queryFn: async () => unwrap(await api.GET("/api/v1/tokens")).tokens });
}

/** The answer carries the secret: shown once by the page, never stored by the console. */
export function useCreateToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: NewToken) => unwrap(await api.POST("/api/v1/tokens", { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["tokens"] }),
  });
}

export function useRevokeToken() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE("/api/v1/tokens/{id}", { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["tokens"] }),
  });
}
