import {
  AppError,
  type ApprovalRule,
  type ClusterRef,
  type ClusterScope,
  clusterInScope,
  type OperationApproval,
  type OperationStatus,
  type OperationType,
} from "@kcp/shared";

/** What a rule reads of a plan: its type, and whether its confirm needs the cluster's name typed back. */
export interface ApprovalSubject {
  type: OperationType;
  irreversible: boolean;
}

/** The four-eyes approval a plan needs, kept in its document from the plan on: the rule, and who may approve. */
export interface PlannedApproval {
  rule: ApprovalRule;
  approvers: string;
}

/** A rule's risk class as it is decided: `typed-name` unless it names types (then all of their plans), or says so. */
const riskOf = (rule: ApprovalRule) => rule.risk ?? (rule.operationTypes ? "all" : "typed-name");

/**
 * Pure: the first rule that holds for this plan on this cluster, or undefined when none does (anyone who may confirm
 * it may, its planner included). A rule holds when it covers the cluster (all, by id, or by labels all present with
 * the same values), names the plan's type (or no type) and its risk class is `all` or the plan is a typed-name one.
 */
export function approvalRequired(
  rules: readonly ApprovalRule[],
  cluster: ClusterRef,
  operation: ApprovalSubject,
): ApprovalRule | undefined {
  return rules.find(
    (rule) =>
      clusterInScope(rule.clusters, cluster) &&
      (rule.operationTypes === undefined || rule.operationTypes.includes(operation.type)) &&
      (riskOf(rule) === "all" || operation.irreversible),
  );
}

function describeScope(scope: ClusterScope): string {
  if ("all" in scope) return "every cluster";
  if ("ids" in scope) return `clusters ${scope.ids.join(", ")}`;
  return `clusters labelled ${Object.entries(scope.labels)
    .map(([key, value]) => `${key}=${value}`)
    .join(", ")}`;
}

/** A rule named for a person: its name, or what it covers. */
export function describeRule(rule: ApprovalRule): string {
  const plans = riskOf(rule) === "all" ? "plans" : "typed-name (irreversible) plans";
  const what = `${describeScope(rule.clusters)}: ${plans}${rule.operationTypes ? ` of ${rule.operationTypes.join(", ")}` : ""}`;
  return rule.name ? `'${rule.name}' (${what})` : `(${what})`;
}

/**
 * Who may approve a plan, in words: anyone but its planner who may confirm it — an operation of changes needs what
 * each change needs, as its direct route decides; every other type the operator role on the whole cluster.
 */
export function approversOf(type: OperationType, clusterName: string, plannedBy: string): string {
  const role =
    type === "applyDesiredState"
      ? `the roles its changes need on cluster ${clusterName}`
      : `the operator role on the whole cluster ${clusterName}`;
  return `another person than ${plannedBy} with ${role}`;
}

/** The approval a new plan needs under `rules`, for its document; undefined when no rule holds. */
export function plannedApproval(
  rules: readonly ApprovalRule[],
  cluster: ClusterRef & { name: string },
  operation: ApprovalSubject & { createdBy: string },
): PlannedApproval | undefined {
  const rule = approvalRequired(rules, cluster, operation);
  return rule ? { rule, approvers: approversOf(operation.type, cluster.name, operation.createdBy) } : undefined;
}

/**
 * Pure: 403 approval_required when a rule holds for the plan and its confirmer is its planner, naming the rule and who
 * may approve; undefined otherwise.
 */
export function approvalRefusal(
  approval: PlannedApproval | undefined,
  plannedBy: string,
  confirmer: string,
): AppError | undefined {
  if (!approval || confirmer !== plannedBy) return undefined;
  return new AppError(
    "approval_required",
    `Four-eyes approval: rule ${describeRule(approval.rule)} holds for this plan, so ${plannedBy}, who planned it, may not confirm it; ${approval.approvers} may`,
  );
}

/** The approval as an Operation shows it: awaiting while planned, then who approved (confirmed) it. */
export function approvalView(
  approval: PlannedApproval | undefined,
  status: OperationStatus,
  plannedBy: string,
  confirmedBy: string | null,
): OperationApproval | undefined {
  if (!approval) return undefined;
  return {
    required: true,
    rule: approval.rule,
    awaiting: status === "planned",
    plannedBy,
    approvers: approval.approvers,
    approvedBy: confirmedBy,
  };
}
