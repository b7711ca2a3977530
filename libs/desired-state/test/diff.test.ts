import { type DesiredFile, DesiredFileSchema } from "@kcp/shared";
import { expect } from "chai";
import { type CurrentResources, type DesiredPlan, diffDesiredState } from "../src/index.js";

const file = (path: string, documents: unknown[]): DesiredFile => DesiredFileSchema.parse({ path, documents });

const ordersScope = (extra: Record<string, unknown> = {}) => ({
  kind: "Scope",
  topics: { prefixes: ["orders."] },
  aclPrincipals: ["User:orders-app"],
  quotaEntities: [[{ type: "user", name: "orders-app" }]],
  scramUsers: ["orders-app"],
  ...extra,
});

const acl = (operation: string, resourceName = "orders.") => ({
  resourceType: "TOPIC",
  resourceName,
  patternType: "PREFIXED",
  principal: "User:orders-app",
  host: "*",
  operation,
  permission: "ALLOW",
});

/** A cluster with the orders team's topic as its file declares it, another team's topic, and Kafka's own. */
function cluster(change: (c: CurrentResources & { [K in keyof CurrentResources]: unknown[] }) => void = () => {}) {
  const current = {
    topics: [
      { name: "orders.created", partitions: 6, replicationFactor: 3, configs: { "retention.ms": "86400000" } },
      { name: "payments.done", partitions: 3, replicationFactor: 3, configs: {} },
      { name: "__consumer_offsets", partitions: 50, replicationFactor: 3, configs: {}, internal: true },
    ],
    acls: [acl("READ")],
    quotas: [{ entity: [{ type: "user", name: "orders-app" }], values: { producer_byte_rate: 1_048_576 } }],
    scramUsers: [{ user: "orders-app", credentials: [{ mechanism: "SCRAM-SHA-512", iterations: 8192 }] }],
  };
  change(current as never);
  return current as CurrentResources;
}

const ordersFile = (documents: unknown[] = [], scope: Record<string, unknown> = {}) =>
  file("teams/orders.yaml", [
    ordersScope(scope),
    {
      kind: "Topic",
      name: "orders.created",
      partitions: 6,
      replicationFactor: 3,
      configs: { "retention.ms": 86_400_000 },
    },
    { kind: "Acl", ...acl("READ") },
    { kind: "Quota", entity: [{ type: "user", name: "orders-app" }], values: { producer_byte_rate: 1_048_576 } },
    { kind: "ScramUser", name: "orders-app", mechanism: "SCRAM-SHA-512", password: { env: "ORDERS_PASSWORD" } },
    ...documents,
  ]);

function planOf(files: DesiredFile[], current: CurrentResources, versions: Record<string, string> = {}): DesiredPlan {
  const result = diffDesiredState(files, current, { passwordVersions: versions });
  if (result.problems) throw new Error(JSON.stringify(result.problems));
  return result.plan;
}

function problemsOf(files: DesiredFile[], current = cluster()) {
  const result = diffDesiredState(files, current);
  if (!result.problems) throw new Error(`planned: ${JSON.stringify(result.plan.changes)}`);
  return result.problems;
}

describe("desired state: the diff of a team's files against the cluster", () => {
  it("an unchanged cluster plans nothing, whatever the brokers' defaults (they are not topic configs)", () => {
    const plan = planOf([ordersFile()], cluster());
    expect(plan).to.deep.equal({ changes: [], counts: {}, irreversible: false, warnings: [] });
  });

  it("creates, grows, re-replicates and sets configs, each change with before and after, in the safe order", () => {
    const plan = planOf(
      [
        ordersFile([
          {
            kind: "Topic",
            name: "orders.shipped",
            partitions: 3,
            replicationFactor: 3,
            configs: { "cleanup.policy": "compact" },
          },
          { kind: "Acl", ...acl("WRITE") },
        ]),
      ],
      cluster((c) => {
        const topic = c.topics[0] as { partitions: number; replicationFactor: number; configs: object };
        topic.partitions = 3;
        topic.replicationFactor = 1;
        topic.configs = { "retention.ms": "1000", "segment.bytes": "1048576" };
      }),
    );
    expect(plan.changes).to.deep.equal([
      {
        kind: "createTopic",
        topic: "orders.shipped",
        partitions: 3,
        replicationFactor: 3,
        configs: { "cleanup.policy": "compact" },
      },
      { kind: "changeReplicationFactor", topic: "orders.created", before: 1, after: 3 },
      { kind: "addPartitions", topic: "orders.created", before: 3, after: 6 },
      // segment.bytes is set on the topic but not in the file: left alone without prune.
      {
        kind: "alterTopicConfigs",
        topic: "orders.created",
        configs: [{ name: "retention.ms", before: "1000", after: "86400000" }],
      },
      { kind: "createAcl", binding: acl("WRITE") },
    ]);
    expect(plan.counts).to.deep.equal({
      createTopic: 1,
      changeReplicationFactor: 1,
      addPartitions: 1,
      alterTopicConfigs: 1,
      createAcl: 1,
    });
    expect(plan.irreversible).to.equal(false);
  });

  it("deletes nothing undeclared without prune; with prune only inside the file's scope, never Kafka's own topics, and irreversibly", () => {
    const extra = (c: { topics: unknown[]; acls: unknown[] }) => {
      c.topics.push({ name: "orders.legacy", partitions: 1, replicationFactor: 1, configs: {} });
      c.acls.push(acl("DESCRIBE"));
    };
    expect(planOf([ordersFile()], cluster(extra)).changes).to.deep.equal([]);
    const pruned = planOf([ordersFile([], { prune: true })], cluster(extra));
    expect(pruned.changes).to.deep.equal([
      { kind: "deleteAcl", binding: acl("DESCRIBE") },
      { kind: "deleteTopic", topic: "orders.legacy", partitions: 1 },
    ]);
    expect(pruned.irreversible).to.equal(true);
    // payments.done and __consumer_offsets are outside the scope: untouched.
  });

  it("prune also removes configs and quota values set but not declared; deleted: true deletes one resource", () => {
    const plan = planOf(
      [
        ordersFile(
          [
            { kind: "Topic", name: "orders.old", partitions: 1, replicationFactor: 1, deleted: true },
            { kind: "Topic", name: "orders.never", partitions: 1, replicationFactor: 1, deleted: true },
          ],
          { prune: true },
        ),
      ],
      cluster((c) => {
        c.topics.push({ name: "orders.old", partitions: 2, replicationFactor: 1, configs: {} });
        (c.topics[0] as { configs: object }).configs = { "retention.ms": "86400000", "segment.bytes": "1048576" };
        (c.quotas[0] as { values: object }).values = { producer_byte_rate: 1_048_576, consumer_byte_rate: 5 };
      }),
    );
    expect(plan.changes).to.deep.equal([
      {
        kind: "alterTopicConfigs",
        topic: "orders.created",
        configs: [{ name: "segment.bytes", before: "1048576", after: null }],
      },
      {
        kind: "setQuota",
        entity: [{ type: "user", name: "orders-app" }],
        values: [{ key: "consumer_byte_rate", before: 5, after: null }],
      },
      { kind: "deleteTopic", topic: "orders.old", partitions: 2 },
    ]);
  });

  it("SCRAM: created with its password reference, left alone while iterations and version stay, rotated when the version changes, deleted by prune", () => {
    const none = cluster((c) => {
      c.scramUsers = [];
    });
    expect(planOf([ordersFile()], none).changes).to.deep.equal([
      { kind: "createScramCredential", user: "orders-app", mechanism: "SCRAM-SHA-512", iterations: 8192 },
    ]);
    const versioned = ordersFile().documents.map((d) =>
      d.kind === "ScramUser" ? { ...d, passwordVersion: "2026-11" } : d,
    );
    const key = "orders-app\u0000SCRAM-SHA-512";
    const files = [file("teams/orders.yaml", versioned)];
    expect(planOf(files, cluster(), { [key]: "2026-11" }).changes).to.deep.equal([]);
    expect(planOf(files, cluster(), { [key]: "2026-10" }).changes).to.deep.equal([
      {
        kind: "rotateScramCredential",
        user: "orders-app",
        mechanism: "SCRAM-SHA-512",
        iterations: 8192,
        reason: "password version 2026-10 → 2026-11",
      },
    ]);
    const extraCredential = cluster((c) => {
      c.scramUsers = [
        {
          user: "orders-app",
          credentials: [
            { mechanism: "SCRAM-SHA-512", iterations: 8192 },
            { mechanism: "SCRAM-SHA-256", iterations: 4096 },
          ],
        },
      ];
    });
    expect(planOf([ordersFile([], { prune: true })], extraCredential).changes).to.deep.equal([
      { kind: "deleteScramCredential", user: "orders-app", mechanism: "SCRAM-SHA-256" },
    ]);
    const withoutPassword = ordersFile().documents.map((d) =>
      d.kind === "ScramUser" ? { ...d, password: undefined } : d,
    );
    expect(problemsOf([file("teams/orders.yaml", withoutPassword)], none)).to.deep.equal([
      {
        file: "teams/orders.yaml",
        document: 4,
        field: "password",
        message: "Creating the SCRAM-SHA-512 credential of orders-app needs a password reference (env or file)",
      },
    ]);
  });

  it("two teams' files each own their scope: a second file never deletes the first's topics", () => {
    const payments = file("teams/payments.yaml", [
      { kind: "Scope", topics: { names: ["payments.done"] }, prune: true },
      { kind: "Topic", name: "payments.done", partitions: 3, replicationFactor: 3 },
    ]);
    expect(planOf([ordersFile(), payments], cluster()).changes).to.deep.equal([]);
  });

  it("refuses, naming the file, the document and the field: no scope, overlapping scopes, a resource outside its scope or declared twice, an internal topic, fewer partitions", () => {
    expect(
      problemsOf([file("a.yaml", [{ kind: "Topic", name: "x", partitions: 1, replicationFactor: 1 }])]),
    ).to.deep.equal([
      {
        file: "a.yaml",
        document: 0,
        message: "A file needs one Scope document: what it owns (nothing outside it is changed or deleted)",
      },
    ]);
    const overlapping = file("teams/all-orders.yaml", [{ kind: "Scope", topics: { prefixes: ["orders"] } }]);
    expect(problemsOf([ordersFile(), overlapping])[0]?.message).to.equal(
      "The scopes of teams/orders.yaml and teams/all-orders.yaml both own topics orders* and orders.*: each resource has one owner",
    );
    const problems = problemsOf([
      ordersFile([
        { kind: "Topic", name: "payments.done", partitions: 3, replicationFactor: 3 },
        { kind: "Topic", name: "orders.created", partitions: 6, replicationFactor: 3 },
        { kind: "Acl", ...acl("READ"), principal: "User:payments-app" },
      ]),
      file("teams/platform.yaml", [
        { kind: "Scope", topics: { prefixes: ["_"] } },
        { kind: "Topic", name: "__consumer_offsets", partitions: 50, replicationFactor: 3 },
      ]),
    ]);
    expect(problems.map((p) => `${p.file}#${p.document}${p.field ? `.${p.field}` : ""}: ${p.message}`)).to.deep.equal([
      "teams/orders.yaml#5: topic payments.done is outside the file's scope",
      "teams/orders.yaml#6: topic orders.created is declared twice (first in teams/orders.yaml document 1)",
      "teams/orders.yaml#7: the ACL ALLOW READ on TOPIC:orders. for User:payments-app is outside the file's scope",
      "teams/platform.yaml#1.name: __consumer_offsets is an internal topic: Kafka owns it",
    ]);
    const shrunk = ordersFile().documents.map((d) => (d.kind === "Topic" ? { ...d, partitions: 2 } : d));
    expect(problemsOf([file("teams/orders.yaml", shrunk)])).to.deep.equal([
      {
        file: "teams/orders.yaml",
        document: 1,
        field: "partitions",
        message: "Topic orders.created has 6 partitions: Kafka cannot remove partitions (declare 6 or more)",
      },
    ]);
  });

  it("a lower replication factor is planned with a warning and confirmed like a deletion", () => {
    const lower = ordersFile().documents.map((d) => (d.kind === "Topic" ? { ...d, replicationFactor: 2 } : d));
    const plan = planOf([file("teams/orders.yaml", lower)], cluster());
    expect(plan.changes).to.deep.equal([
      { kind: "changeReplicationFactor", topic: "orders.created", before: 3, after: 2 },
    ]);
    expect(plan.irreversible).to.equal(true);
    expect(plan.warnings).to.deep.equal([
      "The replication factor of orders.created goes down from 3 to 2: fewer copies of its data",
    ]);
  });
});
