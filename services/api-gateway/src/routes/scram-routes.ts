import {
  CHANGE_ROLES,
  type ClusterPath,
  ClusterPathSchema,
  type ScramCredentialPath,
  ScramCredentialPathSchema,
  type ScramCredentialRequest,
  ScramCredentialRequestSchema,
  ScramUserListResponseSchema,
  type ScramUserPath,
  ScramUserPathSchema,
  ScramUserSchema,
  visibleNames,
} from "@kcp/shared";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";
import { KAFKA_ACTION_ERRORS } from "./route-errors.js";

/**
 * SASL/SCRAM users of a cluster (capability manageScram). Reads are for viewers (names, mechanisms and iterations, as
 * ACL principals are); credentials are set and deleted by admins only, since a credential is a way into Kafka.
 */
export function scramRoutes({ actions }: Pick<GatewayContext, "actions">) {
  return [
    route<unknown, unknown, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/scram-users",
      operationId: "listScramUsers",
      access: { kind: "visible" },
      role: "viewer",
      response: { status: 200, schema: ScramUserListResponseSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Every user with a SCRAM credential, by name, with each credential's mechanism and iterations",
      params: ClusterPathSchema,
      async handle({ params, clusterAccess }) {
        const list = await actions.listScramUsers(params.id);
        if (!clusterAccess) return { status: 200, body: list };
        const visible = visibleNames(clusterAccess, "scramUsers");
        return { status: 200, body: { ...list, users: list.users.filter((entry) => visible(entry.user)) } };
      },
    }),
    route<unknown, unknown, ScramUserPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/scram-users/:user",
      operationId: "getScramUser",
      access: { kind: "scramUsers", name: ({ params }) => params.user },
      role: "viewer",
      response: { status: 200, schema: ScramUserSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "One SCRAM user's mechanisms and iterations (404 when the user has no credential)",
      params: ScramUserPathSchema,
      async handle({ params }) {
        return { status: 200, body: await actions.describeScramUser(params.id, params.user) };
      },
    }),
    route<ScramCredentialRequest, unknown, ScramCredentialPath>({
      method: "PUT",
      path: "/api/v1/clusters/:id/scram-users/:user/:mechanism",
      operationId: "setScramCredential",
      access: { kind: "scramUsers", name: ({ params }) => params.user },
      role: CHANGE_ROLES["scram.upsert"],
      response: { status: 200, schema: ScramUserSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary:
        "Create or replace the user's credential for one mechanism (the password is write-only; the salt is generated here)",
      action: "scram.upsert",
      params: ScramCredentialPathSchema,
      body: ScramCredentialRequestSchema,
      auditRequest: (body) => ({ iterations: body.iterations }),
      audit: { target: ({ params }) => `${params.user}/${params.mechanism}` },
      async handle({ params, body }) {
        return {
          status: 200,
          body: await actions.upsertScramCredential(params.id, params.user, params.mechanism, body),
        };
      },
    }),
    route<unknown, unknown, ScramCredentialPath>({
      method: "DELETE",
      path: "/api/v1/clusters/:id/scram-users/:user/:mechanism",
      operationId: "deleteScramCredential",
      access: { kind: "scramUsers", name: ({ params }) => params.user },
      role: CHANGE_ROLES["scram.delete"],
      response: { status: 200, schema: ScramUserSchema },
      errors: KAFKA_ACTION_ERRORS,
      summary: "Delete the user's credential for one mechanism (404 when there is none); answers the credentials left",
      action: "scram.delete",
      params: ScramCredentialPathSchema,
      audit: { target: ({ params }) => `${params.user}/${params.mechanism}` },
      async handle({ params }) {
        return { status: 200, body: await actions.deleteScramCredential(params.id, params.user, params.mechanism) };
      },
    }),
  ];
}
