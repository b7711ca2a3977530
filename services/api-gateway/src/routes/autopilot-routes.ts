import { isAutopilotActor, pauseInForce, pausesInForce } from "@kcp/autopilot";
import {
  type AnomalyListQuery,
  AnomalyListQuerySchema,
  AnomalyListResponseSchema,
  AppError,
  AUTOPILOT_SERVICE_SCOPE,
  type AutopilotStatus,
  AutopilotStatusSchema,
  type ClusterPath,
  ClusterPathSchema,
  encodeCursor,
  type PauseAutopilotRequest,
  PauseAutopilotRequestSchema,
  PolicyListResponseSchema,
  type PolicyPath,
  PolicyPathSchema,
  PolicyResponseSchema,
  type PolicySpec,
  PolicySpecSchema,
  type RequestedAction,
  type ResumeAutopilotRequest,
  ResumeAutopilotRequestSchema,
} from "@kcp/shared";
import type { AutopilotPauseRecord, PolicyRecord } from "@kcp/store";
import type { GatewayContext } from "../context.js";
import { afterDone, route } from "./route.js";

const policyView = (record: PolicyRecord) => ({
  id: record.id,
  spec: record.spec,
  createdAt: record.createdAt.toISOString(),
  updatedAt: record.updatedAt.toISOString(),
});

/** Whether the autopilot is enabled (AUTOPILOT_ENABLED, the kill switch), and the pauses in force at `now`. */
async function autopilotStatus(
  { store, config }: Pick<GatewayContext, "store" | "config">,
  now = new Date(),
): Promise<AutopilotStatus> {
  const pauses = pausesInForce(await store.autopilotPauses.list(), now);
  return {
    enabled: config.AUTOPILOT_ENABLED,
    pauses: pauses.map((p) => ({
      ...(p.scope === AUTOPILOT_SERVICE_SCOPE ? {} : { clusterId: p.scope }),
      reason: p.reason,
      by: p.by,
      at: p.at.toISOString(),
      ...(p.until ? { until: p.until.toISOString() } : {}),
    })),
  };
}

/** The autopilot's operations of the scope in the given statuses, each asked to pause or resume. */
async function requestAll(
  { operations }: Pick<GatewayContext, "operations">,
  clusterIds: string[],
  statuses: ("pending" | "running" | "paused")[],
  action: RequestedAction,
) {
  const asked: string[] = [];
  for (const clusterId of clusterIds) {
    const page = await operations.list(clusterId, { limit: 10, statuses });
    for (const operation of page.operations.filter((o) => isAutopilotActor(o.createdBy))) {
      await operations.request(operation.id, action);
      asked.push(operation.id);
    }
  }
  return asked;
}

/** The clusters a pause's scope covers: the one named, or every registered cluster (the service's). */
async function scopeClusters({ store }: Pick<GatewayContext, "store">, clusterId: string | undefined) {
  return clusterId === undefined ? (await store.clusters.list()).map((c) => c.id) : [clusterId];
}

/** The policies: listed and read by every role, created, replaced and deleted by admins. */
function policyRoutes({ store }: Pick<GatewayContext, "store">) {
  return [
    route({
      method: "GET",
      path: "/api/v1/policies",
      operationId: "listPolicies",
      role: "viewer",
      response: { status: 200, schema: PolicyListResponseSchema },
      summary: "The autopilot's policies, oldest first",
      async handle() {
        return { status: 200, body: { policies: (await store.policies.list()).map(policyView) } };
      },
    }),
    route<PolicySpec>({
      method: "POST",
      path: "/api/v1/policies",
      operationId: "createPolicy",
      role: "admin",
      response: { status: 201, schema: PolicyResponseSchema },
      errors: ["already_exists"],
      summary: "Create an autopilot policy: a trigger, the action that answers it, a mode and guard rails",
      action: "policy.create",
      body: PolicySpecSchema,
      audit: { target: ({ body }) => body.name },
      async handle({ body }) {
        return { status: 201, body: { policy: policyView(await store.policies.create(body)) } };
      },
    }),
    route<unknown, unknown, PolicyPath>({
      method: "GET",
      path: "/api/v1/policies/:id",
      operationId: "getPolicy",
      role: "viewer",
      response: { status: 200, schema: PolicyResponseSchema },
      errors: ["not_found"],
      summary: "One autopilot policy",
      params: PolicyPathSchema,
      async handle({ params }) {
        const found = await store.policies.findById(params.id);
        if (!found) throw new AppError("not_found", `No policy ${params.id}`);
        return { status: 200, body: { policy: policyView(found) } };
      },
    }),
    route<PolicySpec, unknown, PolicyPath>({
      method: "PUT",
      path: "/api/v1/policies/:id",
      operationId: "replacePolicy",
      role: "admin",
      response: { status: 200, schema: PolicyResponseSchema },
      errors: ["not_found", "already_exists"],
      summary: "Replace an autopilot policy (enable, disable, change its mode or guard rails)",
      action: "policy.update",
      params: PolicyPathSchema,
      body: PolicySpecSchema,
      audit: { target: ({ body }) => body.name },
      async handle({ params, body }) {
        return { status: 200, body: { policy: policyView(await store.policies.update(params.id, body)) } };
      },
    }),
    route<unknown, unknown, PolicyPath, undefined, PolicyRecord>({
      method: "DELETE",
      path: "/api/v1/policies/:id",
      operationId: "deletePolicy",
      role: "admin",
      response: { status: 200, schema: PolicyResponseSchema },
      errors: ["not_found"],
      summary: "Delete an autopilot policy (its operations already planned or running are not touched)",
      action: "policy.delete",
      params: PolicyPathSchema,
      audit: { target: ({ done }) => done?.spec.name },
      async handle({ params }) {
        const found = await store.policies.findById(params.id);
        if (!found || !(await store.policies.remove(params.id)))
          throw new AppError("not_found", `No policy ${params.id}`);
        return { status: 200, body: { policy: policyView(found) }, done: found };
      },
    }),
  ];
}

/** GET …/anomalies: a cluster's anomalies with their timeline, newest first, a page at a time. */
function anomaliesRoute({ store, clusters }: Pick<GatewayContext, "store" | "clusters">) {
  return route<unknown, AnomalyListQuery, ClusterPath>({
    method: "GET",
    path: "/api/v1/clusters/:id/anomalies",
    operationId: "listAnomalies",
    role: "viewer",
    response: { status: 200, schema: AnomalyListResponseSchema },
    errors: ["not_found"],
    summary:
      "The cluster's anomalies with their timeline (first seen, cleared, what each policy did or why not), newest first",
    params: ClusterPathSchema,
    query: AnomalyListQuerySchema,
    async handle({ params, query }) {
      const cluster = await clusters.find(params.id);
      const page = await store.anomalies.listPage(cluster.id, {
        limit: query.limit,
        ...(query.before === undefined ? {} : { before: query.before }),
        ...(query.code === undefined ? {} : { code: query.code }),
        ...(query.state === undefined ? {} : { state: query.state }),
      });
      return {
        status: 200,
        body: {
          anomalies: page.anomalies,
          ...(page.nextBefore === undefined ? {} : { nextCursor: encodeCursor("anomaly", page.nextBefore) }),
        },
      };
    },
  });
}

/** GET /api/v1/autopilot: whether the autopilot is enabled, and the pauses in force. */
function statusRoute(context: Pick<GatewayContext, "store" | "config">) {
  return route({
    method: "GET",
    path: "/api/v1/autopilot",
    operationId: "getAutopilotStatus",
    role: "viewer",
    response: { status: 200, schema: AutopilotStatusSchema },
    summary: "Whether the autopilot is enabled, and the pauses in force",
    async handle() {
      return { status: 200, body: await autopilotStatus(context) };
    },
  });
}

/** POST /api/v1/autopilot/pause: the veto, for a cluster or the service; its operations in flight pause. */
function pauseRoute(context: Pick<GatewayContext, "store" | "clusters" | "operations" | "config">) {
  const { store, clusters } = context;
  return route<PauseAutopilotRequest, unknown, unknown, { now: Date; until: Date | undefined }, string[]>({
    method: "POST",
    path: "/api/v1/autopilot/pause",
    operationId: "pauseAutopilot",
    role: "admin",
    response: { status: 200, schema: AutopilotStatusSchema },
    errors: ["not_found", "invalid_request"],
    summary:
      "Pause the autopilot for a cluster or every cluster (a veto): nothing new starts, its operations in flight pause",
    action: "autopilot.pause",
    body: PauseAutopilotRequestSchema,
    async find({ body }) {
      const now = new Date();
      if (body.clusterId !== undefined) await clusters.find(body.clusterId);
      const until = body.until === undefined ? undefined : new Date(body.until);
      if (until && until <= now) throw new AppError("invalid_request", "until must be in the future");
      return { now, until };
    },
    audit: {
      target: ({ body, found }) => found && (body.clusterId ?? "service"),
      clusterId: ({ body, found }) => found && body.clusterId,
      changes: ({ done }) => done && { pausedOperations: done },
    },
    async handle({ body, user, found: { now, until } }) {
      const pause: AutopilotPauseRecord = {
        scope: body.clusterId ?? AUTOPILOT_SERVICE_SCOPE,
        reason: body.reason,
        by: user.username,
        at: now,
        ...(until ? { until } : {}),
      };
      await store.autopilotPauses.put(pause);
      const paused = await requestAll(
        context,
        await scopeClusters(context, body.clusterId),
        ["pending", "running"],
        "pause",
      );
      return { status: 200, body: await afterDone(paused, autopilotStatus(context, now)), done: paused };
    },
  });
}

/** POST /api/v1/autopilot/resume: a pause ended; its paused operations resume once no pause covers their cluster. */
function resumeRoute(context: Pick<GatewayContext, "store" | "operations" | "config">) {
  const { store } = context;
  return route<ResumeAutopilotRequest, unknown, unknown, undefined, string[]>({
    method: "POST",
    path: "/api/v1/autopilot/resume",
    operationId: "resumeAutopilot",
    role: "admin",
    response: { status: 200, schema: AutopilotStatusSchema },
    errors: ["not_found"],
    summary:
      "End a pause of the autopilot (a cluster's, or the service's): its paused operations resume once no pause covers their cluster",
    action: "autopilot.resume",
    body: ResumeAutopilotRequestSchema,
    audit: {
      target: ({ body }) => body.clusterId ?? "service",
      clusterId: ({ body }) => body.clusterId,
      changes: ({ done }) => done && { resumedOperations: done },
    },
    async handle({ body }) {
      const scope = body.clusterId ?? AUTOPILOT_SERVICE_SCOPE;
      if (!(await store.autopilotPauses.remove(scope)))
        throw new AppError(
          "not_found",
          body.clusterId === undefined
            ? "The autopilot is not paused for the service"
            : `The autopilot is not paused for cluster ${body.clusterId}`,
        );
      const now = new Date();
      const pauses = await store.autopilotPauses.list();
      const free = (await scopeClusters(context, body.clusterId)).filter((id) => !pauseInForce(pauses, id, now));
      const resumed = await requestAll(context, free, ["paused"], "resume");
      return { status: 200, body: await afterDone(resumed, autopilotStatus(context, now)), done: resumed };
    },
  });
}

/**
 * Autopilot policies (admin writes, every role reads), each cluster's anomalies with their timeline, and the veto:
 * pause and resume per cluster or for the service (admin, with a reason, audited). A pause also pauses the
 * autopilot's operations in flight in its scope; a resume resumes them once no pause covers their cluster.
 */
export function autopilotRoutes(context: Pick<GatewayContext, "store" | "clusters" | "operations" | "config">) {
  return [
    ...policyRoutes(context),
    anomaliesRoute(context),
    statusRoute(context),
    pauseRoute(context),
    resumeRoute(context),
  ];
}
