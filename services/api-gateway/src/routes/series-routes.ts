import { isRefusal } from "@kcp/history";
import {
  AppError,
  type ClusterPath,
  ClusterPathSchema,
  FIGURE_NAMES,
  FIGURES,
  FigureListResponseSchema,
  type SeriesQuery,
  SeriesQuerySchema,
  SeriesResponseSchema,
} from "@kcp/shared";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";

/** The history of each cluster's key figures, answered from the store only (never Kafka). */
export function seriesRoutes({ clusters, history }: Pick<GatewayContext, "clusters" | "history">) {
  const figures = FIGURE_NAMES.map((name) => ({ name, ...FIGURES[name] }));
  return [
    route<unknown, unknown, unknown>({
      method: "GET",
      path: "/api/v1/series/figures",
      operationId: "listFigures",
      role: "viewer",
      response: { status: 200, schema: FigureListResponseSchema },
      errors: [],
      summary: "The figures whose history is kept, each with what it is of, its unit and its meaning",
      async handle() {
        return { status: 200, body: { figures } };
      },
    }),
    route<unknown, SeriesQuery, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/series",
      operationId: "getSeries",
      role: "viewer",
      response: { status: 200, schema: SeriesResponseSchema },
      errors: ["not_found"],
      summary:
        "A figure's history over a range: each step's mean, min and max, from the store (each collection's values for the last 24 h, 10-minute summaries for 30 days); at most 1,000 points",
      params: ClusterPathSchema,
      query: SeriesQuerySchema,
      async handle({ params, query }) {
        const cluster = await clusters.find(params.id);
        const answer = await history.series(cluster.id, query, new Date());
        if (isRefusal(answer)) throw new AppError(answer.code, answer.message);
        return { status: 200, body: answer };
      },
    }),
  ];
}
