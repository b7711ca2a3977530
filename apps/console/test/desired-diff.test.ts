import { expect } from "chai";
import type { Operation } from "../src/api/operations.js";
import {
  countsByKind,
  type DesiredChange,
  type DiffResource,
  diffOf,
  firstResources,
  isDesiredStateOperation,
} from "../src/pages/operations/desired-diff.js";

/** A resource as the text a reader sees: its line, then its details indented. */
const shown = (resources: DiffResource[]) =>
  resources.flatMap((r) => [
    `${r.line.sign} ${r.line.text}${r.irreversible ? " [irreversible]" : ""}`,
    ...r.details.map((d) => `    ${d.sign} ${d.text}`),
  ]);

const alice = {
  resourceType: "TOPIC",
  resourceName: "orders",
  patternType: "LITERAL",
  principal: "User:alice",
  host: "*",
  operation: "READ",
  permission: "ALLOW",
} as const;

function operation(type: Operation["type"], params: Record<string, unknown>): Operation {
  return {
    id: "op1",
    clusterId: "c1",
    type,
    status: "planned",
    summary: "",
    params,
    plan: { warnings: [] } as unknown as Operation["plan"],
    details: {},
    irreversible: false,
    currentStep: 0,
    requestedAction: null,
    error: null,
    createdBy: "admin",
    confirmedBy: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    expiresAt: "2025-01-01T00:15:00.000Z",
    startedAt: null,
    finishedAt: null,
    updatedAt: "2025-01-01T00:00:00.000Z",
    steps: [],
  };
}

describe("console: a desired-state plan as a diff", () => {
  it("creates a topic: + with its partitions, replication factor and configs (sorted by name)", () => {
    const changes: DesiredChange[] = [
      {
        kind: "createTopic",
        topic: "diff-orders",
        partitions: 3,
        replicationFactor: 1,
        configs: { "retention.ms": "86400000", "cleanup.policy": "compact" },
      },
    ];
    expect(shown(diffOf(changes))).to.deep.equal([
      "+ topic diff-orders",
      "    + partitions = 3",
      "    + replication factor = 1",
      "    + config cleanup.policy = compact",
      "    + config retention.ms = 86400000",
    ]);
    expect(diffOf(changes)[0]?.details.map((d) => d.tone)).to.deep.equal(["add", "add", "add", "add"]);
  });

  it("changes a topic in place: partitions, replication factor and configs under one ~ line, before → after", () => {
    const changes: DesiredChange[] = [
      { kind: "changeReplicationFactor", topic: "orders", before: 1, after: 3 },
      { kind: "addPartitions", topic: "orders", before: 3, after: 6 },
      {
        kind: "alterTopicConfigs",
        topic: "orders",
        configs: [
          { name: "cleanup.policy", before: null, after: "compact" },
          { name: "retention.ms", before: "604800000", after: "86400000" },
          { name: "segment.ms", before: "1000", after: null },
        ],
      },
    ];
    const resources = diffOf(changes);
    expect(shown(resources)).to.deep.equal([
      "~ topic orders",
      "    ~ replication factor 1 → 3",
      "    ~ partitions 3 → 6",
      "    + config cleanup.policy = compact",
      "    ~ config retention.ms 604800000 → 86400000",
      "    - config segment.ms (was 1000)",
    ]);
    expect(resources[0]?.line.tone).to.equal("change");
    expect(resources[0]?.details.map((d) => d.tone)).to.deep.equal(["change", "change", "add", "change", "remove"]);
  });

  it("marks a replication factor that goes down as irreversible (fewer copies of the data)", () => {
    const changes: DesiredChange[] = [{ kind: "changeReplicationFactor", topic: "orders", before: 3, after: 2 }];
    expect(shown(diffOf(changes))).to.deep.equal([
      "~ topic orders [irreversible]",
      "    ~ replication factor 3 → 2 (fewer copies of its data)",
    ]);
  });

  it("deletes a topic: - and irreversible, with the partitions whose messages go", () => {
    const changes: DesiredChange[] = [{ kind: "deleteTopic", topic: "old", partitions: 12 }];
    const resources = diffOf(changes);
    expect(shown(resources)).to.deep.equal([
      "- topic old [irreversible]",
      "    - 12 partition(s) and every message in them",
    ]);
    expect(resources[0]?.line.tone).to.equal("remove");
  });

  it("creates and deletes ACL bindings, each binding its own resource; a deletion is irreversible", () => {
    const changes: DesiredChange[] = [
      { kind: "createAcl", binding: alice },
      { kind: "deleteAcl", binding: { ...alice, operation: "WRITE", patternType: "PREFIXED", resourceName: "ord" } },
    ];
    expect(shown(diffOf(changes))).to.deep.equal([
      "+ ACL User:alice ALLOW READ on TOPIC orders (LITERAL, host *)",
      "- ACL User:alice ALLOW WRITE on TOPIC ord (PREFIXED, host *) [irreversible]",
    ]);
  });

  it("sets quotas: + for an entity that had none, ~ with values added, changed and removed", () => {
    const changes: DesiredChange[] = [
      {
        kind: "setQuota",
        entity: [{ type: "user", name: "alice" }],
        values: [{ key: "producer_byte_rate", before: null, after: 1048576 }],
      },
      {
        kind: "setQuota",
        entity: [
          { type: "user", name: null },
          { type: "client-id", name: "app" },
        ],
        values: [
          { key: "consumer_byte_rate", before: 1000, after: 2000 },
          { key: "producer_byte_rate", before: 500, after: null },
          { key: "request_percentage", before: null, after: 50 },
        ],
      },
    ];
    expect(shown(diffOf(changes))).to.deep.equal([
      "+ quota user=alice",
      "    + producer_byte_rate = 1048576",
      "~ quota user=<default>, client-id=app",
      "    ~ consumer_byte_rate 1000 → 2000",
      "    - producer_byte_rate (was 500)",
      "    + request_percentage = 50",
    ]);
  });

  it("deletes a quota: - and irreversible, each value removed with what it was", () => {
    const changes: DesiredChange[] = [
      {
        kind: "deleteQuota",
        entity: [{ type: "ip", name: "10.0.0.1" }],
        values: [{ key: "connection_creation_rate", before: 10, after: null }],
      },
    ];
    expect(shown(diffOf(changes))).to.deep.equal([
      "- quota ip=10.0.0.1 [irreversible]",
      "    - connection_creation_rate (was 10)",
    ]);
  });

  it("creates, sets again (with why) and deletes SCRAM credentials, per user and mechanism", () => {
    const changes: DesiredChange[] = [
      { kind: "createScramCredential", user: "alice", mechanism: "SCRAM-SHA-512", iterations: 8192 },
      {
        kind: "rotateScramCredential",
        user: "alice",
        mechanism: "SCRAM-SHA-256",
        iterations: 8192,
        reason: "iterations 4096 → 8192",
      },
      { kind: "deleteScramCredential", user: "bob", mechanism: "SCRAM-SHA-256" },
    ];
    expect(shown(diffOf(changes))).to.deep.equal([
      "+ SCRAM credential alice (SCRAM-SHA-512)",
      "    + iterations = 8192",
      "~ SCRAM credential alice (SCRAM-SHA-256)",
      "    ~ set again: iterations 4096 → 8192",
      "- SCRAM credential bob (SCRAM-SHA-256) [irreversible]",
    ]);
  });

  it("keeps the order of apply between resources and shows a kind it does not know by name", () => {
    const changes = [
      { kind: "addPartitions", topic: "a", before: 1, after: 2 },
      { kind: "createTopic", topic: "b", partitions: 1, replicationFactor: 1, configs: {} },
      { kind: "alterTopicConfigs", topic: "a", configs: [{ name: "x", before: "1", after: "2" }] },
      { kind: "renameTopic" },
    ] as DesiredChange[];
    expect(diffOf(changes).map((r) => `${r.line.sign} ${r.line.text} ${r.details.length}`)).to.deep.equal([
      "~ topic a 2",
      "+ topic b 2",
      "~ renameTopic 0",
    ]);
  });

  it("counts the changes by kind, in the order of the kinds, in words", () => {
    const changes: DesiredChange[] = [
      { kind: "deleteTopic", topic: "old", partitions: 1 },
      { kind: "createTopic", topic: "a", partitions: 1, replicationFactor: 1, configs: {} },
      { kind: "createTopic", topic: "b", partitions: 1, replicationFactor: 1, configs: {} },
      { kind: "createAcl", binding: alice },
    ];
    expect(countsByKind(changes).map((c) => `${c.sign} ${c.text}`)).to.deep.equal([
      "+ 2 topics created",
      "- 1 topic deleted",
      "+ 1 ACL created",
    ]);
  });

  it("draws the first resources that fit in the limit of lines (at least one), for plans of thousands of changes", () => {
    const changes: DesiredChange[] = Array.from({ length: 10_000 }, (_, i) => ({
      kind: "createTopic",
      topic: `t${i}`,
      partitions: 1,
      replicationFactor: 1,
      configs: {},
    }));
    const resources = diffOf(changes);
    expect(resources).to.have.length(10_000);
    expect(firstResources(resources, 500)).to.have.length(166); // 3 lines each
    expect(firstResources(resources, 1)).to.have.length(1);
    expect(firstResources(resources.slice(0, 2), 500)).to.have.length(2);
  });

  it("reads an applyDesiredState operation's params; any other type, or params not of that shape, is not one", () => {
    const params = {
      digest: "a".repeat(64),
      files: ["team.yaml"],
      changes: [{ kind: "deleteTopic", topic: "old", partitions: 1 }],
    };
    const op = operation("applyDesiredState", params);
    expect(isDesiredStateOperation(op)).to.equal(true);
    if (isDesiredStateOperation(op)) expect(op.params.changes).to.have.length(1);
    expect(isDesiredStateOperation(operation("rebalance", params))).to.equal(false);
    expect(isDesiredStateOperation(operation("applyDesiredState", { ...params, changes: undefined }))).to.equal(false);
    expect(isDesiredStateOperation(operation("applyDesiredState", { ...params, changes: [null] }))).to.equal(false);
    expect(isDesiredStateOperation(operation("applyDesiredState", { ...params, files: [1] }))).to.equal(false);
  });
});
