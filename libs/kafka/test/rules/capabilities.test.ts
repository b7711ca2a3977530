import {
  CAPABILITY_REFUSAL_CODES,
  type Capabilities,
  type CapabilityName,
  type CapabilityRefusalCode,
  capabilityNote,
  type Flavor,
  type Provider,
  type Snapshot,
} from "@kcp/shared";
import { expect } from "chai";
import { type CapabilityFacts, deriveCapabilities } from "../../src/index.js";
import { healthySnapshot, snapshotWith } from "./snapshot-fixture.js";

/** Every API key the capability rules read, as a Kafka 4.3 broker serves them. */
const ALL_APIS = new Map(
  [1, 8, 16, 19, 20, 30, 31, 35, 37, 43, 44, 45, 49, 50, 51, 55, 57, 64, 80, 81].map((key) => [
    key,
    { min: 0, max: 5 },
  ]),
);

/** What @kcp/providers decides for an `external` cluster (its own tests and libs/clusters' cover the others). */
const EXTERNAL = {
  nodeLifecycle: { available: false, reason: "provider external does not control nodes" },
  nodePools: { available: false, reason: "only the operator-managed provider has node pools" },
};

function facts(overrides: Partial<CapabilityFacts> = {}): CapabilityFacts {
  return {
    profile: { provider: "external", flavor: "oss" },
    snapshot: healthySnapshot(),
    apiVersions: ALL_APIS,
    authorizedOperations: null,
    providerAbilities: EXTERNAL,
    ...overrides,
  };
}

// Fetch and ListOffsets at the versions a Kafka 4.3 broker serves (browsing sends Fetch v12 and ListOffsets v7).
ALL_APIS.set(1, { min: 4, max: 17 }).set(2, { min: 1, max: 10 });

const withoutApis = (...keys: number[]) => new Map([...ALL_APIS].filter(([key]) => !keys.includes(key)));
const profile = (provider: Provider, flavor: Flavor = "oss") => ({ provider, flavor });
const noteOf = (result: Capabilities, flag: CapabilityName) => result.notes.find((n) => n.startsWith(`${flag}:`));
const refusalOf = (result: Capabilities, flag: CapabilityName) => result.refusals.find((r) => r.capability === flag);

interface Row {
  flag: CapabilityName;
  why: string;
  facts: CapabilityFacts;
  code: CapabilityRefusalCode;
  note: string;
}

const staticQuorum = (supportedMetadata = 30): Snapshot =>
  snapshotWith((s) => {
    s.features = [
      { name: "kraft.version", finalized: 0, supportedMin: 0, supportedMax: 1 },
      { name: "metadata.version", finalized: supportedMetadata, supportedMin: 7, supportedMax: supportedMetadata },
    ];
  });

/** One row per rule that can take a flag away, with the refusal's code and the note it must leave. */
const REFUSALS: Row[] = [
  {
    flag: "manageTopics",
    why: "a broker without CreatePartitions",
    facts: facts({ apiVersions: withoutApis(37) }),
    code: "api_unsupported",
    note: "manageTopics: not offered — the brokers do not serve CreatePartitions",
  },
  {
    flag: "manageTopics",
    why: "a broker without DeleteTopics (topic deletion is gated by manageTopics)",
    facts: facts({ apiVersions: withoutApis(20) }),
    code: "api_unsupported",
    note: "manageTopics: not offered — the brokers do not serve DeleteTopics",
  },
  {
    flag: "manageTopics",
    why: "the principal cannot create",
    facts: facts({ authorizedOperations: ["DESCRIBE", "ALTER"] }),
    code: "permission_missing",
    note: "manageTopics: not offered — the principal lacks CREATE on the cluster",
  },
  {
    flag: "manageConfigs",
    why: "managed-c",
    facts: facts({ profile: profile("external", "managed-c") }),
    code: "flavor_forbids",
    note: "manageConfigs: not offered — managed-c clusters do not allow configs",
  },
  {
    flag: "manageAcls",
    why: "no ALTER",
    facts: facts({ authorizedOperations: ["DESCRIBE", "CREATE", "ALTER_CONFIGS"] }),
    code: "permission_missing",
    note: "manageAcls: not offered — the principal lacks ALTER on the cluster",
  },
  {
    flag: "manageScram",
    why: "managed-a keeps SCRAM users outside Kafka",
    facts: facts({ profile: profile("external", "managed-a") }),
    code: "flavor_forbids",
    note: "manageScram: not offered — managed-a clusters do not allow SCRAM users",
  },
  {
    flag: "manageScram",
    why: "an old broker",
    facts: facts({ apiVersions: withoutApis(51) }),
    code: "api_unsupported",
    note: "manageScram: not offered — the brokers do not serve AlterUserScramCredentials",
  },
  {
    flag: "manageScram",
    why: "a broker without DescribeUserScramCredentials (the SCRAM user list)",
    facts: facts({ apiVersions: withoutApis(50) }),
    code: "api_unsupported",
    note: "manageScram: not offered — the brokers do not serve DescribeUserScramCredentials",
  },
  {
    flag: "manageQuotas",
    why: "managed-b",
    facts: facts({ profile: profile("external", "managed-b") }),
    code: "flavor_forbids",
    note: "manageQuotas: not offered — managed-b clusters do not allow quotas",
  },
  {
    flag: "manageGroups",
    why: "no ListGroups",
    facts: facts({ apiVersions: withoutApis(16) }),
    code: "api_unsupported",
    note: "manageGroups: not offered — the brokers do not serve ListGroups",
  },
  {
    flag: "browseMessages",
    why: "no Fetch",
    facts: facts({ apiVersions: withoutApis(1) }),
    code: "api_unsupported",
    note: "browseMessages: not offered — the brokers do not serve Fetch",
  },
  {
    flag: "reassign",
    why: "managed-b",
    facts: facts({ profile: profile("external", "managed-b") }),
    code: "flavor_forbids",
    note: "reassign: not offered — managed-b clusters do not allow partition reassignment",
  },
  {
    flag: "electLeaders",
    why: "no ElectLeaders",
    facts: facts({ apiVersions: withoutApis(43) }),
    code: "api_unsupported",
    note: "electLeaders: not offered — the brokers do not serve ElectLeaders",
  },
  {
    flag: "cordon",
    why: "Kafka 3.9 brokers",
    facts: facts({ snapshot: staticQuorum(21) }),
    code: "feature_unsupported",
    note: "cordon: not offered — cordoned log dirs need Kafka 4.3+ on every broker",
  },
  {
    flag: "cordon",
    why: "4.3 brokers, metadata.version not finalized yet",
    facts: facts({
      snapshot: snapshotWith((s) => {
        s.features = [{ name: "metadata.version", finalized: 29, supportedMin: 7, supportedMax: 30 }];
      }),
    }),
    code: "feature_state",
    note: "cordon: not offered — cordoned log dirs need metadata.version 4.3-IV0+",
  },
  {
    flag: "unregisterBrokers",
    why: "managed-a",
    facts: facts({ profile: profile("external", "managed-a") }),
    code: "flavor_forbids",
    note: "unregisterBrokers: not offered — managed-a clusters do not allow unregistering brokers",
  },
  {
    flag: "describeQuorum",
    why: "no DESCRIBE",
    facts: facts({ authorizedOperations: [] }),
    code: "permission_missing",
    note: "describeQuorum: not offered — the principal lacks DESCRIBE on the cluster",
  },
  {
    flag: "removeVoters",
    why: "static quorum",
    facts: facts({ snapshot: staticQuorum() }),
    code: "quorum_state",
    note: "removeVoters: not offered — the quorum is static (kraft.version 0); migrate it to a dynamic quorum first",
  },
  {
    flag: "addControllers",
    why: "static quorum",
    facts: facts({ snapshot: staticQuorum() }),
    code: "quorum_state",
    note: "addControllers: not offered — the quorum is static (kraft.version 0); migrate it to a dynamic quorum first",
  },
  {
    flag: "provisionNodes",
    why: "external provider",
    facts: facts(),
    code: "provider_unable",
    note: "provisionNodes: not offered — provider external does not control nodes",
  },
  {
    flag: "restartNodes",
    why: "managed flavor even with a node provider",
    facts: facts({ profile: profile("agent", "managed-a") }),
    code: "flavor_forbids",
    note: "restartNodes: not offered — managed-a clusters do not allow node lifecycle actions",
  },
  {
    flag: "upgradeVersion",
    why: "external provider",
    facts: facts(),
    code: "provider_unable",
    note: "upgradeVersion: not offered — provider external does not control nodes",
  },
  {
    flag: "finalizeFeatures",
    why: "everything finalized",
    facts: facts(),
    code: "feature_state",
    note: "finalizeFeatures: not offered — every feature is at the highest level all nodes support",
  },
  {
    flag: "migrateQuorum",
    why: "already dynamic",
    facts: facts(),
    code: "quorum_state",
    note: "migrateQuorum: not offered — the quorum is already dynamic (kraft.version 1)",
  },
  {
    flag: "migrateQuorum",
    why: "a node that does not support kraft.version 1",
    facts: facts({
      snapshot: snapshotWith((s) => {
        s.features = [{ name: "kraft.version", finalized: 0, supportedMin: 0, supportedMax: 0 }];
      }),
    }),
    code: "feature_unsupported",
    note: "migrateQuorum: not offered — not every node supports kraft.version 1",
  },
  {
    flag: "scaleNodePools",
    why: "a provider without node pools",
    facts: facts(),
    code: "provider_unable",
    note: "scaleNodePools: not offered — only the operator-managed provider has node pools",
  },
  {
    flag: "migrateQuorum",
    why: "Kafka 4.0 cannot upgrade kraft.version",
    facts: facts({ snapshot: staticQuorum(25) }),
    code: "feature_unsupported",
    note: "migrateQuorum: not offered — upgrading kraft.version needs Kafka 4.1+ on every node",
  },
];

describe("capability rules", () => {
  it("an oss cluster with every API, a dynamic quorum and an unrestricted principal offers every Kafka action", () => {
    const result = deriveCapabilities(facts());
    const offered = Object.entries(result)
      .filter(([, value]) => value === true)
      .map(([flag]) => flag);
    expect(offered).to.deep.equal([
      "manageTopics",
      "manageConfigs",
      "manageAcls",
      "manageScram",
      "manageQuotas",
      "manageGroups",
      "browseMessages",
      "reassign",
      "electLeaders",
      "cordon",
      "unregisterBrokers",
      "describeQuorum",
      "removeVoters",
      "addControllers",
    ]);
    expect(result.error).to.equal(undefined);
  });

  for (const row of REFUSALS) {
    it(`${row.flag} false (${row.why}), refused with ${row.code} and the note saying why`, () => {
      const result = deriveCapabilities(row.facts);
      expect(result[row.flag]).to.equal(false);
      expect(refusalOf(result, row.flag)).to.deep.equal({
        capability: row.flag,
        code: row.code,
        message: row.note.slice(`${row.flag}: not offered — `.length),
      });
      expect(noteOf(result, row.flag)).to.equal(row.note);
    });
  }

  it("the rows give every refusal code", () => {
    expect([...new Set(REFUSALS.map((row) => row.code))].sort()).to.deep.equal([...CAPABILITY_REFUSAL_CODES].sort());
  });

  it("every false flag has exactly one refusal and its note, in the flags' order, and no true flag has one", () => {
    const result = deriveCapabilities(facts({ profile: profile("external", "managed-b"), snapshot: staticQuorum(21) }));
    const falseFlags = Object.entries(result)
      .filter(([, value]) => value === false)
      .map(([flag]) => flag);
    expect(result.refusals.map((r) => r.capability)).to.deep.equal(falseFlags);
    expect(result.notes).to.deep.equal(result.refusals.map(capabilityNote));
  });

  it("a static quorum on 4.1+ offers migrateQuorum and finalizeFeatures, not voter changes", () => {
    const result = deriveCapabilities(facts({ snapshot: staticQuorum() }));
    expect(result).to.deep.include({
      migrateQuorum: true,
      finalizeFeatures: true,
      addControllers: false,
      removeVoters: false,
    });
  });

  it("managed flavors never offer quorum, feature, node-lifecycle, reassignment or unregistration actions", () => {
    for (const flavor of ["managed-a", "managed-b", "managed-c"] as const) {
      const result = deriveCapabilities(
        facts({ profile: profile("operator-managed", flavor), snapshot: staticQuorum() }),
      );
      for (const flag of [
        "describeQuorum",
        "removeVoters",
        "addControllers",
        "migrateQuorum",
        "finalizeFeatures",
        "provisionNodes",
        "restartNodes",
        "upgradeVersion",
        "scaleNodePools",
        "reassign",
        "unregisterBrokers",
        "cordon",
      ] as const) {
        expect(result[flag], `${flavor} ${flag}`).to.equal(false);
      }
      expect(result.manageTopics, flavor).to.equal(true);
    }
  });

  it("a principal without any cluster permission keeps only what needs none", () => {
    const result = deriveCapabilities(facts({ authorizedOperations: [] }));
    const offered = Object.entries(result)
      .filter(([, value]) => value === true)
      .map(([flag]) => flag);
    expect(offered).to.deep.equal(["manageGroups", "browseMessages"]);
    expect(noteOf(result, "manageConfigs")).to.equal(
      "manageConfigs: not offered — the principal lacks ALTER_CONFIGS on the cluster",
    );
    // What the full principal was offered is taken away for the permission alone: advice, Kafka decides each request.
    const permissionOnly = result.refusals.filter((r) => r.code === "permission_missing").map((r) => r.capability);
    expect(permissionOnly).to.deep.equal([
      "manageTopics",
      "manageConfigs",
      "manageAcls",
      "manageScram",
      "manageQuotas",
      "reassign",
      "electLeaders",
      "cordon",
      "unregisterBrokers",
      "describeQuorum",
      "removeVoters",
      "addControllers",
    ]);
  });

  it("ALL grants every operation", () => {
    expect(deriveCapabilities(facts({ authorizedOperations: ["ALL"] })).manageAcls).to.equal(true);
  });

  it("node actions are offered only as the provider's abilities say, and not at all when they are not known", () => {
    const able = { available: true };
    const lifecycle = (result: Capabilities) => [
      result.provisionNodes,
      result.restartNodes,
      result.upgradeVersion,
      result.scaleNodePools,
    ];
    expect(
      lifecycle(deriveCapabilities(facts({ providerAbilities: { nodeLifecycle: able, nodePools: able } }))),
    ).to.deep.equal([true, true, true, true]);
    const unknown = deriveCapabilities(facts({ providerAbilities: undefined }));
    expect(lifecycle(unknown)).to.deep.equal([false, false, false, false]);
    expect(noteOf(unknown, "restartNodes")).to.equal(
      "restartNodes: not offered — what the node provider can do is not known",
    );
    expect(refusalOf(unknown, "restartNodes")?.code).to.equal("provider_unable");
  });

  it("an unreachable cluster: error set, no flag claimed", () => {
    const result = deriveCapabilities(
      facts({ snapshot: null, apiVersions: null, unreachableReason: "connect ECONNREFUSED 127.0.0.1:1" }),
    );
    expect(result).to.deep.equal({
      refusals: [],
      notes: [],
      error: "capabilities unknown: connect ECONNREFUSED 127.0.0.1:1",
    });
  });
});
