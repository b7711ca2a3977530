import {
  AppError,
  type AuthorizationRefusal,
  authorizeRole,
  type ClusterAccess,
  type ClusterRef,
  clusterAccess,
  type Principal,
  type Resource,
  type Role,
  serviceRank,
} from "@kcp/shared";
import type { RouteAccess, RouteSpec } from "./route.js";

/** What the decision needs to look up: a cluster's labels, an operation's cluster and planner. */
export interface AccessLookups {
  cluster(id: string): Promise<ClusterRef | undefined>;
  operation(id: string): Promise<{ clusterId: string; createdBy: string } | undefined>;
}

const CLUSTER_PATH = "/api/v1/clusters/:id";
const OPERATION_PATH = "/api/v1/operations/:op";

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The route's access as written, or the default its path and role give (see RouteAccess). */
export function routeAccess(spec: RouteSpec): RouteAccess<unknown, unknown, unknown> {
  if (spec.access) return spec.access;
  if (under(spec.path, CLUSTER_PATH)) return { kind: "cluster" };
  if (under(spec.path, OPERATION_PATH)) return { kind: "operation" };
  return { kind: "service" };
}

/** The decision with the route's role; the refusal names the route's action (or its operation's name). */
function decide(principal: Principal, spec: RouteSpec, resource: Resource): AuthorizationRefusal | undefined {
  return authorizeRole(principal, spec.role as Role, resource, spec.action ?? spec.operationId);
}

function refusalError(refusal: AuthorizationRefusal): AppError {
  return new AppError(refusal.code, refusal.message);
}

interface RequestParts {
  body: unknown;
  query: unknown;
  params: Record<string, string>;
}

/**
 * Decides the request as its route's access says, before `find` and the handler: throws the refusal (404 for a cluster
 * or resource the principal may not see at all, 403 otherwise); answers what the principal holds in the route's
 * cluster, for the handler's lists. A cluster that does not exist is left to the route (its own answer) for a
 * principal who sees every cluster, and is 404 as a hidden one for any other; an unknown operation is the route's.
 */
export async function decideRouteAccess(
  spec: RouteSpec,
  principal: Principal,
  request: RequestParts,
  lookups: AccessLookups,
): Promise<ClusterAccess | undefined> {
  if (spec.role === "anonymous") return undefined;
  const access = routeAccess(spec);
  switch (access.kind) {
    case "own":
      return undefined;
    case "service": {
      const refusal = decide(principal, spec, { kind: "service" });
      if (refusal) throw refusalError(refusal);
      return undefined;
    }
    case "operation": {
      const operation = await lookups.operation(request.params.op ?? "");
      if (!operation) return undefined;
      const cluster = await lookups.cluster(operation.clusterId);
      if (!cluster) return undefined;
      const held = clusterAccess(principal, cluster);
      if (!held.visible) throw new AppError("not_found", `No operation ${request.params.op}`);
      // Its confirm is decided by the operation service on everything the operation touches.
      if (spec.path.endsWith("/confirm") || operation.createdBy === principal.username) return held;
      const refusal = decide(principal, spec, { kind: "cluster", cluster: held });
      if (refusal) throw refusalError(refusal);
      return held;
    }
    default: {
      const cluster = await lookups.cluster(request.params.id ?? "");
      if (!cluster) {
        // Whoever sees every cluster gets the route's own answer for an unknown one; whoever does not, the answer a
        // hidden cluster gets, before any check of the route's own could tell the two apart.
        if (serviceRank(principal) >= 0) return undefined;
        throw new AppError("not_found", `No cluster ${request.params.id}`);
      }
      const held = clusterAccess(principal, cluster);
      const resource: Resource =
        access.kind === "visible" || access.kind === "cluster"
          ? { kind: "cluster", cluster: held }
          : { kind: access.kind, cluster: held, name: access.name(request) };
      if (access.kind === "visible") {
        if (!held.visible) throw new AppError("not_found", `No cluster ${cluster.id}`);
        return held;
      }
      const refusal = decide(principal, spec, resource);
      if (refusal) throw refusalError(refusal);
      return held;
    }
  }
}
