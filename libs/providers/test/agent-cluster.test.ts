import { agentSection, agentUrlsSection, loadConfig } from "@kcp/shared";
import {
  type AgentKafkaCluster,
  CLUSTER_START_TIMEOUT_MS,
  createTopic,
  getSharedAgentCluster,
  partitionFromTool,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { AgentAccess, AgentNodeLifecycle, probeAgents } from "../src/index.js";

/**
 * The control plane's agent provider on a harness cluster run by node agents (the run's shared 3c3b, one real agent per
 * node, each serving HTTPS): the cluster's `settings.agents` are what a registration gives the service, its
 * `serviceEnv()` the service's configuration (key, pinned URLs, CA), read as the service reads it; the probe sees every
 * node served, and AgentNodeLifecycle stops and starts a broker, which returns to the ISR (the cluster left as found).
 */
describe("agent provider on a 3c3b cluster run by node agents", function () {
  // its longest test: 57 s at load 25 (6 Dec 2026; a quiet machine needs less); ×2 margin
  this.timeout(120_000);
  let cluster: AgentKafkaCluster | undefined;
  let access: AgentAccess;
  let lifecycle: AgentNodeLifecycle;

  before(async function () {
    // The shared cluster's start: the harness's own bound (every attempt), so that a start that fails says why.
    this.timeout(CLUSTER_START_TIMEOUT_MS);
    cluster = await getSharedAgentCluster("3c3b");
    access = await AgentAccess.fromConfig(loadConfig(agentSection.and(agentUrlsSection), cluster.serviceEnv()));
    lifecycle = new AgentNodeLifecycle(cluster.settings.agents, access);
  });

  const the = () => cluster as AgentKafkaCluster;

  it("the probe finds every node served by the agent the settings name", async () => {
    const readiness = await probeAgents(the().settings.agents, access.readOnly());
    expect(readiness.problem).to.equal(undefined);
    expect(
      readiness.agents.map((a) => ({ nodeIds: a.nodeIds, reported: a.reportedNodeIds, problem: a.problem })),
    ).to.deep.equal([1, 2, 3, 4, 5, 6].map((id) => ({ nodeIds: [id], reported: [id], problem: undefined })));
    for (const id of [1, 2, 3, 4, 5, 6]) {
      expect(await lifecycle.status(id)).to.include({ nodeId: id, state: "running", version: "4.3.1" });
    }
  });

  it("AgentNodeLifecycle stops and starts a broker; it returns to the ISR", async () => {
    const c = the();
    const topic = await createTopic(c, { name: uniqueTopicName("provider"), partitions: 1, replicationFactor: 3 });
    try {
      expect(await lifecycle.stop(5, { timeoutMs: 30_000 })).to.include({ state: "stopped", pid: null });
      await waitFor("broker 5 out of the ISR", async () =>
        (await partitionFromTool(c, topic)).isr.includes(5) ? undefined : true,
      );
      expect(await lifecycle.start(5)).to.include({ state: "running", version: "4.3.1" });
    } finally {
      // The shared cluster is left with every node running, whatever happened here.
      if ((await c.agentFor(5).node(5)).state !== "running") await c.agentFor(5).startNode(5);
    }
    await c.waitUntilReady();
    await waitFor(
      "broker 5 back in the ISR",
      async () => ((await partitionFromTool(c, topic)).isr.includes(5) ? true : undefined),
      { timeoutMs: 60_000, intervalMs: 500 },
    );
  });
});
