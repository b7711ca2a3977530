import type { ClusterScope, ResourceKind, ResourcePattern, RoleBindingSpec, Subject } from "../schemas/access.js";
import { RESOURCE_KINDS } from "../schemas/access.js";
import { type Role, roleRank } from "../schemas/auth.js";

/** Names matched by a binding's patterns of one kind, ready for lookups: `*`, literals in a set, prefixes. */
export interface NameMatcher {
  all: boolean;
  literals: ReadonlySet<string>;
  prefixes: readonly string[];
  /** The patterns as written, for messages. */
  written: readonly string[];
}

/** One binding compiled: its matchers built once, looked up by subject. */
export interface CompiledBinding {
  /** The binding's id (`local-role` for a local user's own role). */
  id: string;
  role: Role;
  rank: number;
  clusters: ClusterScope;
  /** Undefined: the whole cluster. Otherwise the kinds named, each a matcher; a kind not named matches nothing. */
  resources?: Partial<Record<ResourceKind, NameMatcher>>;
  team?: string;
}

/** What a request's principal is decided by. */
export interface Principal {
  username: string;
  /** A local user's role, which is a binding on every cluster and resource; undefined for a user of a provider. */
  role?: Role;
  /** The bindings given to this user and its groups (from `principalBindings`), besides its local role. */
  bindings?: readonly CompiledBinding[];
}

export function compilePatterns(patterns: readonly ResourcePattern[]): NameMatcher {
  const literals = new Set<string>();
  const prefixes: string[] = [];
  let all = false;
  for (const pattern of patterns) {
    if (pattern === "*") all = true;
    else if (pattern.endsWith("*")) prefixes.push(pattern.slice(0, -1));
    else literals.add(pattern);
  }
  return { all, literals, prefixes, written: [...patterns] };
}

export function nameMatches(matcher: NameMatcher, name: string): boolean {
  if (matcher.all || matcher.literals.has(name)) return true;
  for (const prefix of matcher.prefixes) if (name.startsWith(prefix)) return true;
  return false;
}

export function compileBinding(binding: RoleBindingSpec & { id: string }): CompiledBinding {
  const compiled: CompiledBinding = {
    id: binding.id,
    role: binding.role,
    rank: roleRank(binding.role),
    clusters: binding.clusters,
    ...(binding.team !== undefined ? { team: binding.team } : {}),
  };
  if (binding.resources) {
    const resources: Partial<Record<ResourceKind, NameMatcher>> = {};
    for (const kind of RESOURCE_KINDS) {
      const patterns = binding.resources[kind];
      if (patterns) resources[kind] = compilePatterns(patterns);
    }
    compiled.resources = resources;
  }
  return compiled;
}

export const subjectKey = (subject: Subject): string =>
  subject.kind === "user" ? `user:${subject.username}` : `group:${subject.source}:${subject.group}`;

/**
 * Every binding compiled once per change of bindings and indexed by subject, so a request pays a lookup per subject
 * of its principal (its user and each of its groups), not a scan of the bindings.
 */
export interface AccessIndex {
  bySubject: ReadonlyMap<string, readonly CompiledBinding[]>;
  size: number;
}

export function compileBindings(bindings: readonly (RoleBindingSpec & { id: string })[]): AccessIndex {
  const bySubject = new Map<string, CompiledBinding[]>();
  for (const binding of bindings) {
    const key = subjectKey(binding.subject);
    const list = bySubject.get(key) ?? [];
    list.push(compileBinding(binding));
    bySubject.set(key, list);
  }
  return { bySubject, size: bindings.length };
}

/** Every label key some binding selects clusters by: changing such a label changes who may see the cluster. */
export function bindingLabelKeys(index: AccessIndex): Set<string> {
  const keys = new Set<string>();
  for (const bindings of index.bySubject.values())
    for (const binding of bindings)
      if ("labels" in binding.clusters) for (const key of Object.keys(binding.clusters.labels)) keys.add(key);
  return keys;
}

/** The bindings of a user and its groups (`source:group`), in the index's order: the user's first. */
export function principalBindings(index: AccessIndex, username: string, groups: readonly string[]): CompiledBinding[] {
  const found = [...(index.bySubject.get(`user:${username}`) ?? [])];
  for (const group of new Set(groups)) {
    const bindings = index.bySubject.get(`group:${group}`);
    if (bindings) found.push(...bindings);
  }
  return found;
}

/** A cluster as the decision sees it: its id and labels. */
export interface ClusterRef {
  id: string;
  name?: string;
  labels: Readonly<Record<string, string>>;
}

export function clusterInScope(scope: ClusterScope, cluster: ClusterRef): boolean {
  if ("all" in scope) return true;
  if ("ids" in scope) return scope.ids.includes(cluster.id);
  for (const [key, value] of Object.entries(scope.labels)) if (cluster.labels[key] !== value) return false;
  return true;
}

const LOCAL_ROLE_ID = "local-role";

/** The principal's bindings, its local role first as a binding on everything. */
export function bindingsOf(principal: Principal): readonly CompiledBinding[] {
  const own = principal.bindings ?? [];
  if (principal.role === undefined) return own;
  return [{ id: LOCAL_ROLE_ID, role: principal.role, rank: roleRank(principal.role), clusters: { all: true } }, ...own];
}

/**
 * What a principal holds in one cluster, computed once per cluster and request: the role over the whole cluster, and
 * the narrowed bindings for named resources. `-1`: nothing.
 */
export interface ClusterAccess {
  cluster: ClusterRef;
  /** Whether any binding covers the cluster at all (whole or narrowed): without one, the cluster does not exist for it. */
  visible: boolean;
  wholeRank: number;
  narrowed: readonly CompiledBinding[];
}

export function clusterAccess(principal: Principal, cluster: ClusterRef): ClusterAccess {
  let wholeRank = -1;
  const narrowed: CompiledBinding[] = [];
  for (const binding of bindingsOf(principal)) {
    if (!clusterInScope(binding.clusters, cluster)) continue;
    if (binding.resources === undefined) wholeRank = Math.max(wholeRank, binding.rank);
    else narrowed.push(binding);
  }
  return { cluster, visible: wholeRank >= 0 || narrowed.length > 0, wholeRank, narrowed };
}

/** The highest rank the principal holds on one named resource of the cluster (-1: none). */
export function resourceRank(access: ClusterAccess, kind: ResourceKind, name: string): number {
  let rank = access.wholeRank;
  for (const binding of access.narrowed) {
    if (binding.rank <= rank) continue;
    const matcher = binding.resources?.[kind];
    if (matcher && nameMatches(matcher, name)) rank = binding.rank;
  }
  return rank;
}

/**
 * Which names of one kind the principal may see in the cluster: everything with a role on the whole cluster; else
 * the names its narrowed bindings match. For filtering a list: one call per list, one cheap test per name.
 */
export function visibleNames(access: ClusterAccess, kind: ResourceKind): (name: string) => boolean {
  if (access.wholeRank >= 0) return () => true;
  const matchers = access.narrowed.flatMap((binding) => {
    const matcher = binding.resources?.[kind];
    return matcher ? [matcher] : [];
  });
  if (matchers.length === 0) return () => false;
  if (matchers.some((matcher) => matcher.all)) return () => true;
  return (name) => matchers.some((matcher) => nameMatches(matcher, name));
}

/** The highest role the principal holds anywhere: what the route guard lets through before the body is read. */
export function highestRank(principal: Principal): number {
  let rank = -1;
  for (const binding of bindingsOf(principal)) rank = Math.max(rank, binding.rank);
  return rank;
}

/** The role over the whole service: a local role, or a binding on all clusters not narrowed to resources. */
export function serviceRank(principal: Principal): number {
  let rank = -1;
  for (const binding of bindingsOf(principal))
    if ("all" in binding.clusters && binding.resources === undefined) rank = Math.max(rank, binding.rank);
  return rank;
}

/**
 * The kind of named resource an audit action's target is, by the action's first word (an ACL entry's target is the
 * ACL's resource, not its principal: only a whole-cluster binding shows it).
 */
const AUDIT_TARGET_KINDS: Readonly<Record<string, ResourceKind>> = {
  topic: "topics",
  group: "groups",
  scram: "scramUsers",
};

/** An audit entry as the decision reads it. */
export interface AuditFacts {
  actor: string;
  action: string;
  clusterId?: string;
  target?: string;
}

/**
 * Whether a principal without a role over the whole service may see an audit entry: its own entries; an entry of a
 * cluster it holds whole; in a cluster where it holds only named resources, an entry whose target is one of them.
 * `cluster` is the entry's cluster looked up (undefined: gone).
 */
export function auditEntryVisible(principal: Principal, entry: AuditFacts, cluster: ClusterRef | undefined): boolean {
  if (entry.actor === principal.username) return true;
  if (entry.clusterId === undefined || cluster === undefined) return false;
  const access = clusterAccess(principal, cluster);
  if (access.wholeRank >= 0) return true;
  const kind = AUDIT_TARGET_KINDS[entry.action.split(".")[0] ?? ""];
  if (!kind || entry.target === undefined) return false;
  return visibleNames(access, kind)(entry.target);
}
