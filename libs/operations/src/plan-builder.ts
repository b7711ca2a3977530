import type {
  Capabilities,
  Cluster,
  IrreversibilityFacts,
  OperationParams,
  OperationType,
  Plan,
  Snapshot,
} from "@kcp/shared";
import type { PlannedStep } from "./steps.js";

export interface PlanInput<T extends OperationType> {
  cluster: Cluster;
  snapshot: Snapshot;
  capabilities: Capabilities;
  params: OperationParams<T>;
}

export interface BuiltPlan {
  plan: Plan;
  steps: PlannedStep[];
  /** What decides irreversibility beyond the params (scaleNodePools: the pool's size now). */
  facts?: IrreversibilityFacts;
}

/**
 * Pure: a plan (the dry run users confirm) and the steps that carry it out, from a snapshot and params. Throws
 * AppError("invalid_request") when there is nothing to do or the params cannot apply to this cluster.
 */
export type PlanBuilder<T extends OperationType> = (input: PlanInput<T>) => BuiltPlan;
