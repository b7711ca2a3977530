import { randomUUID } from "node:crypto";
import { capabilityRefusal } from "@kcp/cluster-actions";
import type { ClusterRegistry } from "@kcp/clusters";
import { PLAN_BUILDERS, type PlanBuilder, type PlannedStep } from "@kcp/operations";
import {
  AppError,
  type Capabilities,
  type Cluster,
  isIrreversible,
  OPERATION_TYPE_INFO,
  type Operation,
  type OperationType,
  type PlanOperationRequest,
  type Snapshot,
  type Step,
} from "@kcp/shared";
import type { Store } from "@kcp/store";
import { type OperationDocument, operationView } from "./operation-view.js";

/** Contract §4: a plan can be confirmed for 15 minutes. */
export const PLAN_LIFETIME_MS = 15 * 60 * 1000;

export interface OperationServiceDependencies {
  store: Store;
  clusters: ClusterRegistry;
  now?: () => Date;
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
 * step `pending`, confirmable for 15 minutes. Nothing in Kafka changes.
 */
export class OperationService {
  constructor(private readonly deps: OperationServiceDependencies) {}

  async plan(clusterId: string, request: PlanOperationRequest, createdBy: string): Promise<Operation> {
    const record = await this.deps.clusters.find(clusterId);
    const builder = PLAN_BUILDERS[request.type] as PlanBuilder<OperationType> | undefined;
    if (!builder) throw new AppError("invalid_request", `Operations of type ${request.type} cannot be planned yet`);
    const view = await this.deps.clusters.refresh(record);
    const capability = OPERATION_TYPE_INFO[request.type].capability;
    const refusal = capabilityRefusal(view.capabilities, capability);
    if (refusal) throw refusal;
    if (!view.snapshot) throw new AppError("cluster_unreachable", `No snapshot of ${record.name} could be taken`);
    const built = builder({
      cluster: view.cluster as Cluster,
      snapshot: view.snapshot as Snapshot,
      capabilities: view.capabilities as Capabilities,
      params: request.params,
    });
    const irreversible = built.plan.irreversible || isIrreversible(request);
    const now = this.deps.now?.() ?? new Date();
    const document: OperationDocument = {
      summary: built.plan.summary,
      params: request.params as Record<string, unknown>,
      plan: { ...built.plan, irreversible },
      details: {},
      irreversible,
      currentStep: 0,
      requestedAction: null,
      error: null,
      createdBy,
      startedAt: null,
      finishedAt: null,
      steps: built.steps.map(pendingStep),
    };
    const created = await this.deps.store.operations.create({
      id: randomUUID(),
      clusterId: record.id,
      type: request.type,
      expiresAt: new Date(now.getTime() + PLAN_LIFETIME_MS),
      document: document as unknown as Record<string, unknown>,
    });
    return operationView(created);
  }

  /** The cluster's operations, newest first. */
  async list(clusterId: string, limit: number): Promise<{ operations: Operation[] }> {
    const record = await this.deps.clusters.find(clusterId);
    const records = await this.deps.store.operations.listByCluster(record.id, limit);
    return { operations: records.map(operationView) };
  }

  async get(operationId: string): Promise<Operation> {
    const record = await this.deps.store.operations.findById(operationId);
    if (!record) throw new AppError("not_found", `No operation ${operationId}`);
    return operationView(record);
  }
}
