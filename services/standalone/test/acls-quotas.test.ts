import { type Api, getSharedCluster, type KafkaCluster, kafkaToolOn, uniqueTopicName } from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const ACLS = "org.apache.kafka.tools.AclCommand";
const CONFIGS = "kafka.admin.ConfigCommand";

/** The bindings kafka-acls --list shows for one topic, as "principal operation permission host" lines. */
async function aclsOfTopic(cluster: KafkaCluster, topic: string): Promise<string[]> {
  const out = await kafkaToolOn(cluster, ACLS, ["--list", "--topic", topic]);
  return [...out.matchAll(/\(principal=(\S+), host=(\S+), operation=(\S+), permissionType=(\S+)\)/g)]
    .map((m) => `${m[1]} ${m[3]} ${m[4]} ${m[2]}`)
    .sort();
}

/** The quota values kafka-configs shows for a user. */
async function quotasOfUser(cluster: KafkaCluster, user: string): Promise<string> {
  const out = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", "users", "--entity-name", user, "--describe"]);
  return (/are (.*)$/m.exec(out)?.[1] ?? "").trim();
}

describe("ACLs and quotas (standalone service, real Kafka)", function () {
  this.timeout(240_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let secure: KafkaCluster;
  let clusterId: string;

  const call = (method: string, path: string, body?: unknown, id = clusterId) =>
    api<Reply>(method, `/api/v1/clusters/${id}${path}`, { token, ...(body === undefined ? {} : { body }) });

  const register = (name: string, body: Record<string, unknown>) => service.register({ name, ...body });

  before(async () => {
    secure = await getSharedCluster("secure");
    service = await startTestService("acls");
    ({ api, token } = service);
    const superUser = secure.spec.credentials?.superUser ?? { username: "", password: "" };
    clusterId = await register("acls-secure", {
      bootstrapServers: secure.describe().listeners.SASL_PLAINTEXT,
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: superUser.username },
      secrets: { password: superUser.password },
    });
  });

  after(async () => {
    await service?.stop();
  });

  const binding = (topic: string, overrides: Record<string, string> = {}) => ({
    resourceType: "TOPIC",
    resourceName: topic,
    patternType: "LITERAL",
    principal: "User:bob",
    host: "*",
    operation: "READ",
    permission: "ALLOW",
    ...overrides,
  });

  it("creates ACL bindings as kafka-acls lists them, lists them by filter, and deletes exactly the one given", async () => {
    const topic = uniqueTopicName("acl");
    const read = binding(topic);
    const write = binding(topic, { operation: "WRITE", host: "10.0.0.1" });
    const created = await call("POST", "/acls", read);
    expect(created.status, created.text).to.equal(201);
    expect(created.body).to.deep.equal({ binding: read });
    expect((await call("POST", "/acls", write)).status).to.equal(201);
    expect(await aclsOfTopic(secure, topic)).to.deep.equal(["User:bob READ ALLOW *", "User:bob WRITE ALLOW 10.0.0.1"]);

    const listed = await call("GET", `/acls?resourceType=TOPIC&resourceName=${topic}&operation=WRITE`);
    expect(listed.body).to.deep.equal({ bindings: [write], total: 1 });
    const paged = await call("GET", `/acls?resourceName=${topic}&limit=1&offset=1`);
    expect(paged.body.total).to.equal(2);
    expect(paged.body.bindings).to.have.length(1);

    // Delete is an exact match: another host or permission deletes nothing.
    const other = await call("DELETE", "/acls", { ...read, host: "10.0.0.2" });
    expect(other.status).to.equal(200);
    expect(other.body).to.deep.equal({ deleted: [] });
    const deleted = await call("DELETE", "/acls", read);
    expect(deleted.body).to.deep.equal({ deleted: [read] });
    expect(await aclsOfTopic(secure, topic)).to.deep.equal(["User:bob WRITE ALLOW 10.0.0.1"]);
    await call("DELETE", "/acls", write);
  });

  it("refuses bindings outside Kafka's value sets with the field named, and creates nothing", async () => {
    const topic = uniqueTopicName("bad-acl");
    const cases: [Record<string, string>, RegExp][] = [
      [{ operation: "READ_ALL" }, /operation/],
      [{ permission: "MAYBE" }, /permission/],
      [{ patternType: "MATCH" }, /patternType/],
      [{ principal: "bob" }, /principal/],
      [{ host: "client.example.com" }, /host/],
      [{ resourceType: "CLUSTER", resourceName: topic }, /resourceName/],
    ];
    for (const [overrides, field] of cases) {
      const response = await call("POST", "/acls", binding(topic, overrides));
      expect(response.status, JSON.stringify(overrides)).to.equal(400);
      expect(response.body.error.code).to.equal("validation_failed");
      expect(response.body.error.message).to.match(field);
    }
    expect(await aclsOfTopic(secure, topic)).to.deep.equal([]);
  });

  it("answers 422 capability_unavailable for ACLs on brokers without an authorizer", async () => {
    const single = await getSharedCluster("single");
    const plainId = await register("acls-single", { bootstrapServers: single.bootstrapServers });
    const refused = await call("POST", "/acls", binding(uniqueTopicName("noauth")), plainId);
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.error.code).to.equal("capability_unavailable");
    expect(refused.body.error.message).to.include("SECURITY_DISABLED");
  });

  it("sets and removes quota values of a user, as kafka-configs shows them, and answers the values after", async () => {
    const user = uniqueTopicName("quota-user");
    const set = await call("PUT", "/quotas", {
      entity: [{ type: "user", name: user }],
      set: { producer_byte_rate: 1048576, consumer_byte_rate: 2097152 },
    });
    expect(set.status, set.text).to.equal(200);
    expect(set.body).to.deep.equal({
      entity: [{ type: "user", name: user }],
      quotas: { producer_byte_rate: 1048576, consumer_byte_rate: 2097152 },
    });
    expect(await quotasOfUser(secure, user)).to.match(/producer_byte_rate=1048576\.0/);

    const removed = await call("PUT", "/quotas", {
      entity: [{ type: "user", name: user }],
      remove: ["consumer_byte_rate"],
    });
    expect(removed.body).to.deep.equal({
      entity: [{ type: "user", name: user }],
      quotas: { producer_byte_rate: 1048576 },
    });
    expect(await quotasOfUser(secure, user)).to.not.include("consumer_byte_rate");

    const listed = await call("GET", "/quotas");
    expect(listed.body.quotas).to.deep.include({
      entity: [{ type: "user", name: user }],
      quotas: { producer_byte_rate: 1048576 },
    });
    await call("PUT", "/quotas", { entity: [{ type: "user", name: user }], remove: ["producer_byte_rate"] });
  });

  it("sets the default user's quota (name null) and the quota of a user + client id pair", async () => {
    const pair = [
      { type: "user", name: "carol" },
      { type: "client-id", name: "billing" },
    ];
    try {
      const defaults = await call("PUT", "/quotas", {
        entity: [{ type: "user", name: null }],
        set: { request_percentage: 50 },
      });
      expect(defaults.status, defaults.text).to.equal(200);
      expect(defaults.body.quotas).to.deep.equal({ request_percentage: 50 });
      const paired = await call("PUT", "/quotas", { entity: pair, set: { producer_byte_rate: 4096 } });
      expect(paired.body).to.deep.equal({ entity: pair, quotas: { producer_byte_rate: 4096 } });
    } finally {
      // The cluster is shared: a default user's quota left behind would throttle every later file's requests.
      await call("PUT", "/quotas", { entity: [{ type: "user", name: null }], remove: ["request_percentage"] });
      await call("PUT", "/quotas", { entity: pair, remove: ["producer_byte_rate"] });
    }
    const listed = await call("GET", "/quotas");
    expect(JSON.stringify(listed.body.quotas)).to.not.include("carol");
  });

  it("refuses quota requests Kafka would not accept, naming the field", async () => {
    const cases: [unknown, RegExp][] = [
      [{ entity: [{ type: "ip", name: "10.0.0.1" }], set: { producer_byte_rate: 1 } }, /ip entities/],
      [{ entity: [{ type: "user", name: "dave" }], set: { connection_creation_rate: 1 } }, /only to ip/],
      [{ entity: [{ type: "user", name: "dave" }], set: { producer_byte_rate: -1 } }, /producer_byte_rate/],
      [{ entity: [{ type: "group", name: "g" }], set: { producer_byte_rate: 1 } }, /type/],
      [{ entity: [{ type: "user", name: "dave" }] }, /at least one key/],
    ];
    for (const [body, message] of cases) {
      const response = await call("PUT", "/quotas", body);
      expect(response.status, JSON.stringify(body)).to.equal(400);
      expect(response.body.error.message).to.match(message);
    }
    expect(await quotasOfUser(secure, "dave")).to.equal("");
  });
});
