import type {
  AclBinding,
  DesiredAcl,
  DesiredChange,
  DesiredChangeKind,
  DesiredFile,
  DesiredProblem,
  DesiredQuota,
  DesiredResource,
  DesiredScramUser,
  DesiredTopic,
  QuotaEntity,
  QuotaKey,
  ScramMechanism,
} from "@kcp/shared";
import type { AppliedFile } from "./applied.js";
import { findOverlaps } from "./overlap.js";
import { aclKey, credentialKey, isInternalTopic, OwnedScope, quotaEntityKey, scopeOf } from "./scope.js";

/** A cluster's resources as the service reads them before planning. Topic configs: only those set on the topic. */
export interface CurrentResources {
  topics: readonly {
    name: string;
    partitions: number;
    replicationFactor: number;
    /** The configs whose source is the topic itself (DYNAMIC_TOPIC_CONFIG): never broker-wide or Kafka defaults. */
    configs: Readonly<Record<string, string>>;
    internal?: boolean;
  }[];
  acls: readonly AclBinding[];
  quotas: readonly { entity: readonly QuotaEntity[]; values: Readonly<Partial<Record<QuotaKey, number>>> }[];
  scramUsers: readonly { user: string; credentials: readonly { mechanism: ScramMechanism; iterations: number }[] }[];
}

/** What the last applied desired state left that Kafka does not tell: each credential's password version. */
export interface LastApplied {
  /** By `credentialKey(user, mechanism)`. */
  passwordVersions: Readonly<Record<string, string>>;
}

export interface DesiredPlan {
  changes: DesiredChange[];
  /** Changes by kind (only kinds with at least one). */
  counts: Partial<Record<DesiredChangeKind, number>>;
  /** Deletes or shrinks something: confirmed with the cluster's name typed back. */
  irreversible: boolean;
  warnings: string[];
}

export type DiffResult = { problems: DesiredProblem[] } | { problems?: undefined; plan: DesiredPlan };

/** The kinds that delete or shrink: only where a document says `deleted: true` or its file's scope says `prune`. */
const DESTRUCTIVE: ReadonlySet<DesiredChangeKind> = new Set([
  "deleteTopic",
  "deleteAcl",
  "deleteQuota",
  "deleteScramCredential",
]);

/**
 * The order changes are applied in: topics before the ACLs that name them; the replication factor before new
 * partitions (Kafka gives a new partition as many replicas as the topic's first has); grows before the configs that
 * need them (min.insync.replicas after the replication factor); credentials; deletions last.
 */
export const CHANGE_ORDER: readonly DesiredChangeKind[] = [
  "createTopic",
  "changeReplicationFactor",
  "addPartitions",
  "alterTopicConfigs",
  "createAcl",
  "setQuota",
  "createScramCredential",
  "rotateScramCredential",
  "deleteAcl",
  "deleteQuota",
  "deleteScramCredential",
  "deleteTopic",
];

interface Located<T extends DesiredResource> {
  resource: T;
  file: string;
  document: number;
  scope: OwnedScope;
}

const keyOfResource = (r: DesiredResource): string => {
  switch (r.kind) {
    case "Topic":
      return `Topic ${r.name}`;
    case "Acl":
      return `Acl ${aclKey(r)}`;
    case "Quota":
      return `Quota ${quotaEntityKey(r.entity)}`;
    case "ScramUser":
      return `ScramUser ${credentialKey(r.name, r.mechanism)}`;
  }
};

const describeResource = (r: DesiredResource): string => {
  switch (r.kind) {
    case "Topic":
      return `topic ${r.name}`;
    case "Acl":
      return `the ACL ${r.permission} ${r.operation} on ${r.resourceType}:${r.resourceName} for ${r.principal}`;
    case "Quota":
      return `the quota of ${quotaEntityKey(r.entity)}`;
    case "ScramUser":
      return `the ${r.mechanism} credential of ${r.name}`;
  }
};

function owns(scope: OwnedScope, r: DesiredResource): boolean {
  switch (r.kind) {
    case "Topic":
      return scope.ownsTopic(r.name);
    case "Acl":
      return scope.ownsAcl(r);
    case "Quota":
      return scope.ownsQuota(r.entity);
    case "ScramUser":
      return scope.ownsScramUser(r.name);
  }
}

/**
 * Every file's scope and resources, checked: one Scope per file; no two scopes owning the same resource, and no scope
 * owning what a file of another path applied earlier owns (`applied`: the cluster's last applied files); each resource
 * inside its own file's scope, declared once, and not an internal topic.
 */
function locate(
  files: readonly DesiredFile[],
  applied: readonly AppliedFile[],
): {
  problems: DesiredProblem[];
  scopes: OwnedScope[];
  located: Located<DesiredResource>[];
} {
  const problems: DesiredProblem[] = [];
  const scoped = scopedFiles(files, problems);
  overlappingScopes(scoped, files, applied, problems);
  const located = locatedResources(scoped, problems);
  return { problems, scopes: scoped.map(({ scope }) => scope), located };
}

interface ScopedFile {
  file: DesiredFile;
  scope: OwnedScope;
  /** The index of its Scope document. */
  document: number;
}

/** Each file with its one Scope; a file with none or several is a problem (and left out). */
function scopedFiles(files: readonly DesiredFile[], problems: DesiredProblem[]): ScopedFile[] {
  const scoped: ScopedFile[] = [];
  for (const file of files) {
    const scopeIndexes = file.documents.flatMap((d, i) => (d.kind === "Scope" ? [i] : []));
    const declared = scopeOf(file);
    if (!declared || scopeIndexes.length !== 1) {
      problems.push({
        file: file.path,
        document: scopeIndexes[1] ?? 0,
        message:
          scopeIndexes.length === 0
            ? "A file needs one Scope document: what it owns (nothing outside it is changed or deleted)"
            : "A file has one Scope document, not several",
      });
      continue;
    }
    scoped.push({ file, scope: new OwnedScope(file.path, declared), document: scopeIndexes[0] as number });
  }
  return scoped;
}

/**
 * Two scopes owning the same resource are a problem: two of these files, or one of them and a file of another path
 * applied earlier (named with who applied it, when, and by which operation).
 */
function overlappingScopes(
  scoped: readonly ScopedFile[],
  files: readonly DesiredFile[],
  applied: readonly AppliedFile[],
  problems: DesiredProblem[],
): void {
  const paths = new Set(files.map((f) => f.path));
  const others = applied.flatMap((file) => {
    const declared = paths.has(file.path) ? undefined : scopeOf(file);
    return declared ? [{ file, scope: new OwnedScope(file.path, declared) }] : [];
  });
  const indexed = [
    ...scoped.map(({ scope }) => ({ scope, applied: false })),
    ...others.map(({ scope }) => ({ scope, applied: true })),
  ];
  for (const { first, second, what } of findOverlaps(indexed)) {
    const one = scoped[first] as ScopedFile;
    const later = scoped[second];
    if (later) {
      problems.push({
        file: later.file.path,
        document: later.document,
        field: "Scope",
        message: `The scopes of ${one.file.path} and ${later.file.path} both own ${what}: each resource has one owner`,
      });
      continue;
    }
    const owner = (others[second - scoped.length] as (typeof others)[number]).file;
    problems.push({
      file: one.file.path,
      document: one.document,
      field: "Scope",
      message: `The scope of ${one.file.path} and that of ${owner.path}, applied by ${owner.appliedBy} at ${owner.appliedAt} (operation ${owner.operationId}), both own ${what}: each resource has one owner, and ${owner.path} is not among these files`,
    });
  }
}

/** Each file's resources with where they are; an internal topic, one outside its scope or declared twice is a problem. */
function locatedResources(scoped: readonly ScopedFile[], problems: DesiredProblem[]): Located<DesiredResource>[] {
  const located: Located<DesiredResource>[] = [];
  const seen = new Map<string, string>();
  for (const { file, scope } of scoped) {
    file.documents.forEach((resource, document) => {
      if (resource.kind === "Scope") return;
      const where = { file: file.path, document };
      if (resource.kind === "Topic" && isInternalTopic(resource.name)) {
        problems.push({ ...where, field: "name", message: `${resource.name} is an internal topic: Kafka owns it` });
        return;
      }
      if (!owns(scope, resource)) {
        problems.push({ ...where, message: `${describeResource(resource)} is outside the file's scope` });
        return;
      }
      const key = keyOfResource(resource);
      const first = seen.get(key);
      if (first) {
        problems.push({ ...where, message: `${describeResource(resource)} is declared twice (first in ${first})` });
        return;
      }
      seen.set(key, `${file.path} document ${document}`);
      located.push({ ...where, resource, scope });
    });
  }
  return located;
}

const of = <K extends DesiredResource["kind"]>(located: Located<DesiredResource>[], kind: K) =>
  located.filter((l): l is Located<Extract<DesiredResource, { kind: K }>> => l.resource.kind === kind);

function topicChanges(
  topics: Located<DesiredTopic>[],
  current: CurrentResources,
  pruned: OwnedScope,
  problems: DesiredProblem[],
): DesiredChange[] {
  const changes: DesiredChange[] = [];
  const existing = new Map(current.topics.map((t) => [t.name, t]));
  const declared = new Set(topics.map((t) => t.resource.name));
  for (const { resource: want, file, document, scope } of topics) {
    const have = existing.get(want.name);
    if (want.deleted) {
      if (have) changes.push({ kind: "deleteTopic", topic: want.name, partitions: have.partitions });
      continue;
    }
    if (!have) {
      changes.push({
        kind: "createTopic",
        topic: want.name,
        partitions: want.partitions,
        replicationFactor: want.replicationFactor,
        configs: want.configs,
      });
      continue;
    }
    if (want.partitions < have.partitions) {
      problems.push({
        file,
        document,
        field: "partitions",
        message: `Topic ${want.name} has ${have.partitions} partitions: Kafka cannot remove partitions (declare ${have.partitions} or more)`,
      });
      continue;
    }
    if (want.partitions > have.partitions)
      changes.push({ kind: "addPartitions", topic: want.name, before: have.partitions, after: want.partitions });
    if (want.replicationFactor !== have.replicationFactor)
      changes.push({
        kind: "changeReplicationFactor",
        topic: want.name,
        before: have.replicationFactor,
        after: want.replicationFactor,
      });
    const configs: { name: string; before: string | null; after: string | null }[] = Object.entries(want.configs)
      .filter(([name, value]) => have.configs[name] !== value)
      .map(([name, value]) => ({ name, before: have.configs[name] ?? null, after: value }));
    if (scope.prune)
      for (const [name, value] of Object.entries(have.configs))
        if (!(name in want.configs)) configs.push({ name, before: value, after: null });
    if (configs.length > 0)
      changes.push({
        kind: "alterTopicConfigs",
        topic: want.name,
        configs: configs.sort((a, b) => a.name.localeCompare(b.name)),
      });
  }
  for (const have of current.topics) {
    if (have.internal || declared.has(have.name)) continue;
    if (pruned.ownsTopic(have.name))
      changes.push({ kind: "deleteTopic", topic: have.name, partitions: have.partitions });
  }
  return changes;
}

function aclChanges(acls: Located<DesiredAcl>[], current: CurrentResources, pruned: OwnedScope): DesiredChange[] {
  const binding = ({ kind: _, deleted: __, ...b }: DesiredAcl): AclBinding => b;
  const existing = new Set(current.acls.map(aclKey));
  const declared = new Set(acls.map((a) => aclKey(binding(a.resource))));
  const changes: DesiredChange[] = [];
  for (const { resource } of acls) {
    const b = binding(resource);
    const there = existing.has(aclKey(b));
    if (resource.deleted && there) changes.push({ kind: "deleteAcl", binding: b });
    if (!resource.deleted && !there) changes.push({ kind: "createAcl", binding: b });
  }
  for (const b of current.acls)
    if (!declared.has(aclKey(b)) && pruned.ownsAcl(b)) changes.push({ kind: "deleteAcl", binding: b });
  return changes;
}

function quotaChanges(quotas: Located<DesiredQuota>[], current: CurrentResources, pruned: OwnedScope) {
  const existing = new Map(current.quotas.map((q) => [quotaEntityKey(q.entity), q]));
  const declared = new Set(quotas.map((q) => quotaEntityKey(q.resource.entity)));
  const changes: DesiredChange[] = [];
  const valuesOf = (values: Readonly<Partial<Record<QuotaKey, number>>>) =>
    (Object.entries(values) as [QuotaKey, number][]).sort(([a], [b]) => a.localeCompare(b));
  for (const { resource, scope } of quotas) {
    const have = existing.get(quotaEntityKey(resource.entity));
    const haveValues = have?.values ?? {};
    if (resource.deleted) {
      if (have && Object.keys(haveValues).length > 0)
        changes.push({
          kind: "deleteQuota",
          entity: resource.entity,
          values: valuesOf(haveValues).map(([key, before]) => ({ key, before, after: null })),
        });
      continue;
    }
    const values: { key: QuotaKey; before: number | null; after: number | null }[] = valuesOf(resource.values)
      .filter(([key, value]) => haveValues[key] !== value)
      .map(([key, after]) => ({ key, before: haveValues[key] ?? null, after }));
    if (scope.prune)
      for (const [key, before] of valuesOf(haveValues))
        if (resource.values[key] === undefined) values.push({ key, before, after: null });
    if (values.length > 0) changes.push({ kind: "setQuota", entity: resource.entity, values });
  }
  for (const q of current.quotas)
    if (!declared.has(quotaEntityKey(q.entity)) && pruned.ownsQuota(q.entity))
      changes.push({
        kind: "deleteQuota",
        entity: [...q.entity],
        values: valuesOf(q.values).map(([key, before]) => ({ key, before, after: null })),
      });
  return changes;
}

function scramChanges(
  users: Located<DesiredScramUser>[],
  current: CurrentResources,
  pruned: OwnedScope,
  last: LastApplied,
  problems: DesiredProblem[],
): DesiredChange[] {
  const existing = new Map(
    current.scramUsers.flatMap((u) => u.credentials.map((c) => [credentialKey(u.user, c.mechanism), c] as const)),
  );
  const declared = new Set(users.map((u) => credentialKey(u.resource.name, u.resource.mechanism)));
  const changes: DesiredChange[] = [];
  for (const { resource: want, file, document } of users) {
    const key = credentialKey(want.name, want.mechanism);
    const have = existing.get(key);
    const { name: user, mechanism, iterations } = want;
    if (want.deleted) {
      if (have) changes.push({ kind: "deleteScramCredential", user, mechanism });
      continue;
    }
    const previous = last.passwordVersions[key];
    const reason = !have
      ? undefined
      : have.iterations !== iterations
        ? `iterations ${have.iterations} → ${iterations}`
        : want.passwordVersion !== undefined && want.passwordVersion !== previous
          ? `password version ${previous ?? "(none applied)"} → ${want.passwordVersion}`
          : null;
    if (reason === null) continue;
    if (!want.password) {
      problems.push({
        file,
        document,
        field: "password",
        message: `${have ? "Rotating" : "Creating"} the ${mechanism} credential of ${user} needs a password reference (env or file)`,
      });
      continue;
    }
    changes.push(
      reason === undefined
        ? { kind: "createScramCredential", user, mechanism, iterations }
        : { kind: "rotateScramCredential", user, mechanism, iterations, reason },
    );
  }
  for (const u of current.scramUsers)
    for (const c of u.credentials)
      if (!declared.has(credentialKey(u.user, c.mechanism)) && pruned.ownsScramUser(u.user))
        changes.push({ kind: "deleteScramCredential", user: u.user, mechanism: c.mechanism });
  return changes;
}

/**
 * Pure: the changes that bring the cluster to the files, inside each file's scope only, or the problems that stop the
 * plan (each naming its file and document). Configs and quota values are compared with what is set on the resource
 * itself; deletions happen only for `deleted: true` or inside a pruning scope; an unchanged cluster plans nothing.
 * `applied`, the cluster's last applied files: a file of another path applied earlier keeps what its scope owns (a
 * scope overlapping it is a problem). In O(n log n) of the scopes' names and prefixes and the resources.
 */
export function diffDesiredState(
  files: readonly DesiredFile[],
  current: CurrentResources,
  last: LastApplied = { passwordVersions: {} },
  applied: readonly AppliedFile[] = [],
): DiffResult {
  const { problems, scopes, located } = locate(files, applied);
  if (problems.length > 0) return { problems };
  const pruned = OwnedScope.union(
    "(pruned)",
    scopes.filter((s) => s.prune),
    true,
  );
  const changes = [
    ...topicChanges(of(located, "Topic"), current, pruned, problems),
    ...aclChanges(of(located, "Acl"), current, pruned),
    ...quotaChanges(of(located, "Quota"), current, pruned),
    ...scramChanges(of(located, "ScramUser"), current, pruned, last, problems),
  ];
  if (problems.length > 0) return { problems };
  const order = new Map(CHANGE_ORDER.map((kind, i) => [kind, i]));
  const rank = (c: DesiredChange) => order.get(c.kind) as number;
  changes.sort((a, b) => rank(a) - rank(b));
  const counts: Partial<Record<DesiredChangeKind, number>> = {};
  for (const c of changes) counts[c.kind] = (counts[c.kind] ?? 0) + 1;
  const shrinks = changes.flatMap((c) => (c.kind === "changeReplicationFactor" && c.after < c.before ? [c] : []));
  const warnings = shrinks.map(
    (c) => `The replication factor of ${c.topic} goes down from ${c.before} to ${c.after}: fewer copies of its data`,
  );
  return {
    plan: {
      changes,
      counts,
      irreversible: changes.some((c) => DESTRUCTIVE.has(c.kind)) || shrinks.length > 0,
      warnings,
    },
  };
}
