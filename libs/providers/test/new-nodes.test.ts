import { AgentsSettingSchema } from "@kcp/shared";
import { expect } from "chai";
import { type AgentProbe, listenerPorts, newNodeConfig, nodeLifecycleAbility, providerNodes } from "../src/index.js";

const TEMPLATE = {
  "node.id": "4",
  "process.roles": "broker",
  listeners: "PLAINTEXT://127.0.0.1:39004,INTERNAL://0.0.0.0:39014",
  "advertised.listeners": "PLAINTEXT://127.0.0.1:39004,INTERNAL://kafka-4.internal:39014",
  "log.dirs": "/var/lib/kafka/4/data-a,/var/lib/kafka/4/data-b",
  "metadata.log.dir": "/var/lib/kafka/4/meta",
  "controller.quorum.bootstrap.servers": "127.0.0.1:39001,127.0.0.1:39002",
  "broker.rack": "a",
};

const PLACE = { nodeId: 100, host: "kafka-9.internal", freePorts: [19000, 19001, 19002], dataDir: "/srv/new/" };

describe("new nodes on the agent provider", () => {
  it("a new node's configuration: the template's, its listeners on the free ports (wildcard binds kept) advertised under its host, its dirs under the data folder, no node.id or process.roles", () => {
    expect(newNodeConfig(TEMPLATE, PLACE)).to.deep.equal({
      listeners: "PLAINTEXT://kafka-9.internal:19000,INTERNAL://0.0.0.0:19001",
      "advertised.listeners": "PLAINTEXT://kafka-9.internal:19000,INTERNAL://kafka-9.internal:19001",
      "log.dirs": "/srv/new/100/data-0,/srv/new/100/data-1",
      "metadata.log.dir": "/srv/new/100/metadata",
      "controller.quorum.bootstrap.servers": "127.0.0.1:39001,127.0.0.1:39002",
      "broker.rack": "a",
    });
  });

  it("refuses a template with secret values the agent hides, too few free ports, an advertised listener that is not a listener", () => {
    const refusal = (work: () => unknown) => {
      try {
        work();
      } catch (error) {
        return `${(error as { code: string }).code}: ${(error as Error).message}`;
      }
      return "not refused";
    };
    expect(refusal(() => newNodeConfig({ ...TEMPLATE, "ssl.keystore.password": "[redacted]" }, PLACE))).to.match(
      /^invalid_request: .*secret values .*ssl\.keystore\.password/,
    );
    expect(refusal(() => newNodeConfig(TEMPLATE, { ...PLACE, freePorts: [19000] }))).to.equal(
      "invalid_request: node 100 needs 2 port(s) for its listeners; 1 of the ports kept for new nodes are free",
    );
    expect(refusal(() => newNodeConfig({ ...TEMPLATE, "advertised.listeners": "EXTERNAL://x:1" }, PLACE))).to.equal(
      "invalid_request: advertised listener EXTERNAL is not among the listeners",
    );
  });

  it("the ports a configuration uses: listeners and advertised listeners", () => {
    expect(listenerPorts(TEMPLATE)).to.deep.equal([39004, 39014, 39004, 39014]);
    expect(listenerPorts({})).to.deep.equal([]);
  });

  it("settings: an agent with provisioning serves its range (capabilities stay true for a new node), may have no node; ranges must not overlap nodes or each other", () => {
    const spare = {
      url: "http://h:9700",
      agentId: "spare",
      nodeIds: [],
      provisioning: { nodeIds: { from: 100, to: 109 }, ports: [19000], dataDir: "/srv/new" },
    };
    const one = { url: "http://h1:9700", agentId: "one", nodeIds: [1] };
    expect(AgentsSettingSchema.safeParse([one, spare]).success).to.equal(true);
    const issues = (agents: unknown[]) =>
      (AgentsSettingSchema.safeParse(agents).error?.issues ?? []).map((i) => i.message);
    expect(issues([{ ...one, nodeIds: [] }])).to.deep.equal(["is empty: an agent without nodes needs provisioning"]);
    expect(issues([{ ...one, nodeIds: [105] }, spare])).to.deep.equal([
      "node 105 is in the provisioning range of agent spare",
    ]);
    expect(
      issues([
        spare,
        { ...spare, agentId: "other", provisioning: { ...spare.provisioning, nodeIds: { from: 109, to: 120 } } },
      ]),
    ).to.deep.equal(["overlaps the provisioning range of agent spare"]);
    const probe = (agentId: string, nodeIds: number[], reported: number[], newNodeIds?: { from: number; to: number }) =>
      ({ agentId, nodeIds, reportedNodeIds: reported, ...(newNodeIds ? { newNodeIds } : {}) }) as AgentProbe;
    const readiness = {
      kind: "agent" as const,
      agents: [probe("one", [1], [1]), probe("spare", [], [100], { from: 100, to: 109 })],
    };
    expect(nodeLifecycleAbility("agent", readiness, [1, 100])).to.deep.equal({ available: true });
    expect(nodeLifecycleAbility("agent", readiness, [1, 100, 110])).to.deep.equal({
      available: false,
      reason: "no agent for node 110",
    });
    // The snapshot's providerNodes include a node of the range (upgradeVersion reads its version there).
    const reported = {
      kind: "agent" as const,
      agents: [
        { ...probe("one", [1], [1]), reportedNodes: [{ nodeId: 1, version: "4.3.1", state: "running" as const }] },
        {
          ...probe("spare", [], [100, 300], { from: 100, to: 109 }),
          reportedNodes: [
            { nodeId: 100, version: "4.3.1", state: "running" as const },
            { nodeId: 300, version: "4.3.1", state: "running" as const },
          ],
        },
      ],
    };
    expect(providerNodes(reported)?.map((n) => n.nodeId)).to.deep.equal([1, 100]);
    const lost = { ...readiness, agents: [probe("one", [1], [1]), probe("spare", [], [], { from: 100, to: 109 })] };
    expect(nodeLifecycleAbility("agent", lost, [1, 100]).reason).to.equal("agent spare does not run node 100");
  });
});
