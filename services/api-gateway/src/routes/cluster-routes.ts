import { policyLabelsChanged } from "@kcp/autopilot";
import { type ClusterRegistry, nodeSettingChanges } from "@kcp/clusters";
import {
  AppError,
  type ClusterListQuery,
  ClusterListQuerySchema,
  type ClusterPatch,
  ClusterPatchSchema,
  ClusterPathSchema,
  type ClusterViewQuery,
  ClusterViewQuerySchema,
  ClusterViewSchema,
  type ConnectionProfile,
  ConnectionProfileSchema,
  ConnectionTestResultSchema,
  DeleteClusterResponseSchema,
  OverviewResponseSchema,
  roleAtLeast,
} from "@kcp/shared";
import type { PolicyRepository, UserRecord } from "@kcp/store";
import type { Response } from "express";
import { ConcurrencyLimit } from "../http/limits.js";
import { route } from "./route.js";
import { CONNECTION_ERRORS } from "./route-errors.js";
import { validate } from "./validate.js";

type ClusterPath = { id: string };

/** What of a profile only admins may set or change (the route table's `adminOnly`, in the OpenAPI document too). */
const NODE_SETTINGS_RULE =
  "setting or changing provider, settings.agents, settings.container, settings.kubernetes or settings.portBase";

/** 403 unless the user is an admin: `what` names the part of the request that needs the role. */
function requireAdmin(user: UserRecord, what: string): void {
  if (!roleAtLeast(user.role, "admin")) throw new AppError("forbidden", `${what} needs the admin role`);
}

/**
 * Node settings reach hosts of their own (node agents, a container engine, a Kubernetes API): setting or changing
 * them needs the admin role, and the audit entry keeps each one's old and new value (`detail.nodeSettings`), set
 * before the check so that a refusal shows what was tried.
 */
function guardNodeSettings(res: Response, user: UserRecord, changes: ReturnType<typeof nodeSettingChanges>): void {
  const changed = Object.keys(changes);
  if (changed.length === 0) return;
  res.locals.auditChanges = { nodeSettings: changes };
  requireAdmin(user, `Setting or changing ${changed.join(", ")}`);
}

/**
 * A connection test can wait tens of seconds on an address that never answers: each user may have only
 * `perUser` running at once (test, register, change of a profile), so nobody can hold the service's connections open.
 */
function connectionTestLimit(perUser: number) {
  const limit = new ConcurrencyLimit(perUser);
  return async <T>(user: UserRecord, work: () => Promise<T>): Promise<T> => {
    const release = limit.tryAcquire(user.id);
    if (!release) {
      throw new AppError("too_many_attempts", `You have ${perUser} connection tests running; try again when one ends`, {
        headers: { "Retry-After": "5" },
      });
    }
    try {
      return await work();
    } finally {
      release();
    }
  };
}

/** Endpoints 3–6 and the registry's extras: register, test, overview, one cluster, change, forget, refresh. */
export function clusterRoutes(
  clusters: ClusterRegistry,
  connectionTestsPerUser: number,
  policies: Pick<PolicyRepository, "list">,
) {
  const connectionTest = connectionTestLimit(connectionTestsPerUser);
  /**
   * A label that an autopilot policy selects clusters by decides which policy acts on the cluster: adding, removing
   * or changing one needs the admin role (audited with the old and new labels, set before the check).
   */
  async function guardPolicyLabels(
    res: Response,
    user: UserRecord,
    before: Record<string, string>,
    after: Record<string, string>,
  ): Promise<void> {
    const changed = policyLabelsChanged(
      (await policies.list()).map((p) => p.spec),
      before,
      after,
    );
    if (changed.length === 0) return;
    res.locals.auditChanges = { policyLabels: { before, after } };
    requireAdmin(
      user,
      `Changing label${changed.length > 1 ? "s" : ""} ${changed.join(", ")}, which autopilot policies select clusters by,`,
    );
  }
  // Computed in memory from the registry's cached views (at most a second old): no store read per request.
  const list = async ({ query }: { query: ClusterListQuery }) => ({
    status: 200,
    ...(await clusters.listResponse(query)),
  });
  return [
    route<unknown, ClusterListQuery>({
      method: "GET",
      path: "/api/v1/overview",
      operationId: "getOverview",
      role: "viewer",
      response: { status: 200, schema: OverviewResponseSchema },
      summary:
        "The registered clusters' latest views (no snapshots; no Kafka call), filtered, sorted and paged as asked: " +
        "each with its freshness, with the total, the counts by health and the stale count",
      query: ClusterListQuerySchema,
      handle: list,
    }),
    route<unknown, ClusterListQuery>({
      method: "GET",
      path: "/api/v1/clusters",
      operationId: "listClusters",
      role: "viewer",
      response: { status: 200, schema: OverviewResponseSchema },
      summary: "Same parameters and payload as the overview",
      query: ClusterListQuerySchema,
      handle: list,
    }),
    route<ConnectionProfile>({
      method: "POST",
      path: "/api/v1/clusters",
      operationId: "registerCluster",
      role: "operator",
      response: { status: 201, schema: ClusterViewSchema },
      errors: [...CONNECTION_ERRORS, "too_many_attempts"],
      summary: "Register a cluster (its connection is tested first unless skipTest)",
      adminOnly: NODE_SETTINGS_RULE,
      action: "cluster.register",
      body: ConnectionProfileSchema,
      async handle({ res, body, user }) {
        res.locals.auditTarget = body.name;
        guardNodeSettings(res, user, nodeSettingChanges(undefined, body));
        return { status: 201, body: await connectionTest(user, () => clusters.register(body)) };
      },
    }),
    route<ConnectionProfile>({
      method: "POST",
      path: "/api/v1/clusters/test",
      operationId: "testClusterConnection",
      role: "operator",
      response: { status: 200, schema: ConnectionTestResultSchema },
      errors: ["invalid_request", "too_many_attempts"],
      summary: "Test a connection profile without saving it (a failure is a result: ok false)",
      action: "cluster.test",
      body: ConnectionProfileSchema,
      async handle({ res, body, user }) {
        res.locals.auditTarget = body.name;
        return { status: 200, body: await connectionTest(user, () => clusters.test(body)) };
      },
    }),
    route<unknown, ClusterViewQuery, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id",
      operationId: "getCluster",
      role: "viewer",
      response: { status: 200, schema: ClusterViewSchema },
      summary: "One cluster's latest view with its freshness, and its snapshot unless snapshot=none",
      params: ClusterPathSchema,
      query: ClusterViewQuerySchema,
      async handle({ params, query }) {
        const record = await clusters.find(params.id);
        return { status: 200, body: await clusters.view(record, { withSnapshot: query.snapshot === "full" }) };
      },
    }),
    route<ClusterPatch, unknown, ClusterPath>({
      method: "PATCH",
      path: "/api/v1/clusters/:id",
      operationId: "updateCluster",
      role: "operator",
      response: { status: 200, schema: ClusterViewSchema },
      errors: [...CONNECTION_ERRORS, "too_many_attempts"],
      summary:
        "Change a cluster's profile, labels or settings; secrets are replaced only when given, and given again when the reach changes",
      adminOnly: `${NODE_SETTINGS_RULE}; keepSecrets; labels that an autopilot policy selects clusters by`,
      action: "cluster.update",
      params: ClusterPathSchema,
      body: ClusterPatchSchema,
      async handle({ res, params, body, user }) {
        const record = await clusters.find(params.id);
        res.locals.auditTarget = record.name;
        guardNodeSettings(res, user, nodeSettingChanges(record, body));
        if (body.keepSecrets) requireAdmin(user, "keepSecrets");
        if (body.labels !== undefined) await guardPolicyLabels(res, user, record.labels, body.labels);
        const profile = validate(ConnectionProfileSchema, clusters.patched(record, body), "body");
        return { status: 200, body: await connectionTest(user, () => clusters.update(record, profile, body)) };
      },
    }),
    route<unknown, unknown, ClusterPath>({
      method: "DELETE",
      path: "/api/v1/clusters/:id",
      operationId: "deregisterCluster",
      role: "admin",
      response: { status: 200, schema: DeleteClusterResponseSchema },
      errors: ["conflict"],
      summary: "Forget a cluster (its view and schedule too); the Kafka cluster itself is not touched",
      action: "cluster.delete",
      params: ClusterPathSchema,
      async handle({ res, params }) {
        const record = await clusters.find(params.id);
        res.locals.auditTarget = record.name;
        await clusters.remove(record);
        return { status: 200, body: { deleted: { id: record.id, name: record.name } } };
      },
    }),
    route<unknown, unknown, ClusterPath>({
      method: "POST",
      path: "/api/v1/clusters/:id/refresh",
      operationId: "refreshCluster",
      role: "viewer",
      response: { status: 200, schema: ClusterViewSchema },
      errors: ["cluster_unreachable"],
      summary: "Collect a new snapshot now and return the fresh view",
      action: "cluster.refresh",
      params: ClusterPathSchema,
      async handle({ res, params }) {
        const record = await clusters.find(params.id);
        res.locals.auditTarget = record.name;
        return { status: 200, body: await clusters.refresh(record) };
      },
    }),
  ];
}
