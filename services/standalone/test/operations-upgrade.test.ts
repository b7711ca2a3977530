import { rm } from "node:fs/promises";
import { StepPaused } from "@kcp/operations";
import { AgentAccess, AgentNodeLifecycle } from "@kcp/providers";
import { type AgentEndpoint, agentSection, agentUrlsSection, loadConfig, type Operation } from "@kcp/shared";
import {
  type AgentKafkaCluster,
  type AgentNodeStatus,
  createTopic,
  type KafkaVersion,
  makeRunDir,
  resolveKafka,
  runKafkaTool,
  startAgentCluster,
  startLoad,
  uniqueTopicName,
  waitFor,
  watchIsr,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { crashableService } from "./crash-fixture.js";
import { expectNothingLost, operationRunner, runStepAgain } from "./operations-fixture.js";
import { startTestService, type TestService } from "./service-fixture.js";

type Reply = Operation & { error: { code: string; message: string } };

const TARGET = "4.4.0";

/**
 * Finalized level of each feature as `kafka-features describe` prints it, run with the target's jars (an older
 * release's tools cannot name 4.4's metadata.version levels).
 */
async function finalizedLevels(cluster: AgentKafkaCluster): Promise<Record<string, string>> {
  const dir = await makeRunDir("kafka-features");
  try {
    const out = await runKafkaTool(
      await resolveKafka(TARGET),
      "org.apache.kafka.tools.FeatureCommand",
      ["--bootstrap-server", cluster.bootstrapServers.join(","), "describe"],
      dir,
    );
    return Object.fromEntries(
      [...out.matchAll(/Feature:\s+(\S+).*FinalizedVersionLevel:\s+(\S+)/g)].map((m) => [m[1], m[2]]),
    );
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * upgradeVersion end to end on the agent provider: real 3c3b clusters whose six nodes are
 * each run by a real node agent whose artifact source offers 4.4.0 without it being installed; the standalone
 * service signs the agents' tokens with the cluster's key. Each roll runs under continuous load (RF 3,
 * min.insync.replicas=2, an idempotent acks=all producer and a consumer).
 */
describe("operations: upgradeVersion on real 3c3b clusters run by node agents", function () {
  this.timeout(1_200_000);
  /** The service of the cluster under test (each cluster's agents trust their own key, the service signs with one). */
  let service: TestService;

  const statuses = async (cluster: AgentKafkaCluster): Promise<Map<number, AgentNodeStatus>> =>
    new Map(
      await Promise.all(
        cluster.nodes.map(async (n) => [n.id, await cluster.agentFor(n.id).node(n.id)] as [number, AgentNodeStatus]),
      ),
    );

  /**
   * Starts the cluster at `from` (4.4.0 only offered by the agents' source, not installed), a service signing with
   * its key, and registers the cluster.
   */
  async function upgradeCluster(from: KafkaVersion, name: string) {
    const cluster = await startAgentCluster({
      topology: "3c3b",
      name,
      version: from,
      artifactVersions: [TARGET],
      installArtifactVersions: false,
    });
    service = await startTestService(`operations-upgrade-${from}`, {
      ...cluster.serviceEnv(),
      OPERATIONS_ROLL_SAFETY_WAIT_MS: "120000",
      OPERATIONS_NODE_HEALTHY_WAIT_MS: "180000",
    });
    const clusterId = await service.register({
      name,
      bootstrapServers: cluster.bootstrapServers,
      provider: "agent",
      settings: cluster.settings,
    });
    return { cluster, clusterId };
  }

  const perNode = (done: Reply) =>
    done.steps
      .filter((s) => s.kind === "stopNode")
      .map((stop) => {
        const id = (stop.args as { nodeId: number }).nodeId;
        const healthy = done.steps.find(
          (s) => s.kind === "waitNodeHealthy" && (s.args as { nodeId: number }).nodeId === id,
        );
        const ms = Date.parse(healthy?.finishedAt ?? "") - Date.parse(stop.startedAt ?? "");
        return `${id}: ${(ms / 1000).toFixed(1)} s`;
      })
      .join(", ");

  /**
   * Rolls every node of the cluster to 4.4.0 under load with one operation (`finalize` as given) and checks what a
   * user would: every node runs 4.4.0 as its agent reports it, restarted once in the planned order, 4.4.0 installed
   * beside the old version on every agent, no acknowledged message lost.
   */
  async function rollUnderLoad(cluster: AgentKafkaCluster, clusterId: string, from: KafkaVersion, finalize: boolean) {
    const ops = operationRunner(service, clusterId);
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("upgrade"),
      partitions: 6,
      replicationFactor: 3,
      configs: { "min.insync.replicas": "2" },
    });
    const before = await statuses(cluster);
    for (const [id, status] of before)
      expect([status.state, status.version], `node ${id}`).to.deep.equal(["running", from]);
    for (const agent of cluster.agents) expect(await agent.installations()).to.deep.equal([from]);

    const load = await startLoad(cluster, topic, { batchSize: 10, intervalMs: 100 });
    await waitFor("load flowing", async () => (load.progress().acknowledged >= 100 ? true : undefined));
    const planned = await ops.plan({ type: "upgradeVersion", params: { version: TARGET, finalize } });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.irreversible).to.equal(finalize);
    expect(planned.body.summary).to.match(new RegExp(`^Rolling upgrade of 6 nodes from Kafka ${from} to ${TARGET}`));
    const kinds = planned.body.steps.map((s) => s.kind);
    expect(kinds.slice(0, 6)).to.deep.equal([
      "installVersion",
      "rollSafetyCheck",
      "stopNode",
      "switchVersion",
      "startNode",
      "waitNodeHealthy",
    ]);
    expect(kinds.filter((k) => k === "updateFeatures")).to.have.length(finalize ? 2 : 0);
    const order = planned.body.steps
      .filter((s) => s.kind === "stopNode")
      .map((s) => (s.args as { nodeId: number }).nodeId);
    expect([...order.slice(3)]).to.deep.equal([4, 5, 6]);

    // Every partition's ISR, read every 500 ms through the whole roll.
    const isr = watchIsr(cluster, topic, 2);

    const rollStarted = Date.now();
    const done = await ops.runToEnd(planned.body.id, finalize ? cluster.name : undefined).finally(() => isr.stop());
    const rollMs = Date.now() - rollStarted;
    const { below, smallestIsr, polls } = await isr.stop();
    const result = await load.stop();

    const after = await statuses(cluster);
    for (const [id, status] of after) {
      expect([status.state, status.version, status.configuredVersion], `node ${id}`).to.deep.equal([
        "running",
        TARGET,
        TARGET,
      ]);
      expect(status.pid, `node ${id}`).to.not.equal(before.get(id)?.pid);
    }
    const byStart = [...after.entries()]
      .sort((a, b) => Date.parse(a[1].startedAt ?? "") - Date.parse(b[1].startedAt ?? ""))
      .map(([id]) => id);
    expect(byStart).to.deep.equal(order);
    // The old version stays installed beside the new one (what a switch back before finalizing needs).
    for (const agent of cluster.agents) expect(await agent.installations()).to.deep.equal([from, TARGET].sort());
    expectNothingLost(result, 500);
    expect(below, below.slice(0, 5).join("; ")).to.deep.equal([]);
    expect(smallestIsr).to.be.at.least(2);
    expect(polls).to.be.greaterThan(20);
    console.log(
      `      ${from} → ${TARGET}${finalize ? " with finalize" : ""}: ${(rollMs / 1000).toFixed(1)} s; stop → healthy per node ${perNode(done)}; ` +
        `${result.acknowledged} messages acknowledged and consumed (${result.failedSends.length} failed sends, ` +
        `${result.consumerRestarts} consumer restarts); ${polls} ISR polls, smallest ISR ${smallestIsr}`,
    );
    return { done, topic };
  }

  describe("4.3.1 → 4.4.0", () => {
    let cluster: AgentKafkaCluster;
    let clusterId: string;

    before(async () => {
      ({ cluster, clusterId } = await upgradeCluster("4.3.1", "upgrade-431"));
    });

    after(async () => {
      await service?.stop();
      await cluster?.stop();
    });

    let topic: string;

    it("upgradeVersion to 4.4.1, which no agent has nor can install, is refused when planning (422 version_unavailable naming each agent and why); nothing planned or installed", async () => {
      const ops = operationRunner(service, clusterId);
      const refused = await ops.plan({ type: "upgradeVersion", params: { version: "4.4.1" } });
      expect(refused.status, refused.text).to.equal(422);
      expect(refused.body.error.code).to.equal("version_unavailable");
      expect(refused.body.error.message).to.match(
        /^Kafka 4\.4\.1 is neither installed nor available from the artifact source of every node agent: /,
      );
      for (const agent of cluster.agents)
        expect(refused.body.error.message).to.contain(`agent ${agent.agentId}: the artifact source has no 4.4.1/libs`);
      const listed = await service.api<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`, {
        token: service.token,
      });
      expect(listed.body.operations).to.deep.equal([]);
      // 4.4.0, which the source has, is planned (the roll below).
      for (const agent of cluster.agents) expect(await agent.installations()).to.deep.equal(["4.3.1"]);
    });

    it("rolls every node to 4.4.0 under load without finalizing: metadata.version stays 4.3-IV0, nothing lost", async () => {
      const rolled = await rollUnderLoad(cluster, clusterId, "4.3.1", false);
      topic = rolled.topic;
      const { done } = rolled;
      expect(done.steps[0]?.detail).to.include({ version: TARGET, installed: true });
      const switches = done.steps.filter((s) => s.kind === "switchVersion").map((s) => s.detail as { outcome: string });
      expect(switches.map((d) => d.outcome)).to.deep.equal(Array(6).fill(`switched from 4.3.1 to ${TARGET}`));
      expect(await finalizedLevels(cluster)).to.deep.include({ "metadata.version": "4.3-IV0", "share.version": "1" });
    });

    it("installVersion and switchVersion run again change nothing; switching a running node pauses instead", async () => {
      const nodes = new AgentNodeLifecycle(
        cluster.settings.agents as AgentEndpoint[],
        await AgentAccess.fromConfig(loadConfig(agentSection.and(agentUrlsSection), cluster.serviceEnv())),
      );
      const before = await statuses(cluster);
      expect(await runStepAgain(cluster, "installVersion", { version: TARGET }, nodes)).to.include({ installed: true });
      for (const agent of cluster.agents) expect(await agent.installations()).to.deep.equal(["4.3.1", TARGET]);
      for (const id of before.keys())
        expect(await runStepAgain(cluster, "switchVersion", { nodeId: id, version: TARGET }, nodes)).to.include({
          outcome: `already runs ${TARGET}`,
        });
      const paused = await runStepAgain(cluster, "switchVersion", { nodeId: 6, version: "4.3.1" }, nodes).then(
        () => expect.fail("expected a pause"),
        (e: unknown) => e as StepPaused,
      );
      expect(paused).to.be.instanceOf(StepPaused);
      expect(paused.reason).to.equal(
        `node 6 is running with ${TARGET}, not stopped: it is switched to 4.3.1 only while stopped (stop it and resume, or cancel)`,
      );
      const after = await statuses(cluster);
      for (const [id, status] of after)
        expect([status.pid, status.configuredVersion], `node ${id}`).to.deep.equal([before.get(id)?.pid, TARGET]);
    });

    /** Broker 6 switched back to 4.3.1 through its agent and restarted, back in every ISR of the roll's topic. */
    async function switchBack6() {
      const agent = cluster.agentFor(6);
      await agent.stopNode(6);
      await agent.request("PUT", "/v1/nodes/6/version", { version: "4.3.1" });
      const started = await agent.startNode(6);
      expect([started.state, started.version]).to.deep.equal(["running", "4.3.1"]);
      await withAdmin(cluster, (admin) =>
        waitFor(
          "broker 6 (4.3.1) back in every ISR",
          async () => {
            const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
            const partitions = metadata.topics.get(topic)?.partitions ?? [];
            return partitions.length === 6 && partitions.every((p) => p.isr.includes(6)) ? true : undefined;
          },
          { timeoutMs: 120_000, intervalMs: 500 },
        ),
      );
    }

    it("before finalizing, a node can go back: broker 6 switched back to 4.3.1 through its agent rejoins every ISR", async () => {
      await switchBack6();
      expect(await cluster.agentFor(6).node(6)).to.include({ state: "running", version: "4.3.1" });
    });

    it("crash safety: the standalone process killed (SIGKILL) before broker 6 is switched to 4.4.0; the next process switches and starts it once, no other node touched", async () => {
      const started = Date.now();
      const crashable = await crashableService("upgrade-crash", {
        ...cluster.serviceEnv(),
        OPERATIONS_STEP_DELAY_MS: "2000",
        OPERATIONS_LEASE_MS: "3000",
        OPERATIONS_NODE_HEALTHY_WAIT_MS: "180000",
      });
      try {
        const before = await statuses(cluster);
        const first = await crashable.start();
        const registered = await first.api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
          token: first.token,
          body: {
            name: "upgrade-crash",
            bootstrapServers: cluster.bootstrapServers,
            provider: "agent",
            settings: cluster.settings,
          },
        });
        expect(registered.status, registered.text).to.equal(201);
        const planned = await first.api<Reply>("POST", `/api/v1/clusters/${registered.body.cluster.id}/operations`, {
          token: first.token,
          body: { type: "upgradeVersion", params: { version: TARGET } },
        });
        expect(planned.status, planned.text).to.equal(201);
        expect(planned.body.summary).to.equal(
          `Rolling upgrade of 1 node from Kafka 4.3.1 to ${TARGET}, one at a time: 6 (broker); nodes 1, 2, 3, 4, 5 already run ${TARGET}`,
        );
        const id = planned.body.id;
        const confirmed = await first.api<Reply>("POST", `/api/v1/operations/${id}/confirm`, {
          token: first.token,
          body: {},
        });
        expect(confirmed.status, confirmed.text).to.equal(200);
        // Step 4 (index 3) is the switch: each step waits 2 s after it is marked running, so broker 6 is stopped and
        // still set to start with 4.3.1 when the process dies.
        const midway = await waitFor(
          "the switch of broker 6 running",
          async () => {
            const now = (await first.api<Reply>("GET", `/api/v1/operations/${id}`, { token: first.token })).body;
            return now.steps[3]?.status === "running" ? now : undefined;
          },
          { timeoutMs: 120_000, intervalMs: 200 },
        );
        expect(await crashable.kill()).to.equal(null);
        expect(midway.steps.map((s) => [s.kind, s.status])).to.deep.equal([
          ["installVersion", "succeeded"],
          ["rollSafetyCheck", "succeeded"],
          ["stopNode", "succeeded"],
          ["switchVersion", "running"],
          ["startNode", "pending"],
          ["waitNodeHealthy", "pending"],
        ]);
        expect(await cluster.agentFor(6).node(6)).to.include({ state: "stopped", configuredVersion: "4.3.1" });

        // The process that resumes needs no window to be killed in: its steps run without the drill delay.
        const second = await crashable.start({ OPERATIONS_STEP_DELAY_MS: "0" });
        const done = await waitFor(
          "the upgrade to finish in the new process",
          async () => {
            const now = (await second.api<Reply>("GET", `/api/v1/operations/${id}`, { token: second.token })).body;
            return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
          },
          { timeoutMs: 240_000, intervalMs: 500 },
        );
        expect(done.status, `${done.error} ${JSON.stringify(done.steps)}`).to.equal("succeeded");
        expect(done.steps[2]?.startedAt).to.equal(midway.steps[2]?.startedAt);
        expect(done.steps[3]?.detail).to.include({ outcome: `switched from 4.3.1 to ${TARGET}` });
        expect(done.steps[4]?.detail).to.include({ outcome: "started" });
        const after = await statuses(cluster);
        expect(after.get(6)).to.include({ state: "running", version: TARGET });
        expect(after.get(6)?.pid).to.not.equal(before.get(6)?.pid);
        for (const other of [1, 2, 3, 4, 5])
          expect(after.get(other)?.pid, `node ${other}`).to.equal(before.get(other)?.pid);
        console.log(`      killed before the switch and resumed: ${((Date.now() - started) / 1000).toFixed(1)} s`);
      } finally {
        await crashable.cleanup();
      }
    });

    it("broker 6 back on 4.3.1 again, upgradeVersion with finalize rolls it alone and finalizes: metadata.version 4.4-IV2, share.version 2; planning again and a downgrade are refused", async () => {
      await switchBack6();
      const ops = operationRunner(service, clusterId);
      const planned = await ops.plan({ type: "upgradeVersion", params: { version: TARGET, finalize: true } });
      expect(planned.status, planned.text).to.equal(201);
      expect(planned.body.summary).to.equal(
        `Rolling upgrade of 1 node from Kafka 4.3.1 to ${TARGET}, one at a time: 6 (broker); nodes 1, 2, 3, 4, 5 already run ${TARGET}; then finalize metadata.version: 30 → 33, share.version: 1 → 2`,
      );
      expect(planned.body.steps.map((s) => s.kind)).to.deep.equal([
        "installVersion",
        "rollSafetyCheck",
        "stopNode",
        "switchVersion",
        "startNode",
        "waitNodeHealthy",
        "updateFeatures",
        "updateFeatures",
      ]);
      expect(planned.body.steps.at(-1)?.args).to.deep.equal({
        levels: { "metadata.version": 33, "share.version": 2 },
        validateOnly: false,
      });
      expect(planned.body.irreversible).to.equal(true);
      // Irreversible: the cluster's name must be typed back.
      const unnamed = await ops.confirm(planned.body.id);
      expect(unnamed.status, unnamed.text).to.equal(422);
      expect(unnamed.body.error.code).to.equal("confirmation_mismatch");
      const done = await ops.runToEnd(planned.body.id, cluster.name);
      // 4.4.0 is installed on every agent already: installing again changes nothing.
      expect(done.steps[0]?.detail).to.include({ version: TARGET, installed: true });
      for (const [id, status] of await statuses(cluster))
        expect([status.state, status.version], `node ${id}`).to.deep.equal(["running", TARGET]);
      expect(await finalizedLevels(cluster)).to.deep.include({
        "metadata.version": "4.4-IV2",
        "share.version": "2",
        "kraft.version": "1",
      });

      const again = await ops.plan({ type: "upgradeVersion", params: { version: TARGET, finalize: true } });
      expect(again.status, again.text).to.equal(422);
      expect(again.body.error).to.deep.equal({
        code: "invalid_request",
        message: `Nothing to do: every node runs Kafka ${TARGET} already and every feature is at its level`,
      });
      const down = await ops.plan({ type: "upgradeVersion", params: { version: "4.3.1" } });
      expect(down.status, down.text).to.equal(422);
      expect(down.body.error.code).to.equal("invalid_request");
      expect(down.body.error.message).to.match(/^The cluster cannot be upgraded to Kafka 4\.3\.1: /);
      expect(down.body.error.message).to.include("node 1 runs 4.4.0, newer than 4.3.1: no downgrade");
      expect(down.body.error.message).to.include(
        "metadata.version is finalized at 4.4-IV2 (level 33), above the 4.3-IV0 (level 30) Kafka 4.3 supports",
      );
      // The cluster's view shows every node's version as its agent reports it.
      const view = await service.api<{ snapshot: { providerNodes?: { nodeId: number; version: string }[] } }>(
        "GET",
        `/api/v1/clusters/${clusterId}`,
        { token: service.token },
      );
      expect(view.body.snapshot.providerNodes?.map((n) => [n.nodeId, n.version])).to.deep.equal(
        [1, 2, 3, 4, 5, 6].map((id) => [id, TARGET]),
      );
    });
  });

  describe("3.9.2 → 4.4.0", () => {
    let cluster: AgentKafkaCluster;
    let clusterId: string;

    before(async () => {
      ({ cluster, clusterId } = await upgradeCluster("3.9.2", "upgrade-392"));
    });

    after(async () => {
      await service?.stop();
      await cluster?.stop();
    });

    it("a KRaft 3.9.2 cluster (metadata.version 3.9-IV0) rolled to 4.4.0 under load and finalized in one operation: every feature at 4.4's level, nothing lost", async () => {
      expect(await finalizedLevels(cluster)).to.deep.include({ "metadata.version": "3.9-IV0" });
      const { done } = await rollUnderLoad(cluster, clusterId, "3.9.2", true);
      const validate = done.steps.at(-2);
      expect(validate?.args).to.deep.equal({
        levels: {
          "metadata.version": 33,
          "eligible.leader.replicas.version": 1,
          "group.version": 1,
          "share.version": 2,
          "streams.version": 1,
          "transaction.version": 2,
        },
        validateOnly: true,
      });
      expect(await finalizedLevels(cluster)).to.deep.include({
        "metadata.version": "4.4-IV2",
        "group.version": "1",
        "transaction.version": "2",
        "share.version": "2",
        "streams.version": "1",
        "eligible.leader.replicas.version": "1",
      });
    });
  });
});
