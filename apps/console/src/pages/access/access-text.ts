import type { paths } from "@kcp/api-client";

export type MyAccess = paths["/api/v1/access/me"]["get"]["responses"][200]["content"]["application/json"];
export type RoleBinding = MyAccess["bindings"][number];
/** What POST /access/bindings takes. */
export type RoleBindingSpec = NonNullable<
  paths["/api/v1/access/bindings"]["post"]["requestBody"]
>["content"]["application/json"];
type Role = RoleBinding["role"];
type ClusterScope = RoleBinding["clusters"];
type ResourceScope = NonNullable<RoleBinding["resources"]>;
type Subject = RoleBinding["subject"];

const RANK: Record<Role, number> = { viewer: 0, operator: 1, admin: 2 };

/** Whom a binding gives its role to: `user alice`, `group corp:payments`. */
export function subjectText(subject: Subject): string {
  return subject.kind === "user" ? `user ${subject.username}` : `group ${subject.source}:${subject.group}`;
}

/** Which clusters a binding covers, in words: `all clusters`, `clusters a, b`, `clusters labelled env=prod`. */
export function clustersText(scope: ClusterScope): string {
  if ("ids" in scope) return `${scope.ids.length === 1 ? "cluster" : "clusters"} ${scope.ids.join(", ")}`;
  if ("labels" in scope)
    return `clusters labelled ${Object.entries(scope.labels)
      .map(([key, value]) => `${key}=${value}`)
      .join(", ")}`;
  return "all clusters";
}

const RESOURCE_WORDS: Record<keyof ResourceScope, string> = {
  topics: "topics",
  groups: "groups",
  aclPrincipals: "ACL principals",
  scramUsers: "SCRAM users",
};

/** The named resources a binding is narrowed to (`topics payments.*; groups payments-*`), or the whole clusters. */
export function resourcesText(resources: ResourceScope | undefined): string {
  if (!resources) return "whole clusters";
  const parts = (Object.keys(RESOURCE_WORDS) as (keyof ResourceScope)[]).flatMap((kind) => {
    const patterns = resources[kind];
    return patterns ? [`${RESOURCE_WORDS[kind]} ${patterns.join(", ")}`] : [];
  });
  return parts.join("; ");
}

/**
 * The highest role the user holds anywhere: its local role, or the best of its bindings (a user of an identity provider
 * has only those). What the console offers follows it, as the service's route guard lets through whoever holds a
 * route's role on some scope; the service still decides each cluster and resource, and its refusal is shown.
 */
export function highestRole(access: Pick<MyAccess, "role" | "bindings">): Role | undefined {
  let best = access.role;
  for (const binding of access.bindings) if (best === undefined || RANK[binding.role] > RANK[best]) best = binding.role;
  return best;
}

/** The local role or provider a user's access comes from, in words: `local admin`, `corp (OpenID or LDAP provider)`. */
export function originText(access: Pick<MyAccess, "role" | "source">): string {
  if (access.source !== undefined) return `signed in through ${access.source}`;
  return access.role === undefined ? "local user" : `local ${access.role}`;
}

/** A same-origin path of this console to return to after a sign-in; anything else (another site, `//host`) is `/`. */
export function safeReturnTo(next: string | undefined): string {
  if (!next?.startsWith("/") || next.startsWith("//") || next.includes("\\")) return "/";
  return next;
}

/** Where a "Sign in with …" button sends the browser: the service's start of that provider's sign-in. */
export function ssoStartHref(providerId: string, next: string | undefined): string {
  return `/api/v1/auth/sso/${encodeURIComponent(providerId)}/start?returnTo=${encodeURIComponent(safeReturnTo(next))}`;
}

/** The create form's fields, as typed. */
export interface BindingDraft {
  subjectKind: "user" | "group";
  /** The provider's id of a group (`corp`, `ldap`). */
  source: string;
  /** A username, or a group's name. */
  name: string;
  role: Role;
  clusters: "all" | "ids" | "labels";
  /** Cluster ids, or `key=value` labels, separated by commas or spaces. */
  clusterList: string;
  /** Topic and consumer-group patterns, separated by commas or spaces; empty: not narrowed to them. */
  topics: string;
  groups: string;
  team: string;
}

export const EMPTY_DRAFT: BindingDraft = {
  subjectKind: "group",
  source: "",
  name: "",
  role: "viewer",
  clusters: "all",
  clusterList: "",
  topics: "",
  groups: "",
  team: "",
};

const words = (text: string) => text.split(/[\s,]+/).filter((word) => word !== "");

/**
 * The binding a draft asks for, or a sentence saying which field is missing or malformed. Only the form's own reading
 * is checked here (lists, `key=value`); the service validates the rest and its message is shown.
 */
export function bindingFromDraft(draft: BindingDraft): { spec: RoleBindingSpec } | { problem: string } {
  const name = draft.name.trim();
  if (!name) return { problem: draft.subjectKind === "user" ? "Give a username" : "Give the group's name" };
  let subject: Subject;
  if (draft.subjectKind === "user") subject = { kind: "user", username: name };
  else {
    const source = draft.source.trim();
    if (!source) return { problem: "Give the group's source (the identity provider's id)" };
    subject = { kind: "group", source, group: name };
  }
  let clusters: ClusterScope;
  if (draft.clusters === "all") clusters = { all: true };
  else if (draft.clusters === "ids") {
    const ids = words(draft.clusterList);
    if (ids.length === 0) return { problem: "Give at least one cluster id" };
    clusters = { ids };
  } else {
    const labels: Record<string, string> = {};
    for (const pair of words(draft.clusterList)) {
      const at = pair.indexOf("=");
      if (at <= 0) return { problem: `Write each label as key=value (${pair})` };
      labels[pair.slice(0, at)] = pair.slice(at + 1);
    }
    if (Object.keys(labels).length === 0) return { problem: "Give at least one label (key=value)" };
    clusters = { labels };
  }
  const topics = words(draft.topics);
  const groups = words(draft.groups);
  const resources: ResourceScope = {
    ...(topics.length > 0 ? { topics } : {}),
    ...(groups.length > 0 ? { groups } : {}),
  };
  const team = draft.team.trim();
  return {
    spec: {
      subject,
      role: draft.role,
      clusters,
      ...(topics.length + groups.length > 0 ? { resources } : {}),
      ...(team ? { team } : {}),
    },
  };
}
