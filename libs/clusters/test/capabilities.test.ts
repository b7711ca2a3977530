import type { AgentProbe, ProviderReadiness } from "@kcp/providers";
import type { Capabilities, CapabilityName, CapabilityRefusalCode, Flavor, Provider } from "@kcp/shared";
import { expect } from "chai";
// The Kafka rules' snapshot fixture (nodes 1-6): the same cluster their own tests read.
import { healthySnapshot } from "../../kafka/test/rules/snapshot-fixture.js";
import { type CollectedFacts, clusterCapabilities as deriveCapabilities } from "../src/index.js";

/** Every API key the capability rules read, as a Kafka 4.3 broker serves them. */
const ALL_APIS = new Map(
  [1, 2, 8, 16, 19, 20, 30, 31, 35, 37, 43, 44, 45, 49, 50, 51, 55, 57, 64, 80, 81].map((key) => [
    key,
    { min: 0, max: 17 },
  ]),
);

function facts(overrides: Partial<CollectedFacts> = {}): CollectedFacts {
  return {
    profile: { provider: "external", flavor: "oss" },
    snapshot: healthySnapshot(),
    apiVersions: ALL_APIS,
    authorizedOperations: null,
    ...overrides,
  };
}

const profile = (provider: Provider, flavor: Flavor = "oss") => ({ provider, flavor });
const noteOf = (result: Capabilities, flag: CapabilityName) => result.notes.find((n) => n.startsWith(`${flag}:`));
const refusalOf = (result: Capabilities, flag: CapabilityName) => result.refusals.find((r) => r.capability === flag);

/** Node agents that answered, serving `served` (the fixture's nodes are 1-6), and more probes. */
const agentProbe = (agentId: string, nodeIds: number[], answered = true): AgentProbe => ({
  agentId,
  nodeIds,
  reportedNodeIds: answered ? nodeIds : null,
  ...(answered ? {} : { problem: "unreachable (connect ECONNREFUSED 127.0.0.1:9700)" }),
});
const agentsReady = (...agents: AgentProbe[]): ProviderReadiness => ({
  kind: "agent",
  agents: agents.length > 0 ? agents : [agentProbe("a-1", [1, 2, 3]), agentProbe("a-2", [4, 5, 6])],
});
const agentCluster = (readiness: ProviderReadiness = agentsReady()) =>
  facts({ profile: profile("agent"), providerReadiness: readiness });

interface Row {
  flag: CapabilityName;
  why: string;
  facts: CollectedFacts;
  code: CapabilityRefusalCode;
  note: string;
}

const REFUSALS: Row[] = [
  {
    flag: "restartNodes",
    why: "an agent cluster whose node 5 no agent serves",
    facts: agentCluster(agentsReady(agentProbe("a-1", [1, 2, 3]), agentProbe("a-2", [4, 6]))),
    code: "provider_unable",
    note: "restartNodes: not offered — no agent for node 5",
  },
  {
    flag: "upgradeVersion",
    why: "an agent cluster with an unreachable agent",
    facts: agentCluster(agentsReady(agentProbe("a-1", [1, 2, 3]), agentProbe("a-2", [4, 5, 6], false))),
    code: "provider_unable",
    note: "upgradeVersion: not offered — agent a-2 unreachable (connect ECONNREFUSED 127.0.0.1:9700)",
  },
  {
    flag: "provisionNodes",
    why: "an agent cluster whose agents were not asked",
    facts: facts({ profile: profile("agent") }),
    code: "provider_unable",
    note: "provisionNodes: not offered — the node agents were not asked",
  },
  {
    flag: "restartNodes",
    why: "a container cluster whose engine was not asked",
    facts: facts({ profile: profile("container") }),
    code: "provider_unable",
    note: "restartNodes: not offered — the container engine was not asked",
  },
  {
    flag: "scaleNodePools",
    why: "container provider",
    facts: facts({ profile: profile("container") }),
    code: "provider_unable",
    note: "scaleNodePools: not offered — only the operator-managed provider has node pools",
  },
  {
    flag: "scaleNodePools",
    why: "an operator-managed cluster whose Kubernetes API was not asked",
    facts: facts({ profile: profile("operator-managed") }),
    code: "provider_unable",
    note: "scaleNodePools: not offered — the Kubernetes API was not asked",
  },
  {
    flag: "restartNodes",
    why: "a managed flavor, whatever its agents can do",
    facts: facts({ profile: profile("agent", "managed-a"), providerReadiness: agentsReady() }),
    code: "flavor_forbids",
    note: "restartNodes: not offered — managed-a clusters do not allow node lifecycle actions",
  },
];

describe("capabilities of a collected cluster: the Kafka rules with what its node provider can do now", () => {
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

  it("node lifecycle comes from what the provider can do now: only agents that serve every node and answered", () => {
    const lifecycle = (result: Capabilities) => [
      result.provisionNodes,
      result.restartNodes,
      result.upgradeVersion,
      result.scaleNodePools,
    ];
    expect(lifecycle(deriveCapabilities(agentCluster()))).to.deep.equal([true, true, true, false]);
    const unserved = agentCluster(agentsReady(agentProbe("a-1", [1, 2, 3])));
    expect(lifecycle(deriveCapabilities(unserved))).to.deep.equal([false, false, false, false]);
    expect(noteOf(deriveCapabilities(unserved), "provisionNodes")).to.equal(
      "provisionNodes: not offered — no agent for nodes 4, 5, 6",
    );
    // Readiness of agents does not make other kinds able: each kind reads its own readiness.
    for (const provider of ["external", "container", "operator-managed"] as const) {
      const result = deriveCapabilities(facts({ profile: profile(provider), providerReadiness: agentsReady() }));
      expect(lifecycle(result), provider).to.deep.equal([false, false, false, false]);
    }
    // An operator whose resources say it is ready scales pools too; a container engine that answered does not.
    const operator = (ready: boolean) =>
      deriveCapabilities(
        facts({
          profile: profile("operator-managed"),
          providerReadiness: {
            kind: "operator-managed",
            status: {
              kind: "strimzi",
              resource: "kafka/orders",
              ready,
              reasons: ready ? [] : ["Kafka orders: Ready is False"],
              conditions: [],
              pools: [],
            },
          },
        }),
      );
    expect(lifecycle(operator(true))).to.deep.equal([true, true, true, true]);
    expect(lifecycle(operator(false))).to.deep.equal([false, false, false, false]);
    expect(noteOf(operator(false), "scaleNodePools")).to.equal(
      "scaleNodePools: not offered — the operator is not ready: Kafka orders: Ready is False",
    );
    const engine = deriveCapabilities(
      facts({
        profile: profile("container"),
        providerReadiness: {
          kind: "container",
          project: "p",
          nodes: [1, 2, 3, 4, 5, 6].map((nodeId) => ({ nodeId, version: "4.3.1", state: "running" as const })),
        },
      }),
    );
    expect(lifecycle(engine)).to.deep.equal([true, true, true, false]);
  });
});
