import type { paths } from "@kcp/api-client";
import { keepPreviousData, useQueries } from "@tanstack/react-query";
import { api, unwrap } from "./client.js";

type SeriesQuery = paths["/api/v1/clusters/{id}/series"]["get"]["parameters"]["query"];
export type FigureName = SeriesQuery["figure"];
export type SeriesAnswer =
  paths["/api/v1/clusters/{id}/series"]["get"]["responses"][200]["content"]["application/json"];

/** One line of a chart: a figure of the catalogue, of an entity (none for cluster figures). */
export interface SeriesRequest {
  figure: FigureName;
  entity?: string;
}

export interface SeriesOptions {
  from: string;
  to: string;
  /** Seconds per point (default: the service's, the range in 300 points). */
  step?: number;
  /** False until the chart is on screen (the overview's cards). */
  enabled?: boolean;
  /** Polled while the page is open (default 60 s; the history grows once per collection). */
  refetchInterval?: number | false;
}

/**
 * The history of several figures over one range, answered from the store (GET /clusters/{id}/series): the one fetch
 * every chart of the console goes through. Each line is its own query, cached by figure, entity and range.
 */
export function useSeries(clusterId: string, requests: readonly SeriesRequest[], options: SeriesOptions) {
  const { from, to, step, enabled = true, refetchInterval = 60_000 } = options;
  return useQueries({
    queries: requests.map(({ figure, entity }) => ({
      queryKey: ["series", clusterId, figure, entity ?? "", from, to, step ?? 0],
      queryFn: async () =>
        unwrap(
          await api.GET("/api/v1/clusters/{id}/series", {
            params: {
              path: { id: clusterId },
              query: { figure, from, to, ...(entity !== undefined ? { entity } : {}), ...(step ? { step } : {}) },
            },
          }),
        ),
      enabled,
      refetchInterval,
      placeholderData: keepPreviousData,
      staleTime: 30_000,
    })),
    combine: (results) => ({
      answers: results.map((r) => r.data),
      isPending: results.some((r) => r.isPending && r.fetchStatus !== "idle"),
      error: results.find((r) => r.error)?.error ?? null,
    }),
  });
}
