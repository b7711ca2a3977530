import { ByteRecorder, getSharedCluster, type KafkaCluster } from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

type ClusterReply = Reply & {
  cluster: { id: string; bootstrapServers: string[]; security: Record<string, unknown>; secretsSet: string[] };
  health: { status: string; brokers: number };
};
type AuditEntry = {
  actor: string;
  action: string;
  result: string;
  detail: { status: number; request?: Record<string, unknown>; nodeSettings?: Record<string, unknown> };
};

/**
 * Where and how a cluster is reached decides where its stored secrets go: an operator cannot point a cluster whose
 * password is stored (SCRAM-SHA-512 over TLS, the shared `secure` Kafka) at a host of their choice, or weaken its
 * security, and have the service send the password there. A server on 127.0.0.2 that only records bytes stands for
 * that host. Node settings (agents, container engine, Kubernetes) are the admins'.
 */
describe("cluster reach: stored secrets, keepSecrets and node settings (standalone service, real Kafka)", function () {
  this.timeout(180_000);
  let service: TestService;
  let secure: KafkaCluster;
  let recorder: ByteRecorder;
  let operator: string;
  let id: string;
  const credentials = { username: "", password: "" };
  let scramOverTls: Record<string, unknown>;
  let listener: string;

  const patch = (token: string, body: Record<string, unknown>) =>
    service.api<ClusterReply>("PATCH", `/api/v1/clusters/${id}`, { token, body });
  const stored = async () =>
    (await service.api<ClusterReply>("GET", `/api/v1/clusters/${id}?snapshot=none`, { token: service.token })).body
      .cluster;
  const latestAudit = async (action: string) =>
    (
      await service.api<{ entries: AuditEntry[] }>("GET", `/api/v1/audit?action=${action}&limit=1`, {
        token: service.token,
      })
    ).body.entries[0];

  before(async () => {
    [secure, recorder] = await Promise.all([getSharedCluster("secure"), ByteRecorder.start("127.0.0.2")]);
    Object.assign(credentials, secure.spec.credentials?.superUser);
    service = await startTestService("cluster-reach");
    [listener] = secure.describe().listeners.SASL_SSL as [string];
    scramOverTls = {
      protocol: "SASL_SSL",
      saslMechanism: "SCRAM-SHA-512",
      username: credentials.username,
      tlsCaCertPem: secure.describe().tls?.caPem,
    };
    id = await service.register({
      name: "secure-orders",
      bootstrapServers: [listener],
      security: scramOverTls,
      secrets: { password: credentials.password },
    });
    await service.api("POST", "/api/v1/users", {
      token: service.token,
      body: { username: "olga", password: "operator-password-1", role: "operator" },
    });
    operator = (
      await service.api<{ token: string }>("POST", "/api/v1/auth/login", {
        body: { username: "olga", password: "operator-password-1" },
      })
    ).body.token;
  });

  after(async () => {
    await service?.stop();
    await recorder?.close();
  });

  it("refuses an operator's new bootstrap servers without the password given again: nothing is contacted", async () => {
    const moved = await patch(operator, { bootstrapServers: [recorder.address] });
    expect(moved.status, moved.text).to.equal(400);
    expect(moved.body.error).to.deep.equal({
      code: "validation_failed",
      message:
        "Invalid body: secrets.password: must be given again, or null to remove it: stored secrets are not kept " +
        "when bootstrapServers change (an admin may keep them with keepSecrets)",
    });
    expect(recorder.connections, "nothing reached the new host").to.equal(0);
    expect((await stored()).bootstrapServers).to.deep.equal([listener]);
  });

  it("refuses a downgrade of security (SCRAM over TLS → PLAIN over plaintext) without the password again", async () => {
    const plain = { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: credentials.username };
    for (const body of [{ security: plain }, { bootstrapServers: [recorder.address], security: plain }]) {
      const downgraded = await patch(operator, body);
      expect(downgraded.status, downgraded.text).to.equal(400);
      expect(downgraded.body.error.code).to.equal("validation_failed");
      expect(downgraded.body.error.message).to.match(
        /^Invalid body: secrets\.password: must be given again.*security\.protocol, security\.saslMechanism/,
      );
    }
    expect(recorder.connections).to.equal(0);
    expect((await stored()).security).to.deep.include({ protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512" });
  });

  it("with a password given again, tests the new host with that password only: the stored one never leaves", async () => {
    const plain = { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: credentials.username };
    const moved = await patch(operator, {
      bootstrapServers: [recorder.address],
      security: plain,
      secrets: { password: "a-password-for-the-new-host" },
    });
    expect(moved.status, moved.text).to.equal(502);
    expect(moved.body.error.code).to.equal("cluster_unreachable");
    expect(recorder.connections, "the test did connect").to.be.greaterThan(0);
    expect(recorder.received(credentials.password), "the stored password").to.equal(false);
    const cluster = await stored();
    expect(cluster.bootstrapServers).to.deep.equal([listener]);
    expect(cluster.secretsSet).to.deep.equal(["password"]);
    for (const response of service.api.responses) expect(response.text).not.to.contain(credentials.password);
  });

  it("keeps an operator's change of reach when the secrets are given again and the test passes", async () => {
    const localhost = listener.replace("127.0.0.1", "localhost");
    const moved = await patch(operator, { bootstrapServers: [localhost], secrets: { password: credentials.password } });
    expect(moved.status, moved.text).to.equal(200);
    expect(moved.body.cluster.bootstrapServers).to.deep.equal([localhost]);
    const back = await patch(operator, { bootstrapServers: [listener], secrets: { password: credentials.password } });
    expect(back.status, back.text).to.equal(200);
  });

  it("keepSecrets: 403 for an operator, 422 for an admin's weakening change, kept and untested for an admin", async () => {
    const before = recorder.connections;
    const localhost = listener.replace("127.0.0.1", "localhost");
    const byOperator = await patch(operator, { bootstrapServers: [localhost], keepSecrets: true });
    expect(byOperator.status, byOperator.text).to.equal(403);
    expect(byOperator.body.error).to.deep.equal({ code: "forbidden", message: "keepSecrets needs the admin role" });
    expect(await latestAudit("cluster.update")).to.deep.include({ actor: "olga", result: "denied" });

    const weakening: [Record<string, unknown>, string][] = [
      [{ ...scramOverTls, saslMechanism: "SCRAM-SHA-256" }, "SCRAM-SHA-512 → SCRAM-SHA-256"],
      [{ ...scramOverTls, tlsInsecureSkipVerify: true }, "tlsInsecureSkipVerify"],
      [
        { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: credentials.username },
        "SASL_SSL → SASL_PLAINTEXT gives up TLS",
      ],
    ];
    for (const [security, why] of weakening) {
      const refused = await patch(service.token, { bootstrapServers: [recorder.address], security, keepSecrets: true });
      expect(refused.status, refused.text).to.equal(422);
      expect(refused.body.error.code).to.equal("invalid_request");
      expect(refused.body.error.message).to.contain("keepSecrets is refused").and.contain(why);
    }
    expect(recorder.connections, "a refused change contacts nothing").to.equal(before);

    // An admin vouches for the new address: no test (an address where nothing listens is taken), the stored password
    // kept, and the collection after a change uses it.
    const untested = await patch(service.token, { bootstrapServers: ["127.0.0.1:1"], keepSecrets: true });
    expect(untested.status, untested.text).to.equal(200);
    const kept = await patch(service.token, { bootstrapServers: [localhost], keepSecrets: true });
    expect(kept.status, kept.text).to.equal(200);
    expect(kept.body.cluster.secretsSet).to.deep.equal(["password"]);
    const refreshed = await service.api<ClusterReply>("POST", `/api/v1/clusters/${id}/refresh`, {
      token: service.token,
    });
    expect(refreshed.body.health.brokers).to.equal(1);
    const audited = await latestAudit("cluster.update");
    expect(audited).to.deep.include({ actor: "admin", result: "success" });
    expect(audited?.detail.request).to.deep.include({ keepSecrets: true, bootstrapServers: [localhost] });
    expect(JSON.stringify(audited)).not.to.contain(credentials.password);
  });

  it("leaves node settings to admins: an operator's registration or change is 403, an admin's audited old and new", async () => {
    const kubernetes = { namespace: "kafka", kafka: "orders" };
    const strimzi = {
      name: "strimzi-orders",
      bootstrapServers: ["127.0.0.1:1"],
      provider: "operator-managed",
      settings: { kubernetes },
      skipTest: true,
    };
    const byOperator = await service.api<Reply>("POST", "/api/v1/clusters", { token: operator, body: strimzi });
    expect(byOperator.status, byOperator.text).to.equal(403);
    expect(byOperator.body.error.message).to.equal(
      "Setting or changing provider, settings.kubernetes needs the admin role",
    );
    const refusedEntry = await latestAudit("cluster.register");
    expect(refusedEntry).to.deep.include({ actor: "olga", result: "denied" });
    expect(refusedEntry?.detail.nodeSettings).to.deep.equal({
      provider: { new: "operator-managed" },
      "settings.kubernetes": { new: kubernetes },
    });

    const strimziId = await service.register(strimzi);
    const change = (token: string, body: Record<string, unknown>) =>
      service.api<ClusterReply>("PATCH", `/api/v1/clusters/${strimziId}`, { token, body });
    // Operators keep names, labels and the collection interval (settings given whole, node settings unchanged).
    expect((await change(operator, { labels: { team: "payments" } })).status).to.equal(200);
    const interval = await change(operator, { settings: { kubernetes, collectionIntervalSeconds: 60 } });
    expect(interval.status, interval.text).to.equal(200);

    const moved = { namespace: "kafka", kafka: "payments" };
    const refused = await change(operator, { settings: { kubernetes: moved } });
    expect(refused.status, refused.text).to.equal(403);
    expect(refused.body.error.message).to.equal("Setting or changing settings.kubernetes needs the admin role");
    const portBase = await patch(operator, { settings: { portBase: 19000 } });
    expect(portBase.status, portBase.text).to.equal(403);

    const changed = await change(service.token, { settings: { kubernetes: moved } });
    expect(changed.status, changed.text).to.equal(200);
    const entry = await latestAudit("cluster.update");
    expect(entry).to.deep.include({ actor: "admin", result: "success" });
    expect(entry?.detail.nodeSettings).to.deep.equal({ "settings.kubernetes": { old: kubernetes, new: moved } });
  });
});
