import { resumeHeldByPause } from "@kcp/autopilot";
import type { OperationService } from "@kcp/operation-service";
import {
  AppError,
  type ClusterPath,
  ClusterPathSchema,
  type ConfirmRequest,
  ConfirmRequestSchema,
  type Operation,
  type OperationListQuery,
  OperationListQuerySchema,
  OperationListResponseSchema,
  type OperationMovesQuery,
  OperationMovesQuerySchema,
  OperationMovesResponseSchema,
  OperationPathSchema,
  OperationSchema,
  type PlanOperationRequest,
  PlanOperationRequestSchema,
  type RequestedAction,
  roleAtLeast,
} from "@kcp/shared";
import type { AutopilotPauseRepository, UserRecord } from "@kcp/store";
import type { GatewayContext } from "../context.js";
import { route } from "./route.js";

type OperationPath = { op: string };

const REQUEST_SUMMARIES: Record<RequestedAction, string> = {
  pause: "Pause a confirmed operation at its next step boundary",
  resume: "Resume a paused operation (or withdraw a pause not yet honoured)",
  cancel: "Cancel an operation: a plan at once; a confirmed one at its next step boundary, after its cleanup steps",
};

/**
 * The operation a request acts on, when it exists (`find`): the audit names the operation and then its cluster, so
 * refused confirms are audited per cluster too.
 */
const operationOf = (operations: OperationService, operationId: string): Promise<Operation | undefined> =>
  operations.get(operationId).catch(() => undefined);

const operationAudit = {
  target: ({ params }: { params: OperationPath }) => params.op,
  clusterId: ({ found }: { found: Operation | undefined }) => found?.clusterId,
};

/**
 * An autopilot operation held by an autopilot pause (an admin's veto) is resumed early only by an admin: the pause is
 * named in the refusal, with how to end it.
 */
async function guardHeldResume(
  operations: OperationService,
  pauses: Pick<AutopilotPauseRepository, "list">,
  operationId: string,
  user: UserRecord,
): Promise<void> {
  if (roleAtLeast(user.role, "admin")) return;
  const operation = await operations.get(operationId);
  const pause = resumeHeldByPause(operation, await pauses.list(), new Date());
  if (pause)
    throw new AppError(
      "forbidden",
      `The autopilot is paused for this cluster by ${pause.by} (${pause.reason}): resuming its operation before the pause ends needs the admin role (POST /api/v1/autopilot/resume ends the pause)`,
    );
}

/** pause, resume and cancel: each sets the operation's requestedAction, which the worker honours. */
function requestRoute(
  operations: OperationService,
  pauses: Pick<AutopilotPauseRepository, "list">,
  action: RequestedAction,
) {
  return route<unknown, unknown, OperationPath, Operation | undefined>({
    method: "POST",
    path: `/api/v1/operations/:op/${action}`,
    operationId: `${action}Operation`,
    role: "operator",
    response: { status: 200, schema: OperationSchema },
    errors: ["conflict"],
    summary: REQUEST_SUMMARIES[action],
    action: `operation.${action}`,
    params: OperationPathSchema,
    find: ({ params }) => operationOf(operations, params.op),
    audit: operationAudit,
    async handle({ params, user }) {
      if (action === "resume") await guardHeldResume(operations, pauses, params.op, user);
      return { status: 200, body: await operations.request(params.op, action) };
    },
  });
}

/** Endpoints 17–19, one operation by id, and pause/resume/cancel. */
export function operationRoutes({ operations, store }: Pick<GatewayContext, "operations" | "store">) {
  const pauses: Pick<AutopilotPauseRepository, "list"> = { list: () => store.autopilotPauses.list() };
  return [
    route<PlanOperationRequest, unknown, ClusterPath, undefined, Operation>({
      method: "POST",
      path: "/api/v1/clusters/:id/operations",
      operationId: "planOperation",
      role: "operator",
      response: { status: 201, schema: OperationSchema },
      errors: ["capability_unavailable", "invalid_request", "version_unavailable", "cluster_unreachable", "conflict"],
      summary: "Plan an operation (a dry run from a fresh snapshot; nothing changes until it is confirmed)",
      action: "operation.plan",
      params: ClusterPathSchema,
      body: PlanOperationRequestSchema,
      audit: {
        target: ({ body, done }) => done?.id ?? body.type,
        // A plan a four-eyes rule holds for: the rule and who may approve it.
        changes: ({ done }) =>
          done?.approval ? { approval: { rule: done.approval.rule, approvers: done.approval.approvers } } : undefined,
      },
      async handle({ principal, params, body }) {
        // Its changes come from files checked against their scopes and the service's bounds: one way in.
        if (body.type === "applyDesiredState")
          throw new AppError(
            "invalid_request",
            "applyDesiredState is planned from files: POST /api/v1/clusters/{id}/desired-state/plan",
          );
        const operation = await operations.plan(params.id, body, principal);
        return { status: 201, body: operation, done: operation };
      },
    }),
    route<unknown, OperationListQuery, ClusterPath>({
      method: "GET",
      path: "/api/v1/clusters/:id/operations",
      operationId: "listOperations",
      role: "viewer",
      response: { status: 200, schema: OperationListResponseSchema },
      summary: "The cluster's operations, newest first, by status, a page at a time (before = nextCursor)",
      params: ClusterPathSchema,
      query: OperationListQuerySchema,
      async handle({ params, query }) {
        return {
          status: 200,
          body: await operations.list(params.id, {
            limit: query.limit,
            ...(query.status === undefined ? {} : { statuses: query.status }),
            ...(query.before === undefined ? {} : { before: query.before }),
          }),
        };
      },
    }),
    route<unknown, unknown, OperationPath>({
      method: "GET",
      path: "/api/v1/operations/:op",
      operationId: "getOperation",
      role: "viewer",
      response: { status: 200, schema: OperationSchema },
      summary: "One operation with its plan and steps (at most the first 1000 moves: the rest through /moves)",
      params: OperationPathSchema,
      async handle({ params }) {
        return { status: 200, body: await operations.get(params.op) };
      },
    }),
    route<unknown, OperationMovesQuery, OperationPath>({
      method: "GET",
      path: "/api/v1/operations/:op/moves",
      operationId: "listOperationMoves",
      role: "viewer",
      response: { status: 200, schema: OperationMovesResponseSchema },
      summary: "The plan's moves in plan order, a page at a time (plans of any size)",
      params: OperationPathSchema,
      query: OperationMovesQuerySchema,
      async handle({ params, query }) {
        return { status: 200, body: await operations.moves(params.op, query.offset, query.limit) };
      },
    }),
    route<ConfirmRequest, unknown, OperationPath, Operation | undefined>({
      method: "POST",
      path: "/api/v1/operations/:op/confirm",
      operationId: "confirmOperation",
      role: "operator",
      response: { status: 200, schema: OperationSchema },
      errors: [
        "approval_required",
        "conflict",
        "plan_expired",
        "confirmation_mismatch",
        "version_unavailable",
        "cluster_unreachable",
      ],
      summary:
        "Confirm a planned operation and start it (irreversible ones need the cluster name typed back; one a four-eyes rule holds for, another person than its planner)",
      action: "operation.confirm",
      params: OperationPathSchema,
      body: ConfirmRequestSchema,
      find: ({ params }) => operationOf(operations, params.op),
      audit: {
        ...operationAudit,
        // Planner and confirmer (the approver, when a four-eyes rule holds): the entry's actor is the confirmer.
        changes: ({ found, user, answered }) =>
          found
            ? {
                plannedBy: found.createdBy,
                ...(found.approval ? { approvalRule: found.approval.rule } : {}),
                ...(answered && found.approval ? { approvedBy: user.username } : {}),
              }
            : undefined,
      },
      async handle({ principal, params, body }) {
        return { status: 200, body: await operations.confirm(params.op, body, principal) };
      },
    }),
    requestRoute(operations, pauses, "pause"),
    requestRoute(operations, pauses, "resume"),
    requestRoute(operations, pauses, "cancel"),
  ];
}
