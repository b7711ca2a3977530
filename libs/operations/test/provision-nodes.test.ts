import type { KafkaAdmin } from "@kcp/kafka";
import {
  type AgentEndpoint,
  AppError,
  type Capabilities,
  type Cluster,
  type NodeProvision,
  type NodeStatus,
  type Snapshot,
} from "@kcp/shared";
import { expect } from "chai";
import { planMigrateQuorum } from "../src/plans/migrate-quorum.js";
import { placeContainerNodes, placeNewNodes, planProvisionNodes } from "../src/plans/provision-nodes.js";
import { setNodeConfigStep } from "../src/step-kinds/node-config.js";
import {
  addObserverAsVoterStep,
  configForRole,
  controllerEndpoints,
  provisionNodeStep,
} from "../src/step-kinds/node-provision.js";
import { type StepContext, type StepNodes, StepPaused } from "../src/steps.js";
import { cluster3c3b, quorumNode } from "./snapshot-fixture.js";

const NOW = Date.parse("2026-11-23T12:00:00.000Z");

const agent = (agentId: string, nodeIds: number[], range?: [number, number]): AgentEndpoint => ({
  url: `http://${agentId}:9700`,
  agentId,
  nodeIds,
  ...(range
    ? { provisioning: { nodeIds: { from: range[0], to: range[1] }, ports: [19000, 19001], dataDir: "/data/new" } }
    : {}),
});

/** 3c3b, one agent per node, and `spares` agents that take new nodes. */
const agents3c3b = (...spares: AgentEndpoint[]) => [
  ...[1, 2, 3, 4, 5, 6].map((id) => agent(`host-${id}`, [id])),
  ...spares,
];

const dynamic = (s: Snapshot) => {
  s.features = [{ name: "kraft.version", finalized: 1, supportedMin: 0, supportedMax: 1 }];
};

const clusterOf = (agents: AgentEndpoint[], provider: Cluster["provider"] = "agent") =>
  ({ provider, settings: { agents } }) as unknown as Cluster;

const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return `${(error as { code?: string }).code}: ${(error as Error).message}`;
  }
  return "not refused";
};

describe("provisionNodes (pure)", () => {
  it("places each new node on the provisioning agent with the fewest nodes, at the lowest free id of its range, configured like a node of the same role", () => {
    const snapshot = cluster3c3b(NOW, dynamic);
    // An observer 100 nobody lists (a node started by hand) takes an id of spare-a's range and counts as its node.
    snapshot.quorum?.observers.push(quorumNode(100, "observer", NOW));
    // spare-a also runs broker 5 (host-5 runs 99, which the snapshot does not show); spare-b has two ids and no node.
    const agents = agents3c3b(agent("spare-a", [5], [100, 109]), agent("spare-b", [], [200, 201]));
    agents[4] = agent("host-99", [99]);
    const placed = placeNewNodes(snapshot, agents, "broker", 3);
    expect(placed).to.deep.equal([
      { nodeId: 200, agentId: "spare-b", likeNodeId: 4 },
      { nodeId: 201, agentId: "spare-b", likeNodeId: 4 },
      // spare-b's range is used up; on spare-a the copy is of its own broker 5.
      { nodeId: 101, agentId: "spare-a", likeNodeId: 5 },
    ]);
  });

  it("a controller copies a controller; ids used by brokers, voters, observers, any agent's nodeIds or a node an agent reports are skipped", () => {
    const snapshot = cluster3c3b(NOW, dynamic);
    // Node 7: provisioned by an earlier operation and never started (its agent reports it; Kafka does not show it).
    snapshot.providerNodes = [{ nodeId: 7, version: "4.3.1", state: "stopped" }];
    const placed = placeNewNodes(snapshot, agents3c3b(agent("spare", [], [5, 9])), "controller", 2);
    expect(placed.map((n) => n.nodeId)).to.deep.equal([8, 9]);
    expect(placed.every((n) => [1, 2, 3].includes(n.likeNodeId))).to.equal(true);
  });

  it("refuses without an agent that takes new nodes, when the ranges run out, and without a node of the role to copy", () => {
    const snapshot = cluster3c3b(NOW, dynamic);
    expect(refusal(() => placeNewNodes(snapshot, agents3c3b(), "broker", 1))).to.match(
      /^invalid_request: No agent takes new nodes/,
    );
    expect(refusal(() => placeNewNodes(snapshot, agents3c3b(agent("s", [], [100, 101])), "broker", 3))).to.equal(
      "invalid_request: The provisioning ranges of the agents have 2 free node id(s); 3 new brokers were asked",
    );
    const combined = [agent("combined", [1, 2, 3, 4, 5, 6]), agent("s", [], [100, 101])];
    const allCombined = cluster3c3b(NOW, (s) => {
      dynamic(s);
      s.brokers = [];
    });
    expect(refusal(() => placeNewNodes(allCombined, combined, "broker", 1))).to.match(
      /^invalid_request: The cluster has no broker \(a broker, or combined node\) run by an agent to copy/,
    );
  });

  it("container clusters: new nodes take the ids above every id the cluster ever showed, configured like the lowest node of the role (a combined node when none is alone)", () => {
    const snapshot = cluster3c3b(NOW, dynamic);
    snapshot.providerNodes = [{ nodeId: 9, version: "4.3.1", state: "stopped" }];
    expect(placeContainerNodes(snapshot, 20_000, "broker", 2)).to.deep.equal([
      { nodeId: 10, agentId: "", likeNodeId: 4 },
      { nodeId: 11, agentId: "", likeNodeId: 4 },
    ]);
    const combinedOnly = cluster3c3b(NOW, (s) => {
      dynamic(s);
      s.brokers = s.brokers.filter((b) => b.id <= 3);
      for (const id of [1, 2, 3])
        if (!s.brokers.some((b) => b.id === id)) s.brokers.push({ ...(s.brokers[0] as (typeof s.brokers)[0]), id });
    });
    expect(placeContainerNodes(combinedOnly, 20_000, "broker", 1)[0]?.likeNodeId).to.equal(1);
    expect(refusal(() => placeContainerNodes(snapshot, 65_450, "broker", 1))).to.equal(
      "invalid_request: node 10 would listen on ports above 65535 (settings.portBase 65450 + id × 10)",
    );
    const planned = planProvisionNodes({
      cluster: { provider: "container", settings: { portBase: 20_000 } } as unknown as Cluster,
      snapshot,
      capabilities: { refusals: [], notes: [] } as unknown as Capabilities,
      params: { role: "broker", count: 1 },
    });
    expect(planned.plan.summary).to.equal("Provision 1 new broker: 10");
    expect(planned.steps[0]?.name).to.equal("Provision broker 10 on a new container (configured like node 4)");
  });

  it("a configuration copied from a combined node keeps only the new role's listeners", () => {
    const combined = {
      listeners: "PLAINTEXT://h:1,CONTROLLER://h:2",
      "advertised.listeners": "PLAINTEXT://h:1,CONTROLLER://h:2",
      "controller.listener.names": "CONTROLLER",
      "num.partitions": "1",
    };
    expect(configForRole(combined, "broker")).to.deep.equal({
      ...combined,
      listeners: "PLAINTEXT://h:1",
      "advertised.listeners": "PLAINTEXT://h:1",
    });
    expect(configForRole(combined, "controller")).to.include({
      listeners: "CONTROLLER://h:2",
      "advertised.listeners": "CONTROLLER://h:2",
    });
    const brokerAlone = { listeners: "PLAINTEXT://h:1", "controller.listener.names": "CONTROLLER" };
    expect(configForRole(brokerAlone, "broker")).to.deep.equal(brokerAlone);
  });

  it("plans provision, start and the wait for a broker; a controller is also made a voter", () => {
    const agents = agents3c3b(agent("spare", [], [100, 109]));
    const broker = planProvisionNodes({
      cluster: clusterOf(agents),
      snapshot: cluster3c3b(NOW, dynamic),
      capabilities: { refusals: [], notes: [] } as Capabilities,
      params: { role: "broker", count: 1 },
    });
    expect(broker.steps.map((s) => [s.kind, s.args])).to.deep.equal([
      ["provisionNode", { nodeId: 100, role: "broker", likeNodeId: 4, clusterId: "c" }],
      ["startNode", { nodeId: 100 }],
      ["waitNodeHealthy", { nodeId: 100, roles: { broker: true, controller: false } }],
    ]);
    expect(broker.plan.warnings.join(" ")).to.match(/no partitions until a rebalance/);
    const controllers = planProvisionNodes({
      cluster: clusterOf(agents),
      snapshot: cluster3c3b(NOW, dynamic),
      capabilities: { refusals: [], notes: [] } as Capabilities,
      params: { role: "controller", count: 2 },
    });
    expect(controllers.steps.map((s) => `${s.kind} ${(s.args as { nodeId: number }).nodeId}`)).to.deep.equal([
      "provisionNode 100",
      "startNode 100",
      "waitNodeHealthy 100",
      "addObserverAsVoter 100",
      "provisionNode 101",
      "startNode 101",
      "waitNodeHealthy 101",
      "addObserverAsVoter 101",
    ]);
    expect(controllers.plan.summary).to.include("(5 voters after)");
  });

  it("refuses a controller on a static quorum, pointing at migrateQuorum (a broker is fine)", () => {
    const input = {
      cluster: clusterOf(agents3c3b(agent("spare", [], [100, 109]))),
      snapshot: cluster3c3b(NOW),
      capabilities: { refusals: [], notes: [] } as Capabilities,
    };
    expect(refusal(() => planProvisionNodes({ ...input, params: { role: "controller", count: 1 } }))).to.match(
      /^invalid_request: .*static: run migrateQuorum first/,
    );
    expect(planProvisionNodes({ ...input, params: { role: "broker", count: 1 } }).steps).to.have.length(3);
  });
});

describe("migrateQuorum with a provider that acts on nodes (pure)", () => {
  const staticQuorum = () =>
    cluster3c3b(NOW, (s) => {
      s.features = [{ name: "kraft.version", finalized: 0, supportedMin: 0, supportedMax: 1 }];
      for (const v of s.quorum?.voters ?? [])
        v.endpoints = [{ name: "CONTROLLER", host: "10.0.0.1", port: 9090 + v.nodeId }];
    });
  const capable = { restartNodes: true, refusals: [], notes: [] } as unknown as Capabilities;

  it("after kraft.version 1, per node in the roll order: setNodeConfig (bootstrap servers set, voters deleted), then the roll steps", () => {
    const built = planMigrateQuorum({
      cluster: clusterOf(agents3c3b()),
      snapshot: staticQuorum(),
      capabilities: capable,
      params: {},
    });
    expect(built.plan.irreversible).to.equal(true);
    const kinds = built.steps.map((s) => s.kind);
    expect(kinds.slice(0, 2)).to.deep.equal(["updateFeatures", "updateFeatures"]);
    const configured = built.steps.filter((s) => s.kind === "setNodeConfig");
    // Followers 1 and 3, the leader 2 last of the controllers, then the brokers.
    expect(configured.map((s) => s.args)).to.deep.equal(
      [1, 3, 2, 4, 5, 6].map((nodeId) => ({
        nodeId,
        set: { "controller.quorum.bootstrap.servers": "10.0.0.1:9091,10.0.0.1:9092,10.0.0.1:9093" },
        delete: ["controller.quorum.voters"],
      })),
    );
    expect(kinds.slice(2, 7)).to.deep.equal([
      "setNodeConfig",
      "rollSafetyCheck",
      "stopNode",
      "startNode",
      "waitNodeHealthy",
    ]);
    expect(built.steps).to.have.length(2 + 6 * 5);
  });

  it("provider external: kraft.version only, the rewrite left to the operator in a warning", () => {
    const built = planMigrateQuorum({
      cluster: clusterOf([], "external"),
      snapshot: staticQuorum(),
      capabilities: { restartNodes: false, refusals: [], notes: [] } as unknown as Capabilities,
      params: {},
    });
    expect(built.steps.map((s) => s.kind)).to.deep.equal(["updateFeatures", "updateFeatures"]);
    expect(built.plan.warnings[1]).to.include("controller.quorum.bootstrap.servers=10.0.0.1:9091");
  });

  it("an agent cluster whose agents cannot act now is refused with the reason", () => {
    const reason = refusal(() =>
      planMigrateQuorum({
        cluster: clusterOf(agents3c3b()),
        snapshot: staticQuorum(),
        capabilities: {
          restartNodes: false,
          refusals: [{ capability: "restartNodes", code: "provider_unable", message: "agent host-4 did not answer" }],
          notes: ["restartNodes: not offered — agent host-4 did not answer"],
        } as unknown as Capabilities,
        params: {},
      }),
    );
    expect(reason).to.equal(
      "capability_unavailable: The node agents cannot rewrite and restart the nodes now " +
        "(restartNodes: not offered — agent host-4 did not answer); try again once they can",
    );
  });
});

const status = (nodeId: number, roles: NodeStatus["roles"], clusterId = "c"): NodeStatus => ({
  nodeId,
  roles,
  version: "4.3.1",
  configuredVersion: "4.3.1",
  state: "stopped",
  pid: null,
  startedAt: null,
  uptimeSeconds: null,
  lastExit: null,
  clusterId,
});

/** A provider double holding `existing` nodes; records provisions and config changes. */
function fakeProvider(existing: NodeStatus[] = []) {
  const provisioned: NodeProvision[] = [];
  const changes: unknown[] = [];
  const nodes: StepNodes = {
    status: async (id) => {
      const found = existing.find((n) => n.nodeId === id) ?? provisioned.find((n) => n.nodeId === id);
      if (!found) throw new AppError("not_found", `agent x has no node ${id}`);
      return "state" in found ? found : status(found.nodeId, found.roles, found.clusterId);
    },
    stop: async () => expect.fail("no stop"),
    start: async () => expect.fail("no start"),
    install: async () => expect.fail("no install"),
    switchVersion: async () => expect.fail("no switch"),
    provision: async (node) => {
      provisioned.push(node);
      return status(node.nodeId, node.roles, node.clusterId);
    },
    setConfig: async (nodeId, change) => {
      changes.push({ nodeId, ...change });
      return { "controller.quorum.bootstrap.servers": change.set?.["controller.quorum.bootstrap.servers"] ?? "" };
    },
    config: async (nodeId) => ({
      "controller.listener.names": "CONTROLLER",
      listeners: `CONTROLLER://0.0.0.0:${19000 + nodeId}`,
      "advertised.listeners": `CONTROLLER://h:${19000 + nodeId}`,
    }),
    newNodeSpec: async (nodeId, like) => ({
      version: "4.3.1",
      config: {
        listeners: `PLAINTEXT://h:${19000 + nodeId}`,
        "log.dirs": `/data/new/${nodeId}/data`,
        like: String(like),
      },
    }),
  };
  return { nodes, provisioned, changes };
}

const context = (nodes: StepNodes, admin?: Partial<KafkaAdmin>): StepContext =>
  ({
    admin: admin as KafkaAdmin,
    nodes,
    logger: { info() {}, warn() {}, debug() {}, error() {} },
    report: async () => {},
    interrupted: async () => null,
  }) as unknown as StepContext;

describe("provisionNode, setNodeConfig and addObserverAsVoter steps (provider and admin doubles)", () => {
  it("provisionNode: provisions once (a controller as an observer); run again, the node it finds is done", async () => {
    const provider = fakeProvider();
    const args = { nodeId: 101, role: "controller" as const, likeNodeId: 1, clusterId: "c" };
    const first = await provisionNodeStep(context(provider.nodes), args);
    expect(first.outcome).to.equal("provisioned");
    expect(provider.provisioned).to.have.length(1);
    expect(provider.provisioned[0]).to.deep.include({ nodeId: 101, roles: ["controller"], controllerMode: "observer" });
    expect(provider.provisioned[0]?.config.like).to.equal("1");
    const again = await provisionNodeStep(context(provider.nodes), args);
    expect(again.outcome).to.equal("already provisioned");
    expect(provider.provisioned).to.have.length(1);
  });

  it("provisionNode: a node of another role or cluster under that id is a conflict, nothing provisioned", async () => {
    const provider = fakeProvider([status(100, ["broker"], "other")]);
    let error: unknown;
    try {
      await provisionNodeStep(context(provider.nodes), { nodeId: 100, role: "broker", likeNodeId: 4, clusterId: "c" });
    } catch (e) {
      error = e;
    }
    expect((error as AppError).code).to.equal("conflict");
    expect(provider.provisioned).to.have.length(0);
  });

  it("setNodeConfig passes set and delete to the provider and reports the keys after", async () => {
    const provider = fakeProvider();
    const detail = await setNodeConfigStep(context(provider.nodes), {
      nodeId: 4,
      set: { "controller.quorum.bootstrap.servers": "a:1" },
      delete: ["controller.quorum.voters"],
    });
    expect(provider.changes).to.deep.equal([
      { nodeId: 4, set: { "controller.quorum.bootstrap.servers": "a:1" }, delete: ["controller.quorum.voters"] },
    ]);
    expect(detail.keys).to.deep.equal({
      "controller.quorum.bootstrap.servers": "a:1",
      "controller.quorum.voters": null,
    });
  });

  it("addObserverAsVoter: AddRaftVoter with the directory id and endpoints the quorum reports; a voter already is done", async () => {
    const endpoints = [{ name: "CONTROLLER", host: "h", port: 19101 }];
    const quorum = cluster3c3b(NOW).quorum;
    quorum?.observers.push(quorumNode(101, "observer", NOW, { directoryId: "d".repeat(22), endpoints }));
    const added: unknown[] = [];
    const admin = {
      describeQuorum: async () => quorum,
      addVoter: async (voter: unknown) => {
        added.push(voter);
        return { added: true };
      },
    } as unknown as Partial<KafkaAdmin>;
    const detail = await addObserverAsVoterStep(context(fakeProvider().nodes, admin), { nodeId: 101 });
    expect(detail.added).to.equal(true);
    expect(added).to.deep.equal([{ nodeId: 101, directoryId: "d".repeat(22), endpoints }]);
    const again = await addObserverAsVoterStep(context(fakeProvider().nodes, admin), { nodeId: 1 });
    expect(again.added).to.equal(false);
    expect(added).to.have.length(1);
  });

  it("addObserverAsVoter: endpoints the quorum does not tell come from the node's configuration (advertised controller listeners)", async () => {
    const quorum = cluster3c3b(NOW).quorum;
    quorum?.observers.push(quorumNode(101, "observer", NOW, { directoryId: "d".repeat(22) }));
    const added: unknown[] = [];
    const admin = {
      describeQuorum: async () => quorum,
      addVoter: async (voter: unknown) => {
        added.push(voter);
        return { added: true };
      },
    } as unknown as Partial<KafkaAdmin>;
    await addObserverAsVoterStep(context(fakeProvider().nodes, admin), { nodeId: 101 });
    expect(added).to.deep.equal([
      { nodeId: 101, directoryId: "d".repeat(22), endpoints: [{ name: "CONTROLLER", host: "h", port: 19101 }] },
    ]);
  });

  it("addObserverAsVoter: a node the quorum does not show as an observer yet is waited for, then the operation pauses with the reason", async () => {
    const quorum = cluster3c3b(NOW).quorum;
    const admin = {
      describeQuorum: async () => quorum,
      addVoter: async () => expect.fail("not an observer yet"),
    } as unknown as Partial<KafkaAdmin>;
    const waiting = { ...context(fakeProvider().nodes, admin), nodeWaits: { safeToStopMs: 0, healthyMs: 0 } };
    let error: unknown;
    try {
      await addObserverAsVoterStep(waiting, { nodeId: 101 });
    } catch (e) {
      error = e;
    }
    expect(error).to.be.instanceOf(StepPaused);
    expect((error as Error).message).to.equal(
      "node 101 could not be made a voter after 0 s: node 101 is not an observer of the quorum",
    );
  });

  it("controllerEndpoints: the advertised controller listeners, else the bound ones", () => {
    const config = {
      "controller.listener.names": "CONTROLLER",
      listeners: "PLAINTEXT://0.0.0.0:9092,CONTROLLER://0.0.0.0:9093",
    };
    expect(controllerEndpoints(config)).to.deep.equal([{ name: "CONTROLLER", host: "0.0.0.0", port: 9093 }]);
    expect(
      controllerEndpoints({ ...config, "advertised.listeners": "PLAINTEXT://k:9092,CONTROLLER://k:9093" }),
    ).to.deep.equal([{ name: "CONTROLLER", host: "k", port: 9093 }]);
  });
});
