import { randomBytes } from "node:crypto";
import type { Anomaly, Operation } from "@kcp/shared";
import {
  type Api,
  apiClient,
  createTopic,
  getSharedCluster,
  getSharedMongo,
  type KafkaCluster,
  prometheusValue,
  type RedisServer,
  startRedis,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { leadership, tilt } from "./autopilot-fixture.js";
import { cordonedBrokers } from "./operations-fixture.js";
import { mainOf, runStandaloneToExit, type StandaloneProcess, startServiceProcess } from "./process.js";

type Reply = Operation & { error: { code: string; message: string } };
const BROKERS = [4, 5, 6];
const admin = { username: "admin", password: "separate-services-admin" };

describe("the services as separate processes (STORE=mongo QUEUE=bullmq): gateway ×2, collector ×2, worker ×2, audit", function () {
  this.timeout(600_000);
  let redis: RedisServer;
  let cluster: KafkaCluster;
  let env: Record<string, string>;
  const processes: Record<string, StandaloneProcess> = {};
  let api: Api;
  let token: string;
  let clusterId: string;

  const start = async (name: string, service: string, extra: Record<string, string> = {}) => {
    processes[name] = await startServiceProcess(mainOf(service), { ...env, ...extra });
    return processes[name] as StandaloneProcess;
  };

  before(async () => {
    cluster = await getSharedCluster("3c3b");
    redis = await startRedis();
    const mongo = await getSharedMongo();
    env = {
      STORE: "mongo",
      MONGO_URL: `${mongo.url}separate_${Date.now()}`,
      QUEUE: "bullmq",
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `separate-${Date.now()}`,
      SECRET_KEY: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      COLLECT_TIMEOUT_MS: "15000",
      OPERATIONS_STEP_DELAY_MS: "2000",
      OPERATIONS_LEASE_MS: "3000",
    };
    await start("gateway", "api-gateway");
    await start("audit", "audit");
    await Promise.all([start("collector-1", "collector"), start("collector-2", "collector")]);
    await Promise.all([start("worker-1", "operations-worker"), start("worker-2", "operations-worker")]);
    api = apiClient((processes.gateway as StandaloneProcess).url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
  });

  after(async () => {
    for (const running of Object.values(processes)) running.child.kill("SIGKILL");
    await Promise.all(Object.values(processes).map((p) => p.exitCode));
    await redis?.stop();
  });

  it("a service started on its own refuses the embedded store and in-process queue, naming the setting", async () => {
    for (const service of ["api-gateway", "collector", "operations-worker", "audit"]) {
      const { code, output } = await runStandaloneToExit({ SECRET_KEY: env.SECRET_KEY as string }, mainOf(service));
      expect(code, service).to.equal(1);
      expect(output, service).to.match(/STORE.*needs STORE=mongo and QUEUE=bullmq/);
    }
  });

  it("each process answers /healthz, /readyz (its store and queue) and /metrics under its service name", async () => {
    for (const [name, running] of Object.entries(processes)) {
      expect((await fetch(`${running.url}/healthz`)).status, name).to.equal(200);
      await waitFor(`${name} ready`, async () =>
        (await fetch(`${running.url}/readyz`)).status === 200 ? true : undefined,
      );
      const metrics = await (await fetch(`${running.url}/metrics`)).text();
      const service = name.replace(/-\d$/, "").replace("gateway", "api-gateway").replace("worker", "operations-worker");
      expect(prometheusValue(metrics, "kcp_process_cpu_user_seconds_total", { service }), name).to.be.a("number");
    }
  });

  it("runs the API scenario across them: register, refresh, topic, produce, plan, confirm, audit", async () => {
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "separate-3c3b", bootstrapServers: cluster.bootstrapServers },
    });
    expect(registered.status, registered.text).to.equal(201);
    clusterId = registered.body.cluster.id;
    const refreshed = await api<{ snapshot?: { brokers: unknown[] } }>(
      "POST",
      `/api/v1/clusters/${clusterId}/refresh`,
      { token },
    );
    expect(refreshed.status, refreshed.text).to.equal(200);
    expect(refreshed.body.snapshot?.brokers).to.have.length(3);
    const topic = uniqueTopicName("separate");
    const created = await api("POST", `/api/v1/clusters/${clusterId}/topics`, {
      token,
      body: { name: topic, partitions: 2, replicationFactor: 3 },
    });
    expect(created.status, created.text).to.equal(201);
    const produced = await api("POST", `/api/v1/clusters/${clusterId}/topics/${topic}/messages`, {
      token,
      body: { key: "k", value: "v" },
    });
    expect(produced.status, produced.text).to.equal(200);
  });

  it("a worker killed with SIGKILL while it runs an operation: the other worker finishes it", async () => {
    const planned = await api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token,
      body: { type: "cordonBrokers", params: { brokers: BROKERS } },
    });
    expect(planned.status, planned.text).to.equal(201);
    const id = planned.body.id;
    expect((await api("POST", `/api/v1/operations/${id}/confirm`, { token, body: {} })).status).to.equal(200);
    const holder = await waitFor("the worker that took the operation", async () =>
      ["worker-1", "worker-2"].find((name) => processes[name]?.stdout().includes(`"operationId":"${id}"`)),
    );
    await waitFor("the second step running", async () =>
      (await api<Reply>("GET", `/api/v1/operations/${id}`, { token })).body.steps[1]?.status === "running"
        ? true
        : undefined,
    );
    processes[holder]?.child.kill("SIGKILL");
    await processes[holder]?.exitCode;
    const done = await waitFor(
      "the operation finished by the other worker",
      async () => {
        const now = (await api<Reply>("GET", `/api/v1/operations/${id}`, { token })).body;
        return ["succeeded", "failed", "cancelled"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 90_000 },
    );
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    const other = holder === "worker-1" ? "worker-2" : "worker-1";
    expect(processes[other]?.stdout()).to.include(`"operationId":"${id}"`);
    expect(await cordonedBrokers(cluster, BROKERS)).to.deep.equal(BROKERS);

    const entries = await waitFor("the audit service's entries", async () => {
      const audit = await api<{ entries: { action: string; target?: string }[] }>(
        "GET",
        `/api/v1/audit?clusterId=${clusterId}&limit=200`,
        { token },
      );
      const mine = audit.body.entries.filter((e) => e.target === id).map((e) => e.action);
      return mine.includes("operation.finish") ? mine : undefined;
    });
    expect(entries).to.include.members(["operation.plan", "operation.confirm", "operation.start", "operation.step"]);

    // Restore the shared cluster (through the worker that is left).
    const uncordon = await api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token,
      body: { type: "uncordonBrokers", params: { brokers: BROKERS } },
    });
    await api("POST", `/api/v1/operations/${uncordon.body.id}/confirm`, { token, body: {} });
    await waitFor(
      "uncordoned",
      async () =>
        (await api<Reply>("GET", `/api/v1/operations/${uncordon.body.id}`, { token })).body.status === "succeeded"
          ? true
          : undefined,
      { timeoutMs: 90_000 },
    );
    expect(await cordonedBrokers(cluster, BROKERS)).to.deep.equal([]);
  });

  it("autopilot across processes: two collectors and two workers act once on a leader imbalance; the worker running the election, then a collector, killed (SIGKILL) mid-action: it completes once, the anomaly is acted on once", async () => {
    const call = <T = Reply>(method: string, path: string, body?: unknown) =>
      api<T & Reply>(method, path, { token, ...(body === undefined ? {} : { body }) });
    // Two workers and two collectors (an earlier test killed a worker).
    const revive = async () => {
      for (const [name, service] of [
        ["worker-1", "operations-worker"],
        ["worker-2", "operations-worker"],
        ["collector-1", "collector"],
        ["collector-2", "collector"],
      ] as const)
        if (processes[name]?.child.exitCode !== null || processes[name]?.child.signalCode !== null)
          await start(name, service);
    };
    await revive();
    const settings = { collectionIntervalSeconds: 5 };
    expect((await call("PATCH", `/api/v1/clusters/${clusterId}`, { settings })).status).to.equal(200);
    const topic = await createTopic(cluster, { name: uniqueTopicName("tilted"), partitions: 6, replicationFactor: 3 });
    await tilt(cluster, topic);
    const name = "prefer-leaders-everywhere";
    const policy = await call<{ policy: { id: string } }>("POST", "/api/v1/policies", {
      name,
      scope: { clusterId },
      // Any partition of the shared cluster off its preferred leader (its other topics may hold many partitions).
      trigger: { code: "leader_imbalance", for: "1s", thresholdPercent: 0.1 },
      action: { type: "electLeaders" },
      mode: "auto",
      guardRails: { cooldown: "10m" },
    });
    expect(policy.status, policy.text).to.equal(201);
    try {
      const acted = await waitFor(
        "the autopilot to act",
        async () =>
          (
            await call<{ anomalies: Anomaly[] }>("GET", `/api/v1/clusters/${clusterId}/anomalies?code=leader_imbalance`)
          ).body.anomalies.find((a) => a.events.some((e) => e.policy === name && e.kind === "acted")),
        { timeoutMs: 120_000, intervalMs: 500 },
      );
      const id = acted.events.find((e) => e.kind === "acted")?.operationId as string;
      const taken = (line: string) => line.includes(`"operationId":"${id}"`) && line.includes("operation taken");
      const holder = await waitFor("the worker that took the autopilot's election", async () =>
        ["worker-1", "worker-2"].find((w) => processes[w]?.stdout().split("\n").some(taken)),
      );
      await waitFor("its step running", async () =>
        (await call<Operation>("GET", `/api/v1/operations/${id}`)).body.steps[0]?.status === "running"
          ? true
          : undefined,
      );
      for (const killed of [holder, "collector-1"]) {
        processes[killed]?.child.kill("SIGKILL");
        await processes[killed]?.exitCode;
      }
      const other = holder === "worker-1" ? "worker-2" : "worker-1";
      const done = await waitFor(
        "the election finished by the other worker",
        async () => {
          const now = (await call<Operation>("GET", `/api/v1/operations/${id}`)).body;
          if (["succeeded", "failed", "cancelled", "paused"].includes(now.status)) return now;
          // Not yet: the operation and what the other worker said last go into the timeout's message.
          const said = processes[other]?.stdout().split("\n").slice(-15).join("\n");
          throw new Error(`${now.status} ${JSON.stringify(now.steps)}; ${other} said:\n${said}`);
        },
        { timeoutMs: 90_000 },
      );
      expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
      expect(processes[other]?.stdout().split("\n").some(taken)).to.equal(true);
      const after = await leadership(cluster, topic);
      expect(after.map((p) => p.leader)).to.deep.equal(after.map((p) => p.replicas[0]));
      const cleared = await waitFor("the anomaly to clear", async () => {
        const read = await call<{ anomalies: Anomaly[] }>(
          "GET",
          `/api/v1/clusters/${clusterId}/anomalies?code=leader_imbalance&state=cleared`,
        );
        return read.body.anomalies.find((a) => a.id === acted.id);
      });
      // Once: one operation of the policy, one "acted" on the anomaly, whatever each collector and worker saw.
      expect(cleared.events.filter((e) => e.kind === "acted").map((e) => e.operationId)).to.deep.equal([id]);
      const ops = (await call<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body
        .operations;
      expect(ops.filter((o) => o.createdBy === `autopilot:${name}`).map((o) => o.id)).to.deep.equal([id]);
    } finally {
      await call("DELETE", `/api/v1/policies/${policy.body.policy.id}`);
      await call("PATCH", `/api/v1/clusters/${clusterId}`, { settings: {} });
      await revive();
    }
  });

  it("a collector killed: collections go on in the other one", async () => {
    const killed = processes["collector-1"] as StandaloneProcess;
    killed.child.kill("SIGKILL");
    await killed.exitCode;
    const before = (await api<{ updatedAt: string }>("GET", `/api/v1/clusters/${clusterId}`, { token })).body.updatedAt;
    const refreshed = await api<{ updatedAt: string }>("POST", `/api/v1/clusters/${clusterId}/refresh`, { token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    expect(Date.parse(refreshed.body.updatedAt)).to.be.greaterThan(Date.parse(before));
    expect(processes["collector-2"]?.stdout()).to.include(`"clusterId":"${clusterId}"`);
  });

  it("a second gateway sees the same sessions and the same login throttling", async () => {
    const second = apiClient((await start("gateway-2", "api-gateway")).url);
    const me = await second<{ user: { username: string } }>("GET", "/api/v1/auth/me", { token });
    expect(me.status).to.equal(200);
    expect(me.body.user.username).to.equal(admin.username);
    const wrong = { username: admin.username, password: "not-the-password" };
    for (let i = 0; i < 5; i++)
      expect((await api("POST", "/api/v1/auth/login", { body: wrong })).status, `attempt ${i + 1}`).to.equal(401);
    const locked = await second<Reply>("POST", "/api/v1/auth/login", { body: admin });
    expect(locked.status).to.equal(429);
    expect(locked.body.error.code).to.equal("too_many_attempts");
  });

  it("every process stops gracefully on SIGTERM (exit code 0)", async () => {
    const alive = Object.entries(processes).filter(([, p]) => p.child.exitCode === null && p.child.signalCode === null);
    expect(alive.map(([name]) => name)).to.include.members(["gateway", "gateway-2", "audit", "collector-2"]);
    for (const [, running] of alive) running.child.kill("SIGTERM");
    const codes = await Promise.all(alive.map(async ([name, p]) => [name, await p.exitCode] as const));
    for (const [name, code] of codes) expect(code, name).to.equal(0);
  });
});
