import { AgentAccess, AgentNodeLifecycle } from "@kcp/providers";
import {
  type AgentEndpoint,
  agentSection,
  agentUrlsSection,
  loadConfig,
  type Operation,
  type StepArgs,
  type StepKindName,
} from "@kcp/shared";
import {
  type AgentKafkaCluster,
  type AgentNodeStatus,
  type AgentSettingsEntry,
  brokersFromTool,
  createTopic,
  kafkaToolOn,
  startAgentCluster,
  uniqueTopicName,
  votersFromTool,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { operationRunner, runStepAgain } from "./operations-fixture.js";
import { startTestService, type TestService } from "./service-fixture.js";

type Reply = Operation & { error: { code: string; message: string } };

/** Finalized level of each feature, as kafka-features describe prints it. */
async function finalizedLevels(cluster: AgentKafkaCluster): Promise<Record<string, string>> {
  const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.FeatureCommand", ["describe"]);
  return Object.fromEntries(
    [...out.matchAll(/Feature:\s+(\S+).*FinalizedVersionLevel:\s+(\S+)/g)].map((m) => [m[1], m[2]]),
  );
}

/** How many replicas each broker holds of `topic`, as kafka-topics --describe prints them. */
async function replicasPerBroker(cluster: AgentKafkaCluster, topic: string): Promise<Map<number, number>> {
  const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.TopicCommand", ["--describe", "--topic", topic]);
  const counts = new Map<number, number>();
  for (const m of out.matchAll(/Replicas:\s*([\d,]+)/g))
    for (const id of (m[1] as string).split(",").map(Number)) counts.set(id, (counts.get(id) ?? 0) + 1);
  return counts;
}

/**
 * The quorum migration and new nodes on the agent provider, on one real cluster: a static quorum (3 controllers, 3
 * brokers) whose nodes are each run by a node agent, plus a spare agent with no node that takes new nodes (its
 * settings' provisioning section). In order: a controller is refused on the static quorum; migrateQuorum makes it
 * dynamic and rewrites and rolls every node; a new broker takes replicas after a rebalance; a new controller becomes
 * a voter.
 */
describe("operations: migrateQuorum end to end and provisionNodes on a static quorum run by node agents", function () {
  this.timeout(1_200_000);
  let cluster: AgentKafkaCluster;
  let service: TestService;
  let clusterId: string;
  let ops: ReturnType<typeof operationRunner>;
  let spare: AgentSettingsEntry;
  const clusterName = "provision-static";
  let migrationSteps: Operation["steps"] = [];
  let controllerSteps: Operation["steps"] = [];

  before(async () => {
    cluster = await startAgentCluster({ topology: "static", name: "provision-static", spareAgents: 1 });
    const host = cluster.spareAgents[0];
    if (!host) throw new Error("the cluster has no spare agent");
    spare = await cluster.spareAgentSettings(host, 100, "broker");
    service = await startTestService("operations-provision", {
      ...cluster.serviceEnv(),
      OPERATIONS_ROLL_SAFETY_WAIT_MS: "120000",
      OPERATIONS_NODE_HEALTHY_WAIT_MS: "240000",
    });
    clusterId = await service.register({
      name: clusterName,
      bootstrapServers: cluster.bootstrapServers,
      provider: "agent",
      settings: { agents: [...cluster.settings.agents, spare] },
    });
    ops = operationRunner(service, clusterId);
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  const read = async (id: string) =>
    (await service.api<Reply>("GET", `/api/v1/operations/${id}`, { token: service.token })).body;

  const finished = (id: string, timeoutMs = 600_000) =>
    waitFor(
      `operation ${id} to finish`,
      async () => {
        const now = await read(id);
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs, intervalMs: 1000 },
    );

  /** The cluster's view after a fresh collection. */
  const view = async () =>
    (
      await service.api<{
        capabilities: Record<string, unknown>;
        snapshot: { providerNodes?: { nodeId: number; version: string; state: string }[] };
      }>("POST", `/api/v1/clusters/${clusterId}/refresh`, { token: service.token })
    ).body;
  const capabilities = async () => (await view()).capabilities;

  const agentConfig = async (nodeId: number): Promise<Record<string, string>> => {
    const agent = cluster.agentFor(nodeId);
    return (await agent.request<{ config: Record<string, string> }>("GET", `/v1/nodes/${nodeId}/config`)).config;
  };

  const spareAgent = () => {
    const agent = cluster.spareAgents[0];
    if (!agent) throw new Error("no spare agent");
    return agent;
  };

  it("provisionNodes of a controller on the static quorum is refused, pointing at migrateQuorum", async () => {
    const refused = await ops.plan({ type: "provisionNodes", params: { role: "controller", count: 1 } });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.error.message).to.match(/static.*migrateQuorum/);
  });

  it("migrateQuorum: kraft.version 1, then every node's controller.quorum.voters replaced by controller.quorum.bootstrap.servers (read back from its agent) and every node restarted once, controllers first", async () => {
    const started = Date.now();
    expect((await finalizedLevels(cluster))["kraft.version"]).to.equal("0");
    for (const node of cluster.nodes) expect(await agentConfig(node.id)).to.have.property("controller.quorum.voters");
    await waitFor("the voters to report kraft.version 1 support", async () => {
      const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.FeatureCommand", [
        "upgrade",
        "--feature",
        "kraft.version=1",
        "--dry-run",
      ]).catch(() => "");
      return out.includes("can be upgraded") ? true : undefined;
    });
    const before = new Map<number, AgentNodeStatus>();
    for (const node of cluster.nodes) before.set(node.id, await node.status());

    const planned = await ops.plan({ type: "migrateQuorum", params: {} });
    expect(planned.status, planned.text).to.equal(201);
    const kinds = planned.body.steps.map((s) => s.kind);
    expect(kinds.slice(0, 2)).to.deep.equal(["updateFeatures", "updateFeatures"]);
    expect(kinds.slice(2, 7)).to.deep.equal([
      "setNodeConfig",
      "rollSafetyCheck",
      "stopNode",
      "startNode",
      "waitNodeHealthy",
    ]);
    expect(kinds.filter((k) => k === "setNodeConfig")).to.have.length(6);
    const order = planned.body.steps
      .filter((s) => s.kind === "setNodeConfig")
      .map((s) => (s.args as { nodeId: number }).nodeId);
    expect(order.slice(3)).to.deep.equal([4, 5, 6]);
    const bootstrap = (planned.body.steps[2]?.args as { set: Record<string, string> } | undefined)?.set[
      "controller.quorum.bootstrap.servers"
    ] as string;
    expect(bootstrap.split(",")).to.have.length(3);

    expect((await ops.confirm(planned.body.id, clusterName)).status).to.equal(200);
    const done = await finished(planned.body.id);
    expect(
      done.status,
      `${done.error?.message} ${JSON.stringify(done.steps.filter((s) => s.status !== "succeeded"))}`,
    ).to.equal("succeeded");
    expect((await finalizedLevels(cluster))["kraft.version"]).to.equal("1");
    for (const node of cluster.nodes) {
      const config = await agentConfig(node.id);
      expect(config, `node ${node.id}`).not.to.have.property("controller.quorum.voters");
      expect(config["controller.quorum.bootstrap.servers"], `node ${node.id}`).to.equal(bootstrap);
      const now = await node.status();
      expect(now.state).to.equal("running");
      expect(now.pid, `node ${node.id} restarted`).not.to.equal(before.get(node.id)?.pid);
    }
    migrationSteps = done.steps;
    const voters = await votersFromTool(cluster);
    expect(voters.map((v) => v.id)).to.deep.equal([1, 2, 3]);
    expect(voters.every((v) => typeof v.directoryId === "string")).to.equal(true);
    console.log(
      `      migrateQuorum: ${done.steps.length} steps, ${((Date.parse(done.finishedAt ?? "") - Date.parse(done.startedAt ?? "")) / 1000).toFixed(0)} s (test ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  });

  it("provisionNodes of a broker: id 100 on the spare agent, registered and unfenced, takes replicas after a rebalance; the capability flags stay true", async () => {
    const started = Date.now();
    const topic = await createTopic(cluster, { name: uniqueTopicName("grow"), partitions: 12, replicationFactor: 2 });
    const planned = await ops.plan({ type: "provisionNodes", params: { role: "broker", count: 1 } });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.steps.map((s) => [s.kind, (s.args as { nodeId: number }).nodeId])).to.deep.equal([
      ["provisionNode", 100],
      ["startNode", 100],
      ["waitNodeHealthy", 100],
    ]);
    expect((planned.body.steps[0]?.args as { likeNodeId: number } | undefined)?.likeNodeId).to.be.oneOf([4, 5, 6]);
    expect((await ops.confirm(planned.body.id)).status).to.equal(200);
    const done = await finished(planned.body.id);
    expect(done.status, `${done.error?.message} ${JSON.stringify(done.steps)}`).to.equal("succeeded");
    const status = await spareAgent().node(100);
    expect(status.state).to.equal("running");
    expect(status.roles).to.deep.equal(["broker"]);
    expect(await brokersFromTool(cluster)).to.include("100:unfenced");
    const config = await spareAgent().request<{ config: Record<string, string> }>("GET", "/v1/nodes/100/config");
    const port = Number(/:(\d+)$/.exec(config.config.listeners ?? "")?.[1]);
    expect(spare.provisioning?.ports).to.include(port);
    expect(config.config["log.dirs"]).to.equal(`${spare.provisioning?.dataDir}/100/data`);

    const seen = await view();
    expect(seen.capabilities.provisionNodes, JSON.stringify(seen.capabilities.notes)).to.equal(true);
    expect(seen.capabilities.restartNodes, JSON.stringify(seen.capabilities.notes)).to.equal(true);
    // The provider's view of the nodes (what upgradeVersion reads versions from) has the new node too.
    expect(seen.snapshot.providerNodes?.find((n) => n.nodeId === 100)).to.deep.include({ state: "running" });

    expect((await replicasPerBroker(cluster, topic)).get(100) ?? 0).to.equal(0);
    const rebalance = await ops.plan({ type: "rebalance", params: {} });
    expect(rebalance.status, rebalance.text).to.equal(201);
    expect((await ops.confirm(rebalance.body.id)).status).to.equal(200);
    const moved = await finished(rebalance.body.id);
    expect(moved.status, `${moved.error?.message}`).to.equal("succeeded");
    const counts = await replicasPerBroker(cluster, topic);
    expect(counts.get(100) ?? 0).to.be.greaterThan(0);
    console.log(
      `      provisionNodes broker: ${((Date.parse(done.finishedAt ?? "") - Date.parse(done.startedAt ?? "")) / 1000).toFixed(0)} s; replicas of ${topic} after the rebalance: ${JSON.stringify([...counts].sort((a, b) => a[0] - b[0]))} (test ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  });

  it("provisionNodes of a controller on the migrated quorum: id 101 on the spare agent, an observer caught up, then a voter (kafka-metadata-quorum)", async () => {
    const started = Date.now();
    const planned = await ops.plan({ type: "provisionNodes", params: { role: "controller", count: 1 } });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.steps.map((s) => [s.kind, (s.args as { nodeId: number }).nodeId])).to.deep.equal([
      ["provisionNode", 101],
      ["startNode", 101],
      ["waitNodeHealthy", 101],
      ["addObserverAsVoter", 101],
    ]);
    expect((await ops.confirm(planned.body.id)).status).to.equal(200);
    const done = await finished(planned.body.id);
    expect(done.status, `${done.error?.message} ${JSON.stringify(done.steps)}`).to.equal("succeeded");
    const voters = await votersFromTool(cluster);
    expect(voters.map((v) => v.id)).to.deep.equal([1, 2, 3, 101]);
    const status = await spareAgent().node(101);
    expect(status.roles).to.deep.equal(["controller"]);
    const caps = await capabilities();
    expect(caps.restartNodes, JSON.stringify(caps.notes)).to.equal(true);
    controllerSteps = done.steps;
    console.log(
      `      provisionNodes controller: ${((Date.parse(done.finishedAt ?? "") - Date.parse(done.startedAt ?? "")) / 1000).toFixed(0)} s; voters ${voters.map((v) => v.id).join(",")} (test ${((Date.now() - started) / 1000).toFixed(0)} s)`,
    );
  });

  it("the new step kinds are safe to run twice: provisionNode, setNodeConfig and addObserverAsVoter run again change nothing", async () => {
    const nodes = new AgentNodeLifecycle(
      [...cluster.settings.agents, spare] as AgentEndpoint[],
      await AgentAccess.fromConfig(loadConfig(agentSection.and(agentUrlsSection), cluster.serviceEnv())),
    );
    const argsOf = <K extends StepKindName>(steps: Operation["steps"], kind: K) =>
      steps.filter((s) => s.kind === kind).map((s) => s.args as StepArgs<K>);
    const before = await spareAgent().node(101);
    const [provision] = argsOf(controllerSteps, "provisionNode");
    const [addVoter] = argsOf(controllerSteps, "addObserverAsVoter");
    expect(await runStepAgain(cluster, "provisionNode", provision as StepArgs<"provisionNode">, nodes)).to.deep.include(
      {
        outcome: "already provisioned",
        state: "running",
      },
    );
    expect(
      await runStepAgain(cluster, "addObserverAsVoter", addVoter as StepArgs<"addObserverAsVoter">, nodes),
    ).to.include({ added: false });
    const after = await spareAgent().node(101);
    expect(after.pid).to.equal(before.pid);
    expect((await votersFromTool(cluster)).map((v) => v.id)).to.deep.equal([1, 2, 3, 101]);
    const [setConfig] = argsOf(migrationSteps, "setNodeConfig");
    const nodeId = (setConfig as StepArgs<"setNodeConfig">).nodeId;
    const config = await agentConfig(nodeId);
    await runStepAgain(cluster, "setNodeConfig", setConfig as StepArgs<"setNodeConfig">, nodes);
    expect(await agentConfig(nodeId)).to.deep.equal(config);
  });
});
