import { randomUUID } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  getSharedCluster,
  type KafkaCluster,
  type SlapdServer,
  startSlapd,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

/**
 * A directory group's access end to end: dev1 signs in through a real OpenLDAP server (slapd over StartTLS with the
 * harness's CA); its group `staging-operators` (the gateway's `dir:staging-operators`) is bound to operator on the
 * clusters labelled env=staging, where the shared Kafka is registered. A second registration labelled env=prod (never
 * reached: skipTest at an unreachable address) is outside that binding, until a binding of `developers` — a group dev1
 * is in only through `staging-operators` — gives viewer on it.
 */
describe("team access through an LDAP group: operator on staging only, then viewer on prod through a nested group (real slapd, real Kafka)", function () {
  this.timeout(120_000);
  let kafka: KafkaCluster;
  let slapd: SlapdServer;
  let service: TestService;
  let dir: string;
  let stagingId: string;
  let prodId: string;
  let dev1: string;
  let ops1: string;
  const run = uniqueTopicName("ldap-team");

  const as = (token: string, method: string, path: string, body?: unknown) =>
    service.api<Reply>(method, path, { token, ...(body === undefined ? {} : { body }) });
  const topic = (name: string) => ({ name, partitions: 1, replicationFactor: 1 });
  const clusterNames = async (token: string) => {
    const reply = await as(token, "GET", "/api/v1/clusters");
    expect(reply.status, reply.text).to.equal(200);
    const names = (reply.body.clusters as { cluster: { name: string } }[]).map((c) => c.cluster.name).sort();
    return { names, hidden: reply.body.hidden };
  };

  async function ldapLogin(username: string): Promise<string> {
    const { password } = slapd.directory.users[username] as { password: string };
    const reply = await service.api<{ token: string; user: { username: string } }>(
      "POST",
      "/api/v1/auth/ldap/dir/login",
      { body: { username, password } },
    );
    expect(reply.status, reply.text).to.equal(200);
    expect(reply.body.user.username).to.equal(`dir:${username}`);
    return reply.body.token;
  }

  before(async () => {
    [kafka, slapd] = await Promise.all([getSharedCluster("single"), startSlapd()]);
    dir = await mkdtemp(join(tmpdir(), "kcp-ldap-team-"));
    await writeFile(
      join(dir, "ldap.json"),
      JSON.stringify([
        {
          id: "dir",
          name: "Company directory",
          url: slapd.url,
          startTls: true,
          caFile: slapd.caFile,
          bind: { mode: "direct", dnTemplate: `uid={username},${slapd.directory.peopleDn}` },
          groups: { base: slapd.directory.groupsDn, nested: true },
        },
      ]),
    );
    service = await startTestService("ldap-team", { LDAP_PROVIDERS_FILE: join(dir, "ldap.json") });
    stagingId = await service.register({
      name: "ldap-staging",
      bootstrapServers: kafka.bootstrapServers,
      labels: { env: "staging" },
    });
    // Never reached: whatever dev1 asks of it is decided before any connection.
    prodId = await service.register({
      name: "ldap-prod",
      bootstrapServers: ["127.0.0.1:9"],
      labels: { env: "prod" },
      skipTest: true,
    });
    const binding = await as(service.token, "POST", "/api/v1/access/bindings", {
      subject: { kind: "group", source: "dir", group: "staging-operators" },
      role: "operator",
      clusters: { labels: { env: "staging" } },
    });
    expect(binding.status, binding.text).to.equal(201);
    [dev1, ops1] = [await ldapLogin("dev1"), await ldapLogin("ops1")];
  });

  after(async () => {
    await service?.stop();
    await slapd?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it("dev1 (in staging-operators) creates a topic on the staging cluster: 201, and Kafka has it", async () => {
    const created = await as(dev1, "POST", `/api/v1/clusters/${stagingId}/topics`, topic(`${run}-staging`));
    expect(created.status, created.text).to.equal(201);
    await waitFor(`${run}-staging in Kafka`, async () =>
      (await withAdmin(kafka, (admin) => admin.listTopics())).includes(`${run}-staging`) ? true : undefined,
    );
    // A member of the directory outside staging-operators (ops1: developers, prod-admins) has nothing there.
    expect(await clusterNames(ops1)).to.deep.equal({ names: [], hidden: 2 });
    expect((await as(ops1, "GET", `/api/v1/clusters/${stagingId}/topics`)).status).to.equal(404);
  });

  it("the prod cluster does not exist for dev1: absent from the cluster list, and every route of it answers as for no cluster at all", async () => {
    expect(await clusterNames(dev1)).to.deep.equal({ names: ["ldap-staging"], hidden: 1 });
    // Every operation of the live API document under /clusters/{id}: prod's answer is the one an id no cluster has
    // gets (404 to every read, and to a valid write), so nothing tells dev1 that prod exists.
    type Operation = { parameters?: { in: string; name: string; required?: boolean; schema?: { enum?: string[] } }[] };
    const document = (
      await service.api<{ paths: Record<string, Record<string, Operation>> }>("GET", "/api/v1/openapi.json")
    ).body;
    // A required query parameter (the series' figure) gets a value the route accepts, so the request is valid.
    const query = (operation: Operation) =>
      new URLSearchParams(
        (operation.parameters ?? [])
          .filter((p) => p.in === "query" && p.required)
          .map((p): [string, string] => [p.name, p.schema?.enum?.[0] ?? "1"]),
      ).toString();
    const filled = (path: string, id: string, operation: Operation) =>
      `${path}?${query(operation)}`
        .replace("{id}", id)
        .replace("{topic}", `${run}-prod`)
        .replace("{group}", `${run}-group`)
        .replace("{broker}", "1")
        .replace("{user}", "scram-user")
        .replace("{mechanism}", "SCRAM-SHA-256");
    const nobody = randomUUID();
    const prodAnswers: string[] = [];
    const noneAnswers: string[] = [];
    const reads: string[] = [];
    for (const [path, methods] of Object.entries(document.paths)) {
      if (!path.startsWith("/api/v1/clusters/{id}")) continue;
      for (const [method, operation] of Object.entries(methods)) {
        const verb = method.toUpperCase();
        const body = verb === "GET" || verb === "DELETE" ? undefined : {};
        const prod = await as(dev1, verb, filled(path, prodId, operation), body);
        const none = await as(dev1, verb, filled(path, nobody, operation), body);
        const what = `${verb} ${path}`;
        prodAnswers.push(`${what}: ${prod.status} ${prod.text.replaceAll(prodId, "<id>")}`);
        noneAnswers.push(`${what}: ${none.status} ${none.text.replaceAll(nobody, "<id>")}`);
        if (verb === "GET") reads.push(`${verb} ${path}: ${prod.status}`);
      }
    }
    expect(prodAnswers.length, "the operations of a cluster").to.be.greaterThan(30);
    expect(prodAnswers).to.deep.equal(noneAnswers);
    expect(reads.filter((read) => !read.endsWith(": 404"))).to.deep.equal([]);
    // Requests the routes accept, writes of every kind among them: each is 404 too.
    const valid: [string, string, unknown][] = [
      ["POST", "/topics", topic(`${run}-prod`)],
      ["DELETE", `/topics/${run}-prod`, { confirmName: `${run}-prod` }],
      ["PATCH", "", { labels: { env: "staging" } }],
      ["POST", "/refresh", undefined],
      ["GET", "/desired-state?topicPrefixes=payments.", undefined],
      ["PUT", "/quotas", { entity: [{ type: "client-id", name: "x" }], set: { producer_byte_rate: 1024 } }],
      [
        "POST",
        "/operations",
        {
          type: "electLeaders",
          params: { electionType: "preferred", partitions: [{ topic: `${run}-prod`, partition: 0 }] },
        },
      ],
    ];
    for (const [verb, path, body] of valid) {
      const reply = await as(dev1, verb, `/api/v1/clusters/${prodId}${path}`, body);
      expect(reply.status, `${verb} ${path}: ${reply.text}`).to.equal(404);
    }
  });

  it("a binding of developers (dev1's group through staging-operators) as viewer on prod makes prod visible, and creating a topic there is 403", async () => {
    const binding = await as(service.token, "POST", "/api/v1/access/bindings", {
      subject: { kind: "group", source: "dir", group: "developers" },
      role: "viewer",
      clusters: { labels: { env: "prod" } },
    });
    expect(binding.status, binding.text).to.equal(201);
    expect(await clusterNames(dev1)).to.deep.equal({ names: ["ldap-prod", "ldap-staging"], hidden: 0 });
    const record = await as(dev1, "GET", `/api/v1/clusters/${prodId}`);
    expect(record.status, record.text).to.equal(200);
    const refused = await as(dev1, "POST", `/api/v1/clusters/${prodId}/topics`, topic(`${run}-prod`));
    expect(refused.status, refused.text).to.equal(403);
    expect(refused.body.error.message).to.equal(
      `topic.create of topic ${run}-prod needs the operator role on it in cluster ldap-prod ` +
        `(a binding on the whole cluster, or one whose topics patterns match ${run}-prod)`,
    );
    // Still operator on staging, and on staging only.
    const created = await as(dev1, "POST", `/api/v1/clusters/${stagingId}/topics`, topic(`${run}-staging-2`));
    expect(created.status, created.text).to.equal(201);
    // ops1, a direct member of developers, now sees prod too, and still not staging.
    expect(await clusterNames(ops1)).to.deep.equal({ names: ["ldap-prod"], hidden: 1 });
  });
});
