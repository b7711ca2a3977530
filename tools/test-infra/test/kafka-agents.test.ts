import { stat } from "node:fs/promises";
import { expect } from "chai";
import {
  type AgentKafkaCluster,
  AgentSigner,
  CLUSTER_START_TIMEOUT_MS,
  createTopic,
  kafkaToolOn,
  partitionFromTool,
  processesUnder,
  startAgentCluster,
  startCluster,
  uniqueTopicName,
  waitFor,
} from "../src/index.js";

/**
 * A 3c3b cluster whose six nodes are run by six real node agents (services/node-agent as processes, Kafka 4.3.1 from
 * the Maven jars through a checksummed file:// source): the agents report their nodes, Kafka serves, a broker is
 * stopped and started through its agent and returns to the ISR, and stop() leaves no process.
 */
function isAlive(pid: number | undefined): boolean {
  if (pid === undefined) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe("Kafka cluster run by node agents (3c3b)", function () {
  this.timeout(240_000);
  let cluster: AgentKafkaCluster | undefined;
  let dir = "";
  let agentPids: number[] = [];
  const nodePids: number[] = [];
  const started = Date.now();

  before(async function () {
    this.timeout(CLUSTER_START_TIMEOUT_MS);
    cluster = await startCluster({ topology: "3c3b", agents: true });
    dir = cluster.spec.dir;
    agentPids = cluster.agents.flatMap((a) => (a.pid === undefined ? [] : [a.pid]));
    process.stderr.write(`agent cluster up in ${((Date.now() - started) / 1000).toFixed(1)} s\n`);
  });

  after(async () => {
    await cluster?.stop();
  });

  const the = () => cluster as AgentKafkaCluster;

  it("describes itself for the control plane: provider agent, settings.agents, a 0600 signing key", async () => {
    const c = the();
    expect(c.provider).to.equal("agent");
    expect(c.settings.agents).to.have.length(6);
    expect(c.settings.agents.flatMap((a) => a.nodeIds)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    for (const entry of c.settings.agents) {
      expect(entry.url).to.match(/^https:\/\/127\.0\.0\.1:\d+$/);
      expect(await c.agentFor(entry.nodeIds[0] as number).health()).to.deep.equal({
        status: "ok",
        agentId: entry.agentId,
      });
    }
    expect(c.signingKeyPem).to.contain("BEGIN PRIVATE KEY");
    expect((await stat(c.signingKeyFile)).mode & 0o777).to.equal(0o600);
    // What a service needs: the key, every agent pinned at its HTTPS URL, the CA their certificates chain to.
    expect(c.serviceEnv()).to.deep.equal({
      AGENT_SIGNING_KEY: c.signingKeyPem,
      AGENT_URLS: c.settings.agents.map((a) => `${a.agentId}=${a.url}`).join(","),
      AGENT_CA: c.caPem,
    });
    expect(c.caPem).to.contain("BEGIN CERTIFICATE");
    const description = c.describe();
    expect(description.provider).to.equal("agent");
    expect(description.serviceEnv).to.deep.equal({
      AGENT_SIGNING_KEY_FILE: c.signingKeyFile,
      AGENT_URLS: c.agentUrls,
      AGENT_CA_FILE: c.caFile,
    });
    expect(JSON.stringify(description)).not.to.contain("PRIVATE KEY");
    expect(c.bootstrapServers).to.have.length(3);
  });

  it("every node is reported running by its own agent, with the version, the pid being a live JVM", async () => {
    const c = the();
    for (const node of c.nodes) {
      const status = await node.status();
      expect(status).to.include({ nodeId: node.id, state: "running", version: "4.3.1", clusterId: c.spec.clusterId });
      expect(status.roles).to.deep.equal(node.spec.roles);
      expect(isAlive(status.pid ?? undefined)).to.equal(true);
      expect((await node.agent.nodes()).map((n) => n.nodeId)).to.deep.equal([node.id]);
      expect(node.spec.directoryId).to.be.a("string");
      nodePids.push(status.pid as number);
    }
    const state = await c.state();
    expect(state.brokers).to.deep.equal([4, 5, 6]);
    expect(state.voters).to.deep.equal([1, 2, 3]);
  });

  it("serves Kafka: a topic created with the harness's helpers, read back with kafka-topics", async () => {
    const c = the();
    const topic = await createTopic(c, { name: uniqueTopicName("agents"), partitions: 3, replicationFactor: 3 });
    const listed = await kafkaToolOn(c, "org.apache.kafka.tools.TopicCommand", ["--list"]);
    expect(listed.split("\n")).to.include(topic);
    const partition = await partitionFromTool(c, topic, 0);
    expect([...partition.isr].sort()).to.deep.equal([4, 5, 6]);
  });

  it("stops and starts a broker through its agent (signed commands); the broker returns to the ISR", async () => {
    const c = the();
    const topic = await createTopic(c, { name: uniqueTopicName("agents-isr"), partitions: 1, replicationFactor: 3 });
    const agent = c.agentFor(5);
    const stopped = await agent.stopNode(5);
    expect(stopped).to.include({ state: "stopped", pid: null, desiredState: "stopped" });
    await waitFor("broker 5 to leave the ISR", async () => {
      const p = await partitionFromTool(c, topic, 0);
      return p.isr.includes(5) ? undefined : p;
    });
    const again = await agent.startNode(5);
    expect(again).to.include({ state: "running", version: "4.3.1" });
    await c.waitUntilReady();
    await waitFor(
      "broker 5 back in the ISR",
      async () => {
        const p = await partitionFromTool(c, topic, 0);
        return p.isr.includes(5) ? p : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    nodePids.push(again.pid as number);
    // A refused token changes nothing: a forged one, a read token replayed as a stop, a read token replayed.
    const stop = { method: "POST", path: "/v1/nodes/5/stop", body: "{}" };
    const forged = await agent.call("POST", "/v1/nodes/5/stop", {}, new AgentSigner().token(agent.agentId, stop));
    expect(forged.status).to.equal(401);
    const read = agent.token({ method: "GET", path: "/v1/nodes/5" });
    expect((await agent.call("POST", "/v1/nodes/5/stop", {}, read)).status).to.equal(401);
    expect((await agent.call("GET", "/v1/nodes/5", undefined, read)).status).to.equal(200);
    expect((await agent.call("GET", "/v1/nodes/5", undefined, read)).status).to.equal(401);
    expect((await c.node(5).status()).state).to.equal("running");
  });

  it("stop() stops every node and every agent and leaves no process behind", async () => {
    const c = the();
    const t0 = Date.now();
    await c.stop();
    cluster = undefined;
    process.stderr.write(`agent cluster stopped in ${((Date.now() - t0) / 1000).toFixed(1)} s\n`);
    for (const pid of [...agentPids, ...nodePids]) expect(isAlive(pid), `pid ${pid}`).to.equal(false);
    expect(await processesUnder(dir)).to.deep.equal([]);
  });
});

describe("agent clusters of other versions", function () {
  // a quiet machine: 20 s at load 12 (6 Dec 2026); ×6 margin
  this.timeout(120_000);

  it("single 3.9.2 by an agent; the source also offers 4.4.0 (artifactVersions), installed beside it", async () => {
    const cluster = await startAgentCluster({ topology: "single", version: "3.9.2", artifactVersions: ["4.4.0"] });
    try {
      const node = cluster.node(1);
      expect(await node.status()).to.include({ state: "running", version: "3.9.2", configuredVersion: "3.9.2" });
      expect((await cluster.state()).brokers).to.deep.equal([1]);
      const installed = await node.agent.install("4.4.0");
      expect(installed.sha512).to.equal(cluster.artifacts.checksums["4.4.0"]);
      expect(await node.status()).to.include({ state: "running", version: "3.9.2" });
    } finally {
      await cluster.stop();
    }
    expect(await processesUnder(cluster.spec.dir)).to.deep.equal([]);
  });
});

describe("agent cluster startup failures", function () {
  this.timeout(60_000);
  it("a startup that fails (an agent refuses its AGENT_ID) throws and leaves neither folder nor process", async () => {
    const failure = await startAgentCluster({ topology: "single", name: "not a valid agent id" }).then(
      () => "started",
      (error: Error) => error.message,
    );
    const dir = /see (\/\S+)\/agent-1\.log/.exec(failure)?.[1];
    expect(failure).to.match(/the node agent exited/);
    expect(failure, "what the machine was doing").to.match(
      /the machine: load [\d.]+ [\d.]+ [\d.]+ .* \d+ java processes, budget: /,
    );
    expect(dir, failure).to.be.a("string");
    expect(await stat(dir as string).catch(() => "gone")).to.equal("gone");
    expect(await processesUnder(dir as string)).to.deep.equal([]);
  });

  it("the secure topology is refused", async () => {
    const failure = await startAgentCluster({ topology: "secure" }).then(
      () => "started",
      (error: Error) => error.message,
    );
    expect(failure).to.match(/secure topology cannot be run by agents/);
  });
});
