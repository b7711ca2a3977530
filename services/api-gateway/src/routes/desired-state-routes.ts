import {
  credentialKey,
  type DesiredPlan,
  desiredStateThread,
  exportDocuments,
  type PlanRequestSummary,
  type PlanState,
  parseQuotaEntity,
  type SaltedCredential,
  type StagingBounds,
  sealCredentials,
} from "@kcp/desired-state";
import { newScramCredential } from "@kcp/kafka";
import {
  ACTIVE_OPERATION_STATUSES,
  AppError,
  type AuthorizationRefusal,
  authorizeChanges,
  type ClusterPath,
  ClusterPathSchema,
  DESIRED_CHANGES_MAX,
  type DesiredChange,
  DesiredScopeSchema,
  type DesiredStateDriftResponse,
  DesiredStateDriftResponseSchema,
  type DesiredStateExportQuery,
  DesiredStateExportQuerySchema,
  type DesiredStateExportResponse,
  DesiredStateExportResponseSchema,
  DesiredStatePlanRequestSchema,
  type DesiredStatePlanResponse,
  DesiredStatePlanResponseSchema,
  type Principal,
  type Snapshot,
} from "@kcp/shared";
import type { Store } from "@kcp/store";
import type { Request } from "express";
import type { z } from "zod";
import type { GatewayContext } from "../context.js";
import { DESIRED_STATE_PLAN_BODY_LIMIT_BYTES } from "../http/json-body.js";
import { afterDone, route } from "./route.js";

const PROBLEMS_SHOWN = 50;
/** How long a plan stays confirmable (the operations' plan lifetime): by then a refused user's plans have expired. */
const PLAN_CONFIRMABLE_MS = 15 * 60_000;

/** Where a plan's operation is, for the book's holds: read light (its status and expiry only). */
const planState =
  (store: Store): PlanState =>
  async (operationId) => {
    const operation = await store.operations.findById(operationId, { parts: "refs" });
    if (!operation) return "ended";
    if (operation.status === "planned") return operation.expiresAt.getTime() > Date.now() ? "planned" : "ended";
    return (ACTIVE_OPERATION_STATUSES as readonly string[]).includes(operation.status) ? "active" : "ended";
  };

/**
 * The plan body, as the bytes received, parsed and checked on the desired-state thread, not the request thread (a
 * 16 MiB body's parse and schema check take seconds): not JSON, or nested too deep, is 400 bad_request as for every
 * body; a mismatch is 400 validation_failed naming each file by its path and each document by its index. The request
 * thread gets the summary (files by path and count, their digest); the files stay on the thread, which diffs them,
 * until the answer is sent.
 */
async function checkedPlanBody(req: Request): Promise<PlanRequestSummary> {
  const checked = await desiredStateThread.check(req.body);
  if (checked.malformed !== undefined) throw new AppError("bad_request", checked.malformed);
  if (checked.refused !== undefined) {
    // The audit's excerpt of a refused body is made of its beginning (its secrets redacted there), never of all of it.
    req.body = checked.start;
    throw new AppError("validation_failed", checked.refused);
  }
  const { summary } = checked;
  req.res?.once("close", () => void desiredStateThread.release(summary.digest).catch(() => undefined));
  return summary;
}

/** The problems of a set of files as one message: each on its own line, file, document and field first. */
function problemsMessage(problems: { file: string; document: number; field?: string; message: string }[]): string {
  const lines = problems
    .slice(0, PROBLEMS_SHOWN)
    .map((p) => `${p.file}, document ${p.document}${p.field ? ` (${p.field})` : ""}: ${p.message}`);
  const more = problems.length > PROBLEMS_SHOWN ? `\n… and ${problems.length - PROBLEMS_SHOWN} more` : "";
  return `The files cannot be planned:\n${lines.join("\n")}${more}`;
}

/**
 * The credentials the changes create or rotate, salted now from the passwords the CLI resolved: a change without its
 * password is refused (naming the user and mechanism, never a password).
 */
function saltedCredentials(
  changes: readonly DesiredChange[],
  passwords: readonly { user: string; mechanism: string; password: string }[],
): SaltedCredential[] {
  const byCredential = new Map(passwords.map((p) => [credentialKey(p.user, p.mechanism), p.password]));
  return changes.flatMap((change) => {
    if (change.kind !== "createScramCredential" && change.kind !== "rotateScramCredential") return [];
    const password = byCredential.get(credentialKey(change.user, change.mechanism));
    if (password === undefined)
      throw new AppError(
        "invalid_request",
        `${change.kind === "createScramCredential" ? "Creating" : "Rotating"} the ${change.mechanism} credential of ${change.user} needs its password: send it in passwords (the CLI resolves the file's reference)`,
      );
    const { user, mechanism, iterations } = change;
    return [{ user, mechanism, iterations, ...newScramCredential(mechanism, password, iterations) }];
  });
}

/**
 * A plan of files that passed its checks; or, when a change needs a role the user lacks, that refusal (the handler
 * answers it; the audit entry names the files, as a plan's does).
 */
interface CheckedPlan {
  plan: DesiredPlan;
  refusal?: AuthorizationRefusal;
}

/** What a plan's handler did that its audit entry names: the plans it superseded, the operation it planned. */
interface PlanDone {
  superseded: string[];
  operationId?: string;
}

/** How much staged desired state one user and one cluster may hold (DESIRED_STATE_STAGED_MIB_PER_USER, …). */
function stagingBounds(config: GatewayContext["config"]): StagingBounds {
  return {
    perUserBytes: config.DESIRED_STATE_STAGED_MIB_PER_USER * 1024 * 1024,
    perClusterBytes: config.DESIRED_STATE_STAGED_MIB_PER_CLUSTER * 1024 * 1024,
  };
}

/** A fresh collection's snapshot and the resources read beside it. */
async function currentResources(
  { clusters, actions }: Pick<GatewayContext, "clusters" | "actions">,
  clusterId: string,
) {
  const record = await clusters.find(clusterId);
  const view = await clusters.refresh(record);
  if (!view.snapshot) throw new AppError("cluster_unreachable", `No snapshot of ${record.name} could be taken`);
  return actions.currentResources(clusterId, view.snapshot as Snapshot);
}

/**
 * The applyDesiredState operation of staged files, tied to their hold (let go when it cannot be planned), with the
 * credentials it sets kept sealed beside it.
 */
async function planStaged(
  { operations, desiredStates, box }: Pick<GatewayContext, "operations" | "desiredStates" | "box">,
  clusterId: string,
  principal: Principal,
  body: PlanRequestSummary,
  changes: DesiredChange[],
  hold: string,
  credentials: SaltedCredential[],
) {
  const operation = await operations
    .plan(
      clusterId,
      {
        type: "applyDesiredState",
        params: {
          digest: body.digest,
          files: body.files.map((f) => f.path),
          changes,
          ...(body.throttleBytesPerSec === undefined ? {} : { throttleBytesPerSec: body.throttleBytesPerSec }),
          ...(body.maxConcurrentMoves === undefined ? {} : { maxConcurrentMoves: body.maxConcurrentMoves }),
        },
      },
      principal,
    )
    .catch(async (error: unknown) => {
      await desiredStates.release(clusterId, hold);
      throw error;
    });
  await desiredStates.tie(clusterId, hold, operation.id);
  if (credentials.length > 0)
    await desiredStates.keepCredentials(clusterId, operation.id, sealCredentials(box, credentials));
  return operation;
}

/**
 * The files' plan against the cluster, checked in order: the files' problems; each change needs the role of its
 * direct route (a SCRAM credential: admin), decided before anything is kept; the plan's size, the partition bound
 * and what Kafka would refuse.
 */
async function checkedPlan(
  context: Pick<GatewayContext, "clusters" | "actions" | "desiredStates">,
  clusterId: string,
  digest: string,
  principal: Principal,
): Promise<CheckedPlan> {
  const { actions, desiredStates } = context;
  const [resources, applied] = await Promise.all([
    currentResources(context, clusterId),
    desiredStates.appliedRecords(clusterId),
  ]);
  // The diff runs on the desired-state thread: the request thread keeps answering (/healthz included). The
  // files applied earlier under other paths keep what their scopes own: a scope overlapping one is refused.
  const result = await desiredStateThread.plan(digest, resources, applied);
  if (result.problems) throw new AppError("invalid_request", problemsMessage(result.problems));
  const { plan } = result;
  const { changes } = plan;
  const record = await context.clusters.find(clusterId);
  const refusal = authorizeChanges(principal, changes, { id: record.id, name: record.name, labels: record.labels });
  if (refusal) return { plan, refusal };
  if (changes.length > DESIRED_CHANGES_MAX)
    throw new AppError(
      "invalid_request",
      `The files make ${changes.length} changes; a plan holds at most ${DESIRED_CHANGES_MAX}: apply them in parts`,
    );
  for (const change of changes)
    if (change.kind === "createTopic") actions.refuseTooManyPartitions(change.partitions);
    else if (change.kind === "addPartitions") actions.refuseTooManyPartitions(change.after);
  const refused = await actions.refusedTopicChanges(clusterId, changes);
  if (refused.length > 0)
    throw new AppError("invalid_request", problemsMessage(await desiredStateThread.refused(digest, refused)));
  return { plan };
}

/** POST …/desired-state/plan: the files planned against the cluster, as an applyDesiredState operation to confirm. */
function planRoute(
  context: Pick<GatewayContext, "clusters" | "actions" | "operations" | "store" | "box" | "desiredStates" | "config">,
) {
  const { operations, store, desiredStates } = context;
  const staging = stagingBounds(context.config);
  return route<PlanRequestSummary, unknown, ClusterPath, CheckedPlan, PlanDone>({
    method: "POST",
    path: "/api/v1/clusters/:id/desired-state/plan",
    operationId: "planDesiredState",
    access: { kind: "visible" },
    role: "operator",
    response: { status: 200, schema: DesiredStatePlanResponseSchema },
    errors: [
      "invalid_request",
      "capability_unavailable",
      "cluster_unreachable",
      "kafka_timeout",
      "not_found",
      "too_many_attempts",
    ],
    summary:
      "Plan the files' desired state against the cluster: every change with before and after, inside each file's scope, as an applyDesiredState operation to confirm (none when nothing changes)",
    action: "operation.plan",
    params: ClusterPathSchema,
    // The body as sent (what the OpenAPI document shows); the handler gets it as checkedPlanBody summarises it.
    body: DesiredStatePlanRequestSchema as z.ZodType as z.ZodType<PlanRequestSummary>,
    parseBody: checkedPlanBody,
    bodyLimitBytes: DESIRED_STATE_PLAN_BODY_LIMIT_BYTES,
    // The files are named by path and digest (audit.changes), not copied: 10,000 topics would make every entry MiB.
    auditRequest: (body) => ({
      files: body.files,
      passwordsFor: body.passwords.map((p) => `${p.user} ${p.mechanism}`),
      createOperation: body.createOperation,
      ...(body.throttleBytesPerSec === undefined ? {} : { throttleBytesPerSec: body.throttleBytesPerSec }),
      ...(body.maxConcurrentMoves === undefined ? {} : { maxConcurrentMoves: body.maxConcurrentMoves }),
    }),
    find: ({ params, body, principal }) => checkedPlan(context, params.id, body.digest, principal),
    audit: {
      target: ({ done }) => done?.operationId ?? "applyDesiredState",
      // A checked plan's files, a refused one's too; and the user's earlier plans it superseded, if any.
      changes: ({ body, found, done }) =>
        found && {
          digest: body.digest,
          files: body.files.map((f) => f.path),
          counts: found.plan.counts,
          ...(done && done.superseded.length > 0 ? { superseded: done.superseded } : {}),
        },
    },
    async handle({ user, principal, params, body, found }) {
      const { digest } = body;
      if (found.refusal) throw new AppError(found.refusal.code, found.refusal.message);
      const { changes, counts, irreversible, warnings } = found.plan;
      const answer: DesiredStatePlanResponse = { digest, changes, counts, irreversible, warnings };
      if (changes.length === 0 || !body.createOperation) return { status: 200, body: answer };
      const credentials = saltedCredentials(changes, body.passwords);
      // The files become the cluster's desired state only when the apply's last step records them.
      // Stored once by digest, held by this plan until it ends, within the bounds (429 past them).
      const staged = await desiredStates.stage(params.id, digest, await desiredStateThread.files(digest), {
        user: user.username,
        bounds: staging,
        state: planState(store),
        expiresInMs: PLAN_CONFIRMABLE_MS,
      });
      // The user's earlier plans of the same files (paths) are superseded: cancelled, their files let go.
      for (const superseded of staged.superseded) {
        // Only while it is still a plan: one confirmed meanwhile goes on, and keeps its files.
        if ((await planState(store)(superseded)) !== "planned") continue;
        await operations.request(superseded, "cancel").catch(() => undefined);
        await desiredStates.release(params.id, superseded);
      }
      // The plans superseded are named in the audit entry whether or not the new plan is then made.
      const done: PlanDone = { superseded: staged.superseded };
      const operation = await afterDone(
        done,
        planStaged(context, params.id, principal, body, changes, staged.hold, credentials),
      );
      return { status: 200, body: { ...answer, operation }, done: { ...done, operationId: operation.id } };
    },
  });
}

/** GET …/desired-state/drift: how the cluster differs from its last applied desired state, read now. */
function driftRoute(context: Pick<GatewayContext, "clusters" | "actions" | "desiredStates">) {
  const { clusters, desiredStates } = context;
  return route<unknown, unknown, ClusterPath>({
    method: "GET",
    path: "/api/v1/clusters/:id/desired-state/drift",
    operationId: "getDesiredStateDrift",
    role: "viewer",
    response: { status: 200, schema: DesiredStateDriftResponseSchema },
    errors: ["cluster_unreachable", "kafka_timeout", "not_found"],
    summary:
      "How the cluster differs from its last applied desired state, read now: what applying the files again would change",
    params: ClusterPathSchema,
    async handle({ params }) {
      const records = await desiredStates.appliedRecords(params.id);
      // Nothing applied: nothing to drift from, and nothing to read of the cluster (known, or 404).
      if (records.length === 0) await clusters.find(params.id);
      // The diff runs on the desired-state thread, as a plan's.
      const { applied, drift } =
        records.length === 0
          ? { applied: [], drift: { changes: [], counts: {}, problems: [] } }
          : await desiredStateThread.drift(records, await currentResources(context, params.id));
      const body: DesiredStateDriftResponse = {
        applied,
        changes: drift.changes,
        counts: drift.counts,
        problems: drift.problems,
      };
      return { status: 200, body };
    },
  });
}

/** GET …/desired-state: the cluster's resources inside a scope, as one desired-state file's documents. */
function exportRoute(context: Pick<GatewayContext, "clusters" | "actions">) {
  return route<unknown, DesiredStateExportQuery, ClusterPath>({
    method: "GET",
    path: "/api/v1/clusters/:id/desired-state",
    operationId: "exportDesiredState",
    role: "viewer",
    response: { status: 200, schema: DesiredStateExportResponseSchema },
    errors: ["invalid_request", "cluster_unreachable", "kafka_timeout", "not_found"],
    summary:
      "The cluster's topics, ACLs, quotas and SCRAM credentials inside a scope, as one desired-state file's documents (no password): planned unchanged, they change nothing",
    params: ClusterPathSchema,
    query: DesiredStateExportQuerySchema,
    async handle({ params, query }) {
      const scope = {
        topicPrefixes: query.topicPrefixes,
        topics: query.topics,
        aclPrincipals: query.aclPrincipals,
        quotaEntities: query.quotaEntities.map(parseQuotaEntity),
        scramUsers: query.scramUsers,
      };
      if (Object.values(scope).every((list) => list.length === 0))
        throw new AppError(
          "invalid_request",
          "Name the scope to export: topicPrefixes, topics, aclPrincipals, quotaEntities or scramUsers",
        );
      // Held to what a Scope document accepts (legal topic names, a quota entity's types, the bounds): the answer
      // is a file that plans.
      const checked = DesiredScopeSchema.safeParse({
        kind: "Scope",
        topics: { names: scope.topics, prefixes: scope.topicPrefixes },
        aclPrincipals: scope.aclPrincipals,
        quotaEntities: scope.quotaEntities,
        scramUsers: scope.scramUsers,
      });
      if (!checked.success) {
        const issue = checked.error.issues[0];
        throw new AppError("invalid_request", `The scope to export: ${issue?.path.join(".")}: ${issue?.message}`);
      }
      const body: DesiredStateExportResponse = {
        documents: exportDocuments(await currentResources(context, params.id), scope),
      };
      return { status: 200, body };
    },
  });
}

/**
 * Desired state: a team's files planned against the cluster as an applyDesiredState operation (operator, as any
 * operation), confirmed and run like one.
 */
export function desiredStateRoutes(
  context: Pick<GatewayContext, "clusters" | "actions" | "operations" | "store" | "box" | "desiredStates" | "config">,
) {
  return [planRoute(context), driftRoute(context), exportRoute(context)];
}
