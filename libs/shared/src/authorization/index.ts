import { type Role, roleAtLeast } from "../schemas/auth.js";
import type { DesiredChange, DesiredChangeKind } from "../schemas/desired-state.js";
import type { OperationType } from "../schemas/operations.js";

/**
 * Every change the service can make to a cluster's resources, by its audit action, with the least role that may make
 * it. The direct routes take their role from this table, and a change planned through desired state or carried by an
 * operation needs the same role, at plan and again at confirm: no way in needs less than the direct route.
 */
export const CHANGE_ROLES = {
  "topic.create": "operator",
  "topic.delete": "operator",
  "topic.partitions": "operator",
  "topic.configs": "operator",
  // No route of its own: a replication factor changes by a reassignment, an operation.
  "topic.replication": "operator",
  "topic.produce": "operator",
  "acl.create": "operator",
  "acl.delete": "operator",
  "quota.change": "operator",
  "group.reset-offsets": "operator",
  "broker.configs": "operator",
  // A credential is a way into Kafka: whoever sets one can sign in as that user (a super user included).
  "scram.upsert": "admin",
  "scram.delete": "admin",
} as const satisfies Record<string, Role>;
export type ChangeAction = keyof typeof CHANGE_ROLES;

/** The direct route's action for each kind of desired-state change. */
export const DESIRED_CHANGE_ACTIONS: Record<DesiredChangeKind, ChangeAction> = {
  createTopic: "topic.create",
  addPartitions: "topic.partitions",
  changeReplicationFactor: "topic.replication",
  alterTopicConfigs: "topic.configs",
  deleteTopic: "topic.delete",
  createAcl: "acl.create",
  deleteAcl: "acl.delete",
  setQuota: "quota.change",
  deleteQuota: "quota.change",
  createScramCredential: "scram.upsert",
  rotateScramCredential: "scram.upsert",
  deleteScramCredential: "scram.delete",
};

/** The least role that may plan and confirm an operation of each type (before what its changes need). */
export const OPERATION_TYPE_ROLE: Role = "operator";

/** Who asks: the role of the session or API token (an API token's is capped at its owner's). */
export interface Principal {
  role: Role;
}

/** What one change touches, named for a person: `topic orders`, `the SCRAM-SHA-256 credential of admin`. */
export function describeDesiredChange(change: DesiredChange): string {
  switch (change.kind) {
    case "createTopic":
    case "addPartitions":
    case "changeReplicationFactor":
    case "alterTopicConfigs":
    case "deleteTopic":
      return `topic ${change.topic}`;
    case "createAcl":
    case "deleteAcl":
      return `an ACL of ${change.binding.principal}`;
    case "setQuota":
    case "deleteQuota":
      return `the quota of ${change.entity.map((e) => `${e.type} ${e.name ?? "(default)"}`).join(", ")}`;
    case "createScramCredential":
    case "rotateScramCredential":
    case "deleteScramCredential":
      return `the ${change.mechanism} credential of ${change.user}`;
  }
}

/** A refusal as data: the code the error envelope carries and a message naming what needs which role. */
export interface AuthorizationRefusal {
  code: "forbidden";
  message: string;
}

/** The one decision: may this principal make this change? undefined when it may. */
export function authorize(
  principal: Principal,
  action: ChangeAction,
  resource: string,
): AuthorizationRefusal | undefined {
  const needed = CHANGE_ROLES[action];
  if (roleAtLeast(principal.role, needed)) return undefined;
  return { code: "forbidden", message: `${action} of ${resource} needs the ${needed} role` };
}

const REFUSALS_NAMED = 5;

/**
 * Every change of a plan decided as the direct route would decide it: one refusal naming the changes (the first few)
 * that need more than the principal's role, or undefined when all are allowed.
 */
export function authorizeChanges(
  principal: Principal,
  changes: readonly DesiredChange[],
): AuthorizationRefusal | undefined {
  const refused: string[] = [];
  const roles = new Set<Role>();
  for (const change of changes) {
    const action = DESIRED_CHANGE_ACTIONS[change.kind];
    if (authorize(principal, action, "") === undefined) continue;
    roles.add(CHANGE_ROLES[action]);
    refused.push(`${action} of ${describeDesiredChange(change)}`);
  }
  if (refused.length === 0) return undefined;
  const more = refused.length > REFUSALS_NAMED ? ` and ${refused.length - REFUSALS_NAMED} more` : "";
  return {
    code: "forbidden",
    message: `The plan makes changes your role does not allow: ${refused.slice(0, REFUSALS_NAMED).join("; ")}${more} (each needs the ${[...roles].join(" or ")} role, as its direct route does)`,
  };
}

/**
 * May this principal plan or confirm this operation? The type's role, then each change it carries (an
 * applyDesiredState's `changes`) as its direct route decides.
 */
export function authorizeOperation(
  principal: Principal,
  type: OperationType,
  params: unknown,
): AuthorizationRefusal | undefined {
  if (!roleAtLeast(principal.role, OPERATION_TYPE_ROLE))
    return { code: "forbidden", message: `Operations need the ${OPERATION_TYPE_ROLE} role` };
  if (type !== "applyDesiredState") return undefined;
  const changes = (params as { changes?: unknown }).changes;
  if (!Array.isArray(changes))
    return { code: "forbidden", message: "The operation's changes could not be read to decide who may confirm them" };
  return authorizeChanges(principal, changes as DesiredChange[]);
}
