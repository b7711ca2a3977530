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

/**
 * Topic prefixes, ready to ask whether one starts a name in O(log n): only the shortest of those starting with one
 * another are kept (they own the same names), sorted, so the one prefix that can start a name is the greatest not
 * after it.
 */
export class PrefixIndex {
  private readonly sorted: string[];

  constructor(prefixes: Iterable<string>) {
    const all = [...new Set(prefixes)].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
    this.sorted = [];
    // Sorted, a prefix comes right before the strings it starts: keep one only when the last kept does not start it.
    for (const prefix of all) {
      const last = this.sorted.at(-1);
      if (last === undefined || !prefix.startsWith(last)) this.sorted.push(prefix);
    }
  }

  /** Whether some prefix starts the name. */
  starts(name: string): boolean {
    let low = 0;
    let high = this.sorted.length - 1;
    let candidate: string | undefined;
    while (low <= high) {
      const middle = (low + high) >> 1;
      const prefix = this.sorted[middle] as string;
      if (prefix <= name) {
        candidate = prefix;
        low = middle + 1;
      } else high = middle - 1;
    }
    return candidate !== undefined && name.startsWith(candidate);
  }
}

/** What one file owns, ready to ask about a resource. */
export class OwnedScope {
  readonly path: string;
  readonly prune: boolean;
  private readonly topicNames: Set<string>;
  private readonly topicPrefixes: PrefixIndex;
  private readonly principals: Set<string>;
  private readonly quotaEntities: Set<string>;
  private readonly scramUsers: Set<string>;
  /** The scope's topic prefixes as written (for the overlap index, findOverlaps). */
  readonly topicPrefixList: readonly string[];

  constructor(path: string, scope: DesiredScope) {
    this.path = path;
    this.prune = scope.prune;
    this.topicNames = new Set(scope.topics.names);
    this.topicPrefixes = new PrefixIndex(scope.topics.prefixes);
    this.principals = new Set(scope.aclPrincipals);
    this.quotaEntities = new Set(scope.quotaEntities.map(quotaEntityKey));
    this.scramUsers = new Set(scope.scramUsers);
    this.topicPrefixList = scope.topics.prefixes;
  }

  get topicNameList(): Iterable<string> {
    return this.topicNames;
  }
  get principalList(): Iterable<string> {
    return this.principals;
  }
  get quotaEntityList(): Iterable<string> {
    return this.quotaEntities;
  }
  get scramUserList(): Iterable<string> {
    return this.scramUsers;
  }

  /**
   * Everything the scopes own together, as one scope: asking it whether any of them owns a resource costs one look-up,
   * not one per scope.
   */
  static union(path: string, scopes: readonly OwnedScope[], prune: boolean): OwnedScope {
    const union = new OwnedScope(path, {
      kind: "Scope",
      topics: { names: [], prefixes: scopes.flatMap((s) => s.topicPrefixList) },
      aclPrincipals: [],
      quotaEntities: [],
      scramUsers: [],
      prune,
    });
    for (const s of scopes) {
      for (const name of s.topicNames) union.topicNames.add(name);
      for (const p of s.principals) union.principals.add(p);
      for (const q of s.quotaEntities) union.quotaEntities.add(q);
      for (const u of s.scramUsers) union.scramUsers.add(u);
    }
    return union;
  }

  ownsTopic(name: string): boolean {
    if (isInternalTopic(name)) return false;
    return this.topicNames.has(name) || this.topicPrefixes.starts(name);
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
}

/** Each file's scope: its one Scope document. */
export function scopeOf(file: DesiredFile): DesiredScope | undefined {
  return file.documents.find((d): d is DesiredScope => d.kind === "Scope");
}
