import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, loadConfig } from "@kcp/shared";
import {
  type Api,
  apiClient,
  getSharedCluster,
  type KafkaCluster,
  RecordingServer,
  TestCertificateAuthority,
} from "@kcp/test-infra";
import { expect } from "chai";
import { standaloneConfigSchema } from "../src/config.js";
import { type Standalone, startStandalone } from "../src/standalone.js";
import type { Reply } from "./service-fixture.js";

const ADMIN = { username: "admin", password: "agent-pins-admin-password" };

/** The claims of a JWT (no verification: what a server that captured it can read). */
const claimsOf = (authorization: string | string[] | undefined) =>
  JSON.parse(Buffer.from(String(authorization).split(".")[1] ?? "", "base64url").toString("utf8")) as Record<
    string,
    unknown
  >;

/**
 * AGENT_URLS pins each node agent's URL, AGENT_CA the only CA its certificate may chain to: a cluster naming any other
 * URL is refused before a connection, and the collector calls only the pinned URL over verified TLS. Recording servers
 * on 127.0.0.2 (HTTP and HTTPS, the latter with a certificate of the trusted CA) stand in for an operator's own
 * server claiming a real agent's id: they must receive nothing at all.
 */
describe("node agent URLs pinned by configuration (standalone service, real Kafka)", function () {
  this.timeout(120_000);
  let single: KafkaCluster;
  let dataDir: string;
  let service: Standalone;
  let api: Api;
  let token: string;
  /** Agent a-1 as the configuration pins it (HTTPS, a certificate of the trusted CA for 127.0.0.1). */
  let pinned: RecordingServer;
  /** Agent a-2, pinned, but serving a certificate another CA issued. */
  let otherCa: RecordingServer;
  let httpsImpostor: RecordingServer;
  let httpImpostor: RecordingServer;
  const impostors = () => [httpsImpostor, httpImpostor];

  before(async () => {
    single = await getSharedCluster("single");
    dataDir = await mkdtemp(join(tmpdir(), "kcp-agent-pins-"));
    const trusted = await TestCertificateAuthority.create(join(dataDir, "trusted"));
    const other = await TestCertificateAuthority.create(join(dataDir, "other"), "another-ca");
    pinned = await RecordingServer.start({
      host: "127.0.0.1",
      tls: await trusted.issue("a-1", ["127.0.0.1"]),
      agentId: "a-1",
    });
    otherCa = await RecordingServer.start({
      host: "127.0.0.1",
      tls: await other.issue("a-2", ["127.0.0.1"]),
      agentId: "a-2",
    });
    httpsImpostor = await RecordingServer.start({
      tls: await trusted.issue("impostor", ["127.0.0.2"]),
      agentId: "a-1",
    });
    httpImpostor = await RecordingServer.start({ agentId: "a-1" });
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      COLLECT_TIMEOUT_MS: "15000",
      // Collections only when the test asks (register, refresh): what each recorder saw is then what the test did.
      COLLECT_INTERVAL_SECONDS: "3600",
      AGENT_SIGNING_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" })
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString(),
      AGENT_URLS: `a-1=${pinned.url},a-2=${otherCa.url}`,
      AGENT_CA: trusted.caPem,
    });
    service = await startStandalone(config, createLogger({ name: "agent-pins-test", level: "silent" }));
    api = apiClient(service.gateway.url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN })).body.token;
  });

  after(async () => {
    for (const component of service?.components ?? []) await component.stop();
    await Promise.all([pinned, otherCa, ...impostors()].map((server) => server?.close()));
    await rm(dataDir, { recursive: true, force: true });
  });

  const agentCluster = (name: string, agents: { url: string; agentId: string }[]) => ({
    name,
    bootstrapServers: single.bootstrapServers,
    provider: "agent",
    settings: { agents: agents.map((agent) => ({ ...agent, nodeIds: [1] })) },
  });
  const lifecycleNote = (view: Reply) =>
    (view.capabilities as { notes: string[] }).notes.find((note) => note.startsWith("restartNodes:"));

  it("refuses registering, testing or changing a cluster whose agent is not pinned, or not at its pin (422), connecting nowhere", async () => {
    const refusals: [{ url: string; agentId: string }, string][] = [
      [{ url: httpsImpostor.url, agentId: "a-1" }, "Node agent a-1 is configured at another URL"],
      [{ url: httpImpostor.url, agentId: "a-1" }, "Node agent a-1 is configured at another URL"],
      [{ url: httpsImpostor.url, agentId: "a-9" }, "Node agent a-9 is not configured here"],
      // The pin's host, but plain HTTP: not the pin.
      [{ url: pinned.url.replace("https:", "http:"), agentId: "a-1" }, "Node agent a-1 is configured at another URL"],
    ];
    for (const [agent, message] of refusals)
      for (const path of ["/api/v1/clusters", "/api/v1/clusters/test"]) {
        const response = await api<Reply>("POST", path, {
          token,
          body: agentCluster(`refused-${agent.agentId}`, [agent]),
        });
        expect(response.status, `${path} ${agent.url}: ${response.text}`).to.equal(422);
        expect(response.body.error.code).to.equal("invalid_request");
        expect(response.body.error.message).to.match(new RegExp(`^${message} \\(AGENT_URLS pins`));
        expect(response.body.error.message).not.to.contain(pinned.url);
      }

    const created = await api<Reply>("POST", "/api/v1/clusters", {
      token,
      body: agentCluster("pinned", [{ url: `${pinned.url}/`, agentId: "a-1" }]),
    });
    expect(created.status, created.text).to.equal(201);
    const id = (created.body.cluster as { id: string }).id;
    const moved = await api<Reply>("PATCH", `/api/v1/clusters/${id}`, {
      token,
      body: { settings: { agents: [{ url: httpsImpostor.url, agentId: "a-1", nodeIds: [1] }] } },
    });
    expect(moved.status, moved.text).to.equal(422);
    expect(moved.body.error.message).to.match(/^Node agent a-1 is configured at another URL/);
    const stored = (await service.store.clusters.findById(id))?.settings.agents as { url: string }[] | undefined;
    expect(stored?.[0]?.url).to.equal(`${pinned.url}/`);
    for (const impostor of impostors()) expect(impostor.connections, impostor.url).to.equal(0);
  });

  it("collects a pinned agent at its pin over verified TLS, with read tokens bound to each request", async () => {
    const record = await service.store.clusters.findByName("pinned");
    pinned.requests.length = 0;
    const refreshed = await api<Reply>("POST", `/api/v1/clusters/${record?.id}/refresh`, { token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    expect(pinned.requests.map((r) => `${r.method} ${r.path}`)).to.deep.equal(["GET /v1/health", "GET /v1/nodes"]);
    const listing = pinned.requests[1];
    expect(claimsOf(listing?.headers.authorization)).to.include({
      aud: "a-1",
      method: "GET",
      path: "/v1/nodes",
      scope: "read",
    });
    expect(lifecycleNote(refreshed.body)).to.equal("restartNodes: not offered — agent a-1 does not run node 1");
  });

  it("refuses, and does not call, a stored agent URL changed behind the API (not the pin)", async () => {
    const record = await service.store.clusters.findByName("pinned");
    const id = record?.id as string;
    for (const impostor of impostors()) {
      await service.store.clusters.update(id, {
        settings: { ...record?.settings, agents: [{ url: impostor.url, agentId: "a-1", nodeIds: [1] }] },
      });
      const calledBefore = pinned.requests.length;
      const refreshed = await api<Reply>("POST", `/api/v1/clusters/${id}/refresh`, { token });
      expect(refreshed.status, refreshed.text).to.equal(200);
      expect(lifecycleNote(refreshed.body)).to.equal(
        "restartNodes: not offered — agent a-1 is pinned in AGENT_URLS at another URL than settings.agents names: nothing is sent to it",
      );
      expect(impostor.connections, impostor.url).to.equal(0);
      expect(pinned.requests.length).to.equal(calledBefore);
    }
  });

  it("sends no token to an agent whose certificate another CA issued: it sees a handshake, never a request", async () => {
    const created = await api<Reply>("POST", "/api/v1/clusters", {
      token,
      body: agentCluster("other-ca", [{ url: otherCa.url, agentId: "a-2" }]),
    });
    expect(created.status, created.text).to.equal(201);
    const id = (created.body.cluster as { id: string }).id;
    const refreshed = await api<Reply>("POST", `/api/v1/clusters/${id}/refresh`, { token });
    expect(lifecycleNote(refreshed.body)).to.equal("restartNodes: not offered — agent a-2 unreachable");
    expect(otherCa.connections).to.be.greaterThan(0);
    expect(otherCa.requests).to.deep.equal([]);
  });
});
