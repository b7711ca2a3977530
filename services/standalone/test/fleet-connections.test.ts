import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ConnectionTarget, KafkaClients } from "@kcp/kafka";
import {
  type Api,
  apiClient,
  createConsumerGroupWithOffsets,
  createTopic,
  type KafkaCluster,
  produceMessages,
  startCluster,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { connectionsOf, type OpenedCounts, openedFor, portOf } from "./fleet-fixture.js";
import { type StandaloneProcess, startStandaloneProcess } from "./process.js";

type View = {
  updatedAt: string;
  health: { status: string; issues: { code: string }[]; brokers?: number; brokersAlive?: number };
};

const admin = { username: "admin", password: "fleet-connections-admin" };
const NEW_PASSWORD = "fleet-connections-changed-secret";

/**
 * Long-lived Kafka clients, proved on the real standalone process (a child process, its HTTP API and its /metrics)
 * against a real Kafka cluster of its own (the `secure` topology: one node with a PLAINTEXT listener and a SCRAM one,
 * restarted and its password changed here). Each cluster's `kcp_kafka_clients_opened_total` and
 * `kcp_kafka_connections_opened_total` are compared with what the kernel says the process holds open to the
 * broker's listener (`ss`, by local address): a connection closed and opened again shows as another local port.
 *
 * Scheduled collections are kept out of the way (COLLECT_INTERVAL_SECONDS=3600): the only collections are those of a
 * registration, a PATCH and the refreshes the tests ask for, so what a test counts is what it did.
 */
describe("fleet scale: one long-lived Kafka client per cluster in the standalone process (its /metrics and its sockets)", function () {
  this.timeout(300_000);
  let kafka: KafkaCluster;
  let dataDir: string;
  let service: StandaloneProcess;
  let pid: number;
  let api: Api;
  let token: string;
  let plainId: string;
  let scramId: string;
  let plainPort: number;
  let scramPort: number;
  const topic = uniqueTopicName("fleet-conn");
  const group = uniqueTopicName("fleet-conn-group");

  const call = (method: string, path: string, body?: unknown) =>
    api<Record<string, unknown>>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const opened = (id: string): Promise<OpenedCounts> => openedFor(service.url, id);

  /** What an operator's screen asks of a cluster: topics, groups, a topic, a group, a browse (all 200). */
  const round = async (id: string) => {
    const base = `/api/v1/clusters/${id}`;
    for (const path of [
      `${base}/topics`,
      `${base}/groups`,
      `${base}/topics/${topic}`,
      `${base}/groups/${group}`,
      `${base}/topics/${topic}/messages?from=beginning&limit=5`,
    ]) {
      const answer = await call("GET", path);
      expect(answer.status, `${path}: ${answer.text}`).to.equal(200);
    }
  };

  const register = async (body: Record<string, unknown>) => {
    const registered = await call("POST", "/api/v1/clusters", body);
    expect(registered.status, registered.text).to.equal(201);
    return (registered.body as { cluster: { id: string } }).cluster.id;
  };

  before(async () => {
    [kafka, dataDir] = await Promise.all([
      startCluster({ topology: "secure", name: "fleet-connections" }),
      mkdtemp(join(tmpdir(), "kcp-fleet-connections-")),
    ]);
    service = await startStandaloneProcess({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      COLLECT_INTERVAL_SECONDS: "3600",
      COLLECT_TIMEOUT_MS: "15000",
    });
    pid = service.child.pid as number;
    api = apiClient(service.url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    await createTopic(kafka, { name: topic, partitions: 3 });
    await produceMessages(kafka, topic, 30);
    await createConsumerGroupWithOffsets(kafka, { groupId: group, topic, offsets: { 0: 1, 1: 2, 2: 3 } });
    const listeners = kafka.describe().listeners;
    const plain = listeners.PLAINTEXT as string[];
    const sasl = listeners.SASL_PLAINTEXT as string[];
    plainPort = portOf(plain[0] as string);
    scramPort = portOf(sasl[0] as string);
    plainId = await register({ name: "fleet-plain", bootstrapServers: plain });
    const superUser = kafka.spec.credentials?.superUser ?? { username: "", password: "" };
    scramId = await register({
      name: "fleet-scram",
      bootstrapServers: sasl,
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: superUser.username },
      secrets: { password: superUser.password },
    });
  });

  after(async () => {
    if (service) {
      service.child.kill("SIGKILL");
      await service.exitCode;
    }
    await kafka?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("steady state: after a first round of calls, 25 more rounds (125 calls) and a refresh open no client and no connection", async () => {
    // The first rounds open what the calls need (the admin's connection, the bulk lane); a refresh is a collection
    // through the same client.
    await round(plainId);
    await round(plainId);
    expect((await call("POST", `/api/v1/clusters/${plainId}/refresh`)).status).to.equal(200);
    const before = await opened(plainId);
    const socketsBefore = await connectionsOf(pid, plainPort);
    expect(before.clients, "one client since the registration").to.equal(1);
    expect(before.connections).to.be.greaterThan(0);
    expect(socketsBefore.size, "the process holds its connections open between calls").to.be.greaterThan(0);

    for (let i = 0; i < 25; i++) await round(plainId);
    expect((await call("POST", `/api/v1/clusters/${plainId}/refresh`)).status).to.equal(200);

    expect(await opened(plainId)).to.deep.equal(before);
    expect([...(await connectionsOf(pid, plainPort))].sort(), "the very same sockets").to.deep.equal(
      [...socketsBefore].sort(),
    );
  });

  it("50 concurrent clients (list topics, list groups, describe a topic, side by side) open no connection", async () => {
    const before = await opened(plainId);
    const socketsBefore = await connectionsOf(pid, plainPort);
    const base = `/api/v1/clusters/${plainId}`;
    const paths = [`${base}/topics`, `${base}/groups`, `${base}/topics/${topic}`];
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => {
        // Each its own HTTP client (fetch's keep-alive pool is the process's; the concurrency is what matters here).
        const path = paths[i % paths.length] as string;
        return fetch(`${service.url}${path}`, { headers: { authorization: `Bearer ${token}` } }).then(async (r) => ({
          path,
          status: r.status,
          text: await r.text(),
        }));
      }),
    );
    for (const answer of answers) expect(answer.status, `${answer.path}: ${answer.text}`).to.equal(200);
    expect(await opened(plainId)).to.deep.equal(before);
    expect([...(await connectionsOf(pid, plainPort))].sort()).to.deep.equal([...socketsBefore].sort());
  });

  it("a changed password (SCRAM, changed in Kafka, then the stored secret PATCHed): a new client is opened once and answers; the old one's connections are closed", async () => {
    await round(scramId);
    const before = await opened(scramId);
    const oldSockets = await connectionsOf(pid, scramPort);
    expect(before.clients).to.equal(1);
    expect(oldSockets.size).to.be.greaterThan(0);

    // Changed in Kafka through the API itself (the old client, still logged in on its connections; SCRAM credentials
    // are not collected, so no collection follows).
    const changed = await call("PUT", `/api/v1/clusters/${scramId}/scram-users/admin/SCRAM-SHA-512`, {
      password: NEW_PASSWORD,
    });
    expect(changed.status, changed.text).to.equal(200);
    // Kafka applies a credential from its metadata log: a login with it is awaited (from this test process).
    await waitFor(
      "a login with the changed password",
      () =>
        withAdmin(kafka, (a) => a.metadata({ topics: [] }), {
          listener: "SASL_PLAINTEXT",
          mechanism: "SCRAM-SHA-512",
          username: "admin",
          password: NEW_PASSWORD,
        }).then(() => true),
      { timeoutMs: 30_000, intervalMs: 300 },
    );

    const patched = await call("PATCH", `/api/v1/clusters/${scramId}`, { secrets: { password: NEW_PASSWORD } });
    expect(patched.status, patched.text).to.equal(200);
    await round(scramId);
    await round(scramId);
    const after = await opened(scramId);
    expect(after.clients - before.clients, "one new client (the new version of the cluster's secrets)").to.equal(1);
    expect(after.connections).to.be.greaterThan(before.connections);

    // The old client is closed (asynchronously, once its last call ended): none of its sockets is left.
    const now = await waitFor("the old client's connections closed", async () => {
      const sockets = await connectionsOf(pid, scramPort);
      return [...oldSockets].some((s) => sockets.has(s)) ? undefined : sockets;
    });
    expect(now.size, "the new client's connections").to.be.greaterThan(0);
    // And the new client is the one kept: more calls reuse it.
    await round(scramId);
    expect((await opened(scramId)).clients).to.equal(after.clients);
  });

  it("a forgotten cluster (DELETE): its client is closed, its connections with it; the other cluster's stay", async () => {
    const scramSockets = await connectionsOf(pid, scramPort);
    const plainSockets = await connectionsOf(pid, plainPort);
    expect(scramSockets.size).to.be.greaterThan(0);
    const deleted = await call("DELETE", `/api/v1/clusters/${scramId}`);
    expect(deleted.status, deleted.text).to.equal(200);
    await waitFor("no connection of the forgotten cluster left", async () =>
      (await connectionsOf(pid, scramPort)).size === 0 ? true : undefined,
    );
    expect([...(await connectionsOf(pid, plainPort))].sort(), "the other cluster's client untouched").to.deep.equal(
      [...plainSockets].sort(),
    );
    // Registered again (another id): a client of its own, opened once.
    const superUser = kafka.spec.credentials?.superUser ?? { username: "", password: "" };
    scramId = await register({
      name: "fleet-scram-again",
      bootstrapServers: kafka.describe().listeners.SASL_PLAINTEXT,
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: superUser.username },
      secrets: { password: NEW_PASSWORD },
    });
    await round(scramId);
    expect((await opened(scramId)).clients).to.equal(1);
  });

  it("a broker restart: the same client opens its connection again (no new client), the next calls answer, and the cluster is not reported down once the broker is back", async () => {
    await round(plainId);
    const before = await opened(plainId);
    const socketsBefore = await connectionsOf(pid, plainPort);
    const node = kafka.node(1);
    await node.stop();
    await node.start();
    await kafka.waitUntilReady();
    // The first call after the restart may meet the broker still loading its partitions: the first full round that
    // answers is awaited, then every call answers.
    await waitFor("a round of calls answering after the restart", () => round(plainId).then(() => true), {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
    for (let i = 0; i < 3; i++) await round(plainId);
    const after = await opened(plainId);
    expect(after.clients, "the same client").to.equal(before.clients);
    const reopened = after.connections - before.connections;
    expect(reopened, "connections opened again").to.be.greaterThan(0);
    expect(reopened, "no more than the client had open before the restart").to.be.at.most(socketsBefore.size);
    const sockets = await connectionsOf(pid, plainPort);
    expect(
      [...sockets].filter((s) => socketsBefore.has(s)),
      "the old sockets died with the broker",
    ).to.deep.equal([]);

    const refreshed = await call("POST", `/api/v1/clusters/${plainId}/refresh`);
    expect(refreshed.status, refreshed.text).to.equal(200);
    const health = (refreshed.body as View).health;
    expect(health.status).to.be.oneOf(["ok", "warning"]);
    expect(health.issues.map((i) => i.code)).to.not.include.members(["cluster_unreachable", "broker_down"]);
    expect(health.brokersAlive).to.equal(health.brokers);
    expect((await opened(plainId)).clients, "the collection used the same client").to.equal(before.clients);
  });

  it("a collection while the broker is down reports it unreachable; once back, the next calls answer and the next collection reports it reachable, on the same client (only a collection abandoned at its deadline drops its client)", async () => {
    await round(plainId);
    const before = await opened(plainId);
    const node = kafka.node(1);
    await node.stop();
    const down = await call("POST", `/api/v1/clusters/${plainId}/refresh`);
    // The collection ran and stored an unreachable view (the refresh answers it, or 502 cluster_unreachable).
    const view = (await call("GET", `/api/v1/clusters/${plainId}`)).body as View;
    expect([down.status, view.health.status], down.text).to.satisfy(
      ([status, health]: [number, string]) => (status === 200 || status === 502) && health === "unreachable",
    );
    const downAt = Date.parse(view.updatedAt);
    await node.start();
    await kafka.waitUntilReady();
    await waitFor("a round of calls answering after the restart", () => round(plainId).then(() => true), {
      timeoutMs: 60_000,
      intervalMs: 500,
    });
    const refreshed = await call("POST", `/api/v1/clusters/${plainId}/refresh`);
    expect(refreshed.status, refreshed.text).to.equal(200);
    const back = refreshed.body as View;
    expect(Date.parse(back.updatedAt)).to.be.greaterThan(downAt);
    expect(back.health.status).to.be.oneOf(["ok", "warning"]);
    expect(back.health.issues.map((i) => i.code)).to.not.include.members(["cluster_unreachable", "broker_down"]);
    const after = await opened(plainId);
    expect(after.clients, "refused connections keep the client: it connects again").to.equal(before.clients);
    // Steady again: more calls open nothing.
    for (let i = 0; i < 3; i++) await round(plainId);
    expect(await opened(plainId)).to.deep.equal(after);
  });

  it("idle close (KAFKA_CLIENT_IDLE_SECONDS=2, in a second standalone process): a client unused that long is closed with its connections, not before; the next call opens a new client and answers", async () => {
    const idleDir = await mkdtemp(join(tmpdir(), "kcp-fleet-idle-"));
    const idle = await startStandaloneProcess({
      DATA_DIR: idleDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      COLLECT_INTERVAL_SECONDS: "3600",
      COLLECT_TIMEOUT_MS: "15000",
      KAFKA_CLIENT_IDLE_SECONDS: "2",
    });
    try {
      const idlePid = idle.child.pid as number;
      const idleApi = apiClient(idle.url);
      const idleToken = (await idleApi<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
      const get = (path: string) => idleApi("GET", path, { token: idleToken });
      const registered = await idleApi<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
        token: idleToken,
        body: { name: "fleet-idle", bootstrapServers: kafka.describe().listeners.PLAINTEXT },
      });
      expect(registered.status, registered.text).to.equal(201);
      const id = registered.body.cluster.id;
      let lastAsked = 0;
      for (const path of [
        `/topics`,
        `/groups`,
        `/topics/${topic}`,
        `/topics/${topic}/messages?from=beginning&limit=5`,
      ]) {
        lastAsked = Date.now();
        const answer = await get(`/api/v1/clusters/${id}${path}`);
        expect(answer.status, answer.text).to.equal(200);
      }
      const first = await openedFor(idle.url, id);
      expect(first.clients).to.equal(1);
      expect((await connectionsOf(idlePid, plainPort)).size).to.be.greaterThan(0);

      await waitFor(
        "the idle client's connections closed",
        async () => ((await connectionsOf(idlePid, plainPort)).size === 0 ? true : undefined),
        { timeoutMs: 30_000, intervalMs: 100 },
      );
      // Its last use began no earlier than the last request was sent: the close came at least 2 s after that (a
      // timer may fire a millisecond early: that slack, and no upper bound).
      expect(Date.now() - lastAsked, "not closed before KAFKA_CLIENT_IDLE_SECONDS").to.be.at.least(2_000 - 2);

      const again = await get(`/api/v1/clusters/${id}/topics`);
      expect(again.status, again.text).to.equal(200);
      const second = await openedFor(idle.url, id);
      expect(second.clients, "a new client after the idle close").to.equal(2);
      expect(second.connections).to.be.greaterThan(first.connections);
      expect((await connectionsOf(idlePid, plainPort)).size).to.be.greaterThan(0);
    } finally {
      idle.child.kill("SIGKILL");
      await idle.exitCode;
      await rm(idleDir, { recursive: true, force: true });
    }
  });

  it("50 concurrent calls on a cold client (KafkaClients with the real cluster, in this test process): one client, one connection to the one broker", async () => {
    const connects: string[] = [];
    const opens: string[] = [];
    const clients = new KafkaClients({ onOpen: (key) => opens.push(key), onConnect: (key) => connects.push(key) });
    const target = (): ConnectionTarget => ({
      bootstrapServers: kafka.describe().listeners.SASL_PLAINTEXT as string[],
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: "admin" },
      secrets: { password: NEW_PASSWORD },
    });
    try {
      await Promise.all(
        Array.from({ length: 50 }, () =>
          clients.use("cold", "v1", target, (client) => client.admin.metadata({ topics: [] })),
        ),
      );
      expect(opens, "one client for 50 concurrent calls").to.deep.equal(["cold"]);
      expect(connects, "one connection to the one broker").to.deep.equal(["cold"]);
      // This test process's sockets to the SCRAM listener are the pool's (the standalone child is another pid).
      expect((await connectionsOf(process.pid, scramPort)).size).to.equal(1);
    } finally {
      await clients.stop();
    }
  });
});
