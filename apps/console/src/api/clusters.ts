import type { paths } from "@kcp/api-client";
import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { ApiError, api, unwrap } from "./client.js";

export type ClusterView = paths["/api/v1/clusters/{id}"]["get"]["responses"][200]["content"]["application/json"];
export type OverviewItem =
  paths["/api/v1/overview"]["get"]["responses"][200]["content"]["application/json"]["clusters"][number];
export type OverviewAnswer = paths["/api/v1/overview"]["get"]["responses"][200]["content"]["application/json"];
export type RegisterRequest = NonNullable<
  paths["/api/v1/clusters"]["post"]["requestBody"]
>["content"]["application/json"];
export type CapabilityFlag = Exclude<keyof ClusterView["capabilities"], "refusals" | "notes" | "error">;

/** The overview is polled: health changes while the page is open. */
export function useOverview() {
  return useQuery({
    queryKey: ["overview"],
    queryFn: async () => unwrap(await api.GET("/api/v1/overview")).clusters,
    refetchInterval: 15_000,
  });
}

/**
 * One page of the overview, filtered, counted and sorted by the service: `query` is the query string of
 * `GET /api/v1/overview` (labels, health, provider, name, stale, sort, limit, offset). Polled like the overview; the
 * previous answer stays on screen while the next filter's is on its way. A refusal (400: a label selector the service
 * cannot read) is not asked again.
 */
export function useFleetPage(query: string) {
  return useQuery({
    queryKey: ["overview", "page", query],
    queryFn: async () => {
      // The generated client may not type this operation's query yet: the string is built by the page.
      const answer = unwrap(await api.GET("/api/v1/overview", { querySerializer: () => query }));
      return { answer, answeredAt: Date.now(), query };
    },
    placeholderData: keepPreviousData,
    refetchInterval: 15_000,
    retry: (failures, error) => failures < 1 && !(error instanceof ApiError && error.status < 500),
  });
}

/**
 * A cluster's name, health and capabilities, without its snapshot: what every page of a cluster needs to offer its
 * actions. The snapshot (every topic, partition and group) is tens of megabytes on a large cluster.
 */
export function useCluster(id: string) {
  return useQuery({
    queryKey: ["cluster", id],
    queryFn: async () =>
      unwrap(await api.GET("/api/v1/clusters/{id}", { params: { path: { id }, query: { snapshot: "none" } } })),
    refetchInterval: 15_000,
  });
}

/** The same view with its latest snapshot (brokers, quorum, features): the cluster page only. */
export function useClusterWithSnapshot(id: string) {
  return useQuery({
    queryKey: ["cluster", id, "snapshot"],
    queryFn: async () =>
      unwrap(await api.GET("/api/v1/clusters/{id}", { params: { path: { id }, query: { snapshot: "full" } } })),
    refetchInterval: 15_000,
  });
}

export function useRegisterCluster() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: RegisterRequest) => unwrap(await api.POST("/api/v1/clusters", { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["overview"] }),
  });
}

/**
 * Why a flag is false, as the service's note reads (`<flag>: not offered — <why>`), from the flag's refusal; undefined
 * where it has none (a view collected before capabilities carried refusals): the caller says it generically.
 */
export function capabilityNote(capabilities: ClusterView["capabilities"], flag: CapabilityFlag): string | undefined {
  const refusal = capabilities.refusals?.find((r) => r.capability === flag);
  return refusal ? `${flag}: not offered — ${refusal.message}` : undefined;
}
