import { policyLabelsChanged } from "@kcp/autopilot";
import { nodeSettingChanges } from "@kcp/clusters";
import {
  AppError,
  type AuthorizationRefusal,
  bindingLabelKeys,
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
  clusterAccess,
  DeleteClusterResponseSchema,
  OverviewResponseSchema,
  type Principal,
  roleRank,
  serviceRank,
} from "@kcp/shared";
import type { ClusterRecord, UserRecord } from "@kcp/store";
import type { GatewayContext } from "../context.js";
import { ConcurrencyLimit } from "../http/limits.js";
import { route } from "./route.js";
import { CONNECTION_ERRORS } from "./route-errors.js";
import { validate } from "./validate.js";

type ClusterPath = { id: string };

/** What of a profile only admins may set or change (the route table's `adminOnly`, in the OpenAPI document too). */
const NODE_SETTINGS_RULE =
  "setting or changing provider, settings.agents, settings.container, settings.kubernetes or settings.portBase";

type NodeSettingChanges = ReturnType<typeof nodeSettingChanges>;

/**
 * The refusal (403) unless the principal is an admin of the whole service (a local admin, or a binding of the admin
 * role on every cluster): `what` names the part of the request that needs the role.
 */
function adminRefusal(principal: Principal, what: string): AuthorizationRefusal | undefined {
  if (serviceRank(principal) >= roleRank("admin")) return undefined;
  return { code: "forbidden", message: `${what} needs the admin role` };
}

function refuse(refusal: AuthorizationRefusal | undefined): void {
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

/**
 * Node settings reach hosts of their own (node agents, a container engine, a Kubernetes API): setting or changing
 * them needs the admin role, and the audit entry keeps each one's old and new value (`detail.nodeSettings`), a
 * refusal's too, so that it shows what was tried.
 */
function nodeSettingsRefusal(principal: Principal, changes: NodeSettingChanges): AuthorizationRefusal | undefined {
  const changed = Object.keys(changes);
  if (changed.length === 0) return undefined;
  return adminRefusal(principal, `Setting or changing ${changed.join(", ")}`);
}

/** The node settings a request sets or changes, as its audit entry keeps them: none when it changes none. */
const nodeSettingsAudit = (changes: NodeSettingChanges) =>
  Object.keys(changes).length === 0 ? undefined : { nodeSettings: changes };

/** What of a cluster's patch needs the admin role, as `find` reviews it for the handler and the audit. */
interface PatchReview {
  record: ClusterRecord;
  nodeSettings: NodeSettingChanges;
  /** The labels before and after, when the patch changes one that an autopilot policy selects clusters by. */
  policyLabels?: { before: Record<string, string>; after: Record<string, string> };
  /** The first part of the patch the user may not change, in the order checked. */
  refusal?: AuthorizationRefusal;
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

/** Each user's running connection tests held to a bound, one limit shared by every route that tests a connection. */
type ConnectionTest = ReturnType<typeof connectionTestLimit>;

/**
 * A patch's parts that need the admin role, checked in order — node settings, keepSecrets, then labels (the policies
 * are read only when the checks before pass). A label that an autopilot policy selects clusters by decides which
 * policy acts on the cluster, and a label that a role binding selects clusters by decides who may see and change it:
 * adding, removing or changing one needs the admin role over the whole service (audited with the old and new labels,
 * a refusal too).
 */
async function reviewPatch(
  { store, access }: Pick<GatewayContext, "store" | "access">,
  record: ClusterRecord,
  body: ClusterPatch,
  principal: Principal,
): Promise<PatchReview> {
  const nodeSettings = nodeSettingChanges(record, body);
  const early =
    nodeSettingsRefusal(principal, nodeSettings) ??
    (body.keepSecrets ? adminRefusal(principal, "keepSecrets") : undefined);
  if (early) return { record, nodeSettings, refusal: early };
  if (body.labels === undefined) return { record, nodeSettings };
  const before = record.labels;
  const after = body.labels;
  const byPolicies = policyLabelsChanged(
    (await store.policies.list()).map((p) => p.spec),
    before,
    after,
  );
  const byBindings = [...bindingLabelKeys(await access.index())].filter((key) => before[key] !== after[key]);
  const changed = [...new Set([...byPolicies, ...byBindings])].sort();
  if (changed.length === 0) return { record, nodeSettings };
  const refusal = adminRefusal(
    principal,
    `Changing label${changed.length > 1 ? "s" : ""} ${changed.join(", ")}, which autopilot policies or role bindings select clusters by,`,
  );
  return { record, nodeSettings, policyLabels: { before, after }, ...(refusal ? { refusal } : {}) };
}

/** The overview and the cluster list: one answer under two paths. */
function listRoutes({ clusters }: Pick<GatewayContext, "clusters">) {
  // Computed in memory from the registry's cached views (at most a second old): no store read per request.
  const list = async ({ query, principal }: { query: ClusterListQuery; principal: Principal }) => ({
    status: 200,
    ...(await clusters.listResponse(
      query,
      serviceRank(principal) >= 0
        ? undefined
        : (cluster) => clusterAccess(principal, { ...cluster, labels: cluster.labels ?? {} }).visible,
    )),
  });
  return [
    route<unknown, ClusterListQuery>({
      method: "GET",
      path: "/api/v1/overview",
      operationId: "getOverview",
      access: { kind: "own" },
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
      access: { kind: "own" },
      role: "viewer",
      response: { status: 200, schema: OverviewResponseSchema },
      summary: "Same parameters and payload as the overview",
      query: ClusterListQuerySchema,
      handle: list,
    }),
  ];
}

/** Registering a profile, and testing one without saving it: each a connection test under the user's limit. */
function profileRoutes({ clusters }: Pick<GatewayContext, "clusters">, connectionTest: ConnectionTest) {
  return [
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
      audit: {
        target: ({ body }) => body.name,
        changes: ({ body }) => nodeSettingsAudit(nodeSettingChanges(undefined, body)),
      },
      async handle({ body, user, principal }) {
        refuse(nodeSettingsRefusal(principal, nodeSettingChanges(undefined, body)));
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
      audit: { target: ({ body }) => body.name },
      async handle({ body, user }) {
        return { status: 200, body: await connectionTest(user, () => clusters.test(body)) };
      },
    }),
  ];
}

/** GET /api/v1/clusters/:id: one cluster's latest view, with its snapshot unless asked without. */
function getRoute({ clusters }: Pick<GatewayContext, "clusters">) {
  return route<unknown, ClusterViewQuery, ClusterPath>({
    method: "GET",
    path: "/api/v1/clusters/:id",
    operationId: "getCluster",
    access: { kind: "visible" },
    role: "viewer",
    response: { status: 200, schema: ClusterViewSchema },
    summary: "One cluster's latest view with its freshness, and its snapshot unless snapshot=none",
    params: ClusterPathSchema,
    query: ClusterViewQuerySchema,
    async handle({ params, query }) {
      const record = await clusters.find(params.id);
      return { status: 200, body: await clusters.view(record, { withSnapshot: query.snapshot === "full" }) };
    },
  });
}

/** PATCH /api/v1/clusters/:id: a profile changed, its admin-only parts reviewed first (`find`) for the audit too. */
function updateRoute(context: Pick<GatewayContext, "clusters" | "store" | "access">, connectionTest: ConnectionTest) {
  const { clusters } = context;
  return route<ClusterPatch, unknown, ClusterPath, PatchReview>({
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
    find: async ({ params, body, principal }) => reviewPatch(context, await clusters.find(params.id), body, principal),
    audit: {
      target: ({ found }) => found?.record.name,
      // An entry keeps the node settings and the policy labels the patch changes, each old and new.
      changes: ({ found }) => {
        if (!found) return undefined;
        const changes = {
          ...nodeSettingsAudit(found.nodeSettings),
          ...(found.policyLabels && { policyLabels: found.policyLabels }),
        };
        return Object.keys(changes).length === 0 ? undefined : changes;
      },
    },
    async handle({ found, body, user }) {
      refuse(found.refusal);
      const { record } = found;
      const profile = validate(ConnectionProfileSchema, clusters.patched(record, body), "body");
      return { status: 200, body: await connectionTest(user, () => clusters.update(record, profile, body)) };
    },
  });
}

/** Forgetting a registered cluster (admin), and refreshing its view now (any role): each audited by its name. */
function recordRoutes({ clusters }: Pick<GatewayContext, "clusters">) {
  return [
    route<unknown, unknown, ClusterPath, ClusterRecord>({
      method: "DELETE",
      path: "/api/v1/clusters/:id",
      operationId: "deregisterCluster",
      role: "admin",
      response: { status: 200, schema: DeleteClusterResponseSchema },
      errors: ["conflict"],
      summary: "Forget a cluster (its view and schedule too); the Kafka cluster itself is not touched",
      action: "cluster.delete",
      params: ClusterPathSchema,
      find: ({ params }) => clusters.find(params.id),
      audit: { target: ({ found }) => found?.name },
      async handle({ found: record }) {
        await clusters.remove(record);
        return { status: 200, body: { deleted: { id: record.id, name: record.name } } };
      },
    }),
    route<unknown, unknown, ClusterPath, ClusterRecord>({
      method: "POST",
      path: "/api/v1/clusters/:id/refresh",
      operationId: "refreshCluster",
      access: { kind: "visible" },
      role: "viewer",
      response: { status: 200, schema: ClusterViewSchema },
      errors: ["cluster_unreachable"],
      summary: "Collect a new snapshot now and return the fresh view",
      action: "cluster.refresh",
      params: ClusterPathSchema,
      find: ({ params }) => clusters.find(params.id),
      audit: { target: ({ found }) => found?.name },
      async handle({ found }) {
        return { status: 200, body: await clusters.refresh(found) };
      },
    }),
  ];
}

/** Endpoints 3–6 and the registry's extras: register, test, overview, one cluster, change, forget, refresh. */
export function clusterRoutes(context: Pick<GatewayContext, "clusters" | "config" | "store" | "access">) {
  // One limit for the routes that test a connection (register, test, change), so that they count together.
  const connectionTest = connectionTestLimit(context.config.CONNECTION_TESTS_PER_USER);
  return [
    ...listRoutes(context),
    ...profileRoutes(context, connectionTest),
    getRoute(context),
    updateRoute(context, connectionTest),
    ...recordRoutes(context),
  ];
}
