import {
  type Api,
  getSharedCluster,
  type KafkaCluster,
  kafkaToolOn,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const CONFIGS = "kafka.admin.ConfigCommand";

/**
 * What kafka-configs --describe says of a user's SCRAM credentials, e.g. "SCRAM-SHA-256=iterations=4096", sorted by
 * mechanism (the tool prints them in no fixed order).
 */
async function scramOfUser(cluster: KafkaCluster, user: string): Promise<string> {
  const out = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", "users", "--entity-name", user, "--describe"]);
  const listed = (/SCRAM credential configs for user-principal '[^']+' are (.*)$/m.exec(out)?.[1] ?? "").trim();
  return listed === "" ? "" : listed.split(", ").sort().join(", ");
}

type Mechanism = "SCRAM-SHA-256" | "SCRAM-SHA-512";

/** Whether a client logs in to the SASL_PLAINTEXT listener with this credential (and reads metadata). */
async function logsIn(cluster: KafkaCluster, mechanism: Mechanism, username: string, password: string) {
  try {
    await withAdmin(cluster, (admin) => admin.metadata({ topics: [] }), {
      listener: "SASL_PLAINTEXT",
      mechanism,
      username,
      password,
    });
    return true;
  } catch {
    return false;
  }
}

/** Kafka applies a credential change on each broker from the metadata log: a login is awaited, not assumed. */
const eventually = (what: string, mechanism: Mechanism, user: string, password: string, expected: boolean) =>
  waitFor(
    what,
    async () => ((await logsIn(secureCluster, mechanism, user, password)) === expected ? true : undefined),
    { timeoutMs: 30_000, intervalMs: 300 },
  );

let secureCluster: KafkaCluster;

describe("SCRAM users (manageScram, standalone service, the secure cluster's SASL listener)", function () {
  this.timeout(180_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let clusterId: string;

  const call = (method: string, path: string, body?: unknown, as = token, id = clusterId) =>
    api<Reply>(method, `/api/v1/clusters/${id}${path}`, { token: as, ...(body === undefined ? {} : { body }) });

  before(async () => {
    secureCluster = await getSharedCluster("secure");
    service = await startTestService("scram");
    ({ api, token } = service);
    const superUser = secureCluster.spec.credentials?.superUser ?? { username: "", password: "" };
    clusterId = await service.register({
      name: "scram-secure",
      bootstrapServers: secureCluster.describe().listeners.SASL_PLAINTEXT,
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: superUser.username },
      secrets: { password: superUser.password },
    });
  });

  after(async () => {
    await service?.stop();
  });

  it("creates credentials a client logs in with, lists them as kafka-configs does, and a deleted one no longer logs in", async () => {
    const user = uniqueTopicName("scram-user");
    const password = `pw-${uniqueTopicName("secret")}`;
    const sha256 = await call("PUT", `/scram-users/${user}/SCRAM-SHA-256`, { password, iterations: 4096 });
    expect(sha256.status, sha256.text).to.equal(200);
    expect(sha256.body).to.deep.equal({ user, credentials: [{ mechanism: "SCRAM-SHA-256", iterations: 4096 }] });
    const sha512 = await call("PUT", `/scram-users/${user}/SCRAM-SHA-512`, { password });
    expect(sha512.body).to.deep.equal({
      user,
      credentials: [
        { mechanism: "SCRAM-SHA-256", iterations: 4096 },
        { mechanism: "SCRAM-SHA-512", iterations: 8192 },
      ],
    });
    expect(await scramOfUser(secureCluster, user)).to.equal(
      "SCRAM-SHA-256=iterations=4096, SCRAM-SHA-512=iterations=8192",
    );

    await eventually("a SCRAM-SHA-256 login with the new credential", "SCRAM-SHA-256", user, password, true);
    await eventually("a SCRAM-SHA-512 login with the new credential", "SCRAM-SHA-512", user, password, true);
    expect(await logsIn(secureCluster, "SCRAM-SHA-256", user, `${password}-wrong`)).to.equal(false);

    const listed = await call("GET", "/scram-users");
    expect(listed.status).to.equal(200);
    const users = listed.body.users as { user: string }[];
    expect(users.map((u) => u.user)).to.include.members(["admin", user]);
    expect(users.map((u) => u.user)).to.deep.equal([...users.map((u) => u.user)].sort());
    expect((await call("GET", `/scram-users/${user}`)).body).to.deep.equal(sha512.body);

    // A new password replaces the old one.
    const changed = `${password}-2`;
    const change = await call("PUT", `/scram-users/${user}/SCRAM-SHA-256`, { password: changed, iterations: 5000 });
    expect(change.body).to.deep.include({ user });
    await eventually("a login with the changed password", "SCRAM-SHA-256", user, changed, true);
    expect(await logsIn(secureCluster, "SCRAM-SHA-256", user, password)).to.equal(false);

    const deleted = await call("DELETE", `/scram-users/${user}/SCRAM-SHA-256`);
    expect(deleted.status, deleted.text).to.equal(200);
    expect(deleted.body).to.deep.equal({ user, credentials: [{ mechanism: "SCRAM-SHA-512", iterations: 8192 }] });
    expect(await scramOfUser(secureCluster, user)).to.equal("SCRAM-SHA-512=iterations=8192");
    await eventually("the deleted SCRAM-SHA-256 credential refused", "SCRAM-SHA-256", user, changed, false);
    expect(await logsIn(secureCluster, "SCRAM-SHA-512", user, password), "the other mechanism stays").to.equal(true);

    const last = await call("DELETE", `/scram-users/${user}/SCRAM-SHA-512`);
    expect(last.body).to.deep.equal({ user, credentials: [] });
    await eventually("the deleted SCRAM-SHA-512 credential refused", "SCRAM-SHA-512", user, password, false);
    const gone = await call("GET", `/scram-users/${user}`);
    expect(gone.status).to.equal(404);
    expect(gone.body.error.code).to.equal("not_found");
    const again = await call("DELETE", `/scram-users/${user}/SCRAM-SHA-512`);
    expect(again.status, again.text).to.equal(404);

    // The password is write-only: in no answer and in no audit entry.
    const audit = await api("GET", "/api/v1/audit?limit=100", { token });
    expect(audit.text).to.not.include(password);
    const entries = (audit.body as { entries: { action: string; target?: string; detail: Reply }[] }).entries;
    const upserts = entries.filter((e) => e.action === "scram.upsert" && e.target === `${user}/SCRAM-SHA-256`);
    expect(upserts.map((e) => e.detail.request)).to.deep.equal([{ iterations: 5000 }, { iterations: 4096 }]);
    expect(entries.some((e) => e.action === "scram.delete" && e.target === `${user}/SCRAM-SHA-512`)).to.equal(true);
    for (const answer of [sha256, sha512, change, deleted, listed]) expect(answer.text).to.not.include(password);
  });

  it("refuses iterations outside Kafka's 4096-16384 and an unknown mechanism, with no password in the message", async () => {
    const user = uniqueTopicName("scram-bad");
    const password = "refused-password-123";
    for (const iterations of [4095, 16385]) {
      const refused = await call("PUT", `/scram-users/${user}/SCRAM-SHA-256`, { password, iterations });
      expect(refused.status).to.equal(400);
      expect(refused.body.error.message).to.match(/iterations/);
      expect(refused.text).to.not.include(password);
    }
    const mechanism = await call("PUT", `/scram-users/${user}/SCRAM-SHA-1`, { password });
    expect(mechanism.status).to.equal(400);
    expect(mechanism.body.error.message).to.match(/mechanism/);
    const audit = await api("GET", "/api/v1/audit?limit=20", { token });
    expect(audit.text).to.not.include(password);
    expect(await scramOfUser(secureCluster, user)).to.equal("");
  });

  it("is for admins: an operator may list but not set a credential", async () => {
    const operator = { username: "otto", password: "operator-password-1", role: "operator" };
    expect((await api("POST", "/api/v1/users", { token, body: operator })).status).to.equal(201);
    const otto = await api<{ token: string }>("POST", "/api/v1/auth/login", {
      body: { username: operator.username, password: operator.password },
    });
    expect((await call("GET", "/scram-users", undefined, otto.body.token)).status).to.equal(200);
    const user = uniqueTopicName("scram-otto");
    const refused = await call(
      "PUT",
      `/scram-users/${user}/SCRAM-SHA-512`,
      { password: "x-password" },
      otto.body.token,
    );
    expect(refused.status).to.equal(403);
    expect(await scramOfUser(secureCluster, user)).to.equal("");
  });

  it("goes to Kafka for a principal without ALTER on the cluster: 502 kafka_error naming Kafka's refusal, nothing set", async () => {
    const unprivileged = secureCluster.spec.credentials?.unprivilegedUser ?? { username: "", password: "" };
    const aliceId = await service.register({
      name: "scram-unprivileged",
      bootstrapServers: secureCluster.describe().listeners.SASL_PLAINTEXT,
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: unprivileged.username },
      secrets: { password: unprivileged.password },
    });
    const user = uniqueTopicName("scram-alice");
    const password = "alice-cannot-set-this";
    const refused = await call("PUT", `/scram-users/${user}/SCRAM-SHA-512`, { password }, token, aliceId);
    expect(refused.status, refused.text).to.equal(502);
    expect(refused.body.error.code).to.equal("kafka_error");
    expect(refused.body.error.message).to.include("CLUSTER_AUTHORIZATION_FAILED");
    expect(refused.text).to.not.include(password);
    expect(await scramOfUser(secureCluster, user)).to.equal("");
  });

  it("answers 422 capability_unavailable where the flavor keeps SCRAM users outside Kafka, with the flag's note", async () => {
    const managedId = await service.register({
      name: "scram-managed-a",
      flavor: "managed-a",
      bootstrapServers: secureCluster.describe().listeners.SASL_PLAINTEXT,
      security: {
        protocol: "SASL_PLAINTEXT",
        saslMechanism: "SCRAM-SHA-512",
        username: secureCluster.spec.credentials?.superUser.username,
      },
      secrets: { password: secureCluster.spec.credentials?.superUser.password },
    });
    const view = await api<Reply>("GET", `/api/v1/clusters/${managedId}`, { token });
    const capabilities = view.body.capabilities as { manageScram: boolean; notes: string[] };
    expect(capabilities.manageScram).to.equal(false);
    expect(capabilities.notes).to.include("manageScram: not offered — managed-a clusters do not allow SCRAM users");
    const ownView = await api<Reply>("GET", `/api/v1/clusters/${clusterId}`, { token });
    expect((ownView.body.capabilities as { manageScram: boolean }).manageScram).to.equal(true);

    for (const [method, path, body] of [
      ["GET", "/scram-users", undefined],
      ["PUT", "/scram-users/nobody/SCRAM-SHA-512", { password: "never-sent-password" }],
      ["DELETE", "/scram-users/nobody/SCRAM-SHA-512", undefined],
    ] as const) {
      const refused = await call(method, path, body, token, managedId);
      expect(refused.status, `${method} ${path}: ${refused.text}`).to.equal(422);
      expect(refused.body.error.code).to.equal("capability_unavailable");
      expect(refused.body.error.message).to.equal(
        "manageScram: not offered — managed-a clusters do not allow SCRAM users",
      );
    }
  });
});
