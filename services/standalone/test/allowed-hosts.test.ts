import { once } from "node:events";
import { createServer, type Server } from "node:net";
import { ByteRecorder, freePort, type KafkaCluster, startCluster } from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

/** KAFKA_ALLOWED_HOSTS refuses a bootstrap host before any DNS lookup or connection (an SSRF guard). */
describe("KAFKA_ALLOWED_HOSTS (standalone service)", function () {
  this.timeout(60_000);
  let service: TestService;
  let listener: Server;
  let port: number;
  let connections = 0;

  before(async () => {
    // A listener on 127.0.0.1 that counts connections: the refused profiles name it, so a connection would show.
    listener = createServer((socket) => {
      connections++;
      socket.destroy();
    });
    listener.listen(0, "127.0.0.1");
    await once(listener, "listening");
    port = (listener.address() as { port: number }).port;
    service = await startTestService("allowed-hosts", {
      KAFKA_ALLOWED_HOSTS: "localhost,127.0.0.2/32",
      // Pinned, so that KAFKA_ALLOWED_HOSTS is what refuses it.
      AGENT_URLS: `a-1=https://127.0.0.1:${port}`,
    });
  });
  after(async () => {
    await service?.stop();
    listener?.close();
  });

  it("refuses register, test and update naming a host not listed, with 422 naming the host, without connecting", async () => {
    const { api, token } = service;
    const profile = { name: "outside", bootstrapServers: [`localhost:${port}`, `127.0.0.1:${port}`] };
    for (const path of ["/api/v1/clusters", "/api/v1/clusters/test"]) {
      const response = await api<Reply>("POST", path, { token, body: profile });
      expect(response.status, response.text).to.equal(422);
      expect(response.body.error.code).to.equal("invalid_request");
      expect(response.body.error.message).to.include("127.0.0.1").and.include("KAFKA_ALLOWED_HOSTS");
    }
    // A name is refused as written: no DNS lookup (.invalid never resolves; the answer is immediate).
    const named = await api<Reply>("POST", "/api/v1/clusters/test", {
      token,
      body: { name: "named", bootstrapServers: ["kafka.invalid:9092"] },
    });
    expect(named.status, named.text).to.equal(422);
    expect(named.body.error.message).to.include("kafka.invalid");

    // An allowed host (registered without a test; nothing listens there), then an update naming a host not allowed.
    const id = await service.register({ name: "inside", bootstrapServers: ["127.0.0.2:9"], skipTest: true });
    const patch = await api<Reply>("PATCH", `/api/v1/clusters/${id}`, {
      token,
      body: { bootstrapServers: [`127.0.0.1:${port}`] },
    });
    expect(patch.status, patch.text).to.equal(422);
    expect(patch.body.error.message).to.include("127.0.0.1");
    const stored = await api<{ cluster: { bootstrapServers: string[] } }>("GET", `/api/v1/clusters/${id}`, { token });
    expect(stored.body.cluster.bootstrapServers).to.deep.equal(["127.0.0.2:9"]);
    expect(connections).to.equal(0);
  });

  it("refuses a pinned node agent URL whose host is not listed (the collector would call it), without connecting", async () => {
    const before = connections;
    const response = await service.api<Reply>("POST", "/api/v1/clusters", {
      token: service.token,
      body: {
        name: "agent-outside",
        bootstrapServers: ["127.0.0.2:9"],
        provider: "agent",
        settings: { agents: [{ url: `https://127.0.0.1:${port}`, agentId: "a-1", nodeIds: [1] }] },
        skipTest: true,
      },
    });
    expect(response.status, response.text).to.equal(422);
    expect(response.body.error.message).to.equal(
      "Node agent host 127.0.0.1 is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)",
    );
    expect(connections).to.equal(before);
  });

  it("tests a listed host as usual", async () => {
    const response = await service.api<{ ok: boolean }>("POST", "/api/v1/clusters/test", {
      token: service.token,
      body: { name: "listed", bootstrapServers: [`localhost:${port}`] },
    });
    expect(response.status, response.text).to.equal(200);
    expect(response.body.ok).to.equal(false);
    expect(connections).to.be.greaterThan(0);
  });
});

/**
 * KAFKA_ALLOWED_HOSTS covers every host the service connects to, not only the bootstrap servers it is given: the
 * brokers a reachable cluster advertises, and the API server a kubeconfig names. A real single-node Kafka listens on
 * 127.0.0.1 and advertises, on its EXTERNAL listener, 127.0.0.2 at the port of a server that only records bytes; the
 * service may connect to 127.0.0.1 alone.
 */
describe("KAFKA_ALLOWED_HOSTS: advertised brokers and Kubernetes API servers (standalone service, real Kafka)", function () {
  this.timeout(180_000);
  let service: TestService;
  let recorder: ByteRecorder;
  let kafka: KafkaCluster;
  let external: string;

  before(async () => {
    recorder = await ByteRecorder.start("127.0.0.2");
    const port = await freePort();
    external = `127.0.0.1:${port}`;
    kafka = await startCluster({
      topology: "single",
      name: "advertises-elsewhere",
      properties: (node) => ({
        listeners: `${node.properties.listeners},EXTERNAL://${external}`,
        "advertised.listeners": `${node.properties["advertised.listeners"]},EXTERNAL://${recorder.address}`,
        "listener.security.protocol.map": `${node.properties["listener.security.protocol.map"]},EXTERNAL:PLAINTEXT`,
      }),
    });
    service = await startTestService("allowed-advertised", { KAFKA_ALLOWED_HOSTS: "127.0.0.1" });
  });
  after(async () => {
    await service?.stop();
    await kafka?.stop();
    await recorder?.close();
  });

  it("refuses a cluster whose broker advertises a host not allowed: test, register, collection and actions name it", async () => {
    const { api, token } = service;
    const profile = { name: "advertised", bootstrapServers: [external] };
    const tested = await api<{ ok: boolean; error?: string }>("POST", "/api/v1/clusters/test", {
      token,
      body: profile,
    });
    expect(tested.status, tested.text).to.equal(200);
    expect(tested.body).to.deep.include({ ok: false });
    expect(tested.body.error).to.equal(
      "Broker 1 advertises host 127.0.0.2, which is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)",
    );
    const registered = await api<Reply>("POST", "/api/v1/clusters", { token, body: profile });
    expect(registered.status, registered.text).to.equal(502);
    expect(registered.body.error.code).to.equal("cluster_unreachable");
    expect(registered.body.error.message).to.contain("127.0.0.2");

    // Registered without a test: every collection and every action refuses the advertised broker before connecting.
    const id = await service.register({ ...profile, skipTest: true });
    const refreshed = await api<{ health: { status: string; issues: { message: string }[] } }>(
      "POST",
      `/api/v1/clusters/${id}/refresh`,
      { token },
    );
    expect(refreshed.body.health.status).to.equal("unreachable");
    expect(JSON.stringify(refreshed.body.health)).to.contain(
      "Broker host 127.0.0.2 is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)",
    );
    // A broker's configs are asked of that broker: at the host it advertises.
    const configs = await api<Reply>("GET", `/api/v1/clusters/${id}/brokers/1/configs`, { token });
    expect(configs.status, configs.text).to.equal(502);
    expect(configs.body.error.code).to.equal("cluster_unreachable");
    expect(configs.body.error.message).to.contain("Broker host 127.0.0.2 is not allowed here");
    expect(recorder.connections, "nothing reached the advertised host").to.equal(0);
  });

  it("refuses at registration a kubeconfig whose API server is not allowed, and one with an exec plugin", async () => {
    const { api, token } = service;
    const kubeToken = "kube-token-that-must-stay-home";
    const kubeconfig = (server: string, user: Record<string, unknown>) =>
      JSON.stringify({
        apiVersion: "v1",
        kind: "Config",
        "current-context": "main",
        contexts: [{ name: "main", context: { cluster: "c", user: "u" } }],
        clusters: [{ name: "c", cluster: { server } }],
        users: [{ name: "u", user }],
      });
    const strimzi = (config: string) => ({
      name: "strimzi-elsewhere",
      bootstrapServers: ["127.0.0.1:1"],
      provider: "operator-managed",
      settings: { kubernetes: { namespace: "kafka", kafka: "orders" } },
      secrets: { kubeconfig: config },
      skipTest: true,
    });
    for (const path of ["/api/v1/clusters", "/api/v1/clusters/test"]) {
      const elsewhere = await api<Reply>("POST", path, {
        token,
        body: strimzi(kubeconfig(`https://${recorder.address}`, { token: kubeToken })),
      });
      expect(elsewhere.status, elsewhere.text).to.equal(422);
      expect(elsewhere.body.error).to.deep.equal({
        code: "invalid_request",
        message:
          "Kubernetes API server host 127.0.0.2 is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)",
      });
    }
    const exec = await api<Reply>("POST", "/api/v1/clusters", {
      token,
      body: strimzi(kubeconfig("https://127.0.0.1:6443", { exec: { command: "token-helper", args: [kubeToken] } })),
    });
    expect(exec.status, exec.text).to.equal(400);
    expect(exec.body.error.code).to.equal("validation_failed");
    expect(exec.body.error.message).to.equal(
      'Invalid body: secrets.kubeconfig: user "u" of the kubeconfig has an exec plugin, which kcp does not run: ' +
        "give it a service account token",
    );
    const overview = await api<{ clusters: { cluster: { name: string } }[] }>("GET", "/api/v1/clusters", { token });
    expect(overview.body.clusters.map((c) => c.cluster.name)).not.to.include("strimzi-elsewhere");
    for (const response of api.responses) expect(response.text).not.to.contain(kubeToken);
    expect(recorder.connections, "nothing reached the API server the kubeconfig names").to.equal(0);
  });
});
