import { expect } from "chai";
import { type AgentProbe, nodeLifecycleAbility, nodePoolAbility, type ProviderReadiness } from "../src/index.js";

const probe = (agentId: string, nodeIds: number[], reported: number[] | null = nodeIds, problem?: string) =>
  ({ agentId, nodeIds, reportedNodeIds: reported, ...(problem ? { problem } : {}) }) as AgentProbe;
const ready = (...agents: AgentProbe[]): ProviderReadiness => ({ kind: "agent", agents });

describe("provider abilities", () => {
  describe("node lifecycle (restartNodes, upgradeVersion, provisionNodes)", () => {
    it("external: never, the service does not control its nodes", () => {
      expect(nodeLifecycleAbility("external", undefined, [1])).to.deep.equal({
        available: false,
        reason: "provider external does not control nodes",
      });
    });

    it("container and operator-managed: not built yet", () => {
      for (const kind of ["container", "operator-managed"] as const)
        expect(nodeLifecycleAbility(kind, undefined, [1])).to.deep.equal({
          available: false,
          reason: `the ${kind} provider is not built yet`,
        });
    });

    it("agent: available when every node is served by an agent that answered and runs it", () => {
      const readiness = ready(probe("a-1", [1, 2]), probe("a-2", [3]));
      expect(nodeLifecycleAbility("agent", readiness, [1, 2, 3])).to.deep.equal({ available: true });
    });

    it("agent: an agent serving no node of the snapshot need not answer", () => {
      const readiness = ready(probe("a-1", [1, 2, 3]), probe("a-9", [9], null, "unreachable (ECONNREFUSED)"));
      expect(nodeLifecycleAbility("agent", readiness, [1, 2, 3])).to.deep.equal({ available: true });
    });

    const refusals: [string, ProviderReadiness | undefined, number[], string][] = [
      ["not asked", undefined, [1], "the node agents were not asked"],
      [
        "no signing key",
        { kind: "agent", agents: [], problem: "no AGENT_SIGNING_KEY is configured to sign the agents' tokens" },
        [1],
        "no AGENT_SIGNING_KEY is configured to sign the agents' tokens",
      ],
      ["a node without agent", ready(probe("a-1", [1, 2])), [1, 2, 5], "no agent for node 5"],
      ["nodes without agent", ready(probe("a-1", [1])), [6, 1, 5], "no agent for nodes 5, 6"],
      [
        "an unreachable agent",
        ready(probe("a-1", [1]), probe("a-2", [2], null, "unreachable (connect ECONNREFUSED 127.0.0.1:9700)")),
        [1, 2],
        "agent a-2 unreachable (connect ECONNREFUSED 127.0.0.1:9700)",
      ],
      [
        "an agent that does not run a node the settings give it",
        ready(probe("a-1", [1, 2, 3], [1])),
        [1, 2, 3],
        "agent a-1 does not run nodes 2, 3",
      ],
      ["several reasons", ready(probe("a-1", [1], null)), [1, 4], "no agent for node 4; agent a-1 did not answer"],
    ];
    for (const [why, readiness, nodeIds, reason] of refusals) {
      it(`agent: not available (${why})`, () => {
        expect(nodeLifecycleAbility("agent", readiness, nodeIds)).to.deep.equal({ available: false, reason });
      });
    }
  });

  it("node pools: no provider scales them yet", () => {
    expect(nodePoolAbility("operator-managed")).to.deep.equal({
      available: false,
      reason: "the operator-managed provider is not built yet",
    });
    for (const kind of ["external", "agent", "container"] as const)
      expect(nodePoolAbility(kind).reason).to.equal("only the operator-managed provider has node pools");
  });
});
