import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, loadConfig } from "@kcp/shared";
import {
  type Api,
  apiClient,
  createTopic,
  freePort,
  getSharedCluster,
  type KafkaCluster,
  TestCertificateAuthority,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { standaloneConfigSchema } from "../src/config.js";
import { type Standalone, startStandalone } from "../src/standalone.js";

const ADMIN = { username: "admin", password: "registry-admin-password" };

/** Register, test, overview, refresh, change and forget clusters through the API of a standalone service. */
describe("cluster registry (standalone service, real Kafka)", function () {
  this.timeout(180_000);
  let dataDir: string;
  let service: Standalone;
  let api: Api;
  let token: string;
  let single: KafkaCluster;
  let secure: KafkaCluster;
  let closedAgentUrl: string;
  let authority: TestCertificateAuthority;

  before(async () => {
    [single, secure] = await Promise.all([getSharedCluster("single"), getSharedCluster("secure")]);
    dataDir = await mkdtemp(join(tmpdir(), "kcp-registry-"));
    closedAgentUrl = `https://127.0.0.1:${await freePort()}`;
    authority = await TestCertificateAuthority.create(join(dataDir, "agents-ca"));
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      COLLECT_TIMEOUT_MS: "15000",
      // Signs the node agents' command tokens (agent clusters); as a one-line variable with \n escapes.
      AGENT_SIGNING_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" })
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString()
        .replaceAll("\n", "\\n"),
      // Agent a-1 pinned at a port nothing listens on; the CA its certificate would have to chain to.
      AGENT_URLS: `a-1=${closedAgentUrl}`,
      AGENT_CA_FILE: authority.caFile,
    });
    service = await startStandalone(config, createLogger({ name: "registry-test", level: "silent" }));
    api = apiClient(service.gateway.url);
    const login = await api<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN });
    token = login.body.token;
  });

  after(async () => {
    for (const component of service?.components ?? []) await component.stop();
    await rm(dataDir, { recursive: true, force: true });
  });

  const plaintext = (cluster: KafkaCluster, name: string) => ({
    name,
    bootstrapServers: cluster.bootstrapServers,
    labels: { env: "test" },
  });

  it("registers a reachable cluster after testing it, and returns its first collected view", async () => {
    const topic = await createTopic(single, { name: uniqueTopicName("registry"), partitions: 3 });
    const response = await api("POST", "/api/v1/clusters", { token, body: plaintext(single, "orders-single") });
    expect(response.status, response.text).to.equal(201);
    expect(response.body).to.nested.include({
      "cluster.name": "orders-single",
      "cluster.brokerClusterId": single.spec.clusterId,
      "cluster.provider": "external",
      "cluster.flavor": "oss",
      "health.brokers": 1,
    });
    expect(response.body).to.have.nested.property("health.status").that.is.oneOf(["ok", "warning"]);
    expect(response.body).to.have.nested.property("capabilities.manageTopics", true);
    const snapshot = response.body.snapshot as { topics: { name: string; partitions: unknown[] }[] };
    expect(snapshot.topics.find((t) => t.name === topic)?.partitions).to.have.length(3);

    const id = (response.body as { cluster: { id: string } }).cluster.id;
    const full = await api("GET", `/api/v1/clusters/${id}`, { token });
    expect(full.body).to.have.nested.property("snapshot.topics");
    const light = await api("GET", `/api/v1/clusters/${id}?snapshot=none`, { token });
    expect(light.status).to.equal(200);
    expect(light.body).to.not.have.property("snapshot");
    expect(light.body).to.deep.include({ health: full.body.health, capabilities: full.body.capabilities });
    const wrong = await api("GET", `/api/v1/clusters/${id}?snapshot=some`, { token });
    expect(wrong.status).to.equal(400);
  });

  it("refuses to register a cluster whose test fails (502, nothing saved) and a taken name (409)", async () => {
    const unreachable = await api("POST", "/api/v1/clusters", {
      token,
      body: { name: "nowhere", bootstrapServers: ["127.0.0.1:1"] },
    });
    expect(unreachable.status).to.equal(502);
    expect(unreachable.body).to.nested.include({ "error.code": "cluster_unreachable" });
    const taken = await api("POST", "/api/v1/clusters", { token, body: plaintext(single, "orders-single") });
    expect(taken.status).to.equal(409);
    const overview = await api<{ clusters: { cluster: { name: string } }[] }>("GET", "/api/v1/overview", { token });
    expect(overview.body.clusters.map((c) => c.cluster.name)).to.deep.equal(["orders-single"]);
  });

  it("answers a console that polls the overview with 304 while nothing changed, and /clusters the same payload", async () => {
    const url = `${service.gateway.url}/api/v1/overview`;
    const headers = { authorization: `Bearer ${token}` };
    const first = await fetch(url, { headers });
    const etag = first.headers.get("etag") ?? "";
    expect(first.status).to.equal(200);
    expect(etag).to.match(/^".+"$/);
    // An explicit Cache-Control, or fetch adds "no-cache" to a conditional request (and no server may answer 304).
    const again = await fetch(url, { headers: { ...headers, "if-none-match": etag, "cache-control": "max-age=0" } });
    expect(again.status).to.equal(304);
    const clusters = await fetch(`${service.gateway.url}/api/v1/clusters`, { headers });
    expect(await clusters.json()).to.deep.equal(await first.json());
  });

  it("registers an unreachable cluster with skipTest: its view says unreachable after a refresh", async () => {
    const created = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "dark", bootstrapServers: ["127.0.0.1:1"], skipTest: true },
    });
    expect(created.status, created.text).to.equal(201);
    const refreshed = await api("POST", `/api/v1/clusters/${created.body.cluster.id}/refresh`, { token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    expect(refreshed.body).to.nested.include({ "health.status": "unreachable" });
    expect(refreshed.body).to.have.nested.property("capabilities.error").that.is.a("string");
    const removed = await api("DELETE", `/api/v1/clusters/${created.body.cluster.id}`, { token });
    expect(removed.status).to.equal(200);
  });

  it("tests a profile without saving it: ok for the secure cluster with SCRAM over TLS, a result for failures", async () => {
    const credentials = secure.spec.credentials?.superUser ?? { username: "", password: "" };
    const profile = {
      name: "secure-probe",
      bootstrapServers: secure.describe().listeners.SASL_SSL,
      security: {
        protocol: "SASL_SSL",
        saslMechanism: "SCRAM-SHA-512",
        username: credentials.username,
        tlsCaCertPem: secure.describe().tls?.caPem,
      },
      secrets: { password: credentials.password },
    };
    const ok = await api("POST", "/api/v1/clusters/test", { token, body: profile });
    expect(ok.status, ok.text).to.equal(200);
    expect(ok.body).to.deep.equal({ ok: true, brokers: 1, clusterId: secure.spec.clusterId });
    const wrong = await api("POST", "/api/v1/clusters/test", {
      token,
      body: { ...profile, secrets: { password: "definitely-wrong" } },
    });
    expect(wrong.status).to.equal(200);
    expect(wrong.body).to.include({ ok: false, brokers: 0 });
    expect(wrong.text).to.not.include("definitely-wrong");
    const overview = await api<{ clusters: { cluster: { name: string } }[] }>("GET", "/api/v1/clusters", { token });
    expect(overview.body.clusters.map((c) => c.cluster.name)).to.not.include("secure-probe");
  });

  it("keeps secrets write-only: the view lists which are set, never a value; a patch replaces only given ones", async () => {
    const credentials = secure.spec.credentials?.superUser ?? { username: "", password: "" };
    const created = await api<{ cluster: { id: string; secretsSet: string[] } }>("POST", "/api/v1/clusters", {
      token,
      body: {
        name: "secure-scram",
        bootstrapServers: secure.describe().listeners.SASL_PLAINTEXT,
        security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-256", username: credentials.username },
        secrets: { password: credentials.password },
      },
    });
    expect(created.status, created.text).to.equal(201);
    expect(created.body.cluster.secretsSet).to.deep.equal(["password"]);
    expect(created.text).to.not.include(credentials.password);
    const id = created.body.cluster.id;

    const relabelled = await api("PATCH", `/api/v1/clusters/${id}`, { token, body: { labels: { team: "payments" } } });
    expect(relabelled.status, relabelled.text).to.equal(200);
    expect(relabelled.body).to.nested.include({ "cluster.labels.team": "payments", "health.brokers": 1 });

    const badPassword = await api("PATCH", `/api/v1/clusters/${id}`, {
      token,
      body: { secrets: { password: "not-the-password" } },
    });
    expect(badPassword.status).to.equal(502);
    const refreshed = await api("POST", `/api/v1/clusters/${id}/refresh`, { token });
    expect(refreshed.body).to.nested.include({ "health.brokers": 1 });
    for (const response of api.responses) expect(response.text).to.not.include(credentials.password);
  });

  it("collects every registered cluster on its schedule", async () => {
    const overview = await api<{ clusters: { cluster: { id: string; name: string }; updatedAt: string }[] }>(
      "GET",
      "/api/v1/overview",
      { token },
    );
    const single = overview.body.clusters.find((c) => c.cluster.name === "orders-single");
    const id = single?.cluster.id ?? "";
    await api("PATCH", `/api/v1/clusters/${id}`, { token, body: { settings: { collectionIntervalSeconds: 5 } } });
    const before = await api<{ updatedAt: string }>("GET", `/api/v1/clusters/${id}`, { token });
    await waitFor(
      "a scheduled collection",
      async () => {
        const now = await api<{ updatedAt: string }>("GET", `/api/v1/clusters/${id}`, { token });
        return now.body.updatedAt > before.body.updatedAt ? true : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 500 },
    );
  });

  it("registers an agent cluster only with its agents; its node-lifecycle flags say which agent did not answer", async () => {
    const agentCluster = (settings: object) => ({ ...plaintext(single, "agent-run"), provider: "agent", settings });
    const without = await api("POST", "/api/v1/clusters", { token, body: agentCluster({}) });
    expect(without.status).to.equal(400);
    expect(without.body).to.nested.include({ "error.code": "validation_failed" });
    expect(String((without.body as { error: { message: string } }).error.message)).to.contain("settings.agents");

    // Node 1 (the single cluster's only node) served by an agent that does not listen: registered, flags false.
    const agents = [{ url: closedAgentUrl, agentId: "a-1", nodeIds: [1] }];
    const created = await api("POST", "/api/v1/clusters", { token, body: agentCluster({ agents }) });
    expect(created.status, created.text).to.equal(201);
    const capabilities = created.body.capabilities as Record<string, unknown> & { notes: string[] };
    expect(capabilities.restartNodes).to.equal(false);
    const note = capabilities.notes.find((n) => n.startsWith("restartNodes:"));
    // Nothing more than "unreachable": no errno, no address.
    expect(note).to.equal("restartNodes: not offered — agent a-1 unreachable");
    const id = (created.body.cluster as { id: string }).id;
    const toExternal = await api("PATCH", `/api/v1/clusters/${id}`, { token, body: { provider: "external" } });
    expect(toExternal.status).to.equal(400);
    const changed = await api("PATCH", `/api/v1/clusters/${id}`, {
      token,
      body: { provider: "external", settings: {} },
    });
    expect(changed.status, changed.text).to.equal(200);
  });

  it("refuses an agent cluster whose provisioning JVM options name a command or whose data folder is not normalized: 400 naming the option, nothing registered", async () => {
    const provisioning = { nodeIds: { from: 10, to: 19 }, ports: [await freePort()], dataDir: "/var/lib/kafka" };
    const withProvisioning = (extra: object) => ({
      ...plaintext(single, "agent-provisioning"),
      provider: "agent",
      skipTest: true,
      settings: {
        agents: [
          { url: "http://127.0.0.1:9", agentId: "a-p", nodeIds: [1], provisioning: { ...provisioning, ...extra } },
        ],
      },
    });
    const oom = await api("POST", "/api/v1/clusters", {
      token,
      body: withProvisioning({ jvmOptions: ["-Xmx8m", "-XX:OnOutOfMemoryError=touch /tmp/kcp-pwned"] }),
    });
    expect(oom.status, oom.text).to.equal(400);
    expect(oom.body).to.deep.equal({
      error: {
        code: "validation_failed",
        message:
          "Invalid body: settings.agents.0.provisioning.jvmOptions.1: -XX:OnOutOfMemoryError is not an allowed JVM option (allowed: -Xms, -Xmx, -Xmn, -Xss, listed -XX flags and -D properties; docs/node-agent.md)",
      },
    });
    const agentlib = await api("POST", "/api/v1/clusters", {
      token,
      body: withProvisioning({ jvmOptions: ["-agentlib:jdwp=transport=dt_socket,server=y,address=*:5005"] }),
    });
    expect(agentlib.status).to.equal(400);
    expect(String((agentlib.body as { error: { message: string } }).error.message)).to.match(
      /jvmOptions\.0: -agentlib is not an allowed JVM option/,
    );
    const outside = await api("POST", "/api/v1/clusters", {
      token,
      body: withProvisioning({ dataDir: "/var/lib/../../etc" }),
    });
    expect(outside.status).to.equal(400);
    expect(String((outside.body as { error: { message: string } }).error.message)).to.contain(
      "settings.agents.0.provisioning.dataDir: must be a normalized folder",
    );
    const overview = await api<{ clusters: { cluster: { name: string } }[] }>("GET", "/api/v1/overview", { token });
    expect(overview.body.clusters.map((c) => c.cluster.name)).not.to.include("agent-provisioning");
  });

  it("refuses viewers what operators may do, and forgets a cluster only for admins", async () => {
    const overview = await api<{ clusters: { cluster: { id: string } }[] }>("GET", "/api/v1/overview", { token });
    const id = overview.body.clusters[0]?.cluster.id ?? "";
    await api("POST", "/api/v1/users", {
      token,
      body: { username: "olga", password: "operator-password-1", role: "operator" },
    });
    const olga = await api<{ token: string }>("POST", "/api/v1/auth/login", {
      body: { username: "olga", password: "operator-password-1" },
    });
    const refused = await api("DELETE", `/api/v1/clusters/${id}`, { token: olga.body.token });
    expect(refused.status).to.equal(403);
    const missing = await api("POST", "/api/v1/clusters/no-such-cluster/refresh", { token });
    expect(missing.status).to.equal(404);
  });
});
