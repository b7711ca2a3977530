import type { components, paths } from "@kcp/api-client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { api, unwrap } from "./client.js";

export type Policy = components["schemas"]["Policy"];
export type PolicySpec = NonNullable<paths["/api/v1/policies"]["post"]["requestBody"]>["content"]["application/json"];
export type Anomaly = components["schemas"]["Anomaly"];
export type PauseRequest = NonNullable<
  paths["/api/v1/autopilot/pause"]["post"]["requestBody"]
>["content"]["application/json"];

const POLL_MS = 5_000;

export function usePolicies() {
  return useQuery({ queryKey: ["policies"], queryFn: async () => unwrap(await api.GET("/api/v1/policies")).policies });
}

export function useCreatePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PolicySpec) => unwrap(await api.POST("/api/v1/policies", { body })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["policies"] }),
  });
}

export function useReplacePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, spec }: { id: string; spec: PolicySpec }) =>
      unwrap(await api.PUT("/api/v1/policies/{id}", { params: { path: { id } }, body: spec })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["policies"] }),
  });
}

export function useDeletePolicy() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => unwrap(await api.DELETE("/api/v1/policies/{id}", { params: { path: { id } } })),
    onSuccess: () => client.invalidateQueries({ queryKey: ["policies"] }),
  });
}

/** Whether the autopilot is enabled and the pauses in force, kept fresh while shown. */
export function useAutopilotStatus() {
  return useQuery({
    queryKey: ["autopilot"],
    queryFn: async () => unwrap(await api.GET("/api/v1/autopilot")),
    refetchInterval: POLL_MS,
  });
}

export function usePauseAutopilot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (body: PauseRequest) => unwrap(await api.POST("/api/v1/autopilot/pause", { body })),
    onSuccess: (status) => client.setQueryData(["autopilot"], status),
  });
}

export function useResumeAutopilot() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (clusterId?: string) =>
      unwrap(
        await api.POST("/api/v1/autopilot/resume", {
          body: clusterId === undefined ? {} : { clusterId },
        }),
      ),
    onSuccess: (status) => client.setQueryData(["autopilot"], status),
  });
}

/** The cluster's newest 100 anomalies (open and cleared) with their timeline, kept fresh while shown. */
export function useAnomalies(clusterId: string) {
  return useQuery({
    queryKey: ["anomalies", clusterId],
    queryFn: async () =>
      unwrap(
        await api.GET("/api/v1/clusters/{id}/anomalies", {
          params: { path: { id: clusterId }, query: { limit: 100 } },
        }),
      ).anomalies,
    refetchInterval: POLL_MS,
  });
}
