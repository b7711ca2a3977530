import type { GatewayContext } from "../context.js";
import { accessRoutes } from "./access-routes.js";
import { aclRoutes } from "./acl-routes.js";
import { auditRoutes } from "./audit-routes.js";
import { authRoutes } from "./auth-routes.js";
import { autopilotRoutes } from "./autopilot-routes.js";
import { brokerRoutes } from "./broker-routes.js";
import { clusterIdentityRoutes } from "./cluster-identity-routes.js";
import { clusterRoutes } from "./cluster-routes.js";
import { desiredStateRoutes } from "./desired-state-routes.js";
import { groupRoutes } from "./group-routes.js";
import { ldapRoutes } from "./ldap-routes.js";
import { messageRoutes } from "./message-routes.js";
import { openApiRoute } from "./openapi-route.js";
import { operationRoutes } from "./operation-routes.js";
import { quotaRoutes } from "./quota-routes.js";
import type { RouteSpec } from "./route.js";
import { scramRoutes } from "./scram-routes.js";
import { seriesRoutes } from "./series-routes.js";
import { ssoCliRoutes } from "./sso-cli-routes.js";
import { ssoRoutes } from "./sso-routes.js";
import { tokenRoutes } from "./token-routes.js";
import { topicRoutes } from "./topic-routes.js";
import { userRoutes } from "./user-routes.js";

/** The API's version in the OpenAPI document (the package version; the paths carry the major: /api/v1). */
export const API_VERSION = "1.0.0";

/**
 * Every API route with the role it needs: the one table the guard, the tests and the OpenAPI document read. Each group
 * takes the gateway's context whole and what it needs from it by name; its services are used when a request comes,
 * never while the table is built (the OpenAPI document describes the routes over a context of inert services).
 */
export function routeTable(context: GatewayContext): RouteSpec[] {
  const routes: RouteSpec[] = [
    openApiRoute(() => routes, API_VERSION),
    ...authRoutes(context),
    ...ssoRoutes(context),
    ...ssoCliRoutes(context),
    ...ldapRoutes(context),
    ...userRoutes(context),
    ...accessRoutes(context),
    ...tokenRoutes(context),
    ...clusterRoutes(context),
    ...clusterIdentityRoutes(context),
    ...topicRoutes(context),
    ...messageRoutes(context),
    ...brokerRoutes(context),
    ...quotaRoutes(context),
    ...aclRoutes(context),
    ...scramRoutes(context),
    ...groupRoutes(context),
    ...seriesRoutes(context),
    ...operationRoutes(context),
    ...desiredStateRoutes(context),
    ...autopilotRoutes(context),
    ...auditRoutes(context),
  ];
  return routes;
}
