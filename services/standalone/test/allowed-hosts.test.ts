import { once } from "node:events";
import { createServer, type Server } from "node:net";
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
    service = await startTestService("allowed-hosts", { KAFKA_ALLOWED_HOSTS: "localhost,127.0.0.2/32" });
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

  it("refuses a node agent URL whose host is not listed (the collector would call it), without connecting", async () => {
    const before = connections;
    const response = await service.api<Reply>("POST", "/api/v1/clusters", {
      token: service.token,
      body: {
        name: "agent-outside",
        bootstrapServers: ["127.0.0.2:9"],
        provider: "agent",
        settings: { agents: [{ url: `http://127.0.0.1:${port}`, agentId: "a-1", nodeIds: [1] }] },
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
