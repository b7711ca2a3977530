import type { ClusterActions } from "@kcp/cluster-actions";
import type { ClusterRegistry } from "@kcp/clusters";
import type { OperationService } from "@kcp/operation-service";
import type { AuthConfig, SecretBox } from "@kcp/shared";
import type { Store } from "@kcp/store";
import type { LoginService } from "../auth/login.js";
import { aclRoutes } from "./acl-routes.js";
import { auditRoutes } from "./audit-routes.js";
import { authRoutes } from "./auth-routes.js";
import { autopilotRoutes } from "./autopilot-routes.js";
import { brokerRoutes } from "./broker-routes.js";
import { clusterIdentityRoutes } from "./cluster-identity-routes.js";
import { clusterRoutes } from "./cluster-routes.js";
import { desiredStateRoutes } from "./desired-state-routes.js";
import { groupRoutes } from "./group-routes.js";
import { messageRoutes } from "./message-routes.js";
import { openApiRoute } from "./openapi-route.js";
import { operationRoutes } from "./operation-routes.js";
import { quotaRoutes } from "./quota-routes.js";
import type { RouteSpec } from "./route.js";
import { scramRoutes } from "./scram-routes.js";
import { seriesRoutes } from "./series-routes.js";
import { tokenRoutes } from "./token-routes.js";
import { topicRoutes } from "./topic-routes.js";
import { userRoutes } from "./user-routes.js";

/** The API's version in the OpenAPI document (the package version; the paths carry the major: /api/v1). */
export const API_VERSION = "1.0.0";

export interface RouteTableDependencies {
  store: Store;
  box: SecretBox;
  login: LoginService;
  auth: AuthConfig;
  clusters: ClusterRegistry;
  actions: ClusterActions;
  operations: OperationService;
  /** AUTOPILOT_ENABLED (the kill switch), for the autopilot's status; default true. */
  autopilotEnabled?: boolean;
}

/** Every API route with the role it needs: the one table the guard, the tests and the OpenAPI document read. */
export function routeTable(deps: RouteTableDependencies): RouteSpec[] {
  const routes: RouteSpec[] = [
    openApiRoute(() => routes, API_VERSION),
    ...authRoutes(deps.login, deps.auth),
    ...userRoutes(deps.store),
    ...tokenRoutes(deps.store),
    // The store's repositories are read when a request comes, never while the table is built (the OpenAPI document
    // describes the routes over a store that only names them).
    ...clusterRoutes(deps.clusters, deps.auth.CONNECTION_TESTS_PER_USER, { list: () => deps.store.policies.list() }),
    ...clusterIdentityRoutes(deps.clusters),
    ...topicRoutes(deps.actions),
    ...messageRoutes(deps.actions, deps.auth.BROWSE_MESSAGES_ROLE),
    ...brokerRoutes(deps.actions),
    ...quotaRoutes(deps.actions),
    ...aclRoutes(deps.actions),
    ...scramRoutes(deps.actions),
    ...groupRoutes(deps.actions),
    ...seriesRoutes({ store: deps.store, clusters: deps.clusters }),
    ...operationRoutes(deps.operations, { list: () => deps.store.autopilotPauses.list() }),
    ...desiredStateRoutes({
      clusters: deps.clusters,
      actions: deps.actions,
      operations: deps.operations,
      store: deps.store,
      box: deps.box,
      staging: {
        perUserBytes: deps.auth.DESIRED_STATE_STAGED_MIB_PER_USER * 1024 * 1024,
        perClusterBytes: deps.auth.DESIRED_STATE_STAGED_MIB_PER_CLUSTER * 1024 * 1024,
      },
    }),
    ...autopilotRoutes({
      store: deps.store,
      clusters: deps.clusters,
      operations: deps.operations,
      enabled: deps.autopilotEnabled ?? true,
    }),
    ...auditRoutes(deps.store),
  ];
  return routes;
}
