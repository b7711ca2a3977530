import { randomBytes } from "node:crypto";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import type { Operation } from "@kcp/shared";
import {
  type Api,
  apiClient,
  freePort,
  getSharedCluster,
  type KafkaCluster,
  type MongoServer,
  type RedisServer,
  startFerretDb,
  startRedis,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { cordonedBrokers } from "./operations-fixture.js";
import { mainOf, type StandaloneProcess, startServiceProcess } from "./process.js";

type Reply = Operation & { error: { code: string; message: string } };
type Readiness = { error?: { code: string; message: string }; checks: Record<string, { ok: boolean }> };
type AuditEntry = { action: string; target?: string; result: string };
/** Two of the three brokers: topics (replication factor 1) still have broker 6 while these are cordoned. */
const BROKERS = [4, 5];
/**
 * Longer than a step (OPERATIONS_STEP_DELAY_MS) plus the MongoDB driver's server selection timeout (5 s), so the
 * worker's store writes fail meanwhile rather than just wait; shorter than the lease (the default 30 s).
 */
const OUTAGE_MS = 12_000;
const admin = { username: "admin", password: "dependency-outage-admin" };
const FINAL = ["succeeded", "failed", "cancelled"];

/** One write made through the API while the dependencies come and go, and what the gateway answered. */
interface Write {
  kind: "user" | "topic";
  name: string;
  status: number;
  /** The error envelope's code when it was refused (undefined: 2xx, or no envelope). */
  code?: string;
}

/**
 * Issue 17 item 10: with the services as separate processes on FerretDB and Redis (each the test's own, persistent),
 * Redis and then the database are stopped for a few seconds in the middle of a running operation and of collections,
 * while writes go through the API. Readiness reports each outage, the processes reconnect by themselves, the
 * operations end as planned, and no acknowledged write or audit entry is lost.
 */
describe("dependencies that fail: Redis, then the database, restarted under separate services mid-operation and mid-collection", function () {
  this.timeout(900_000);
  let redis: RedisServer;
  let mongo: MongoServer;
  let cluster: KafkaCluster;
  const processes: Record<string, StandaloneProcess> = {};
  const pids: Record<string, number | undefined> = {};
  let api: Api;
  let gatewayUrl: string;
  let token: string;
  let clusterId: string;
  let slowClusterId: string;
  const writes: Write[] = [];
  let writing = false;
  let writer: Promise<void> | undefined;
  const prefix = `dep-${Date.now().toString(36)}`;

  const start = async (name: string, service: string, env: Record<string, string>) => {
    processes[name] = await startServiceProcess(mainOf(service), env);
    pids[name] = processes[name]?.child.pid;
  };

  /** Every process's /readyz, by name. */
  const readiness = async () =>
    Object.fromEntries(
      await Promise.all(
        Object.entries(processes).map(async ([name, p]) => {
          const response = await fetch(`${p.url}/readyz`, { signal: AbortSignal.timeout(10_000) });
          return [name, { status: response.status, body: (await response.json()) as Readiness }] as const;
        }),
      ),
    );

  /** Waits until every process reports `failing` not ready (503 not_ready naming it), or every one ready. */
  const untilEveryProcess = (what: "store" | "queue" | "ready") =>
    waitFor(
      what === "ready" ? "every process ready" : `every process reporting its ${what} not ready`,
      async () => {
        const all = await readiness();
        const done = Object.values(all).every(({ status, body }) =>
          what === "ready"
            ? status === 200
            : status === 503 &&
              body.error?.code === "not_ready" &&
              body.error.message.includes(what) &&
              body.checks[what]?.ok === false,
        );
        return done ? all : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 200 },
    );

  const operation = async (id: string) => (await api<Reply>("GET", `/api/v1/operations/${id}`, { token })).body;

  /** Plans and confirms an operation on the brokers, and waits until its first step runs. */
  const runOperation = async (type: "cordonBrokers" | "uncordonBrokers") => {
    const planned = await api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token,
      body: { type, params: { brokers: BROKERS } },
    });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.steps).to.have.length(BROKERS.length);
    const confirmed = await api("POST", `/api/v1/operations/${planned.body.id}/confirm`, { token, body: {} });
    expect(confirmed.status, confirmed.text).to.equal(200);
    await waitFor("the operation's first step running", async () =>
      (await operation(planned.body.id)).steps[0]?.status === "running" ? true : undefined,
    );
    return planned.body.id;
  };

  const finished = (id: string) =>
    waitFor(
      `operation ${id} finished`,
      async () => {
        const now = await operation(id);
        return FINAL.includes(now.status) ? now : undefined;
      },
      { timeoutMs: 180_000, intervalMs: 500 },
    );

  /** A write through the API, with a deadline: an answer never received counts as not acknowledged. */
  const write = async (kind: Write["kind"], n: number) => {
    const name = `${prefix}-${kind[0]}${n}`;
    const [path, body] =
      kind === "user"
        ? ["/api/v1/users", { username: name, password: "dependency-outage-user-pw", role: "viewer" }]
        : [`/api/v1/clusters/${clusterId}/topics`, { name, partitions: 1, replicationFactor: 1 }];
    try {
      const response = await fetch(`${gatewayUrl}${path}`, {
        method: "POST",
        headers: { authorization: `Bearer ${token}`, "x-service-request": "1", "content-type": "application/json" },
        body: JSON.stringify(body),
        signal: AbortSignal.timeout(20_000),
      });
      const text = await response.text();
      let code: string | undefined;
      try {
        code = (JSON.parse(text) as { error?: { code?: string } }).error?.code;
      } catch {
        code = undefined;
      }
      writes.push({ kind, name, status: response.status, ...(code === undefined ? {} : { code }) });
    } catch {
      writes.push({ kind, name, status: 0 }); // no answer: not acknowledged
    }
  };

  const startWriting = () => {
    writing = true;
    writer = (async () => {
      for (let n = 0; writing; n++) {
        await write(n % 2 === 0 ? "user" : "topic", n);
        await new Promise((r) => setTimeout(r, 250));
      }
    })();
  };

  const collectedAt = async (id: string) =>
    Date.parse((await api<{ updatedAt: string }>("GET", `/api/v1/clusters/${id}`, { token })).body.updatedAt);

  before(async () => {
    [cluster, redis, mongo] = await Promise.all([
      getSharedCluster("3c3b"),
      startRedis({ persistent: true }),
      startFerretDb(),
    ]);
    const env = {
      STORE: "mongo",
      MONGO_URL: `${mongo.url}outage`,
      QUEUE: "bullmq",
      REDIS_URL: redis.url,
      QUEUE_PREFIX: "outage",
      SECRET_KEY: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      COLLECT_TIMEOUT_MS: "8000",
      COLLECT_INTERVAL_SECONDS: "5",
      OPERATIONS_STEP_DELAY_MS: "4000",
    };
    await start("gateway", "api-gateway", env);
    await start("audit", "audit", env);
    await Promise.all([start("collector-1", "collector", env), start("collector-2", "collector", env)]);
    await Promise.all([start("worker-1", "operations-worker", env), start("worker-2", "operations-worker", env)]);
    gatewayUrl = (processes.gateway as StandaloneProcess).url;
    api = apiClient(gatewayUrl);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "outage-3c3b", bootstrapServers: cluster.bootstrapServers },
    });
    expect(registered.status, registered.text).to.equal(201);
    clusterId = registered.body.cluster.id;
    // A cluster nobody answers for: each of its collections runs until COLLECT_TIMEOUT_MS, so one is always under way.
    const slow = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "outage-silent", bootstrapServers: [`127.0.0.1:${await freePort()}`], skipTest: true },
    });
    expect(slow.status, slow.text).to.equal(201);
    slowClusterId = slow.body.cluster.id;
    const refreshed = await api("POST", `/api/v1/clusters/${clusterId}/refresh`, { token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    await untilEveryProcess("ready");
  });

  after(async () => {
    writing = false;
    await writer;
    // The shared cluster's brokers are left as found: the Redis test cordons them.
    await runOperation("uncordonBrokers")
      .then(finished)
      .catch(() => undefined);
    const logDir = process.env.OUTAGE_LOG_DIR; // keeps every process's output, to study a run
    if (logDir)
      for (const [name, p] of Object.entries(processes)) writeFileSync(join(logDir, `${name}.log`), p.stdout());
    for (const running of Object.values(processes)) running.child.kill("SIGKILL");
    await Promise.all(Object.values(processes).map((p) => p.exitCode));
    await Promise.allSettled([redis?.stop(), mongo?.stop()]);
  });

  afterEach(function () {
    if (this.currentTest?.state !== "failed") return;
    for (const [name, p] of Object.entries(processes))
      process.stderr.write(`\n----- ${name} -----\n${p.stdout().split("\n").slice(-60).join("\n")}\n`);
  });

  it("Redis stopped for a few seconds mid-operation: /readyz names the queue, everything reconnects, the operation ends as planned", async () => {
    startWriting();
    const id = await runOperation("cordonBrokers");
    await redis.stop();
    const down = Date.now();
    const during = await untilEveryProcess("queue");
    const noticed = Date.now() - down;
    for (const [name, { body }] of Object.entries(during)) expect(body.checks.store?.ok, name).to.equal(true);
    // A request that waits for a job (a refresh) fails cleanly instead of hanging.
    const refresh = await fetch(`${gatewayUrl}/api/v1/clusters/${clusterId}/refresh`, {
      method: "POST",
      headers: { authorization: `Bearer ${token}`, "x-service-request": "1" },
      signal: AbortSignal.timeout(20_000),
    });
    const refused = (await refresh.json()) as { error?: { code: string } };
    expect(refresh.status, JSON.stringify(refused)).to.be.at.least(500);
    expect(refused.error?.code).to.be.a("string");
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - down))));
    await redis.restart();
    const back = Date.now();
    await untilEveryProcess("ready");
    const recovery = Date.now() - back;
    process.stdout.write(
      `      Redis down: every /readyz 503 after ${noticed} ms; ready again ${recovery} ms after its return\n`,
    );
    expect(recovery, "readiness back within").to.be.below(15_000);

    const done = await finished(id);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done.steps.map((s) => s.status)).to.deep.equal(BROKERS.map(() => "succeeded"));
    expect(await cordonedBrokers(cluster, BROKERS)).to.deep.equal(BROKERS);
    // Collections go on after the outage, for the cluster that answers and for the one that does not.
    await waitFor("collections after Redis came back", async () =>
      (await collectedAt(clusterId)) > back && (await collectedAt(slowClusterId)) > back ? true : undefined,
    );
  });

  // On 2 loaded cores one collector's driver client once stayed cut off from FerretDB after its return (readiness
  // failing past 60 s, every command "connection N to … closed"): the store's ClientWatchdog replaces such a client.
  it("the database stopped for a few seconds mid-operation: /readyz names the store, everything reconnects, the operation ends as planned", async () => {
    const id = await runOperation("uncordonBrokers");
    await mongo.stop();
    const down = Date.now();
    const during = await untilEveryProcess("store");
    const noticed = Date.now() - down;
    for (const [name, { body }] of Object.entries(during)) expect(body.checks.queue?.ok, name).to.equal(true);
    await new Promise((r) => setTimeout(r, Math.max(0, OUTAGE_MS - (Date.now() - down))));
    await mongo.restart();
    const back = Date.now();
    await untilEveryProcess("ready");
    const recovery = Date.now() - back;
    process.stdout.write(
      `      database down: every /readyz 503 after ${noticed} ms; ready again ${recovery} ms after its return\n`,
    );
    expect(recovery, "readiness back within").to.be.below(20_000);

    const done = await finished(id);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done.steps.map((s) => s.status)).to.deep.equal(BROKERS.map(() => "succeeded"));
    expect(await cordonedBrokers(cluster, BROKERS)).to.deep.equal([]);
    // The worker waited for the store (its step's record failed while it was away) instead of giving the run up.
    const workers = ["worker-1", "worker-2"].map((name) => processes[name]?.stdout() ?? "").join("");
    expect(workers).to.include("store unreachable; the operation waits for it while its lease holds");
    expect(workers).to.not.include("operation run interrupted");
    await waitFor("collections after the database came back", async () =>
      (await collectedAt(clusterId)) > back && (await collectedAt(slowClusterId)) > back ? true : undefined,
    );
    writing = false;
    await writer;
  });

  it("no process was restarted, and a refresh (a collection waited for) works through the queue again", async () => {
    for (const [name, p] of Object.entries(processes)) {
      expect(p.child.exitCode, name).to.equal(null);
      expect(p.child.signalCode, name).to.equal(null);
      expect(p.child.pid, name).to.equal(pids[name]);
    }
    const refreshed = await api("POST", `/api/v1/clusters/${clusterId}/refresh`, { token });
    expect(refreshed.status, refreshed.text).to.equal(200);
  });

  it("every acknowledged write is there, with its audit entry; a refused one was refused with a 5xx envelope", async () => {
    const acknowledged = writes.filter((w) => w.status >= 200 && w.status < 300);
    const refused = writes.filter((w) => !(w.status >= 200 && w.status < 300));
    process.stdout.write(
      `      writes: ${writes.length}, acknowledged ${acknowledged.length}, refused ${refused.length} (${[
        ...new Set(refused.map((w) => `${w.status} ${w.code ?? "-"}`)),
      ].join(", ")})\n`,
    );
    expect(acknowledged.filter((w) => w.kind === "user")).to.not.be.empty;
    expect(acknowledged.filter((w) => w.kind === "topic")).to.not.be.empty;
    // Writes are refused only while the database is away.
    expect(refused, "some writes met an outage").to.not.be.empty;
    for (const w of refused) {
      expect(w.status, JSON.stringify(w)).to.satisfy((s: number) => s === 0 || s >= 500);
      if (w.status !== 0) expect(w.code, JSON.stringify(w)).to.be.a("string");
    }

    const users = (await api<{ users: { username: string }[] }>("GET", "/api/v1/users", { token })).body.users;
    const topics = await withAdmin(cluster, (a) => a.listTopics());
    for (const w of acknowledged) {
      if (w.kind === "user")
        expect(
          users.map((u) => u.username),
          w.name,
        ).to.include(w.name);
      else expect(topics, w.name).to.include(w.name);
    }

    const missingAudit = async () => {
      const entries = (await api<{ entries: AuditEntry[] }>("GET", "/api/v1/audit?limit=1000", { token })).body.entries;
      const done = new Set(
        entries
          .filter((e) => e.result === "success" && (e.action === "user.create" || e.action === "topic.create"))
          .map((e) => e.target),
      );
      return acknowledged.filter((w) => !done.has(w.name)).map((w) => w.name);
    };
    // Entries sent through the queue (when the store refused them) arrive a little later.
    await waitFor("an audit entry for every acknowledged write", async () =>
      (await missingAudit()).length === 0 ? true : undefined,
    ).catch(() => undefined);
    expect(await missingAudit(), "acknowledged writes without an audit entry").to.deep.equal([]);

    // The operations' own transitions are audited too (by the worker, through the queue or directly).
    const entries = (
      await api<{ entries: AuditEntry[] }>("GET", `/api/v1/audit?clusterId=${clusterId}&limit=1000`, {
        token,
      })
    ).body.entries;
    const finishes = entries.filter((e) => e.action === "operation.finish" && e.result === "success");
    // Two operations ran, each through an outage.
    expect(finishes).to.have.length(2);
    const steps = entries.filter((e) => e.action === "operation.step" && e.result === "success");
    expect(steps.length).to.be.at.least(2 * BROKERS.length);

    // Leave the shared cluster without the test's topics.
    const mine = topics.filter((t) => t.startsWith(prefix));
    if (mine.length > 0) await withAdmin(cluster, (a) => a.deleteTopics({ topics: mine }));
  });
});
