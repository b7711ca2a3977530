import { expect } from "chai";
import { type AgentProbe, providerNodes } from "../src/index.js";

const probe = (agentId: string, nodeIds: number[], reported?: [number, string][]): AgentProbe => ({
  agentId,
  nodeIds,
  reportedNodeIds: reported ? reported.map(([id]) => id) : null,
  ...(reported ? { reportedNodes: reported.map(([nodeId, version]) => ({ nodeId, version, state: "running" })) } : {}),
});

describe("providerNodes (the snapshot's providerNodes, pure)", () => {
  it("each node of settings.agents its agent reported, by id; another cluster's node on the same agent left out", () => {
    const nodes = providerNodes({
      kind: "agent",
      agents: [
        probe(
          "b",
          [4, 5],
          [
            [5, "4.3.1"],
            [4, "4.4.0"],
            [9, "3.9.2"],
          ],
        ),
        probe("a", [1], [[1, "4.3.1"]]),
      ],
    });
    expect(nodes?.map((n) => [n.nodeId, n.version])).to.deep.equal([
      [1, "4.3.1"],
      [4, "4.4.0"],
      [5, "4.3.1"],
    ]);
  });

  it("an agent that did not answer adds nothing; none answered, or not asked: undefined", () => {
    const some = providerNodes({ kind: "agent", agents: [probe("a", [1], [[1, "4.3.1"]]), probe("b", [2])] });
    expect(some?.map((n) => n.nodeId)).to.deep.equal([1]);
    expect(providerNodes({ kind: "agent", agents: [probe("b", [2])] })).to.equal(undefined);
    expect(providerNodes({ kind: "agent", agents: [], problem: "no AGENT_SIGNING_KEY" })).to.equal(undefined);
    expect(providerNodes(undefined)).to.equal(undefined);
  });
});
