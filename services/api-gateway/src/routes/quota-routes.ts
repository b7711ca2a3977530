import {
  CHANGE_ROLES,
  type ClusterPath,
  ClusterPathSchema,
  QuotaListResponseSchema,
  type QuotaRequest,
  QuotaRequestSchema,
  QuotaResponseSchema,
} from "@kcp/shared";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { KAFKA_ACTION_ERRORS } from "./route-errors.js";

/** Endpoint 12 and the list beside it. */
export function quotaRoutes({ actions }: Pick<GatewayContext, "actions">) {
  return [
    route<QuotaRequest, unknown, ClusterPath>({
      method: "PUT",
      path: "/api/v1/clusters/:id/quotas",
      operationId: "setQuotas",
      role: CHANGE_ROLES["quota.change"],
      response: { status: 200, schema: QuotaResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Set or remove quota values of a user, client id or ip (name null = the default entity)",
      action: "quota.change",
      params: ClusterPathSchema,
      body: QuotaRequestSchema,
      audit: { target: ({ body }) => body.entity.map((e) => `${e.type}:${e.name ?? "<default>"}`).join("+") },
      async handle({ params, body }) {
        return { status: 200, body: await actions.changeQuotas(params.id, body) };
      },
    }),
    route<unknown, unknown, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/quotas",
      operationId: "listQuotas",
      role: "viewer",
      response: { status: 200, schema: QuotaListResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Every entity with quota values set on it",
      params: ClusterPathSchema,
      async handle({ params }) {
        return { status: 200, body: await actions.listQuotas(params.id) };
      },
    }),
  ];
}
