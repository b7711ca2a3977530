import { expect } from "chai";
import { type AgentProbe, nodeLifecycleAbility, nodePoolAbility, type ProviderReadiness } from "../src/index.js";

const probe = (agentId: string, nodeIds: number[], reported: number[] | null = nodeIds, problem?: string) =>
  ({ agentId, nodeIds, reportedNodeIds: reported, ...(problem ? { problem } : {}) }) as AgentProbe;
const ready = (...agents: AgentProbe[]): ProviderReadiness => ({ kind: "agent", agents });

const operator = (ready: boolean): ProviderReadiness => ({
  kind: "operator-managed",
  status: {
    kind: "strimzi",
    resource: "kafka/orders",
    ready,
    reasons: ready ? [] : ["Kafka orders: Ready is False (reason: Reconciling)"],
    kafkaVersion: "4.3.1",
    conditions: [],
    pools: [{ name: "brokers", roles: ["broker"], replicas: 3, readyReplicas: 3, nodeIds: [4, 5, 6] }],
  },
});

describe("provider abilities", () => {
  describe("node lifecycle (restartNodes, upgradeVersion, provisionNodes)", () => {
    it("external: never, the service does not control its nodes", () => {
      expect(nodeLifecycleAbility("external", undefined, [1])).to.deep.equal({
        available: false,
        reason: "provider external does not control nodes",
      });
    });

    it("operator-managed: available while the operator's resources say it is reconciled and Ready", () => {
      expect(nodeLifecycleAbility("operator-managed", operator(true), [1])).to.deep.equal({ available: true });
      expect(nodeLifecycleAbility("operator-managed", operator(false), [1]).reason).to.equal(
        "the operator is not ready: Kafka orders: Ready is False (reason: Reconciling)",
      );
      expect(nodeLifecycleAbility("operator-managed", undefined, [1]).reason).to.equal(
        "the Kubernetes API was not asked",
      );
    });

    const containers = (nodes: number[] | null, problem?: string): ProviderReadiness => ({
      kind: "container",
      project: "orders",
      nodes: nodes?.map((nodeId) => ({ nodeId, version: "4.3.1", state: "running" as const })) ?? null,
      ...(problem ? { problem } : {}),
    });

    it("container: available when the engine answered and every node has a container of the project (stopped ones count)", () => {
      expect(nodeLifecycleAbility("container", containers([1, 2, 3, 4]), [1, 2, 3])).to.deep.equal({ available: true });
    });

    it("container: not asked, engine silent, or a node without a container: unavailable with the reason", () => {
      expect(nodeLifecycleAbility("container", undefined, [1])).to.deep.equal({
        available: false,
        reason: "the container engine was not asked",
      });
      expect(
        nodeLifecycleAbility(
          "container",
          containers(null, "the container engine at unix:///x.sock did not answer"),
          [1],
        ),
      ).to.deep.equal({ available: false, reason: "the container engine at unix:///x.sock did not answer" });
      expect(nodeLifecycleAbility("container", containers([1]), [3, 1, 2])).to.deep.equal({
        available: false,
        reason: "project orders has no container for nodes 2, 3",
      });
      // An agent's readiness is not a container engine's.
      expect(nodeLifecycleAbility("container", ready(probe("a-1", [1])), [1]).available).to.equal(false);
    });

    it("agent: available when every node is served by an agent that answered and runs it", () => {
      const readiness = ready(probe("a-1", [1, 2]), probe("a-2", [3]));
      expect(nodeLifecycleAbility("agent", readiness, [1, 2, 3])).to.deep.equal({ available: true });
    });

    it("agent: an agent serving no node of the snapshot need not answer", () => {
      const readiness = ready(probe("a-1", [1, 2, 3]), probe("a-9", [9], null, "unreachable"));
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
        ready(probe("a-1", [1]), probe("a-2", [2], null, "unreachable")),
        [1, 2],
        "agent a-2 unreachable",
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

  it("node pools: only the operator-managed provider has them, and scales them while its operator is ready", () => {
    expect(nodePoolAbility("operator-managed")).to.deep.equal({
      available: false,
      reason: "the Kubernetes API was not asked",
    });
    expect(nodePoolAbility("operator-managed", operator(true))).to.deep.equal({ available: true });
    expect(nodePoolAbility("operator-managed", operator(false))).to.deep.equal({
      available: false,
      reason: "the operator is not ready: Kafka orders: Ready is False (reason: Reconciling)",
    });
    expect(
      nodePoolAbility("operator-managed", { kind: "operator-managed", status: null, problem: "401 Unauthorized" }),
    ).to.deep.equal({ available: false, reason: "401 Unauthorized" });
    for (const kind of ["external", "agent", "container"] as const)
      expect(nodePoolAbility(kind).reason).to.equal("only the operator-managed provider has node pools");
  });
});
