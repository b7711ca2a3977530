import type { Capabilities, Cluster, DesiredChange, Snapshot } from "@kcp/shared";
import { expect } from "chai";
import { planApplyDesiredState, replicationMoves } from "../src/plans/apply-desired-state.js";
import { broker, cluster3c3b, partition, topic } from "./snapshot-fixture.js";

const NOW = Date.parse("2026-11-28T06:00:00Z");
const digest = "a".repeat(64);

/** Brokers 4-7; topic "orders" of three partitions with one replica each, on 4, 5 and 6 (1 MiB each). */
const snapshot = (): Snapshot =>
  cluster3c3b(NOW, (s) => {
    s.brokers = [broker(4, { replicas: 1 }), broker(5, { replicas: 1 }), broker(6, { replicas: 1 }), broker(7)];
    const parts = [partition(0, [4]), partition(1, [5]), partition(2, [6])].map((p) => ({
      ...p,
      sizeBytes: 1_048_576,
    }));
    s.topics = [{ ...topic("orders", parts), replicationFactor: 1 }];
  });

const plan = (changes: DesiredChange[], capabilities: Partial<Capabilities> = {}, throttleBytesPerSec?: number) =>
  planApplyDesiredState({
    cluster: {} as Cluster,
    snapshot: snapshot(),
    capabilities: capabilities as Capabilities,
    params: { digest, files: ["teams/orders.yaml"], changes, ...(throttleBytesPerSec ? { throttleBytesPerSec } : {}) },
  });

describe("applyDesiredState: the plan of a desired state's changes", () => {
  it("a grown replication factor adds the brokers holding the fewest replicas; a shrunk one keeps the leader", () => {
    const grow = replicationMoves(snapshot(), [
      { kind: "changeReplicationFactor", topic: "orders", before: 1, after: 3 },
    ]);
    expect(grow.map((m) => [m.partition, m.to, m.replicaMoves * m.sizeBytes])).to.deep.equal([
      [0, [4, 7, 5], 2_097_152],
      [1, [5, 4, 6], 2_097_152],
      [2, [6, 7, 4], 2_097_152],
    ]);
    const wide = cluster3c3b(NOW);
    const shrink = replicationMoves(wide, [{ kind: "changeReplicationFactor", topic: "t", before: 3, after: 2 }]);
    expect(shrink.map((m) => [m.partition, m.from, m.to, m.replicaMoves])).to.deep.equal([
      [0, [4, 5, 6], [4, 5], 0],
      [1, [5, 6, 4], [5, 6], 0],
      [2, [6, 4, 5], [6, 4], 0],
    ]);
  });

  it("steps in the safe order: topics, the throttled reassignment, then partitions, configs, ACLs, quotas, deletions last", () => {
    const binding = {
      resourceType: "TOPIC" as const,
      resourceName: "orders",
      patternType: "LITERAL" as const,
      principal: "User:orders-app",
      host: "*",
      operation: "READ" as const,
      permission: "ALLOW" as const,
    };
    const built = plan(
      [
        { kind: "createTopic", topic: "orders.new", partitions: 3, replicationFactor: 1, configs: {} },
        { kind: "addPartitions", topic: "orders", before: 3, after: 6 },
        { kind: "changeReplicationFactor", topic: "orders", before: 1, after: 2 },
        {
          kind: "alterTopicConfigs",
          topic: "orders",
          configs: [
            { name: "min.insync.replicas", before: null, after: "2" },
            { name: "segment.bytes", before: "1048576", after: null },
          ],
        },
        { kind: "createAcl", binding },
        {
          kind: "setQuota",
          entity: [{ type: "user", name: "orders-app" }],
          values: [{ key: "producer_byte_rate", before: null, after: 1024 }],
        },
        { kind: "deleteAcl", binding: { ...binding, operation: "WRITE" } },
        { kind: "deleteTopic", topic: "orders.old", partitions: 1 },
      ],
      {},
      1_048_576,
    );
    expect(built.steps.map((s) => s.kind)).to.deep.equal([
      "createTopics",
      "setReplicationThrottle",
      "reassignPartitions",
      "clearReplicationThrottle",
      "addPartitions",
      "alterTopicConfigs",
      "createAcls",
      "alterQuotas",
      "deleteAcls",
      "deleteTopics",
      "recordDesiredState",
    ]);
    expect(built.steps.at(-1)?.args).to.deep.equal({ digest });
    expect(built.steps.find((s) => s.kind === "alterTopicConfigs")?.args).to.deep.equal({
      topics: [{ name: "orders", set: { "min.insync.replicas": "2" }, delete: ["segment.bytes"] }],
    });
    expect(built.steps.find((s) => s.kind === "clearReplicationThrottle")?.alwaysRun).to.equal(true);
    expect(built.plan.dataToMoveBytes).to.equal(3 * 1_048_576);
    expect(built.plan.summary).to.match(/^Desired state: 8 change\(s\) — 1 createTopic, 1 addPartitions/);
  });

  it("sets created and rotated SCRAM credentials in one step whose args hold no secret, before deletions", () => {
    const built = plan([
      { kind: "createScramCredential", user: "orders-app", mechanism: "SCRAM-SHA-512", iterations: 8192 },
      { kind: "rotateScramCredential", user: "billing", mechanism: "SCRAM-SHA-256", iterations: 4096, reason: "r" },
      { kind: "deleteScramCredential", user: "old", mechanism: "SCRAM-SHA-256" },
    ]);
    expect(built.steps.map((s) => [s.kind, s.args])).to.deep.equal([
      [
        "setScramCredentials",
        {
          credentials: [
            { user: "orders-app", mechanism: "SCRAM-SHA-512", iterations: 8192 },
            { user: "billing", mechanism: "SCRAM-SHA-256", iterations: 4096 },
          ],
        },
      ],
      ["deleteScramCredentials", { credentials: [{ user: "old", mechanism: "SCRAM-SHA-256" }] }],
      ["recordDesiredState", { digest }],
    ]);
    expect(() =>
      plan([{ kind: "createScramCredential", user: "orders-app", mechanism: "SCRAM-SHA-512", iterations: 8192 }], {
        manageScram: false,
      }),
    ).to.throw("createScramCredential needs manageScram, which this cluster does not offer");
  });

  it("refuses a change the cluster does not offer, a quota PUT /quotas would refuse, and too many replicas", () => {
    expect(() =>
      plan([{ kind: "changeReplicationFactor", topic: "orders", before: 1, after: 2 }], { reassign: false }),
    ).to.throw("changeReplicationFactor needs reassign, which this cluster does not offer");
    const ipWithBytes = {
      kind: "setQuota" as const,
      entity: [{ type: "ip" as const, name: "10.0.0.1" }],
      values: [{ key: "producer_byte_rate" as const, before: null, after: 1 }],
    };
    expect(() => plan([ipWithBytes])).to.throw(
      "The quota of ip=10.0.0.1: set.producer_byte_rate producer_byte_rate does not apply to ip entities",
    );
    expect(() => plan([{ kind: "changeReplicationFactor", topic: "orders", before: 1, after: 5 }])).to.throw(
      "orders cannot have 5 replicas: 4 running, uncordoned broker(s)",
    );
  });
});
