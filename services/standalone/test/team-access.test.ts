import { hashToken, newSessionToken } from "@kcp/shared";
import { createTopic, getSharedCluster, type KafkaCluster, uniqueTopicName, waitFor, withAdmin } from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

/**
 * A team's access through role bindings, on a real cluster: a user of an identity provider whose group is bound to
 * the operator role on `payments.*` topics and `payments-*` groups of the clusters labelled env=prod, and to nothing
 * else. (How such a user signs in is proved by the single sign-on files; here its session is opened in the store.)
 */
describe("team access: bindings on clusters by label and on topics by pattern (real Kafka)", function () {
  this.timeout(180_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let prodId: string;
  let stagingId: string;
  let member: string;
  const run = uniqueTopicName("team");
  const ours = `payments.${run}`;
  const theirs = `billing.${run}`;

  const as = (token: string, method: string, path: string, body?: unknown) =>
    service.api<Reply>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const asAdmin = (method: string, path: string, body?: unknown) => as(service.token, method, path, body);

  /** A session for a provider's user in these groups, as a sign-in through the provider opens one. */
  async function providerSession(username: string, groups: string[]): Promise<string> {
    const user = await service.store.users.upsertFederated({ source: "corp", username, groups });
    const token = newSessionToken();
    const now = new Date();
    await service.store.sessions.create({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: now,
      expiresAt: new Date(now.getTime() + 3_600_000),
    });
    return token;
  }

  before(async () => {
    cluster = await getSharedCluster("single");
    service = await startTestService("team-access");
    prodId = await service.register({
      name: "team-prod",
      bootstrapServers: cluster.bootstrapServers,
      labels: { env: "prod" },
    });
    // A second registration the team has no binding on; never reached (skipTest): the decision comes first.
    stagingId = await service.register({
      name: "team-staging",
      bootstrapServers: ["127.0.0.1:9"],
      labels: { env: "staging" },
      skipTest: true,
    });
    const binding = await asAdmin("POST", "/api/v1/access/bindings", {
      subject: { kind: "group", source: "corp", group: "payments" },
      role: "operator",
      clusters: { labels: { env: "prod" } },
      resources: { topics: ["payments.*"], groups: ["payments-*"] },
      team: "payments",
    });
    expect(binding.status, binding.text).to.equal(201);
    member = await providerSession("corp:alice", ["corp:payments"]);
    await createTopic(cluster, { name: theirs, partitions: 1, replicationFactor: 1 });
  });

  after(async () => {
    await service?.stop();
  });

  it("creates payments.* topics and is refused billing.* with 403 naming what would allow it; Kafka has only the allowed one", async () => {
    const created = await as(member, "POST", `/api/v1/clusters/${prodId}/topics`, {
      name: ours,
      partitions: 1,
      replicationFactor: 1,
    });
    expect(created.status, created.text).to.equal(201);
    const refused = await as(member, "POST", `/api/v1/clusters/${prodId}/topics`, {
      name: `billing.${run}-new`,
      partitions: 1,
      replicationFactor: 1,
    });
    expect(refused.status, refused.text).to.equal(403);
    expect(refused.body.error.message).to.include("topics patterns match");
    const topics = await withAdmin(cluster, (admin) => admin.listTopics());
    expect(topics).to.include(ours);
    expect(topics).to.not.include(`billing.${run}-new`);
  });

  it("lists, reads and the audit show its topics only: billing.* is absent from the list and 404 to read", async () => {
    const listed = await waitFor("the new topic in the team's list", async () => {
      const reply = await as(member, "GET", `/api/v1/clusters/${prodId}/topics?search=${run}`);
      const names = ((reply.body.topics ?? []) as { name: string }[]).map((t) => t.name);
      return names.includes(ours) ? { names, total: reply.body.total } : undefined;
    });
    expect(listed.names).to.deep.equal([ours]);
    expect(listed.total).to.equal(1);
    const everything = await asAdmin("GET", `/api/v1/clusters/${prodId}/topics?search=${run}`);
    expect(everything.body.total).to.equal(2);
    expect((await as(member, "GET", `/api/v1/clusters/${prodId}/topics/${theirs}`)).status).to.equal(404);
    expect((await as(member, "GET", `/api/v1/clusters/${prodId}/topics/${ours}`)).status).to.equal(200);
    await asAdmin("DELETE", `/api/v1/clusters/${prodId}/topics/${theirs}`, { confirmName: theirs });
    const audit = await as(member, "GET", "/api/v1/audit?limit=100");
    const entries = (audit.body.entries ?? []) as { target?: string; actor: string }[];
    expect(entries.map((e) => e.target)).to.include(ours);
    // Its own refused attempt is its own entry; what others did to billing.* is not shown.
    const others = entries.filter((e) => e.actor !== "corp:alice").map((e) => e.target ?? "");
    expect(others.filter((t) => t.startsWith("billing."))).to.deep.equal([]);
    const adminView = await asAdmin("GET", "/api/v1/audit?limit=100");
    expect(((adminView.body.entries ?? []) as { target?: string }[]).map((e) => e.target)).to.include(theirs);
  });

  it("a cluster outside its bindings does not exist for it: 404 on every route, absent from the cluster list", async () => {
    for (const path of ["", "/topics", `/topics/${ours}`, "/groups", "/operations"])
      expect((await as(member, "GET", `/api/v1/clusters/${stagingId}${path}`)).status, path).to.equal(404);
    const created = await as(member, "POST", `/api/v1/clusters/${stagingId}/topics`, {
      name: `payments.${run}-staging`,
      partitions: 1,
      replicationFactor: 1,
    });
    expect(created.status).to.equal(404);
    const clusters = await as(member, "GET", "/api/v1/clusters");
    const names = ((clusters.body.clusters ?? []) as { cluster: { name: string } }[]).map((c) => c.cluster.name);
    expect(names).to.deep.equal(["team-prod"]);
    expect(clusters.body.total).to.equal(1);
    expect(clusters.body.hidden).to.equal(1);
  });

  it("what touches the whole cluster needs a binding on the whole cluster: quotas and operations are 403, the operations list too", async () => {
    const quota = await as(member, "PUT", `/api/v1/clusters/${prodId}/quotas`, {
      entity: [{ type: "client-id", name: "x" }],
      set: { producer_byte_rate: 1024 },
    });
    expect(quota.status, quota.text).to.equal(403);
    const operation = await as(member, "POST", `/api/v1/clusters/${prodId}/operations`, {
      type: "electLeaders",
      params: { electionType: "preferred", partitions: [{ topic: ours, partition: 0 }] },
    });
    expect(operation.status, operation.text).to.equal(403);
    expect((await as(member, "GET", `/api/v1/clusters/${prodId}/operations`)).status).to.equal(403);
  });

  it("its API tokens carry its bindings, each lowered to the token's role: an operator token creates, a viewer token cannot", async () => {
    const operatorToken = await as(member, "POST", "/api/v1/tokens", { name: "ci", expiresInDays: 1 });
    expect(operatorToken.status, operatorToken.text).to.equal(201);
    expect((operatorToken.body.token as { role: string }).role).to.equal("operator");
    const viewerToken = await as(member, "POST", "/api/v1/tokens", { name: "ro", expiresInDays: 1, role: "viewer" });
    expect(viewerToken.status, viewerToken.text).to.equal(201);
    const create = (token: string, name: string) =>
      as(token, "POST", `/api/v1/clusters/${prodId}/topics`, { name, partitions: 1, replicationFactor: 1 });
    expect((await create(operatorToken.body.secret as string, `${ours}-ci`)).status).to.equal(201);
    expect((await create(viewerToken.body.secret as string, `${ours}-ro`)).status).to.equal(403);
    expect((await create(operatorToken.body.secret as string, `billing.${run}-ci`)).status).to.equal(403);
    const admin = await as(member, "POST", "/api/v1/tokens", { name: "up", expiresInDays: 1, role: "admin" });
    expect(admin.status, admin.text).to.equal(403);
  });

  it("relabelling a cluster that bindings select by needs a whole-service admin, whoever operates the cluster", async () => {
    const operatorToken = await providerSession("corp:olga", ["corp:prod-ops"]);
    const binding = await asAdmin("POST", "/api/v1/access/bindings", {
      subject: { kind: "group", source: "corp", group: "prod-ops" },
      role: "operator",
      clusters: { ids: [prodId] },
    });
    expect(binding.status, binding.text).to.equal(201);
    const patched = await as(operatorToken, "PATCH", `/api/v1/clusters/${prodId}`, { labels: { env: "dev" } });
    expect(patched.status, patched.text).to.equal(403);
    expect(patched.body.error.message).to.include("role bindings select clusters by");
    const record = await asAdmin("GET", `/api/v1/clusters/${prodId}`);
    expect((record.body.cluster as { labels: Record<string, string> }).labels).to.deep.equal({ env: "prod" });
  });
});
