import {
  CHANGE_ROLES,
  type ClusterPath,
  ClusterPathSchema,
  GroupDetailSchema,
  type GroupListQuery,
  GroupListQuerySchema,
  GroupListResponseSchema,
  type GroupPath,
  GroupPathSchema,
  type ResetOffsetsRequest,
  ResetOffsetsRequestSchema,
  ResetOffsetsResponseSchema,
  visibleNames,
} from "@kcp/shared";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { KAFKA_ACTION_ERRORS, KAFKA_READ_ERRORS } from "./route-errors.js";

/** Endpoints 15 and 16, and the list of groups beside them. */
export function groupRoutes({ actions }: Pick<GatewayContext, "actions">) {
  return [
    route<unknown, GroupListQuery, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/groups",
      operationId: "listGroups",
      access: { kind: "visible" },
      role: "viewer",
      response: { status: 200, schema: GroupListResponseSchema },
      errors: KAFKA_READ_ERRORS,
      summary: "A page of groups of every type by id, with type, state and coordinator (members and lag: the detail)",
      params: ClusterPathSchema,
      query: GroupListQuerySchema,
      async handle({ params, query, clusterAccess }) {
        const visible = clusterAccess && visibleNames(clusterAccess, "groups");
        return { status: 200, body: await actions.listGroups(params.id, query, visible) };
      },
    }),
    route<unknown, unknown, GroupPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/groups/:group",
      operationId: "getGroup",
      access: { kind: "groups", name: ({ params }) => params.group },
      role: "viewer",
      response: { status: 200, schema: GroupDetailSchema },
      errors: KAFKA_READ_ERRORS,
      summary: "A group of any type with per-partition committed offset, log end, lag and owning member",
      params: GroupPathSchema,
      async handle({ params }) {
        return { status: 200, body: await actions.describeGroup(params.id, params.group) };
      },
    }),
    route<ResetOffsetsRequest, unknown, GroupPath>({
      method: "POST",
      path: "/api/v1/clusters/:id/groups/:group/reset-offsets",
      operationId: "resetGroupOffsets",
      access: { kind: "groups", name: ({ params }) => params.group },
      role: CHANGE_ROLES["group.reset-offsets"],
      response: { status: 200, schema: ResetOffsetsResponseSchema },
      errors: [...KAFKA_ACTION_ERRORS, "conflict"],
      summary: "Reset the committed offsets of an empty group (dryRun previews them)",
      action: "group.reset-offsets",
      params: GroupPathSchema,
      body: ResetOffsetsRequestSchema,
      audit: { target: ({ params }) => params.group },
      async handle({ params, body }) {
        return { status: 200, body: await actions.resetOffsets(params.id, params.group, body) };
      },
    }),
  ];
}
