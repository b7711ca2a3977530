import type { DesiredDocument, DesiredScope, QuotaEntity, QuotaEntityType } from "@kcp/shared";
import type { CurrentResources } from "./diff.js";
import { aclKey, OwnedScope, quotaEntityKey } from "./scope.js";

/** What to export: the parts of a Scope document. */
export interface ExportScope {
  topicPrefixes: readonly string[];
  topics: readonly string[];
  aclPrincipals: readonly string[];
  quotaEntities: readonly (readonly QuotaEntity[])[];
  scramUsers: readonly string[];
}

/** A quota entity as a query names it: `user=alice`, `user=alice+client-id=app`, `<default>` for a default. */
export function parseQuotaEntity(text: string): QuotaEntity[] {
  return text.split("+").map((part) => {
    const at = part.indexOf("=");
    const name = part.slice(at + 1);
    return { type: part.slice(0, at) as QuotaEntityType, name: name === "<default>" ? null : name };
  });
}

/**
 * Pure: the cluster's resources inside the scope as one file's documents, its Scope first (without prune), then
 * topics with the configs set on them, ACLs, quotas and SCRAM credentials (never a password): planned as they are,
 * they change nothing.
 */
export function exportDocuments(current: CurrentResources, scope: ExportScope): DesiredDocument[] {
  const scopeDocument: DesiredScope = {
    kind: "Scope",
    topics: { names: [...scope.topics], prefixes: [...scope.topicPrefixes] },
    aclPrincipals: [...scope.aclPrincipals],
    quotaEntities: scope.quotaEntities.map((e) => [...e]),
    scramUsers: [...scope.scramUsers],
    prune: false,
  };
  const owned = new OwnedScope("export", scopeDocument);
  const byName =
    <T>(key: (t: T) => string) =>
    (a: T, b: T) =>
      key(a).localeCompare(key(b));
  const topics: DesiredDocument[] = current.topics
    .filter((t) => !t.internal && owned.ownsTopic(t.name))
    .sort(byName((t) => t.name))
    .map((t) => ({
      kind: "Topic",
      name: t.name,
      partitions: t.partitions,
      replicationFactor: t.replicationFactor,
      configs: Object.fromEntries(Object.entries(t.configs).sort(([a], [b]) => a.localeCompare(b))),
      deleted: false,
    }));
  const acls: DesiredDocument[] = current.acls
    .filter((b) => owned.ownsAcl(b))
    .sort(byName(aclKey))
    .map((b) => ({ kind: "Acl", ...b, deleted: false }));
  const quotas: DesiredDocument[] = current.quotas
    .filter((q) => owned.ownsQuota(q.entity) && Object.keys(q.values).length > 0)
    .sort(byName((q) => quotaEntityKey(q.entity)))
    .map((q) => ({ kind: "Quota", entity: [...q.entity], values: { ...q.values }, deleted: false }));
  const credentials: DesiredDocument[] = current.scramUsers
    .filter((u) => owned.ownsScramUser(u.user))
    .sort(byName((u) => u.user))
    .flatMap((u) =>
      [...u.credentials].sort(byName((c) => c.mechanism)).map((c) => ({
        kind: "ScramUser" as const,
        name: u.user,
        mechanism: c.mechanism,
        iterations: c.iterations,
        deleted: false,
      })),
    );
  return [scopeDocument, ...topics, ...acls, ...quotas, ...credentials];
}
