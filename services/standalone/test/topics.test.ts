import {
  type Api,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  kafkaToolOn,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const TOPICS = "org.apache.kafka.tools.TopicCommand";
const CONFIGS = "kafka.admin.ConfigCommand";
const CONSOLE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleConsumer";

const aclFor = (topic: string) => ({
  resourceType: "TOPIC",
  resourceName: topic,
  patternType: "LITERAL",
  principal: "User:alice",
  host: "*",
  operation: "ALL",
  permission: "ALLOW",
});

/** What kafka-topics --describe says about a topic: its id, partition count and the configs set on it. */
async function describedTopic(cluster: KafkaCluster, topic: string) {
  const out = await kafkaToolOn(cluster, TOPICS, ["--describe", "--topic", topic]).catch((e: Error) => e.message);
  const header = out.split("\n").find((line) => line.startsWith(`Topic: ${topic}\t`)) ?? "";
  return {
    exists: header !== "",
    id: /TopicId: (\S+)/.exec(header)?.[1],
    partitions: Number(/PartitionCount: (\d+)/.exec(header)?.[1]),
    configs: /Configs: (.*)$/.exec(header)?.[1] ?? "",
  };
}

/** The dynamic configs kafka-configs --describe lists for an entity, name → value. */
async function dynamicConfigs(cluster: KafkaCluster, entityType: "topics" | "brokers", name: string) {
  const out = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", entityType, "--entity-name", name, "--describe"]);
  return Object.fromEntries(
    [...out.matchAll(/^\s+([a-z0-9._-]+)=(\S*) sensitive=/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
}

describe("topics, configs and produce (standalone service, real Kafka)", function () {
  this.timeout(240_000);
  let service: TestService;
  let api: Api;
  let token: string;
  let single: KafkaCluster;
  let clusterId: string;

  const call = (method: string, path: string, body?: unknown) =>
    api<Reply>(method, `/api/v1/clusters/${clusterId}${path}`, { token, ...(body === undefined ? {} : { body }) });

  before(async () => {
    single = await getSharedCluster("single");
    service = await startTestService("topics");
    ({ api, token } = service);
    clusterId = await service.register({ name: "topics-single", bootstrapServers: single.bootstrapServers });
  });

  after(async () => {
    await service?.stop();
  });

  it("creates a topic with partitions and configs, as kafka-topics sees it, with Kafka's topic id", async () => {
    const name = uniqueTopicName("create");
    const created = await call("POST", "/topics", { name, partitions: 3, configs: { "retention.ms": "3600000" } });
    expect(created.status, created.text).to.equal(201);
    const seen = await describedTopic(single, name);
    expect(created.body).to.deep.equal({ topic: name, id: seen.id });
    expect(seen.partitions).to.equal(3);
    expect(seen.configs).to.include("retention.ms=3600000");
  });

  it("queues a re-collection after a write: the cluster view shows the new topic without a refresh", async () => {
    const name = uniqueTopicName("recollected");
    expect((await call("POST", "/topics", { name, partitions: 2 })).status).to.equal(201);
    const seen = await waitFor(
      "the new topic in the cluster view",
      async () => {
        const view = await call("GET", "");
        const topics = (view.body.snapshot as { topics: { name: string; partitions: unknown[] }[] }).topics;
        return topics.find((t) => t.name === name);
      },
      { timeoutMs: 20_000, intervalMs: 250 },
    );
    expect(seen.partitions).to.have.length(2);
  });

  it("takes the broker defaults for 0 partitions and replication factor", async () => {
    const name = uniqueTopicName("defaults");
    const created = await call("POST", "/topics", { name, partitions: 0, replicationFactor: 0 });
    expect(created.status, created.text).to.equal(201);
    const defaults = await call("GET", "/brokers/1/configs");
    const numPartitions = (defaults.body.configs as { name: string; value: string }[]).find(
      (c) => c.name === "num.partitions",
    )?.value;
    expect((await describedTopic(single, name)).partitions).to.equal(Number(numPartitions));
  });

  it("refuses bad topic requests with the documented error, and creates nothing", async () => {
    const taken = uniqueTopicName("taken");
    expect((await call("POST", "/topics", { name: taken, partitions: 1 })).status).to.equal(201);
    const cases: [unknown, number, string, RegExp][] = [
      [{ name: taken, partitions: 1 }, 409, "already_exists", /TOPIC_ALREADY_EXISTS/],
      [{ name: uniqueTopicName("rf"), replicationFactor: 3 }, 422, "invalid_request", /INVALID_REPLICATION_FACTOR/],
      [{ name: uniqueTopicName("cfg"), configs: { "retention.mss": "1" } }, 422, "invalid_request", /retention\.mss/],
      [{ name: uniqueTopicName("val"), configs: { "retention.ms": "soon" } }, 422, "invalid_request", /retention\.ms/],
      [{ name: "not a name", partitions: 1 }, 400, "validation_failed", /name/],
      [{ name: uniqueTopicName("neg"), partitions: -2 }, 400, "validation_failed", /partitions/],
    ];
    for (const [body, status, code, message] of cases) {
      const response = await call("POST", "/topics", body);
      expect(response.status, response.text).to.equal(status);
      expect(response.body.error.code).to.equal(code);
      expect(response.body.error.message).to.match(message);
      const name = (body as { name: string }).name;
      if (name !== taken) expect((await describedTopic(single, name)).exists, name).to.equal(false);
    }
  });

  it("increases the partition count to a new total; not above the current count is 422, an unknown topic 404", async () => {
    const name = uniqueTopicName("grow");
    await call("POST", "/topics", { name, partitions: 2 });
    const grown = await call("POST", `/topics/${name}/partitions`, { count: 5 });
    expect(grown.status, grown.text).to.equal(200);
    expect(grown.body).to.deep.equal({ topic: name, partitions: 5 });
    expect((await describedTopic(single, name)).partitions).to.equal(5);

    const same = await call("POST", `/topics/${name}/partitions`, { count: 5 });
    expect(same.status).to.equal(422);
    expect(same.body.error).to.deep.include({ code: "invalid_request" });
    expect(same.body.error.message).to.include("has 5 partitions");
    expect((await describedTopic(single, name)).partitions).to.equal(5);
    const missing = await call("POST", `/topics/${uniqueTopicName("none")}/partitions`, { count: 3 });
    expect(missing.status).to.equal(404);
  });

  it("refuses partition counts above TOPIC_MAX_PARTITIONS (a huge increase makes Kafka's controller run out of heap)", async () => {
    const name = uniqueTopicName("huge");
    await call("POST", "/topics", { name, partitions: 1 });
    const grown = await call("POST", `/topics/${name}/partitions`, { count: 2_000_000_000 });
    expect(grown.status).to.equal(422);
    expect(grown.body.error).to.deep.equal({
      code: "invalid_request",
      message: "A topic may have at most 10000 partitions here (TOPIC_MAX_PARTITIONS)",
    });
    const created = await call("POST", "/topics", { name: uniqueTopicName("huge-new"), partitions: 10_001 });
    expect(created.status).to.equal(422);
    expect((await describedTopic(single, name)).partitions).to.equal(1);
    expect(
      single.nodes.every((node) => node.isRunning()),
      "the node is still up",
    ).to.equal(true);
  });

  it("changes topic configs incrementally; unknown keys and invalid values are refused by name and change nothing", async () => {
    const name = uniqueTopicName("configs");
    await call("POST", "/topics", { name, partitions: 1, configs: { "retention.ms": "3600000" } });
    const changed = await call("PATCH", `/topics/${name}/configs`, { set: { "cleanup.policy": "compact" } });
    expect(changed.status, changed.text).to.equal(200);
    expect(changed.body).to.deep.equal({ topic: name, set: { "cleanup.policy": "compact" }, deleted: [] });
    // Answered once the brokers show it: the read right after the change has the new value.
    const readBack = await call("GET", `/topics/${name}/configs`);
    expect(readBack.body.configs).to.deep.include({
      name: "cleanup.policy",
      value: "compact",
      readOnly: false,
      source: "topic",
      sensitive: false,
    });
    // Incremental: the config set at creation is still there.
    expect(await dynamicConfigs(single, "topics", name)).to.deep.equal({
      "cleanup.policy": "compact",
      "retention.ms": "3600000",
    });

    const unknown = await call("PATCH", `/topics/${name}/configs`, {
      set: { "segment.ms": "60000", "no.such.config": "1" },
    });
    expect(unknown.status).to.equal(422);
    expect(unknown.body.error.message).to.include("no.such.config");
    const invalid = await call("PATCH", `/topics/${name}/configs`, {
      set: { "segment.ms": "60000", "retention.ms": "later" },
    });
    expect(invalid.status).to.equal(422);
    expect(invalid.body.error.message).to.include("retention.ms");
    expect(await dynamicConfigs(single, "topics", name)).to.deep.equal({
      "cleanup.policy": "compact",
      "retention.ms": "3600000",
    });

    const deleted = await call("PATCH", `/topics/${name}/configs`, { delete: ["retention.ms"] });
    expect(deleted.body).to.deep.equal({ topic: name, set: {}, deleted: ["retention.ms"] });
    expect(await dynamicConfigs(single, "topics", name)).to.deep.equal({ "cleanup.policy": "compact" });
    const read = await call("GET", `/topics/${name}/configs`);
    expect(read.body.configs).to.deep.include({
      name: "cleanup.policy",
      value: "compact",
      readOnly: false,
      source: "topic",
      sensitive: false,
    });
  });

  it("changes a dynamic broker config; static keys, unknown keys and unknown brokers are refused", async () => {
    try {
      const changed = await call("PATCH", "/brokers/1/configs", { set: { "message.max.bytes": "2000000" } });
      expect(changed.status, changed.text).to.equal(200);
      expect(changed.body).to.deep.equal({ broker: 1, set: { "message.max.bytes": "2000000" }, deleted: [] });
      expect(await dynamicConfigs(single, "brokers", "1")).to.include({ "message.max.bytes": "2000000" });

      const staticKey = await call("PATCH", "/brokers/1/configs", { set: { "log.dirs": "/tmp/elsewhere" } });
      expect(staticKey.status).to.equal(422);
      expect(staticKey.body.error.message).to.match(/Read-only.*log\.dirs/);
      const unknown = await call("PATCH", "/brokers/1/configs", { delete: ["no.such.config"] });
      expect(unknown.status).to.equal(422);
      expect(unknown.body.error.message).to.include("no.such.config");
      const noBroker = await call("PATCH", "/brokers/99/configs", { set: { "message.max.bytes": "2000000" } });
      expect(noBroker.status).to.equal(404);
      expect(noBroker.body.error.message).to.include("broker 99");
    } finally {
      await call("PATCH", "/brokers/1/configs", { delete: ["message.max.bytes"] });
    }
    expect(await dynamicConfigs(single, "brokers", "1")).to.not.have.property("message.max.bytes");
  });

  it("produces one message with key and headers where Kafka's console consumer reads it", async () => {
    const name = uniqueTopicName("produce");
    await call("POST", "/topics", { name, partitions: 6 });
    const keyed = await call("POST", `/topics/${name}/messages`, {
      partition: null,
      key: "gamma",
      value: "hello ✓",
      headers: [
        { key: "trace", value: "t-1" },
        { key: "trace", value: "t-2" },
      ],
    });
    expect(keyed.status, keyed.text).to.equal(200);
    // Kafka's default partitioner puts "gamma" in partition 4 of 6 (see default-partition.test.ts).
    expect(keyed.body).to.deep.equal({ partition: 4, offset: 0 });
    const pinned = await call("POST", `/topics/${name}/messages`, { partition: 1, value: "plain" });
    expect(pinned.body).to.deep.equal({ partition: 1, offset: 0 });

    const out = await kafkaToolOn(single, CONSOLE_CONSUMER, [
      ...["--topic", name, "--from-beginning", "--max-messages", "2", "--timeout-ms", "30000"],
      ...["--property", "print.partition=true", "--property", "print.key=true", "--property", "print.headers=true"],
    ]);
    const lines = out
      .split("\n")
      .filter((line) => line.startsWith("Partition:"))
      .sort();
    expect(lines).to.deep.equal([
      "Partition:1\tNO_HEADERS\tnull\tplain",
      "Partition:4\ttrace:t-1,trace:t-2\tgamma\thello ✓",
    ]);

    // A produced message is data, not audit detail: the audit keeps its sizes only.
    const audit = await api<{ entries: { action: string; target?: string; detail: { request: unknown } }[] }>(
      "GET",
      "/api/v1/audit?limit=50",
      { token },
    );
    const produced = audit.body.entries.filter((e) => e.action === "topic.produce" && e.target === name);
    expect(produced.map((e) => e.detail.request)).to.deep.equal([
      { partition: 1, keyBytes: null, valueBytes: 5, headers: 0, headerBytes: 0 },
      { partition: null, keyBytes: 5, valueBytes: 9, headers: 2, headerBytes: 16 },
    ]);
    expect(JSON.stringify(produced)).to.not.match(/gamma|hello|t-1/);
  });

  it("refuses values above the topic's max.message.bytes (413) and partitions the topic does not have (422)", async () => {
    const name = uniqueTopicName("limits");
    await call("POST", "/topics", { name, partitions: 2, configs: { "max.message.bytes": "200" } });
    const large = await call("POST", `/topics/${name}/messages`, { value: "x".repeat(300) });
    expect(large.status).to.equal(413);
    expect(large.body.error.code).to.equal("payload_too_large");
    const outside = await call("POST", `/topics/${name}/messages`, { partition: 2, value: "v" });
    expect(outside.status).to.equal(422);
    expect(outside.body.error.message).to.include("partitions 0 to 1");
    const missing = await call("POST", `/topics/${uniqueTopicName("none")}/messages`, { value: "v" });
    expect(missing.status).to.equal(404);
  });

  it("audits each write with its target and result", async () => {
    const name = uniqueTopicName("audited");
    await call("POST", "/topics", { name, partitions: 1 });
    await call("POST", `/topics/${name}/partitions`, { count: 1 });
    // The gateway writes each entry before it answers: both are there at once.
    const mine = await waitFor("both audit entries", async () => {
      const audit = await api<{ entries: { action: string; target?: string; result: string }[] }>(
        "GET",
        "/api/v1/audit?limit=50",
        { token },
      );
      const entries = audit.body.entries.filter((e) => e.target === name).map((e) => [e.action, e.result]);
      return entries.length === 2 ? entries : undefined;
    });
    expect(mine).to.deep.equal([
      ["topic.partitions", "failure"],
      ["topic.create", "success"],
    ]);
  });

  it("refuses what the cluster's flavor does not offer (422 capability_unavailable, the capability's note)", async () => {
    const managed = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "topics-managed-c", bootstrapServers: single.bootstrapServers, flavor: "managed-c" },
    });
    expect(managed.status, managed.text).to.equal(201);
    const name = uniqueTopicName("flavor");
    await call("POST", "/topics", { name, partitions: 1 });
    const refused = await api<Reply>("PATCH", `/api/v1/clusters/${managed.body.cluster.id}/topics/${name}/configs`, {
      token,
      body: { set: { "retention.ms": "1000" } },
    });
    expect(refused.status).to.equal(422);
    expect(refused.body.error).to.deep.equal({
      code: "capability_unavailable",
      message: "manageConfigs: not offered — managed-c clusters do not allow configs",
    });
    expect(await dynamicConfigs(single, "topics", name)).to.deep.equal({});
  });

  it("secure: the unprivileged user is warned by the capabilities, and Kafka's refusal comes back as kafka_error", async () => {
    const secure = await getSharedCluster("secure");
    const alice = secure.spec.credentials?.unprivilegedUser ?? { username: "", password: "" };
    const registered = await api<{
      cluster: { id: string };
      capabilities: { manageTopics?: boolean; notes: string[] };
    }>("POST", "/api/v1/clusters", {
      token,
      body: {
        name: "topics-secure-alice",
        bootstrapServers: secure.describe().listeners.SASL_PLAINTEXT,
        security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: alice.username },
        secrets: { password: alice.password },
      },
    });
    expect(registered.status, registered.text).to.equal(201);
    expect(registered.body.capabilities.manageTopics).to.equal(false);
    expect(registered.body.capabilities.notes).to.include(
      "manageTopics: not offered — the principal lacks CREATE on the cluster",
    );
    const name = uniqueTopicName("alice");
    const refused = await api<Reply>("POST", `/api/v1/clusters/${registered.body.cluster.id}/topics`, {
      token,
      body: { name, partitions: 1 },
    });
    expect(refused.status, refused.text).to.equal(502);
    expect(refused.body.error.code).to.equal("kafka_error");
    expect(refused.body.error.message).to.match(/AUTHORIZATION_FAILED/);
    expect((await describedTopic(secure, name)).exists).to.equal(false);

    // Every other write on a topic alice has no ACL for: Kafka's refusal, by name, and the topic unchanged.
    const topic = await createTopic(secure, { name: uniqueTopicName("alice-existing"), partitions: 1 });
    const group = `${topic}-group`;
    const writes: [string, string, unknown, RegExp][] = [
      ["POST", `/topics/${topic}/partitions`, { count: 3 }, /TOPIC_AUTHORIZATION_FAILED/],
      ["PATCH", `/topics/${topic}/configs`, { set: { "retention.ms": "1000" } }, /TOPIC_AUTHORIZATION_FAILED/],
      ["PATCH", "/brokers/1/configs", { set: { "message.max.bytes": "2000000" } }, /CLUSTER_AUTHORIZATION_FAILED/],
      ["POST", `/topics/${topic}/messages`, { value: "v" }, /TOPIC_AUTHORIZATION_FAILED/],
      ["POST", "/acls", aclFor(topic), /CLUSTER_AUTHORIZATION_FAILED/],
      ["PUT", "/quotas", { entity: [{ type: "user", name: "bob" }], set: { producer_byte_rate: 1 } }, /CLUSTER_AUTH/],
      ["POST", `/groups/${group}/reset-offsets`, { topic, to: "earliest" }, /GROUP_AUTHORIZATION_FAILED/],
    ];
    for (const [method, path, body, kafkaError] of writes) {
      const response = await api<Reply>(method, `/api/v1/clusters/${registered.body.cluster.id}${path}`, {
        token,
        body,
      });
      expect(response.status, `${method} ${path}: ${response.text}`).to.equal(502);
      expect(response.body.error.code).to.equal("kafka_error");
      expect(response.body.error.message, `${method} ${path}`).to.match(kafkaError);
    }
    const after = await describedTopic(secure, topic);
    expect(after.partitions).to.equal(1);
    expect(after.configs).to.not.include("retention.ms");
  });

  it("lists topics a page at a time with size and partition health, and shows one topic with partitions and sizes", async () => {
    const prefix = uniqueTopicName("listed");
    for (const suffix of ["a", "b", "c"]) await call("POST", "/topics", { name: `${prefix}-${suffix}`, partitions: 2 });
    await call("POST", `/topics/${prefix}-b/messages`, { partition: 0, value: "x".repeat(100) });

    const first = await call("GET", `/topics?search=${prefix}&limit=2`);
    expect(first.status, first.text).to.equal(200);
    expect(first.body.total).to.equal(3);
    const names = (first.body.topics as { name: string }[]).map((t) => t.name);
    expect(names).to.deep.equal([`${prefix}-a`, `${prefix}-b`]);
    const second = await call("GET", `/topics?search=${prefix}&limit=2&offset=2`);
    expect((second.body.topics as { name: string }[]).map((t) => t.name)).to.deep.equal([`${prefix}-c`]);
    const b = (first.body.topics as Record<string, unknown>[])[1];
    expect(b).to.deep.include({
      partitions: 2,
      replicationFactor: 1,
      underReplicatedPartitions: 0,
      underMinIsrPartitions: 0,
      offlinePartitions: 0,
    });
    expect(b?.sizeBytes).to.be.greaterThan(100);
    const internal = await call("GET", "/topics?search=__consumer_offsets&internal=false");
    expect(internal.body.total).to.equal(0);

    const one = await call("GET", `/topics/${prefix}-b`);
    expect(one.status, one.text).to.equal(200);
    const seen = await describedTopic(single, `${prefix}-b`);
    expect(one.body).to.deep.include({ name: `${prefix}-b`, id: seen.id, internal: false, replicationFactor: 1 });
    const partitions = one.body.partitions as { id: number; leader: number; replicas: number[]; sizeBytes: number }[];
    expect(partitions.map((p) => [p.id, p.leader, p.replicas])).to.deep.equal([
      [0, 1, [1]],
      [1, 1, [1]],
    ]);
    expect(partitions[0]?.sizeBytes).to.be.greaterThan(100);
    expect(partitions[1]?.sizeBytes).to.equal(0);
    expect((await call("GET", `/topics/${uniqueTopicName("none")}`)).status).to.equal(404);
  });

  it("shows each partition's end offset in a topic's detail, as Kafka has it right after producing (no collection needed)", async () => {
    const name = uniqueTopicName("ends");
    expect((await call("POST", "/topics", { name, partitions: 2 })).status).to.equal(201);
    for (let i = 0; i < 3; i++) await call("POST", `/topics/${name}/messages`, { partition: 0, value: `p0-${i}` });
    await call("POST", `/topics/${name}/messages`, { partition: 1, value: "p1" });
    const one = await call("GET", `/topics/${name}`);
    expect(one.status, one.text).to.equal(200);
    const ends = (one.body.partitions as { id: number; logEndOffset?: number }[]).map((p) => [p.id, p.logEndOffset]);
    expect(ends).to.deep.equal([
      [0, 3],
      [1, 1],
    ]);
    // What Kafka's own tool says the ends are.
    const out = await kafkaToolOn(single, "org.apache.kafka.tools.GetOffsetShell", ["--topic", name]);
    expect(out.trim().split("\n").sort()).to.deep.equal([`${name}:0:3`, `${name}:1:1`]);
  });

  it("lists a topic created through the service at once, and one created outside it within TOPIC_LIST_CACHE_MS (5 s)", async () => {
    const prefix = uniqueTopicName("fresh");
    const listed = async () =>
      ((await call("GET", `/topics?search=${prefix}`)).body.topics as { name: string }[]).map((t) => t.name).sort();
    expect(await listed()).to.deep.equal([]);
    await call("POST", "/topics", { name: `${prefix}-ours`, partitions: 1 });
    expect(await listed(), "a write through the service drops the layouts kept").to.deep.equal([`${prefix}-ours`]);
    await createTopic(single, { name: `${prefix}-outside`, partitions: 1 });
    await waitFor(
      "the topic created with kafka-topics in the list",
      async () => ((await listed()).length === 2 ? true : undefined),
      { timeoutMs: 8_000, intervalMs: 200 },
    );
  });
});
