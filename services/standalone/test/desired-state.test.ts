import type {
  ClusterView,
  DesiredStateDriftResponse,
  DesiredStateExportResponse,
  DesiredStatePlanResponse,
  Operation,
} from "@kcp/shared";
import { createTopic, type KafkaCluster, kafkaToolOn, startCluster, startLoad, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { type Reply, startTestService, type TestService } from "./service-fixture.js";

const TOPICS = "org.apache.kafka.tools.TopicCommand";
const CONFIGS = "kafka.admin.ConfigCommand";

/** Partitions and replicas of each partition as kafka-topics --describe shows them (an independent reader). */
async function described(cluster: KafkaCluster, topic: string): Promise<{ partitions: number; replicas: number[] }> {
  const out = await kafkaToolOn(cluster, TOPICS, ["--describe", "--topic", topic]);
  const rows = [...out.matchAll(/Partition: \d+\s+Leader: -?\d+\s+Replicas: ([\d,]+)\s+Isr: ([\d,]+)/g)];
  return { partitions: rows.length, replicas: rows.map((m) => (m[2] as string).split(",").length) };
}

/** A user's quota values as kafka-configs --describe prints them ("producer_byte_rate=1048576.0"). */
async function quotasOf(cluster: KafkaCluster, user: string): Promise<string> {
  const out = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", "users", "--entity-name", user, "--describe"]);
  return (/are (.*)$/m.exec(out)?.[1] ?? "").trim();
}

/** The configs set on an entity, as kafka-configs --describe lists them. */
async function configsOf(cluster: KafkaCluster, type: string, name: string): Promise<Record<string, string>> {
  const out = await kafkaToolOn(cluster, CONFIGS, ["--entity-type", type, "--entity-name", name, "--describe"]);
  return Object.fromEntries(
    [...out.matchAll(/^\s+([a-z0-9._-]+)=(\S*) sensitive=/gm)].map((m) => [m[1] as string, m[2] as string]),
  );
}

const ordersFile = (topics: Record<string, unknown>[], prune = false) => ({
  path: "teams/orders.yaml",
  documents: [
    {
      kind: "Scope",
      topics: { prefixes: ["orders."] },
      quotaEntities: [[{ type: "user", name: "orders-app" }]],
      prune,
    },
    ...topics,
    { kind: "Quota", entity: [{ type: "user", name: "orders-app" }], values: { producer_byte_rate: 1_048_576 } },
  ],
});

const paymentsFile = {
  path: "teams/payments.yaml",
  documents: [
    { kind: "Scope", topics: { names: ["payments.done"] }, prune: true },
    { kind: "Topic", name: "payments.done", partitions: 2, replicationFactor: 2 },
  ],
};

const created = {
  kind: "Topic",
  name: "orders.created",
  partitions: 3,
  replicationFactor: 1,
  configs: { "retention.ms": 86_400_000 },
};
const shipped = { kind: "Topic", name: "orders.shipped", partitions: 1, replicationFactor: 3 };

describe("desired state on a real 3c3b: two teams' files planned, confirmed, applied, planned again empty", function () {
  this.timeout(600_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let clusterId: string;

  const api = <T = Reply>(method: string, path: string, body?: unknown) =>
    service.api<T>(method, path, { token: service.token, ...(body === undefined ? {} : { body }) });
  const planFiles = async (files: unknown[], extra: Record<string, unknown> = {}) => {
    const planned = await api<DesiredStatePlanResponse & Reply>(
      "POST",
      `/api/v1/clusters/${clusterId}/desired-state/plan`,
      {
        files,
        ...extra,
      },
    );
    expect(planned.status, planned.text).to.equal(200);
    return planned.body;
  };
  const apply = async (plan: DesiredStatePlanResponse, confirmName?: string): Promise<Operation> => {
    const id = plan.operation?.id as string;
    const confirmed = await api("POST", `/api/v1/operations/${id}/confirm`, confirmName ? { confirmName } : {});
    expect(confirmed.status, confirmed.text).to.equal(200);
    return waitFor(
      "the apply to finish",
      async () => {
        const now = (await api<Operation>("GET", `/api/v1/operations/${id}`)).body;
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 500 },
    );
  };

  before(async () => {
    cluster = await startCluster({ topology: "3c3b", name: "desired-state" });
    service = await startTestService("desired-state");
    clusterId = await service.register({ name: "desired", bootstrapServers: cluster.bootstrapServers });
    // Another tool's topic, and one of the orders team's that its file no longer declares.
    await createTopic(cluster, { name: "legacy.stuff", partitions: 1, replicationFactor: 1 });
    await createTopic(cluster, { name: "orders.legacy", partitions: 1, replicationFactor: 1 });
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  it("applies both files: topics, configs and the quota as Kafka's tools show them; nothing outside the scopes changes", async () => {
    const plan = await planFiles([ordersFile([created, shipped]), paymentsFile]);
    expect(plan.changes.map((c) => c.kind)).to.deep.equal(["createTopic", "createTopic", "createTopic", "setQuota"]);
    expect(plan.irreversible).to.equal(false);
    expect(plan.operation?.type).to.equal("applyDesiredState");
    const done = await apply(plan);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(await described(cluster, "orders.created")).to.deep.equal({ partitions: 3, replicas: [1, 1, 1] });
    expect(await described(cluster, "orders.shipped")).to.deep.equal({ partitions: 1, replicas: [3] });
    expect(await described(cluster, "payments.done")).to.deep.equal({ partitions: 2, replicas: [2, 2] });
    expect(await configsOf(cluster, "topics", "orders.created")).to.deep.include({ "retention.ms": "86400000" });
    expect(await quotasOf(cluster, "orders-app")).to.equal("producer_byte_rate=1048576.0");
    // The orders file does not prune: orders.legacy stays, and so does the other tool's topic.
    expect((await described(cluster, "orders.legacy")).partitions).to.equal(1);
    expect((await described(cluster, "legacy.stuff")).partitions).to.equal(1);
  });

  it("a second plan of the same files is empty, also after a broker-wide default is set with kafka-configs", async () => {
    await kafkaToolOn(cluster, CONFIGS, [
      "--entity-type",
      "brokers",
      "--entity-default",
      "--alter",
      "--add-config",
      "log.retention.ms=3600000",
    ]);
    const again = await planFiles([ordersFile([created, shipped]), paymentsFile]);
    expect(again).to.deep.include({ changes: [], irreversible: false });
    expect(again.operation).to.equal(undefined);
  });

  it("grows a topic under an acks=all producer: replication 1 → 3 by a throttled reassignment, then partitions 3 → 6, a config changed; nothing lost", async () => {
    const load = await startLoad(cluster, "orders.created");
    await waitFor("load flowing", async () => (load.progress().acknowledged >= 200 ? true : undefined));
    const grown = { ...created, partitions: 6, replicationFactor: 3, configs: { "retention.ms": 172_800_000 } };
    const plan = await planFiles([ordersFile([grown, shipped]), paymentsFile], { throttleBytesPerSec: 10_485_760 });
    expect(plan.changes).to.deep.equal([
      { kind: "changeReplicationFactor", topic: "orders.created", before: 1, after: 3 },
      { kind: "addPartitions", topic: "orders.created", before: 3, after: 6 },
      {
        kind: "alterTopicConfigs",
        topic: "orders.created",
        configs: [{ name: "retention.ms", before: "86400000", after: "172800000" }],
      },
    ]);
    const done = await apply(plan);
    // The first reader may miss the partitions added under it: after 20 s a new one reads them all.
    const result = await load.stop(20_000);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(result.missing, `missing ${result.missing.slice(0, 10).join(", ")}`).to.deep.equal([]);
    expect(await described(cluster, "orders.created")).to.deep.equal({ partitions: 6, replicas: [3, 3, 3, 3, 3, 3] });
    expect(await configsOf(cluster, "topics", "orders.created")).to.deep.include({ "retention.ms": "172800000" });
    expect((await planFiles([ordersFile([grown, shipped]), paymentsFile])).changes).to.deep.equal([]);
  });

  it("deletes only what a file says: prune deletes orders.legacy inside its scope, confirmed with the cluster's name; legacy.stuff stays", async () => {
    const plan = await planFiles([
      ordersFile(
        [{ ...created, partitions: 6, replicationFactor: 3, configs: { "retention.ms": 172_800_000 } }, shipped],
        true,
      ),
      paymentsFile,
    ]);
    expect(plan.changes).to.deep.equal([{ kind: "deleteTopic", topic: "orders.legacy", partitions: 1 }]);
    expect(plan.irreversible).to.equal(true);
    const id = plan.operation?.id as string;
    const unnamed = await api("POST", `/api/v1/operations/${id}/confirm`, {});
    expect(unnamed.status, unnamed.text).to.equal(422);
    const done = await apply(plan, "desired");
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    const listed = await kafkaToolOn(cluster, TOPICS, ["--list"]);
    expect(listed.split("\n")).to.include("legacy.stuff").and.not.include("orders.legacy");
  });

  it("drift: a config changed with kafka-configs shows within one collection (health, metric, GET drift); applying again removes it", async () => {
    const grown = { ...created, partitions: 6, replicationFactor: 3, configs: { "retention.ms": 172_800_000 } };
    const files = [ordersFile([grown, shipped], true), paymentsFile];
    const drift = async () => {
      const answer = await api<DesiredStateDriftResponse & Reply>(
        "GET",
        `/api/v1/clusters/${clusterId}/desired-state/drift`,
      );
      expect(answer.status, answer.text).to.equal(200);
      return answer.body;
    };
    const collected = async () => {
      const refreshed = await api<ClusterView & Reply>("POST", `/api/v1/clusters/${clusterId}/refresh`);
      expect(refreshed.status, refreshed.text).to.equal(200);
      return refreshed.body.health;
    };
    const none = await drift();
    expect(none.applied.map((f) => f.path)).to.deep.equal(["teams/orders.yaml", "teams/payments.yaml"]);
    expect(none.applied[0]?.appliedBy).to.equal("admin");
    expect(none).to.deep.include({ changes: [], problems: [] });
    expect((await collected()).issues.map((i) => i.code)).to.not.include("desired_state_drift");

    await kafkaToolOn(cluster, CONFIGS, [
      "--entity-type",
      "topics",
      "--entity-name",
      "orders.created",
      "--alter",
      "--add-config",
      "retention.ms=1000",
    ]);
    const health = await collected();
    const issue = health.issues.find((i) => i.code === "desired_state_drift");
    expect(issue?.severity).to.equal("warning");
    expect(issue?.message).to.include("topic orders.created: retention.ms is 1000, the files say 172800000");
    expect(health.desiredStateDrift).to.equal(1);
    const scraped = await (await fetch(`${service.url}/metrics`)).text();
    expect(scraped).to.match(new RegExp(`kcp_kafka_desired_state_drift\\{cluster_id="${clusterId}"[^}]*\\} 1`));
    expect((await drift()).changes).to.deep.equal([
      {
        kind: "alterTopicConfigs",
        topic: "orders.created",
        configs: [{ name: "retention.ms", before: "1000", after: "172800000" }],
      },
    ]);

    const done = await apply(await planFiles(files));
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done.steps.at(-1)).to.deep.include({ kind: "recordDesiredState", status: "succeeded" });
    expect((await drift()).changes).to.deep.equal([]);
    const healed = await collected();
    expect(healed.issues.map((i) => i.code)).to.not.include("desired_state_drift");
    expect(healed.desiredStateDrift).to.equal(0);
  });

  it("export: the scope's resources as one file; planned as exported, it changes nothing", async () => {
    const exported = await api<DesiredStateExportResponse & Reply>(
      "GET",
      `/api/v1/clusters/${clusterId}/desired-state?topicPrefixes=orders.,legacy.&quotaEntities=user=orders-app`,
    );
    expect(exported.status, exported.text).to.equal(200);
    const names = exported.body.documents.map((d) => `${d.kind}${"name" in d ? ` ${d.name}` : ""}`);
    expect(names).to.deep.equal([
      "Scope",
      "Topic legacy.stuff",
      "Topic orders.created",
      "Topic orders.shipped",
      "Quota",
    ]);
    // Under the path of the applied file whose scope it covers (another path claiming it is refused: one owner).
    const again = await planFiles([{ path: "teams/orders.yaml", documents: exported.body.documents }]);
    expect(again).to.deep.include({ changes: [], irreversible: false });
    const unnamed = await api("GET", `/api/v1/clusters/${clusterId}/desired-state`);
    expect(unnamed.status, unnamed.text).to.equal(422);
    const illegal = await api("GET", `/api/v1/clusters/${clusterId}/desired-state?topics=not%20a%20topic`);
    expect(illegal.status, illegal.text).to.equal(422);
    expect(illegal.body.error.message).to.include("The scope to export: topics.names.0");
  });

  it("SCRAM users: created and rotated from the passwords the CLI resolved, which no answer or audit entry shows; planned again, nothing", async () => {
    const secret = "ds-secret-Xq7-never-shown";
    const usersFile = (iterations: number, passwordVersion: number) => ({
      path: "teams/users.yaml",
      documents: [
        { kind: "Scope", scramUsers: ["ds-user"] },
        {
          kind: "ScramUser",
          name: "ds-user",
          mechanism: "SCRAM-SHA-512",
          iterations,
          password: { env: "DS_USER_PASSWORD" },
          passwordVersion,
        },
      ],
    });
    const passwords = [{ user: "ds-user", mechanism: "SCRAM-SHA-512", password: secret }];
    const credentialOf = async () =>
      kafkaToolOn(cluster, CONFIGS, ["--entity-type", "users", "--entity-name", "ds-user", "--describe"]);

    const without = await api("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
      files: [usersFile(8192, 1)],
    });
    expect(without.status, without.text).to.equal(422);
    expect(without.body.error.message).to.include(
      "Creating the SCRAM-SHA-512 credential of ds-user needs its password",
    );
    const created = await planFiles([usersFile(8192, 1)], { passwords });
    expect(created.changes).to.deep.equal([
      { kind: "createScramCredential", user: "ds-user", mechanism: "SCRAM-SHA-512", iterations: 8192 },
    ]);
    const done = await apply(created);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done.steps.map((step) => step.kind)).to.deep.equal(["setScramCredentials", "recordDesiredState"]);
    expect(await credentialOf()).to.match(/SCRAM-SHA-512=iterations=8192/);
    expect((await planFiles([usersFile(8192, 1)])).changes).to.deep.equal([]);

    const rotated = await planFiles([usersFile(4096, 2)], { passwords });
    expect(rotated.changes).to.deep.equal([
      {
        kind: "rotateScramCredential",
        user: "ds-user",
        mechanism: "SCRAM-SHA-512",
        iterations: 4096,
        reason: "iterations 8192 → 4096",
      },
    ]);
    const rotation = await apply(rotated);
    expect(rotation.status, JSON.stringify(rotation.steps)).to.equal("succeeded");
    expect(await credentialOf()).to.match(/SCRAM-SHA-512=iterations=4096/);
    expect((await planFiles([usersFile(4096, 2)])).changes).to.deep.equal([]);

    // The password went to the plan request only: no operation, audit entry or drift answer holds it.
    const seen = [
      JSON.stringify(created),
      JSON.stringify(done),
      JSON.stringify(rotation),
      (await api("GET", `/api/v1/clusters/${clusterId}/operations`)).text,
      (await api("GET", "/api/v1/audit?limit=200")).text,
      (await api("GET", `/api/v1/clusters/${clusterId}/desired-state/drift`)).text,
    ].join("\n");
    expect(seen).to.not.include(secret);
  });

  it("an operator cannot set, rotate or delete a SCRAM credential through desired state: refused at plan and at confirm; an admin's apply is audited per credential by its confirmer", async () => {
    await api("POST", "/api/v1/users", { username: "olga-ds", password: "operator-password-1", role: "operator" });
    const operator = (
      await service.api<{ token: string }>("POST", "/api/v1/auth/login", {
        body: { username: "olga-ds", password: "operator-password-1" },
      })
    ).body.token;
    const asOperator = <T = Reply>(method: string, path: string, body?: unknown) =>
      service.api<T>(method, path, { token: operator, ...(body === undefined ? {} : { body }) });
    const takeover = "chosen-by-the-operator-1";
    const adminFile = {
      path: "teams/super.yaml",
      documents: [
        { kind: "Scope", scramUsers: ["ds-super"] },
        { kind: "ScramUser", name: "ds-super", mechanism: "SCRAM-SHA-256", password: { env: "P" }, passwordVersion: 1 },
      ],
    };
    const passwords = [{ user: "ds-super", mechanism: "SCRAM-SHA-256", password: takeover }];
    const operationsBefore = (await api<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`))
      .body.operations.length;

    // At plan: the change needs the admin role, as PUT /scram-users/{user}/{mechanism} does; nothing is planned.
    const planned = await asOperator("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
      files: [adminFile],
      passwords,
    });
    expect(planned.status, planned.text).to.equal(403);
    expect(planned.body.error.code).to.equal("forbidden");
    expect(planned.body.error.message).to.include("scram.upsert of the SCRAM-SHA-256 credential of ds-super");
    expect(
      (await api<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body.operations,
    ).to.have.length(operationsBefore);
    expect(
      await kafkaToolOn(cluster, CONFIGS, ["--entity-type", "users", "--entity-name", "ds-super", "--describe"]),
    ).to.not.match(/SCRAM-SHA-256=/);

    // At confirm: an admin's plan of the same change cannot be confirmed by an operator.
    const adminPlan = await planFiles([adminFile], { passwords });
    const confirmed = await asOperator("POST", `/api/v1/operations/${adminPlan.operation?.id}/confirm`, {});
    expect(confirmed.status, confirmed.text).to.equal(403);
    expect(confirmed.body.error.message).to.include("the SCRAM-SHA-256 credential of ds-super");
    expect((await api<Operation>("GET", `/api/v1/operations/${adminPlan.operation?.id}`)).body.status).to.equal(
      "planned",
    );

    // The admin confirms: the credential is set, and the audit names it, by the admin, as the direct route would.
    const done = await apply(adminPlan);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    type Entries = { entries: { actor: string; action: string; target?: string; detail?: unknown }[] };
    const audit = await waitFor("the credential's audit entry", async () => {
      const page = await api<Entries>("GET", "/api/v1/audit?action=scram.upsert&limit=50");
      return page.body.entries.some((e) => e.target === "ds-super/SCRAM-SHA-256") ? page : undefined;
    });
    const entry = audit.body.entries.find((e) => e.target === "ds-super/SCRAM-SHA-256");
    expect(entry, audit.text).to.include({ actor: service.admin.username, action: "scram.upsert" });
    expect(JSON.stringify(entry?.detail)).to.include(adminPlan.operation?.id as string);
    expect(audit.text).to.not.include(takeover);
  });

  it("refuses files that cannot be planned, naming the file, the document and the field; nothing is planned", async () => {
    const before = (await api<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body
      .operations.length;
    const refused = await api("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
      files: [ordersFile([{ ...created, partitions: 2 }])],
    });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.error.message).to.include(
      "teams/orders.yaml, document 1 (partitions): Topic orders.created has 6 partitions",
    );
    const outside = await api("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
      files: [ordersFile([{ ...shipped, name: "payments.shipped" }])],
    });
    expect(outside.body.error.message).to.include(
      "teams/orders.yaml, document 1: topic payments.shipped is outside the file's scope",
    );
    // Config names and values are checked by Kafka itself (validate-only requests), before anything is planned.
    const invalid = await api("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
      files: [
        ordersFile([
          { ...created, partitions: 6, replicationFactor: 3, configs: { "retention.ms": 172_800_000 } },
          { ...shipped, configs: { "cleanup.policy": "nonsense" } },
          { kind: "Topic", name: "orders.typo", partitions: 1, replicationFactor: 1, configs: { "retention.mss": 1 } },
        ]),
      ],
      createOperation: false,
    });
    expect(invalid.status, invalid.text).to.equal(422);
    expect(invalid.body.error.message).to.match(
      /teams\/orders\.yaml, document 3 \(configs\): Kafka refuses topic orders\.typo: INVALID_CONFIG: .*retention\.mss/,
    );
    expect(invalid.body.error.message).to.match(
      /teams\/orders\.yaml, document 2 \(configs\): Kafka refuses topic orders\.shipped: INVALID_CONFIG: .*nonsense/,
    );
    expect((await kafkaToolOn(cluster, TOPICS, ["--list"])).split("\n")).to.not.include("orders.typo");
    // The service's bound on partitions holds for files too, and changes come only from files.
    const huge = await api("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
      files: [ordersFile([{ ...shipped, name: "orders.huge", partitions: 1_000_000 }])],
    });
    expect(huge.status, huge.text).to.equal(422);
    expect(huge.body.error.message).to.include("TOPIC_MAX_PARTITIONS");
    const direct = await api("POST", `/api/v1/clusters/${clusterId}/operations`, {
      type: "applyDesiredState",
      params: {
        digest: "a".repeat(64),
        files: [],
        changes: [{ kind: "deleteTopic", topic: "legacy.stuff", partitions: 1 }],
      },
    });
    expect(direct.status, direct.text).to.equal(422);
    expect(direct.body.error.message).to.include("desired-state/plan");
    const after = (await api<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body
      .operations.length;
    expect(after).to.equal(before);
  });
});
