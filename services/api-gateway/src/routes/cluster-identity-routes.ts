import {
  type ClusterPath,
  ClusterPathSchema,
  ClusterViewSchema,
  type ConfirmIdentityRequest,
  ConfirmIdentityRequestSchema,
} from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";

/** Confirming that a cluster's bootstrap address now reaches another Kafka cluster (docs/health-and-capabilities.md). */
export function clusterIdentityRoutes({ clusters }: Pick<GatewayContext, "clusters">) {
  return [
    route<ConfirmIdentityRequest, unknown, ClusterPath, ClusterRecord>({
      method: "POST",
      path: "/api/v1/clusters/:id/confirm-identity",
      operationId: "confirmClusterIdentity",
      role: "operator",
      response: { status: 200, schema: ClusterViewSchema },
      errors: ["invalid_request", "confirmation_mismatch"],
      summary:
        "Accept the Kafka cluster the bootstrap servers now reach (cluster_identity_changed) as this cluster: writes and operations resume",
      action: "cluster.confirm_identity",
      params: ClusterPathSchema,
      body: ConfirmIdentityRequestSchema,
      find: ({ params }) => clusters.find(params.id),
      audit: { target: ({ found }) => found?.name },
      async handle({ found, body }) {
        return { status: 200, body: await clusters.confirmIdentity(found, body.brokerClusterId) };
      },
    }),
  ];
}
