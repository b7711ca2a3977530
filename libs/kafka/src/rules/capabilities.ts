import {
  CAPABILITY_NAMES,
  type Capabilities,
  type CapabilityName,
  type CapabilityRefusal,
  type CapabilityRefusalCode,
  type ConnectionProfile,
  capabilityNote,
  type Snapshot,
} from "@kcp/shared";
import { FLAVOR_ALLOWS, type ManagedAction } from "./flavor-table.js";
import { METADATA_LEVEL, metadataVersionName } from "./metadata-version.js";

/** The facts the capability rules read. */
export interface CapabilityFacts {
  profile: Pick<ConnectionProfile, "provider" | "flavor">;
  /** null: the cluster did not answer (capabilities cannot be derived). */
  snapshot: Snapshot | null;
  /** API key → version range every broker serves. */
  apiVersions: ReadonlyMap<number, { min: number; max: number }> | null;
  /** Cluster operations the connecting principal may perform; null = the broker did not say (no authorizer). */
  authorizedOperations: readonly string[] | null;
  unreachableReason?: string;
  /**
   * What the cluster's node provider can do now, as data its own package decided (@kcp/providers, from what the
   * collection asked it); absent: not known, and no node action is offered. The Kafka rules know nothing of providers.
   */
  providerAbilities?: ProviderAbilities;
}

/** Whether a provider can do something now, and why not. */
export interface Ability {
  available: boolean;
  reason?: string;
}

/** What the node provider can do: act on nodes (restart, upgrade, provision) and scale node pools. */
export interface ProviderAbilities {
  nodeLifecycle: Ability;
  nodePools: Ability;
}

/** Why a capability is not offered: a code for code, a message for people. */
type Reason = Pick<CapabilityRefusal, "code" | "message">;

/** A rule answers the reason a capability is not offered, or undefined when it is. */
type Rule = (facts: CapabilityFacts) => Reason | undefined;

const reason = (code: CapabilityRefusalCode, message: string): Reason => ({ code, message });

const NOT_KNOWN = reason("provider_unable", "what the node provider can do is not known");

const API = {
  Fetch: 1,
  ListOffsets: 2,
  OffsetCommit: 8,
  ListGroups: 16,
  CreateTopics: 19,
  DeleteTopics: 20,
  CreateAcls: 30,
  DeleteAcls: 31,
  DescribeLogDirs: 35,
  CreatePartitions: 37,
  ElectLeaders: 43,
  IncrementalAlterConfigs: 44,
  AlterPartitionReassignments: 45,
  AlterClientQuotas: 49,
  DescribeUserScramCredentials: 50,
  AlterUserScramCredentials: 51,
  DescribeQuorum: 55,
  UpdateFeatures: 57,
  UnregisterBroker: 64,
  AddRaftVoter: 80,
  RemoveRaftVoter: 81,
} as const;
type ApiName = keyof typeof API;

/** The first reason that holds, in the order given. */
const firstOf =
  (...rules: Rule[]): Rule =>
  (facts) => {
    for (const rule of rules) {
      const found = rule(facts);
      if (found) return found;
    }
    return undefined;
  };

const apis =
  (...names: ApiName[]): Rule =>
  ({ apiVersions }) => {
    const missing = names.filter((name) => !apiVersions?.has(API[name]));
    return missing.length > 0 ? reason("api_unsupported", `the brokers do not serve ${missing.join(", ")}`) : undefined;
  };

/** The API at `min` or above on every broker (the version a request of the service is written for). */
const apiVersion =
  (name: ApiName, min: number, release: string): Rule =>
  ({ apiVersions }) => {
    const range = apiVersions?.get(API[name]);
    if (!range) return reason("api_unsupported", `the brokers do not serve ${name}`);
    return range.max >= min
      ? undefined
      : reason("api_unsupported", `the brokers serve ${name} up to v${range.max}; v${min}+ (${release}) is needed`);
  };

/**
 * A missing cluster permission is advice, not a refusal (`permission_missing`): Kafka also grants actions through
 * resource ACLs (CREATE on a topic prefix, ALTER_CONFIGS on one topic) that the cluster's authorized operations cannot
 * show, so the request goes to Kafka, which decides.
 */
const permission =
  (operation: string): Rule =>
  ({ authorizedOperations: granted }) => {
    if (granted === null || granted.includes(operation) || granted.includes("ALL")) return undefined;
    return reason("permission_missing", `the principal lacks ${operation} on the cluster`);
  };

const flavorAllows =
  (action: ManagedAction): Rule =>
  ({ profile }) =>
    FLAVOR_ALLOWS[profile.flavor][action]
      ? undefined
      : reason("flavor_forbids", `${profile.flavor} clusters do not allow ${action}`);

const notManaged =
  (what: string): Rule =>
  ({ profile }) =>
    profile.flavor === "oss" ? undefined : reason("flavor_forbids", `${profile.flavor} clusters do not allow ${what}`);

/** The provider package decides (restartNodes, upgradeVersion, provisionNodes): no second table here. */
const refusalOf = (ability: Ability | undefined): Reason | undefined =>
  ability === undefined
    ? NOT_KNOWN
    : ability.available
      ? undefined
      : reason("provider_unable", ability.reason ?? "the node provider cannot now");

const providerControlsNodes: Rule = ({ providerAbilities }) => refusalOf(providerAbilities?.nodeLifecycle);

const providerScalesNodePools: Rule = ({ providerAbilities }) => refusalOf(providerAbilities?.nodePools);

/** Node ids of a snapshot: registered brokers and quorum members (what a node provider must serve). */
export function snapshotNodeIds(snapshot: Snapshot | null): number[] {
  const ids = new Set(snapshot?.brokers.map((broker) => broker.id));
  for (const node of [...(snapshot?.quorum?.voters ?? []), ...(snapshot?.quorum?.observers ?? [])])
    ids.add(node.nodeId);
  return [...ids];
}

const feature = (facts: CapabilityFacts, name: string) => facts.snapshot?.features.find((f) => f.name === name);

const dynamicQuorum: Rule = (facts) => {
  const level = feature(facts, "kraft.version")?.finalized ?? 0;
  return level >= 1
    ? undefined
    : reason("quorum_state", "the quorum is static (kraft.version 0); migrate it to a dynamic quorum first");
};

const staticQuorumMigratable: Rule = (facts) => {
  const kraft = feature(facts, "kraft.version");
  if ((kraft?.finalized ?? 0) >= 1) return reason("quorum_state", "the quorum is already dynamic (kraft.version 1)");
  if ((kraft?.supportedMax ?? 0) < 1) return reason("feature_unsupported", "not every node supports kraft.version 1");
  const metadata = feature(facts, "metadata.version");
  if ((metadata?.supportedMax ?? 0) < METADATA_LEVEL.v4_1)
    return reason("feature_unsupported", "upgrading kraft.version needs Kafka 4.1+ on every node");
  return undefined;
};

const cordonSupported: Rule = (facts) => {
  const metadata = feature(facts, "metadata.version");
  const needed = metadataVersionName(METADATA_LEVEL.v4_3);
  if ((metadata?.supportedMax ?? 0) < METADATA_LEVEL.v4_3)
    return reason("feature_unsupported", "cordoned log dirs need Kafka 4.3+ on every broker");
  if ((metadata?.finalized ?? 0) < METADATA_LEVEL.v4_3)
    return reason("feature_state", `cordoned log dirs need metadata.version ${needed}+`);
  return undefined;
};

const finalizableFeature: Rule = (facts) =>
  facts.snapshot?.features.some((f) => f.finalized < f.supportedMax)
    ? undefined
    : reason("feature_state", "every feature is at the highest level all nodes support");

/** The rule table, documented in docs/health-and-capabilities.md. */
const RULES: Record<CapabilityName, Rule> = {
  manageTopics: firstOf(
    flavorAllows("topics"),
    apis("CreateTopics", "CreatePartitions", "DeleteTopics"),
    permission("CREATE"),
  ),
  manageConfigs: firstOf(flavorAllows("configs"), apis("IncrementalAlterConfigs"), permission("ALTER_CONFIGS")),
  manageAcls: firstOf(flavorAllows("acls"), apis("CreateAcls", "DeleteAcls"), permission("ALTER")),
  manageScram: firstOf(
    flavorAllows("SCRAM users"),
    apis("DescribeUserScramCredentials", "AlterUserScramCredentials"),
    permission("ALTER"),
  ),
  manageQuotas: firstOf(flavorAllows("quotas"), apis("AlterClientQuotas"), permission("ALTER_CONFIGS")),
  manageGroups: firstOf(apis("OffsetCommit", "ListGroups")),
  // The browse endpoint sends Fetch v12 (sessionless, by topic name) and ListOffsets v7 (MAX_TIMESTAMP, KIP-734).
  browseMessages: firstOf(apiVersion("Fetch", 12, "Kafka 2.7"), apiVersion("ListOffsets", 7, "Kafka 3.0")),
  reassign: firstOf(
    notManaged("partition reassignment"),
    apis("AlterPartitionReassignments", "DescribeLogDirs"),
    permission("ALTER"),
  ),
  electLeaders: firstOf(flavorAllows("leader elections"), apis("ElectLeaders"), permission("ALTER")),
  cordon: firstOf(
    notManaged("cordoning brokers"),
    apis("IncrementalAlterConfigs"),
    cordonSupported,
    permission("ALTER_CONFIGS"),
  ),
  unregisterBrokers: firstOf(notManaged("unregistering brokers"), apis("UnregisterBroker"), permission("ALTER")),
  describeQuorum: firstOf(notManaged("quorum actions"), apis("DescribeQuorum"), permission("DESCRIBE")),
  removeVoters: firstOf(notManaged("quorum actions"), apis("RemoveRaftVoter"), dynamicQuorum, permission("ALTER")),
  addControllers: firstOf(notManaged("quorum actions"), apis("AddRaftVoter"), dynamicQuorum, permission("ALTER")),
  provisionNodes: firstOf(notManaged("node lifecycle actions"), providerControlsNodes),
  restartNodes: firstOf(notManaged("node lifecycle actions"), providerControlsNodes),
  upgradeVersion: firstOf(notManaged("node lifecycle actions"), providerControlsNodes),
  finalizeFeatures: firstOf(
    notManaged("feature actions"),
    apis("UpdateFeatures"),
    finalizableFeature,
    permission("ALTER"),
  ),
  migrateQuorum: firstOf(
    notManaged("quorum actions"),
    apis("UpdateFeatures", "AddRaftVoter"),
    staticQuorumMigratable,
    permission("ALTER"),
  ),
  scaleNodePools: firstOf(notManaged("node lifecycle actions"), providerScalesNodePools),
};

/**
 * Pure: which actions are offered. Every false flag carries a refusal `{capability, code, message}` and, from it, a
 * note `<flag>: not offered — <message>` (same order). Without a snapshot (the cluster did not answer) nothing can be
 * derived: `error` says why and no flag is set.
 */
export function deriveCapabilities(facts: CapabilityFacts): Capabilities {
  if (!facts.snapshot || !facts.apiVersions) {
    return {
      refusals: [],
      notes: [],
      error: `capabilities unknown: ${facts.unreachableReason ?? "the cluster did not answer"}`,
    };
  }
  const flags: Partial<Record<CapabilityName, boolean>> = {};
  const refusals: CapabilityRefusal[] = [];
  for (const name of CAPABILITY_NAMES) {
    const found = RULES[name](facts);
    flags[name] = found === undefined;
    if (found) refusals.push({ capability: name, ...found });
  }
  return { ...flags, refusals, notes: refusals.map(capabilityNote) };
}
