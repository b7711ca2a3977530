import type { ResourceKind } from "../schemas/access.js";
import { type Role, roleRank } from "../schemas/auth.js";
import type { DesiredChange, DesiredChangeKind } from "../schemas/desired-state.js";
import type { OperationType } from "../schemas/operations.js";
import {
  type ClusterAccess,
  type ClusterRef,
  clusterAccess,
  highestRank,
  type Principal,
  resourceRank,
  serviceRank,
} from "./bindings.js";

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

/** Reads and service-wide actions, beside the changes: each with its least role. */
export const ACCESS_ROLES = {
  ...CHANGE_ROLES,
  "cluster.read": "viewer",
  "topic.read": "viewer",
  "group.read": "viewer",
  "acl.read": "viewer",
  "scram.read": "viewer",
  "operation.plan": OPERATION_TYPE_ROLE,
  "operation.confirm": OPERATION_TYPE_ROLE,
  "service.admin": "admin",
} as const satisfies Record<string, Role>;
export type Action = keyof typeof ACCESS_ROLES;

/**
 * What an action is done to: the service as a whole (users, clusters' registration, bindings), one cluster whole
 * (brokers, configs, quotas, operations), or one named resource of a cluster. `cluster` may be the principal's
 * `ClusterAccess` already computed, so a list pays the cluster's bindings once.
 */
export type Resource =
  | { kind: "service" }
  | { kind: "cluster"; cluster: ClusterRef | ClusterAccess }
  | { kind: ResourceKind; cluster: ClusterRef | ClusterAccess; name: string };

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

/**
 * A refusal as data: `forbidden` (403) names what needs which role; `not_found` (404) is a cluster, or a named
 * resource read, that the principal may not see at all: to it the resource does not exist, so its answer is the one
 * an unknown resource gets.
 */
export interface AuthorizationRefusal {
  code: "forbidden" | "not_found";
  message: string;
}

const KIND_NAMES: Record<ResourceKind, string> = {
  topics: "topic",
  groups: "consumer group",
  aclPrincipals: "ACLs of principal",
  scramUsers: "SCRAM credentials of user",
};

const accessOf = (principal: Principal, cluster: ClusterRef | ClusterAccess): ClusterAccess =>
  "visible" in cluster ? cluster : clusterAccess(principal, cluster);

const clusterName = (cluster: ClusterRef) => cluster.name ?? cluster.id;

/**
 * The one decision, for every way in: may this principal do this action to this resource? undefined when it may.
 * A route, a desired-state plan, an operation and the autopilot's proposals all ask it with the resources they touch.
 */
export function authorize(principal: Principal, action: Action, resource: Resource): AuthorizationRefusal | undefined {
  return authorizeRole(principal, ACCESS_ROLES[action], resource, action);
}

/**
 * The decision with the role named directly, for a route whose action the table does not list (`cluster.register`,
 * `topic.browse`): `what` names the action in the refusal.
 */
export function authorizeRole(
  principal: Principal,
  needed: Role,
  resource: Resource,
  what: string,
): AuthorizationRefusal | undefined {
  const neededRank = roleRank(needed);
  if (resource.kind === "service") {
    if (serviceRank(principal) >= neededRank) return undefined;
    return { code: "forbidden", message: `${what} needs the ${needed} role on every cluster` };
  }
  const access = accessOf(principal, resource.cluster);
  const name = clusterName(access.cluster);
  if (!access.visible) return { code: "not_found", message: `No cluster ${access.cluster.id}` };
  if (resource.kind === "cluster") {
    if (access.wholeRank >= neededRank) return undefined;
    return {
      code: "forbidden",
      message: `${what} needs the ${needed} role on the whole cluster ${name} (a binding not narrowed to resources)`,
    };
  }
  const rank = resourceRank(access, resource.kind, resource.name);
  if (rank >= neededRank) return undefined;
  const target = `${KIND_NAMES[resource.kind]} ${resource.name}`;
  // A resource the principal may not see at all answers as if it did not exist, for a read; a change is refused.
  if (rank < 0 && neededRank === 0) return { code: "not_found", message: `No ${target} in cluster ${name}` };
  return {
    code: "forbidden",
    message: `${what} of ${target} needs the ${needed} role on it in cluster ${name} (a binding on the whole cluster, or one whose ${resource.kind} patterns match ${resource.name})`,
  };
}

/** The named resource a desired-state change touches, or the cluster whole (a quota). */
export function changeResource(change: DesiredChange, cluster: ClusterRef | ClusterAccess): Resource {
  switch (change.kind) {
    case "createTopic":
    case "addPartitions":
    case "changeReplicationFactor":
    case "alterTopicConfigs":
    case "deleteTopic":
      return { kind: "topics", cluster, name: change.topic };
    case "createAcl":
    case "deleteAcl":
      return { kind: "aclPrincipals", cluster, name: change.binding.principal };
    case "setQuota":
    case "deleteQuota":
      return { kind: "cluster", cluster };
    case "createScramCredential":
    case "rotateScramCredential":
    case "deleteScramCredential":
      return { kind: "scramUsers", cluster, name: change.user };
  }
}

const REFUSALS_NAMED = 5;

/**
 * Every change of a plan decided as the direct route would decide it, on the resource it touches: one refusal naming
 * the changes (the first few) the principal may not make, or undefined when all are allowed.
 */
export function authorizeChanges(
  principal: Principal,
  changes: readonly DesiredChange[],
  cluster: ClusterRef | ClusterAccess,
): AuthorizationRefusal | undefined {
  const access = accessOf(principal, cluster);
  if (!access.visible) return { code: "not_found", message: `No cluster ${access.cluster.id}` };
  const refused: string[] = [];
  const roles = new Set<Role>();
  for (const change of changes) {
    const action = DESIRED_CHANGE_ACTIONS[change.kind];
    if (authorize(principal, action, changeResource(change, access)) === undefined) continue;
    roles.add(CHANGE_ROLES[action]);
    refused.push(`${action} of ${describeDesiredChange(change)}`);
  }
  if (refused.length === 0) return undefined;
  const more = refused.length > REFUSALS_NAMED ? ` and ${refused.length - REFUSALS_NAMED} more` : "";
  return {
    code: "forbidden",
    message: `The plan makes changes your access does not allow: ${refused.slice(0, REFUSALS_NAMED).join("; ")}${more} (each needs the ${[...roles].join(" or ")} role on what it changes in cluster ${clusterName(access.cluster)}, as its direct route does)`,
  };
}

/**
 * May this principal plan or confirm this operation on this cluster? An operation of changes (applyDesiredState)
 * needs what each of its changes needs, as their direct routes decide; every other type touches the cluster whole (a
 * rebalance, a roll) and needs the operator role on the whole cluster.
 */
export function authorizeOperation(
  principal: Principal,
  type: OperationType,
  params: unknown,
  cluster: ClusterRef | ClusterAccess,
): AuthorizationRefusal | undefined {
  const access = accessOf(principal, cluster);
  if (type !== "applyDesiredState") return authorize(principal, "operation.plan", { kind: "cluster", cluster: access });
  if (!access.visible) return { code: "not_found", message: `No cluster ${access.cluster.id}` };
  if (highestRank(principal) < roleRank(OPERATION_TYPE_ROLE))
    return { code: "forbidden", message: `Operations need the ${OPERATION_TYPE_ROLE} role` };
  const changes = (params as { changes?: unknown }).changes;
  if (!Array.isArray(changes))
    return { code: "forbidden", message: "The operation's changes could not be read to decide who may confirm them" };
  return authorizeChanges(principal, changes as DesiredChange[], access);
}

export * from "./bindings.js";
