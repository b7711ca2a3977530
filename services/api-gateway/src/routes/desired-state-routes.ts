import { createHash } from "node:crypto";
import type { ClusterActions } from "@kcp/cluster-actions";
import type { ClusterRegistry } from "@kcp/clusters";
import { type CurrentResources, diffDesiredState } from "@kcp/desired-state";
import type { OperationService } from "@kcp/operation-service";
import {
  AppError,
  type ClusterPath,
  ClusterPathSchema,
  DESIRED_CHANGES_MAX,
  type DesiredStatePlanRequest,
  DesiredStatePlanRequestSchema,
  type DesiredStatePlanResponse,
  DesiredStatePlanResponseSchema,
  type QuotaKey,
  type Snapshot,
} from "@kcp/shared";
import { route } from "./route.js";

export interface DesiredStateRouteDependencies {
  clusters: ClusterRegistry;
  actions: ClusterActions;
  operations: OperationService;
}

const PROBLEMS_SHOWN = 50;

/** The problems of a set of files as one message: each on its own line, file, document and field first. */
function problemsMessage(problems: { file: string; document: number; field?: string; message: string }[]): string {
  const lines = problems
    .slice(0, PROBLEMS_SHOWN)
    .map((p) => `${p.file}, document ${p.document}${p.field ? ` (${p.field})` : ""}: ${p.message}`);
  const more = problems.length > PROBLEMS_SHOWN ? `\n… and ${problems.length - PROBLEMS_SHOWN} more` : "";
  return `The files cannot be planned:\n${lines.join("\n")}${more}`;
}

/** The cluster's topics as desired state compares them: topic-level configs only, internal topics marked. */
const topicsOf = (snapshot: Snapshot): CurrentResources["topics"] =>
  snapshot.topics.map((t) => ({
    name: t.name,
    partitions: t.partitions.length,
    replicationFactor: t.replicationFactor,
    configs: t.configs,
    internal: t.internal,
  }));

/**
 * Desired state: a team's files planned against the cluster as an applyDesiredState operation (operator, as any
 * operation), confirmed and run like one.
 */
export function desiredStateRoutes(deps: DesiredStateRouteDependencies) {
  return [
    route<DesiredStatePlanRequest, unknown, ClusterPath>({
      method: "POST",
      path: "/api/v1/clusters/:id/desired-state/plan",
      operationId: "planDesiredState",
      role: "operator",
      response: { status: 200, schema: DesiredStatePlanResponseSchema },
      errors: ["invalid_request", "capability_unavailable", "cluster_unreachable", "not_found"],
      summary:
        "Plan the files' desired state against the cluster: every change with before and after, inside each file's scope, as an applyDesiredState operation to confirm (none when nothing changes)",
      action: "operation.plan",
      params: ClusterPathSchema,
      body: DesiredStatePlanRequestSchema,
      async handle({ res, user, params, body }) {
        const digest = createHash("sha256").update(JSON.stringify(body.files)).digest("hex");
        res.locals.auditTarget = "applyDesiredState";
        const record = await deps.clusters.find(params.id);
        const view = await deps.clusters.refresh(record);
        if (!view.snapshot) throw new AppError("cluster_unreachable", `No snapshot of ${record.name} could be taken`);
        const read = await deps.actions.resources(params.id);
        const current: CurrentResources = {
          topics: topicsOf(view.snapshot as Snapshot),
          acls: read.acls,
          quotas: read.quotas.map((q) => ({
            entity: q.entity,
            values: q.quotas as Partial<Record<QuotaKey, number>>,
          })),
          scramUsers: read.scramUsers,
        };
        const result = diffDesiredState(body.files, current);
        if (result.problems) throw new AppError("invalid_request", problemsMessage(result.problems));
        const { changes, counts, irreversible, warnings } = result.plan;
        if (changes.length > DESIRED_CHANGES_MAX)
          throw new AppError(
            "invalid_request",
            `The files make ${changes.length} changes; a plan holds at most ${DESIRED_CHANGES_MAX}: apply them in parts`,
          );
        for (const change of changes)
          if (change.kind === "createTopic") deps.actions.refuseTooManyPartitions(change.partitions);
          else if (change.kind === "addPartitions") deps.actions.refuseTooManyPartitions(change.after);
        res.locals.auditChanges = { digest, files: body.files.map((f) => f.path), counts };
        const answer: DesiredStatePlanResponse = { digest, changes, counts, irreversible, warnings };
        if (changes.length === 0 || !body.createOperation) return { status: 200, body: answer };
        const operation = await deps.operations.plan(
          params.id,
          {
            type: "applyDesiredState",
            params: {
              digest,
              files: body.files.map((f) => f.path),
              changes,
              ...(body.throttleBytesPerSec === undefined ? {} : { throttleBytesPerSec: body.throttleBytesPerSec }),
              ...(body.maxConcurrentMoves === undefined ? {} : { maxConcurrentMoves: body.maxConcurrentMoves }),
            },
          },
          user.username,
        );
        res.locals.auditTarget = operation.id;
        return { status: 200, body: { ...answer, operation } };
      },
    }),
  ];
}
