import type { OperationService } from "@kcp/operation-service";
import {
  type ClusterPath,
  ClusterPathSchema,
  type ListQuery,
  ListQuerySchema,
  OperationPathSchema,
  type PlanOperationRequest,
  PlanOperationRequestSchema,
} from "@kcp/shared";
import { route } from "./route.js";

type OperationPath = { op: string };

/** Endpoints 17 and 18, and one operation by id. */
export function operationRoutes(operations: OperationService) {
  return [
    route<PlanOperationRequest, unknown, ClusterPath>({
      method: "POST",
      path: "/api/v1/clusters/:id/operations",
      role: "operator",
      summary: "Plan an operation (a dry run from a fresh snapshot; nothing changes until it is confirmed)",
      action: "operation.plan",
      params: ClusterPathSchema,
      body: PlanOperationRequestSchema,
      async handle({ res, user, params, body }) {
        res.locals.auditTarget = body.type;
        return { status: 201, body: await operations.plan(params.id, body, user.username) };
      },
    }),
    route<unknown, ListQuery, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/operations",
      role: "viewer",
      summary: "The cluster's operations, newest first",
      params: ClusterPathSchema,
      query: ListQuerySchema,
      async handle({ params, query }) {
        return { status: 200, body: await operations.list(params.id, query.limit) };
      },
    }),
    route<unknown, unknown, OperationPath>({
      method: "GET",
      path: "/api/v1/operations/:op",
      role: "viewer",
      summary: "One operation with its plan and steps",
      params: OperationPathSchema,
      async handle({ params }) {
        return { status: 200, body: await operations.get(params.op) };
      },
    }),
  ];
}
