import { randomBytes } from "node:crypto";
import type { Operation } from "@kcp/shared";
import {
  type AgentKafkaCluster,
  type AgentNodeStatus,
  apiClient,
  createTopic,
  getSharedAgentCluster,
  startFerretDb,
  startLoad,
  startRedis,
  uniqueTopicName,
  waitFor,
  watchIsr,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { autopilotRestartsKilledNode } from "./autopilot-fixture.js";
import { crashableService } from "./crash-fixture.js";
import { operationRunner } from "./operations-fixture.js";
import { mainOf, type StandaloneProcess, startServiceProcess } from "./process.js";
import { startTestService, type TestService } from "./service-fixture.js";

type Reply = Operation & { error: { code: string; message: string } };

/** How long the roll-safety gate waits before it pauses the operation, here (the default is 5 minutes). */
const SAFETY_WAIT_MS = 10_000;

/**
 * restartNodes end to end on the agent provider: a real 3c3b whose six nodes are each run by a real node agent (the
 * run's shared one, test-infra getSharedAgentCluster), the standalone service signing the agents' tokens with the
 * cluster's key. Every test leaves every node running, as it found them (a restart changes only their processes).
 */
describe("operations: restartNodes on a real 3c3b run by node agents", function () {
  this.timeout(900_000);
  let cluster: AgentKafkaCluster;
  let service: TestService;
  let clusterId: string;
  let ops: ReturnType<typeof operationRunner>;

  before(async () => {
    cluster = await getSharedAgentCluster("3c3b");
    service = await startTestService("operations-restart", {
      ...cluster.serviceEnv(),
      OPERATIONS_ROLL_SAFETY_WAIT_MS: String(SAFETY_WAIT_MS),
      OPERATIONS_NODE_HEALTHY_WAIT_MS: "180000",
    });
    clusterId = await service.register({
      name: "restart-3c3b",
      bootstrapServers: cluster.bootstrapServers,
      provider: "agent",
      settings: cluster.settings,
    });
    ops = operationRunner(service, clusterId);
  });

  after(async () => {
    await service?.stop();
  });

  // A test that failed half-way leaves no operation holding the cluster and no node stopped for the next test (healed
  // before the next test, so that the failure's report shows the cluster as the failure left it).
  let previousFailed = false;
  afterEach(function () {
    previousFailed = this.currentTest?.state === "failed";
  });
  beforeEach(async function () {
    if (!previousFailed) return;
    this.timeout(300_000);
    await ops.cancelUnfinished();
    for (const node of cluster.nodes) {
      const status = await cluster.agentFor(node.id).node(node.id);
      if (status.state !== "running") await cluster.agentFor(node.id).startNode(node.id);
    }
    await cluster.waitUntilReady(120_000);
  });

  const statuses = async (): Promise<Map<number, AgentNodeStatus>> =>
    new Map(
      await Promise.all(
        cluster.nodes.map(async (n) => [n.id, await cluster.agentFor(n.id).node(n.id)] as [number, AgentNodeStatus]),
      ),
    );

  const read = async (id: string) =>
    (await service.api<Reply>("GET", `/api/v1/operations/${id}`, { token: service.token })).body;

  /** Plans and confirms a restart of `nodes`, and waits until it is neither pending nor running (paused, here). */
  const restartUntilSettled = async (nodes: number[]) => {
    const planned = await ops.plan({ type: "restartNodes", params: { nodes } });
    expect(planned.status, planned.text).to.equal(201);
    const confirmed = await ops.confirm(planned.body.id);
    expect(confirmed.status, confirmed.text).to.equal(200);
    const paused = await waitFor(
      "the operation to pause",
      async () => {
        const now = await read(planned.body.id);
        return now.status === "running" || now.status === "pending" ? undefined : now;
      },
      { timeoutMs: SAFETY_WAIT_MS + 60_000, intervalMs: 500 },
    );
    return { planned, paused };
  };

  it("rolls every node under load (RF 3, min ISR 2, idempotent acks=all producer and a consumer): nothing lost, never below min ISR, the active controller last of the controllers", async () => {
    const started = Date.now();
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("roll"),
      partitions: 6,
      replicationFactor: 3,
      configs: { "min.insync.replicas": "2" },
    });
    const view = await service.api<{ snapshot: { quorum: { leaderId: number } } }>(
      "GET",
      `/api/v1/clusters/${clusterId}`,
      { token: service.token },
    );
    const activeController = view.body.snapshot.quorum.leaderId;
    expect([1, 2, 3]).to.include(activeController);
    const before = await statuses();
    expect([...before.values()].every((s) => s.state === "running" && s.pid !== null)).to.equal(true);

    const load = await startLoad(cluster, topic);
    await waitFor("load flowing", async () => (load.progress().acknowledged >= 200 ? true : undefined));

    // Every partition's ISR, read every 500 ms through the whole roll.
    const isr = watchIsr(cluster, topic, 2);

    const planned = await ops.plan({ type: "restartNodes", params: {} });
    expect(planned.status, planned.text).to.equal(201);
    const order = planned.body.steps
      .filter((s) => s.kind === "stopNode")
      .map((s) => (s.args as { nodeId: number }).nodeId);
    const followers = [1, 2, 3].filter((id) => id !== activeController);
    expect(order).to.deep.equal([...followers, activeController, 4, 5, 6]);
    expect(planned.body.steps.map((s) => s.kind).slice(0, 4)).to.deep.equal([
      "rollSafetyCheck",
      "stopNode",
      "startNode",
      "waitNodeHealthy",
    ]);
    const rollStarted = Date.now();
    const confirmed = await ops.confirm(planned.body.id);
    expect(confirmed.status, confirmed.text).to.equal(200);
    const done = await waitFor(
      "the rolling restart to finish",
      async () => {
        const now = await read(planned.body.id);
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 600_000, intervalMs: 1_000 },
    );
    const rollMs = Date.now() - rollStarted;
    const { below, smallestIsr, polls, failedPolls } = await isr.stop();
    const result = await load.stop();
    if (done.status === "paused") {
      // Leave the cluster free for the next test whatever happened here.
      await service.api("POST", `/api/v1/operations/${planned.body.id}/cancel`, { token: service.token });
      await ops.finished(planned.body.id);
    }
    expect(done.status, `${done.error} ${JSON.stringify(done.steps.filter((s) => s.status !== "succeeded"))}`).to.equal(
      "succeeded",
    );

    // Every node restarted exactly once, in the planned order: new pids, start times in the order of the roll.
    const after = await statuses();
    for (const [id, status] of after) {
      expect(status.state, `node ${id}`).to.equal("running");
      expect(status.pid, `node ${id}`).to.not.equal(before.get(id)?.pid);
      expect(Date.parse(status.startedAt ?? "")).to.be.greaterThan(rollStarted);
    }
    const byStart = [...after.entries()]
      .sort((a, b) => Date.parse(a[1].startedAt ?? "") - Date.parse(b[1].startedAt ?? ""))
      .map(([id]) => id);
    expect(byStart).to.deep.equal(order);
    expect(byStart.indexOf(activeController)).to.equal(2);
    const stops = done.steps.filter((s) => s.kind === "stopNode").map((s) => s.detail as { outcome: string });
    expect(stops.map((d) => d.outcome)).to.deep.equal(Array(6).fill("stopped"));

    // No acknowledged message lost; never below min ISR.
    expect(result.missing, `missing ${result.missing.slice(0, 10).join(", ")}`).to.deep.equal([]);
    expect(result.consumed).to.equal(result.acknowledged);
    expect(result.consumedChecksum).to.equal(result.acknowledgedChecksum);
    expect(result.acknowledged).to.be.greaterThan(1000);
    expect(below, below.slice(0, 5).join("; ")).to.deep.equal([]);
    expect(smallestIsr).to.be.at.least(2);
    expect(polls).to.be.greaterThan(20);
    const perNode = order.map((id) => {
      const of = (kind: string) =>
        done.steps.find((st) => st.kind === kind && (st.args as { nodeId: number }).nodeId === id);
      const ms = Date.parse(of("waitNodeHealthy")?.finishedAt ?? "") - Date.parse(of("stopNode")?.startedAt ?? "");
      return `${id}: ${(ms / 1000).toFixed(1)} s`;
    });
    console.log(`      stop → healthy per node: ${perNode.join(", ")}`);
    console.log(
      `      roll of 6 nodes: ${(rollMs / 1000).toFixed(1)} s; ${result.acknowledged} messages acknowledged and consumed ` +
        `(${result.failedSends.length} failed sends, ${result.consumerRestarts} consumer restarts); ${polls} ISR polls ` +
        `(${failedPolls} failed), smallest ISR ${smallestIsr}; test ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  });

  it("with broker 6 stopped through its agent, restarting broker 4 pauses with a reason naming the partitions at risk and stops nothing; once 6 is back, resume restarts 4", async () => {
    const started = Date.now();
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("risk"),
      partitions: 3,
      replicationFactor: 3,
      configs: { "min.insync.replicas": "2" },
    });
    const broker4 = await cluster.agentFor(4).node(4);
    await cluster.agentFor(6).stopNode(6);
    try {
      const { planned, paused } = await restartUntilSettled([4]);
      expect(paused.status, JSON.stringify(paused.steps)).to.equal("paused");
      expect(paused.error).to.match(
        /^node 4 safe to stop: not so after \d+ s: stopping broker 4 would leave \d+ partitions? below min\.insync\.replicas: /,
      );
      // The reason shows up to ten partitions (this cluster has the first test's topic too); the detail has them all.
      expect(paused.error).to.match(/-\d+ \(1 in-sync replica left, min\.insync\.replicas=2\)/);
      expect(paused.steps.map((s) => s.status)).to.deep.equal(["pending", "pending", "pending", "pending"]);
      const atRisk = (paused.steps[0]?.detail as { partitionsAtRisk?: string[] } | undefined)?.partitionsAtRisk ?? [];
      expect(atRisk).to.include.members([`${topic}-0`, `${topic}-1`, `${topic}-2`]);
      // Nothing was stopped: broker 4 runs the same process.
      const now4 = await cluster.agentFor(4).node(4);
      expect([now4.state, now4.pid]).to.deep.equal(["running", broker4.pid]);
      const pausedAfterMs = Date.now() - started;

      // Broker 6 back and in sync again: a resume checks afresh, finds broker 4 safe and restarts it.
      await cluster.agentFor(6).startNode(6);
      await withAdmin(cluster, (admin) =>
        waitFor(
          "broker 6 back in every ISR",
          async () => {
            const metadata = await admin.metadata({ topics: [topic], forceUpdate: true });
            const partitions = metadata.topics.get(topic)?.partitions ?? [];
            return partitions.length === 3 && partitions.every((p) => p.isr.includes(6)) ? true : undefined;
          },
          { timeoutMs: 120_000, intervalMs: 500 },
        ),
      );
      const resumed = await service.api<Reply>("POST", `/api/v1/operations/${planned.body.id}/resume`, {
        token: service.token,
      });
      expect(resumed.status, resumed.text).to.equal(200);
      const done = await ops.finished(planned.body.id);
      expect(done.status, `${done.error} ${JSON.stringify(done.steps)}`).to.equal("succeeded");
      expect(done.error).to.equal(null);
      const after4 = await cluster.agentFor(4).node(4);
      expect(after4.state).to.equal("running");
      expect(after4.pid).to.not.equal(broker4.pid);

      // Unknown nodes are refused at plan time.
      const unknown = await ops.plan({ type: "restartNodes", params: { nodes: [4, 42] } });
      expect(unknown.status, unknown.text).to.equal(422);
      expect(unknown.body.error).to.deep.equal({
        code: "invalid_request",
        message: "Node 42 is neither a broker nor a controller of the cluster",
      });
      console.log(
        `      paused after ${(pausedAfterMs / 1000).toFixed(1)} s (wait limit ${SAFETY_WAIT_MS / 1000} s); ` +
          `resumed and done ${((Date.now() - started) / 1000).toFixed(1)} s after the start`,
      );
    } finally {
      const six = await cluster.agentFor(6).node(6);
      if (six.state !== "running") await cluster.agentFor(6).startNode(6);
    }
  });

  it("with a follower controller stopped through its agent, restarting the other follower pauses (no caught-up majority without it) and stops nothing; once the first is back, resume restarts it", async () => {
    const leader = (await cluster.state()).quorumLeader;
    const [down, target] = [1, 2, 3].filter((id) => id !== leader) as [number, number];
    const targetBefore = await cluster.agentFor(target).node(target);
    await cluster.agentFor(down).stopNode(down);
    try {
      // A voter that just stopped keeps its last fetch for a few seconds (maxFetchAgeMs 5 s): past that it is behind.
      await new Promise((resolve) => setTimeout(resolve, 6_000));
      const { planned, paused } = await restartUntilSettled([target]);
      expect(paused.status, JSON.stringify(paused.steps)).to.equal("paused");
      expect(paused.error).to.match(
        new RegExp(
          `^node ${target} safe to stop: not so after \\d+ s: stopping controller ${target} would leave 1 caught-up voter of 3, fewer than the majority of 2; not caught up: ${down} \\(`,
        ),
      );
      const nowTarget = await cluster.agentFor(target).node(target);
      expect([nowTarget.state, nowTarget.pid]).to.deep.equal(["running", targetBefore.pid]);

      const restartedAt = Date.now();
      await cluster.agentFor(down).startNode(down);
      // Back means caught up with the quorum again: the gate re-checks for SAFETY_WAIT_MS only, which a controller's
      // start can outlast on a loaded machine (the operation would pause again, rightly).
      await waitFor(
        `controller ${down} caught up again`,
        async () => ((await cluster.state()).voterCaughtUpAt[down] ?? -1) >= restartedAt || undefined,
        { timeoutMs: 120_000, intervalMs: 500 },
      );
      const resumed = await service.api<Reply>("POST", `/api/v1/operations/${planned.body.id}/resume`, {
        token: service.token,
      });
      expect(resumed.status, resumed.text).to.equal(200);
      const done = await ops.finished(planned.body.id);
      expect(done.status, `${done.error} ${JSON.stringify(done.steps)}`).to.equal("succeeded");
      const afterTarget = await cluster.agentFor(target).node(target);
      expect(afterTarget.state).to.equal("running");
      expect(afterTarget.pid).to.not.equal(targetBefore.pid);
    } finally {
      const again = await cluster.agentFor(down).node(down);
      if (again.state !== "running") await cluster.agentFor(down).startNode(down);
    }
  });

  it("autopilot: broker 5's process killed from outside (SIGKILL) under load; a broker_down policy in auto mode restarts it through its agent by itself; nothing acknowledged is lost; the anomaly, the operation and the audit tell the story", async () => {
    const killed = cluster.nodes.find((n) => n.id === 5);
    if (!killed) throw new Error("no node 5");
    const times = await autopilotRestartsKilledNode({
      service,
      clusterId,
      settings: cluster.settings,
      clients: cluster,
      nodeId: 5,
      kill: () => killed.kill(),
      startedAt: async () => (await statuses()).get(5)?.startedAt,
    });
    console.log(
      `      autopilot: broker 5 killed → restart started ${(times.startedMs / 1000).toFixed(1)} s, healthy again ${(times.healthyMs / 1000).toFixed(1)} s; ${times.acknowledged} messages acknowledged and consumed`,
    );
  });

  it("crash safety: the standalone process killed (SIGKILL) mid-roll after broker 4 restarted; the next process resumes without restarting 4 again and restarts 5 once", async () => {
    const started = Date.now();
    const crashable = await crashableService("restart-crash", {
      ...cluster.serviceEnv(),
      OPERATIONS_STEP_DELAY_MS: "2000",
      OPERATIONS_LEASE_MS: "3000",
      OPERATIONS_NODE_HEALTHY_WAIT_MS: "180000",
    });
    try {
      const before = await statuses();
      const first = await crashable.start();
      const registered = await first.api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
        token: first.token,
        body: {
          name: "restart-crash",
          bootstrapServers: cluster.bootstrapServers,
          provider: "agent",
          settings: cluster.settings,
        },
      });
      expect(registered.status, registered.text).to.equal(201);
      const planned = await first.api<Reply>("POST", `/api/v1/clusters/${registered.body.cluster.id}/operations`, {
        token: first.token,
        body: { type: "restartNodes", params: { nodes: [4, 5] } },
      });
      expect(planned.status, planned.text).to.equal(201);
      const id = planned.body.id;
      const confirmed = await first.api<Reply>("POST", `/api/v1/operations/${id}/confirm`, {
        token: first.token,
        body: {},
      });
      expect(confirmed.status, confirmed.text).to.equal(200);
      // Step 4 (index 3) is the wait until broker 4 is healthy again: broker 4 has restarted by then.
      const midRoll = await waitFor(
        "the wait for broker 4 running",
        async () => {
          const now = (await first.api<Reply>("GET", `/api/v1/operations/${id}`, { token: first.token })).body;
          return now.steps[3]?.status === "running" ? now : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 200 },
      );
      expect(await crashable.kill()).to.equal(null);
      expect(midRoll.steps.map((s) => s.status).slice(0, 5)).to.deep.equal([
        "succeeded",
        "succeeded",
        "succeeded",
        "running",
        "pending",
      ]);
      const restarted4 = await cluster.agentFor(4).node(4);
      expect(restarted4.pid).to.not.equal(before.get(4)?.pid);

      // The process that resumes needs no window to be killed in: its steps run without the drill delay.
      const second = await crashable.start({ OPERATIONS_STEP_DELAY_MS: "0" });
      const done = await waitFor(
        "the roll to finish in the new process",
        async () => {
          const now = (await second.api<Reply>("GET", `/api/v1/operations/${id}`, { token: second.token })).body;
          return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
        },
        { timeoutMs: 240_000, intervalMs: 500 },
      );
      expect(done.status, `${done.error} ${JSON.stringify(done.steps)}`).to.equal("succeeded");
      expect(done.steps[3]?.startedAt).to.equal(midRoll.steps[3]?.startedAt);
      const after = await statuses();
      // Broker 4 still runs the process its one restart started; broker 5 restarted once, after it.
      expect(after.get(4)?.pid).to.equal(restarted4.pid);
      expect(after.get(4)?.startedAt).to.equal(restarted4.startedAt);
      expect(after.get(5)?.pid).to.not.equal(before.get(5)?.pid);
      expect(Date.parse(after.get(5)?.startedAt ?? "")).to.be.greaterThan(Date.parse(restarted4.startedAt ?? ""));
      for (const other of [1, 2, 3, 6]) expect(after.get(other)?.pid, `node ${other}`).to.equal(before.get(other)?.pid);
      console.log(`      killed mid-roll and resumed: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    } finally {
      await crashable.cleanup();
    }
  });
  it("crash safety, distributed (FerretDB, BullMQ, two workers): the worker running the roll killed (SIGKILL) while broker 5 is down; the other worker takes it over, starts 5 once and never restarts 4 again", async () => {
    const started = Date.now();
    const [mongo, redis] = await Promise.all([startFerretDb(), startRedis()]);
    const processes: Record<string, StandaloneProcess> = {};
    const admin = { username: "admin", password: "restart-distributed-admin" };
    const env = {
      STORE: "mongo",
      MONGO_URL: `${mongo.url}rolldistributed`,
      QUEUE: "bullmq",
      REDIS_URL: redis.url,
      SECRET_KEY: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      ...cluster.serviceEnv(),
      OPERATIONS_STEP_DELAY_MS: "3000",
      OPERATIONS_LEASE_MS: "3000",
      OPERATIONS_NODE_HEALTHY_WAIT_MS: "180000",
    };
    const start = async (name: string, service: string) => {
      processes[name] = await startServiceProcess(mainOf(service), env);
    };
    try {
      await start("gateway", "api-gateway");
      await Promise.all([start("collector", "collector"), start("worker-1", "operations-worker")]);
      await start("worker-2", "operations-worker");
      const api = apiClient((processes.gateway as StandaloneProcess).url);
      const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
      const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
        token,
        body: {
          name: "restart-distributed",
          bootstrapServers: cluster.bootstrapServers,
          provider: "agent",
          settings: cluster.settings,
        },
      });
      expect(registered.status, registered.text).to.equal(201);
      const before = await statuses();
      const planned = await api<Reply>("POST", `/api/v1/clusters/${registered.body.cluster.id}/operations`, {
        token,
        body: { type: "restartNodes", params: { nodes: [4, 5] } },
      });
      expect(planned.status, planned.text).to.equal(201);
      const id = planned.body.id;
      const startFive = planned.body.steps.findIndex(
        (s) => s.kind === "startNode" && (s.args as { nodeId: number }).nodeId === 5,
      );
      expect(startFive).to.equal(6);
      const confirmed = await api<Reply>("POST", `/api/v1/operations/${id}/confirm`, { token, body: {} });
      expect(confirmed.status, confirmed.text).to.equal(200);
      const read = async () => (await api<Reply>("GET", `/api/v1/operations/${id}`, { token })).body;

      // Broker 5 stopped by the roll, its start recorded as running (the drill's 3 s delay before each step): kill the
      // worker that holds the operation.
      const midRoll = await waitFor(
        "broker 5's start running",
        async () => {
          const now = await read();
          return now.steps[startFive]?.status === "running" ? now : undefined;
        },
        { timeoutMs: 240_000, intervalMs: 100 },
      );
      const tookIt = (name: string) =>
        (processes[name]?.stdout() ?? "")
          .split("\n")
          .some((line) => line.includes(`"operationId":"${id}"`) && line.includes('"msg":"operation taken"'));
      const holder = ["worker-1", "worker-2"].find(tookIt);
      expect(holder, "the worker that took the operation").to.be.a("string");
      const survivor = holder === "worker-1" ? "worker-2" : "worker-1";
      processes[holder as string]?.child.kill("SIGKILL");
      expect(await processes[holder as string]?.exitCode).to.equal(null);
      const killedAt = Date.now();
      expect((await cluster.agentFor(5).node(5)).state).to.equal("stopped");
      const restarted4 = await cluster.agentFor(4).node(4);
      expect(restarted4.pid).to.not.equal(before.get(4)?.pid);
      expect(midRoll.steps.slice(0, startFive).every((s) => s.status === "succeeded")).to.equal(true);

      const done = await waitFor(
        "the roll to finish on the other worker",
        async () => {
          const now = await read();
          return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
        },
        { timeoutMs: 240_000, intervalMs: 500 },
      );
      expect(done.status, `${done.error} ${JSON.stringify(done.steps)}`).to.equal("succeeded");
      expect(processes[survivor]?.stdout()).to.include(`"operationId":"${id}"`);
      // The step the dead worker was in was run again from where it was (same start time), by the survivor.
      expect(done.steps[startFive]?.startedAt).to.equal(midRoll.steps[startFive]?.startedAt);
      const after = await statuses();
      expect(after.get(4)?.pid, "broker 4 not restarted again").to.equal(restarted4.pid);
      expect(after.get(4)?.startedAt).to.equal(restarted4.startedAt);
      expect(after.get(5)?.state).to.equal("running");
      expect(after.get(5)?.pid).to.not.equal(before.get(5)?.pid);
      expect(Date.parse(after.get(5)?.startedAt ?? "")).to.be.greaterThan(killedAt);
      for (const other of [1, 2, 3, 6]) expect(after.get(other)?.pid, `node ${other}`).to.equal(before.get(other)?.pid);
      console.log(
        `      ${holder} killed with broker 5 down; ${survivor} finished the roll ${((Date.now() - killedAt) / 1000).toFixed(1)} s later (test ${((Date.now() - started) / 1000).toFixed(1)} s)`,
      );
    } finally {
      for (const p of Object.values(processes)) p.child.kill("SIGKILL");
      await Promise.all(Object.values(processes).map((p) => p.exitCode));
      await Promise.allSettled([mongo.stop(), redis.stop()]);
      const five = await cluster.agentFor(5).node(5);
      if (five.state !== "running") await cluster.agentFor(5).startNode(5);
    }
  });
});
