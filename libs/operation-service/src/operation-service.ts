import { randomUUID } from "node:crypto";
import { capabilityRefusal } from "@kcp/cluster-actions";
import { askCanObtain, type ClusterRegistry, identityRefusal } from "@kcp/clusters";
import {
  enqueueRun,
  type OperationEvent,
  OperationRecords,
  type OperationState,
  PLAN_LIFETIME_MS,
  planExpired,
  plannedApproval,
  plannedDocument,
} from "@kcp/operation-lifecycle";
import {
  type BuiltPlan,
  movesStillApply,
  PLAN_BUILDERS,
  type PlanBuilder,
  type PlannedStep,
  sameSteps,
} from "@kcp/operations";
import type { JobQueue } from "@kcp/queue";
import {
  AppError,
  type ApprovalRule,
  authorizeOperation,
  type Capabilities,
  type Cluster,
  type ConfirmRequest,
  encodeCursor,
  isIrreversible,
  OPERATION_TYPE_INFO,
  type Operation,
  type OperationExplanation,
  type OperationMovesResponse,
  type OperationStatus,
  type OperationType,
  type PlanOperationRequest,
  type Principal,
  type RequestedAction,
  type Snapshot,
  type Step,
} from "@kcp/shared";
import type { ClusterRecord, Store } from "@kcp/store";
import { planMovesPage, withHeads } from "./operation-heads.js";
import { operationView } from "./operation-view.js";

export interface OperationServiceDependencies {
  store: Store;
  clusters: ClusterRegistry;
  queue: JobQueue;
  now?: () => Date;
  /** How long a plan waits for the cluster's provider to say whether its nodes can obtain a version (default 60 s). */
  providerWaitMs?: number;
  /** The four-eyes rules (APPROVAL_RULES_FILE): a plan one holds for is confirmed by another person than its planner. */
  approvalRules?: readonly ApprovalRule[];
}

/**
 * Who plans or confirms: the name the operation and the audit keep, and the role and bindings the change is decided
 * by (a person's, or the autopilot's role).
 */
export type Actor = Principal;

/**
 * 403 unless the actor may make the operation and every change it carries on this cluster, as their direct routes
 * decide; 404 when the cluster is not the actor's to see.
 */
function refuseUnauthorized(actor: Actor, type: OperationType, params: unknown, cluster: ClusterRecord): void {
  const refusal = authorizeOperation(actor, type, params, {
    id: cluster.id,
    name: cluster.name,
    labels: cluster.labels,
  });
  if (refusal) throw new AppError(refusal.code, refusal.message);
}

const pendingStep = (step: PlannedStep, index: number): Step => ({
  index,
  name: step.name,
  kind: step.kind,
  args: step.args,
  alwaysRun: step.alwaysRun,
  status: "pending",
  startedAt: null,
  finishedAt: null,
});

/**
 * Operations as the API sees them. Planning takes a fresh snapshot of the cluster (a collection, waited for), checks
 * the capability the type needs, runs the type's pure plan builder and stores the operation as `planned` with every
 * step `pending`, confirmable for 15 minutes. Nothing in Kafka changes until a confirm hands it to a worker.
 */
export class OperationService {
  private readonly records: OperationRecords;

  constructor(private readonly deps: OperationServiceDependencies) {
    this.records = new OperationRecords(deps.store);
  }

  private now(): Date {
    return this.deps.now?.() ?? new Date();
  }

  /** A fresh snapshot, the capability check and the type's builder: what plan and confirm both do. */
  private async build(record: ClusterRecord, request: PlanOperationRequest): Promise<BuiltPlan> {
    const builder = PLAN_BUILDERS[request.type] as PlanBuilder<OperationType> | undefined;
    if (!builder) throw new AppError("invalid_request", `Operations of type ${request.type} cannot be planned yet`);
    let view = await this.deps.clusters.refresh(record);
    // A plan wants the whole picture: a collection with parts that failed (a broker slow to answer, on a loaded
    // cluster) is taken once more before the builder judges what is missing.
    if ((view.snapshot?.errors.length ?? 0) > 0) view = await this.deps.clusters.refresh(record);
    const otherCluster = identityRefusal(view);
    if (otherCluster) throw otherCluster;
    const refusal = capabilityRefusal(view.capabilities, OPERATION_TYPE_INFO[request.type].capability);
    if (refusal) throw refusal;
    if (!view.snapshot) throw new AppError("cluster_unreachable", `No snapshot of ${record.name} could be taken`);
    const built = builder({
      cluster: view.cluster as Cluster,
      snapshot: view.snapshot as Snapshot,
      capabilities: view.capabilities as Capabilities,
      params: request.params,
    });
    await this.refuseUnobtainable(record, built);
    return built;
  }

  /**
   * A plan that installs a version on the cluster's nodes (upgradeVersion's installVersion) is refused when the
   * provider says they cannot obtain it (not installed, not in the agents' artifact sources, no image on the engine):
   * at plan and again at confirm, never at its first step. Asked through the collector, which holds the providers'
   * access.
   */
  private async refuseUnobtainable(record: ClusterRecord, built: BuiltPlan): Promise<void> {
    const versions = new Set(
      built.steps
        .filter((step) => step.kind === "installVersion")
        .map((step) => (step.args as { version: string }).version),
    );
    for (const version of versions) {
      const refusal = await askCanObtain(this.deps.queue, record.id, version, this.deps.providerWaitMs ?? 60_000);
      if (refusal) throw new AppError(refusal.code, refusal.message);
    }
  }

  async plan(
    clusterId: string,
    request: PlanOperationRequest,
    createdBy: Actor,
    explanation?: OperationExplanation,
  ): Promise<Operation> {
    const record = await this.deps.clusters.find(clusterId);
    refuseUnauthorized(createdBy, request.type, request.params, record);
    const built = await this.build(record, request);
    const irreversible = built.plan.irreversible || isIrreversible(request, built.facts);
    const approval = plannedApproval(this.deps.approvalRules ?? [], record, {
      type: request.type,
      irreversible,
      createdBy: createdBy.username,
    });
    const now = this.now();
    const created = await this.records.create({
      id: randomUUID(),
      clusterId: record.id,
      type: request.type,
      createdAt: now,
      expiresAt: new Date(now.getTime() + PLAN_LIFETIME_MS),
      document: plannedDocument({
        summary: built.plan.summary,
        params: request.params as Record<string, unknown>,
        plan: { ...built.plan, irreversible },
        irreversible,
        createdBy: createdBy.username,
        steps: built.steps.map(pendingStep),
        ...(explanation ? { explanation } : {}),
        ...(approval ? { approval } : {}),
      }),
    });
    return this.view(created);
  }

  /**
   * The Operation of a record read with `parts: "refs"`: its first moves read from the store, never all of them
   * (a plan of a million moves answers at the cost of a small one).
   */
  private async view(record: OperationState): Promise<Operation> {
    return operationView(await withHeads(this.deps.store, record));
  }

  /** A page of the cluster's operations, newest first, in `statuses` when given; `nextCursor` when more match. */
  async list(
    clusterId: string,
    query: { limit: number; statuses?: readonly OperationStatus[]; before?: number },
  ): Promise<{ operations: Operation[]; nextCursor?: string }> {
    const record = await this.deps.clusters.find(clusterId);
    const page = await this.records.listPage(record.id, query);
    return {
      operations: await Promise.all(page.operations.map((r) => this.view(r))),
      ...(page.nextBefore === undefined ? {} : { nextCursor: encodeCursor("operation", page.nextBefore) }),
    };
  }

  async get(operationId: string): Promise<Operation> {
    return this.view(await this.records.get(operationId));
  }

  /** A page of the plan's moves, in plan order: only the stored chunks that hold the page are read. */
  async moves(operationId: string, offset: number, limit: number): Promise<OperationMovesResponse> {
    return planMovesPage(this.deps.store, await this.records.get(operationId), offset, limit);
  }

  /**
   * Only a planned operation whose plan has not expired (410), not by its planner when a four-eyes rule holds for it
   * (403 approval_required), with the cluster name typed back when irreversible (422), while no other operation is
   * active on the cluster (409), and whose plan still applies to a fresh snapshot (409). planned → pending is one
   * conditional write: of two confirms one wins, the other gets 409.
   */
  async confirm(operationId: string, request: ConfirmRequest, confirmedBy: Actor): Promise<Operation> {
    let operation = await this.records.get(operationId);
    const expired = await this.records.apply(operation.id, { kind: "expire", at: this.now() }, operation);
    if (expired.changed) throw planExpired();
    operation = expired.operation;
    const cluster = await this.deps.clusters.find(operation.clusterId);
    const event: OperationEvent = {
      kind: "confirm",
      by: confirmedBy.username,
      confirmName: request.confirmName,
      clusterName: cluster.name,
    };
    this.records.check(operation, event);
    // Decided again at confirm, on the changes as stored: whoever confirms needs every role the changes need.
    refuseUnauthorized(
      confirmedBy,
      operation.type as OperationType,
      await this.deps.store.operations.resolveParts(operation.id, operation.document.params),
      cluster,
    );
    await this.refuseWhileAnotherIsActive(operation.clusterId);
    // The check needs the whole document (every move, every change, every step's args); the write keeps what was
    // stored apart where it is (a reference).
    const whole = await this.records.whole(operation);
    await this.revalidate(cluster, operation.type as OperationType, whole.document);
    const confirmed = await this.records.apply(operation.id, event);
    if (confirmed.changed && confirmed.decision.enqueue) await enqueueRun(this.deps.queue, operation.id);
    return this.view(confirmed.operation);
  }

  private async refuseWhileAnotherIsActive(clusterId: string): Promise<void> {
    const active = await this.records.findActive(clusterId);
    if (active)
      throw new AppError("conflict", `Operation ${active.id} (${active.type}) is ${active.status} on this cluster`);
  }

  /**
   * Data-moving plans: each partition must still have the replicas the plan moves it from (sizes change all the time,
   * so building again would never match). Other plans: built again from a fresh snapshot, they must have exactly the
   * confirmed steps.
   */
  private async revalidate(
    cluster: ClusterRecord,
    type: OperationType,
    document: OperationState["document"],
  ): Promise<void> {
    if (document.plan.moves) {
      const view = await this.deps.clusters.refresh(cluster);
      const otherCluster = identityRefusal(view);
      if (otherCluster) throw otherCluster;
      if (!view.snapshot) throw new AppError("cluster_unreachable", `No snapshot of ${cluster.name} could be taken`);
      const reason = movesStillApply(document.plan.moves, view.snapshot as Snapshot);
      if (reason) throw new AppError("conflict", `The cluster changed since the plan: ${reason}; plan again`);
      return;
    }
    const request = { type, params: document.params } as PlanOperationRequest;
    const fresh = await this.build(cluster, request).catch((error: unknown) => {
      if (error instanceof AppError && error.code === "invalid_request")
        throw new AppError("conflict", `The cluster changed since the plan: ${error.message}; plan again`);
      throw error;
    });
    if (!sameSteps(document.steps, fresh.steps))
      throw new AppError(
        "conflict",
        "The cluster changed since the plan, which no longer applies as shown: plan again",
      );
  }

  /**
   * Pause, resume or cancel: sets `requestedAction`, which the worker honours at the next step boundary. A planned
   * operation is cancelled at once (no worker has it); resume also withdraws a pause not yet honoured.
   */
  async request(operationId: string, action: RequestedAction): Promise<Operation> {
    const applied = await this.records.apply(operationId, { kind: "request", action, at: this.now() });
    if (applied.changed && applied.decision.enqueue) await enqueueRun(this.deps.queue, operationId);
    return this.view(applied.operation);
  }
}
