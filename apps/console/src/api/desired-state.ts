import type { components } from "@kcp/api-client";
import { useQuery } from "@tanstack/react-query";
import { api, unwrap } from "./client.js";

export type DesiredStateDrift = components["schemas"]["DesiredStateDriftResponse"];

/**
 * How the cluster differs from its last applied desired state (read from Kafka now by the service, so asked once when
 * the panel comes into view and again on "Check again", never polled). A cluster without applied files answers from
 * the store alone: `applied` empty.
 */
export function useDesiredStateDrift(clusterId: string, enabled: boolean) {
  return useQuery({
    queryKey: ["desired-state-drift", clusterId],
    queryFn: async () =>
      unwrap(await api.GET("/api/v1/clusters/{id}/desired-state/drift", { params: { path: { id: clusterId } } })),
    enabled,
    staleTime: 5 * 60_000,
  });
}
