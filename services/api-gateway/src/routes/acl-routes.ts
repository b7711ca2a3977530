import {
  type AclBinding,
  AclBindingSchema,
  type AclListQuery,
  AclListQuerySchema,
  AclListResponseSchema,
  CHANGE_ROLES,
  type ClusterPath,
  ClusterPathSchema,
  CreateAclResponseSchema,
  DeleteAclResponseSchema,
  visibleNames,
} from "@kcp/shared";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { KAFKA_ACTION_ERRORS } from "./route-errors.js";

const targetOf = (b: AclBinding) => `${b.resourceType}:${b.patternType}:${b.resourceName}`;

/** Endpoints 13 and 14, and the filtered list beside them. */
export function aclRoutes({ actions }: Pick<GatewayContext, "actions">) {
  return [
    route<AclBinding, unknown, ClusterPath>({
      method: "POST",
      path: "/api/v1/clusters/:id/acls",
      operationId: "createAcls",
      access: { kind: "aclPrincipals", name: ({ body }) => body.principal },
      role: CHANGE_ROLES["acl.create"],
      response: { status: 201, schema: CreateAclResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Create an ACL binding",
      action: "acl.create",
      params: ClusterPathSchema,
      body: AclBindingSchema,
      audit: { target: ({ body }) => targetOf(body) },
      async handle({ params, body }) {
        return { status: 201, body: await actions.createAcl(params.id, body) };
      },
    }),
    route<AclBinding, unknown, ClusterPath>({
      method: "DELETE",
      path: "/api/v1/clusters/:id/acls",
      operationId: "deleteAcls",
      access: { kind: "aclPrincipals", name: ({ body }) => body.principal },
      role: CHANGE_ROLES["acl.delete"],
      response: { status: 200, schema: DeleteAclResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Delete the ACL bindings equal to the body (deleting nothing is not an error)",
      action: "acl.delete",
      params: ClusterPathSchema,
      body: AclBindingSchema,
      audit: { target: ({ body }) => targetOf(body) },
      async handle({ params, body }) {
        return { status: 200, body: await actions.deleteAcl(params.id, body) };
      },
    }),
    route<unknown, AclListQuery, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/acls",
      operationId: "listAcls",
      access: { kind: "visible" },
      role: "viewer",
      response: { status: 200, schema: AclListResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "ACL bindings matching a filter (absent fields match anything), a page at a time",
      params: ClusterPathSchema,
      query: AclListQuerySchema,
      async handle({ params, query, clusterAccess }) {
        const { limit, offset, ...filter } = query;
        const visible = clusterAccess && visibleNames(clusterAccess, "aclPrincipals");
        return { status: 200, body: await actions.listAcls(params.id, filter, { limit, offset }, visible) };
      },
    }),
  ];
}
