import {
  type DesiredChange,
  type DesiredChangeKind,
  type DesiredFile,
  type DesiredProblem,
  HEALTH_ISSUE_CODES,
  type Health,
  type HealthIssue,
} from "@kcp/shared";
import { lastAppliedOf } from "./applied.js";
import { type CurrentResources, diffDesiredState } from "./diff.js";
import { quotaEntityKey } from "./scope.js";

/** How the cluster differs from its last applied files: what applying them again would change, or cannot. */
export interface Drift {
  changes: DesiredChange[];
  counts: Partial<Record<DesiredChangeKind, number>>;
  /** Differences an apply cannot undo (partitions added by hand: Kafka cannot remove them). */
  problems: DesiredProblem[];
}

/** Pure: the drift of the cluster from the applied files (none applied: no drift). */
export function driftOf(applied: readonly DesiredFile[], current: CurrentResources): Drift {
  if (applied.length === 0) return { changes: [], counts: {}, problems: [] };
  const result = diffDesiredState(applied, current, lastAppliedOf(applied));
  if (result.problems) return { changes: [], counts: {}, problems: result.problems };
  return { changes: result.plan.changes, counts: result.plan.counts, problems: [] };
}

/** One change in a line: what applying the files again would do. */
export function describeChange(change: DesiredChange): string {
  switch (change.kind) {
    case "createTopic":
      return `topic ${change.topic} is missing`;
    case "deleteTopic":
      return `topic ${change.topic} is not in the files`;
    case "addPartitions":
      return `topic ${change.topic} has ${change.before} partitions, the files say ${change.after}`;
    case "changeReplicationFactor":
      return `topic ${change.topic} has replication factor ${change.before}, the files say ${change.after}`;
    case "alterTopicConfigs":
      return `topic ${change.topic}: ${change.configs
        .map((c) => `${c.name} is ${c.before ?? "not set"}, the files say ${c.after ?? "not set"}`)
        .join("; ")}`;
    case "createAcl":
    case "deleteAcl": {
      const b = change.binding;
      const acl = `${b.permission} ${b.operation} on ${b.resourceType}:${b.resourceName} for ${b.principal}`;
      return change.kind === "createAcl" ? `the ACL ${acl} is missing` : `the ACL ${acl} is not in the files`;
    }
    case "setQuota":
    case "deleteQuota":
      return `the quota of ${quotaEntityKey(change.entity)}: ${change.values
        .map((v) => `${v.key} is ${v.before ?? "not set"}, the files say ${v.after ?? "not set"}`)
        .join("; ")}`;
    case "createScramCredential":
      return `the ${change.mechanism} credential of ${change.user} is missing`;
    case "rotateScramCredential":
      return `the ${change.mechanism} credential of ${change.user}: ${change.reason}`;
    case "deleteScramCredential":
      return `the ${change.mechanism} credential of ${change.user} is not in the files`;
  }
}

const NAMED = 5;

/** Pure: the `desired_state_drift` warning naming the first differences, or undefined when there is none. */
export function driftIssue(drift: Drift): HealthIssue | undefined {
  const lines = [...drift.problems.map((p) => `${p.file}: ${p.message}`), ...drift.changes.map(describeChange)];
  if (lines.length === 0) return undefined;
  const more = lines.length > NAMED ? `; and ${lines.length - NAMED} more` : "";
  return {
    severity: "warning",
    code: "desired_state_drift",
    message: `${lines.length} difference(s) from the last applied desired state (GET .../desired-state/drift): ${lines
      .slice(0, NAMED)
      .join("; ")}${more}`,
  };
}

/** The health with the drift's count, and its issue when there is a difference (ok becomes warning). */
export function withDrift(health: Health, drift: Drift): Health {
  const issue = driftIssue(drift);
  const desiredStateDrift = drift.changes.length + drift.problems.length;
  if (!issue) return { ...health, desiredStateDrift };
  const status = health.status === "ok" ? "warning" : health.status;
  const rank = (i: HealthIssue) => HEALTH_ISSUE_CODES.indexOf(i.code);
  const issues = [...health.issues, issue].sort((a, b) => rank(a) - rank(b));
  return { ...health, status, issues, desiredStateDrift };
}

/**
 * The health with the previous view's drift (its count and issue) when the drift was not read again this collection
 * (a slow part kept: ACLs, quotas and credentials are read on their own schedule).
 */
export function withKeptDrift(health: Health, previous: Health | undefined): Health {
  if (previous?.desiredStateDrift === undefined) return health;
  const issue = previous.issues.find((i) => i.code === "desired_state_drift");
  if (!issue) return { ...health, desiredStateDrift: previous.desiredStateDrift };
  const status = health.status === "ok" ? "warning" : health.status;
  const rank = (i: HealthIssue) => HEALTH_ISSUE_CODES.indexOf(i.code);
  const issues = [...health.issues, issue].sort((a, b) => rank(a) - rank(b));
  return { ...health, status, issues, desiredStateDrift: previous.desiredStateDrift };
}
