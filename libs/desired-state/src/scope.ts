import type { AclBinding, DesiredFile, DesiredScope, QuotaEntity } from "@kcp/shared";

/** Kafka's own topics and those of the metadata log: never in any scope, whatever a prefix says. */
export const isInternalTopic = (name: string) => name.startsWith("__");

/** A quota entity as one key, its parts in a fixed order (user before client-id), null as the default entity. */
export function quotaEntityKey(entity: readonly QuotaEntity[]): string {
  return [...entity]
    .sort((a, b) => a.type.localeCompare(b.type))
    .map((part) => `${part.type}=${part.name === null ? "<default>" : part.name}`)
    .join(",");
}

/** An ACL binding as one key (every field: two bindings differing in any field are two bindings). */
export const aclKey = (b: AclBinding) =>
  [b.principal, b.host, b.resourceType, b.patternType, b.resourceName, b.operation, b.permission].join("\u0000");

export const credentialKey = (user: string, mechanism: string) => `${user}\u0000${mechanism}`;

/** What one file owns, ready to ask about a resource. */
export class OwnedScope {
  readonly path: string;
  readonly prune: boolean;
  private readonly topicNames: Set<string>;
  private readonly topicPrefixes: string[];
  private readonly principals: Set<string>;
  private readonly quotaEntities: Set<string>;
  private readonly scramUsers: Set<string>;

  constructor(path: string, scope: DesiredScope) {
    this.path = path;
    this.prune = scope.prune;
    this.topicNames = new Set(scope.topics.names);
    this.topicPrefixes = scope.topics.prefixes;
    this.principals = new Set(scope.aclPrincipals);
    this.quotaEntities = new Set(scope.quotaEntities.map(quotaEntityKey));
    this.scramUsers = new Set(scope.scramUsers);
  }

  ownsTopic(name: string): boolean {
    if (isInternalTopic(name)) return false;
    return this.topicNames.has(name) || this.topicPrefixes.some((prefix) => name.startsWith(prefix));
  }

  ownsAcl(binding: AclBinding): boolean {
    return this.principals.has(binding.principal);
  }

  ownsQuota(entity: readonly QuotaEntity[]): boolean {
    return this.quotaEntities.has(quotaEntityKey(entity));
  }

  ownsScramUser(user: string): boolean {
    return this.scramUsers.has(user);
  }

  /** Where this scope and another could own the same resource: a description of the first overlap, if any. */
  overlap(other: OwnedScope): string | undefined {
    for (const name of this.topicNames) if (other.ownsTopic(name)) return `topic ${name}`;
    for (const name of other.topicNames) if (this.ownsTopic(name)) return `topic ${name}`;
    for (const a of this.topicPrefixes)
      for (const b of other.topicPrefixes) if (a.startsWith(b) || b.startsWith(a)) return `topics ${a}* and ${b}*`;
    for (const p of this.principals) if (other.principals.has(p)) return `the ACLs of ${p}`;
    for (const q of this.quotaEntities) if (other.quotaEntities.has(q)) return `the quota of ${q}`;
    for (const u of this.scramUsers) if (other.scramUsers.has(u)) return `the SCRAM user ${u}`;
    return undefined;
  }
}

/** Each file's scope: its one Scope document. */
export function scopeOf(file: DesiredFile): DesiredScope | undefined {
  return file.documents.find((d): d is DesiredScope => d.kind === "Scope");
}
