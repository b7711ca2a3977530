import type { AppError, Capabilities, Cluster, OperatorStatus, Snapshot } from "@kcp/shared";
import { expect } from "chai";
import { planScaleNodePools } from "../src/plans/operator.js";
import { planProvisionNodes } from "../src/plans/provision-nodes.js";
import { planRestartNodes } from "../src/plans/restart-nodes.js";
import { planUpgradeVersion } from "../src/plans/upgrade-version.js";
import { broker, cluster3c3b } from "./snapshot-fixture.js";

const NOW = Date.parse("2026-11-27T12:00:00.000Z");

const operator = (overrides: Partial<OperatorStatus> = {}): OperatorStatus => ({
  kind: "strimzi",
  resource: "kafka/orders",
  ready: true,
  reasons: [],
  kafkaVersion: "4.3.1",
  metadataVersion: "4.3-IV0",
  conditions: [],
  pools: [
    { name: "brokers", roles: ["broker"], replicas: 3, readyReplicas: 3, nodeIds: [4, 5, 6] },
    { name: "controllers", roles: ["controller"], replicas: 3, readyReplicas: 3, nodeIds: [1, 2, 3] },
  ],
  ...overrides,
});

const input = <P>(params: P, status: OperatorStatus | null = operator(), tweak?: (s: Snapshot) => void) => {
  const snapshot = cluster3c3b(NOW, tweak);
  if (status) snapshot.operator = status;
  return {
    cluster: { provider: "operator-managed", settings: {} } as unknown as Cluster,
    snapshot,
    capabilities: { refusals: [], notes: [] } as unknown as Capabilities,
    params,
  };
};

const refusal = (work: () => unknown): string => {
  try {
    work();
  } catch (error) {
    return `${(error as AppError).code}: ${(error as Error).message}`;
  }
  return "not refused";
};

describe("operator-managed plans (pure)", () => {
  it("restartNodes asks the operator for a manual rolling update of the nodes named, or every node", () => {
    const some = planRestartNodes(input({ nodes: [5], waitHealthy: true }));
    expect(some.steps.map((s) => [s.kind, s.args])).to.deep.equal([["operatorRollNodes", { nodeIds: [5] }]]);
    expect(some.plan.summary).to.equal("Rolling restart of node 5 by the Strimzi operator (kafka/orders)");
    const all = planRestartNodes(input({ waitHealthy: true }));
    expect(all.steps.map((s) => s.args)).to.deep.equal([{}]);
    expect(all.plan.summary).to.match(/^Rolling restart of nodes 1, 2, 3, 4, 5, 6/);
    expect(refusal(() => planRestartNodes(input({ nodes: [9], waitHealthy: true })))).to.equal(
      "invalid_request: node 9 is in no node pool",
    );
    expect(refusal(() => planRestartNodes(input({ waitHealthy: true }, null)))).to.match(
      /^capability_unavailable: The operator's resources could not be read/,
    );
  });

  it("upgradeVersion pins the metadata version, sets the version, and raises the metadata version only with finalize", () => {
    const plain = planUpgradeVersion(input({ version: "4.4.0", finalize: false }));
    expect(plain.steps.map((s) => [s.kind, s.args])).to.deep.equal([
      ["operatorSetMetadataVersion", { metadataVersion: "4.3-IV0" }],
      ["operatorSetVersion", { version: "4.4.0" }],
    ]);
    expect(plain.plan.irreversible).to.equal(false);
    const final = planUpgradeVersion(input({ version: "4.4.0", finalize: true }));
    expect(final.steps.at(-1)).to.deep.include({
      kind: "operatorSetMetadataVersion",
      args: { metadataVersion: "4.4" },
    });
    expect(final.plan.irreversible).to.equal(true);
    expect(refusal(() => planUpgradeVersion(input({ version: "4.3.1", finalize: false })))).to.equal(
      "invalid_request: Nothing to do: the operator runs Kafka 4.3.1 already",
    );
  });

  it("scaleNodePools up: one scale step, reversible", () => {
    const built = planScaleNodePools(input({ pool: "brokers", replicas: 5 }));
    expect(built.steps.map((s) => [s.kind, s.args])).to.deep.equal([
      ["operatorScalePool", { pool: "brokers", replicas: 5 }],
    ]);
    expect(built.plan.irreversible).to.equal(false);
    expect(built.facts).to.deep.equal({ poolReplicas: 3 });
  });

  it("scaleNodePools down: the highest ids drained with reassignments first, then removed by name; irreversible", () => {
    const four = operator({
      pools: [{ name: "brokers", roles: ["broker"], replicas: 4, readyReplicas: 4, nodeIds: [4, 5, 6, 7] }],
    });
    const built = planScaleNodePools(
      input({ pool: "brokers", replicas: 3 }, four, (s) => {
        s.brokers.push(broker(7));
        const first = s.topics[0]?.partitions[0];
        if (first) first.replicas = first.isr = [4, 5, 7];
      }),
    );
    const kinds = built.steps.map((s) => s.kind);
    expect(kinds).to.include("reassignPartitions");
    expect(built.steps.at(-1)).to.deep.include({
      kind: "operatorScalePool",
      args: { pool: "brokers", replicas: 3, removeNodeIds: [7] },
    });
    expect(built.plan.irreversible).to.equal(true);
    expect(built.plan.summary).to.match(/from 4 to 3 nodes: node 7 drained, then removed$/);
    expect(built.plan.moves?.length).to.be.greaterThan(0);
    for (const move of built.plan.moves ?? []) expect(move.to).to.not.include(7);
    // Three brokers left for replication factor 3 and two asked: the drain planner refuses, naming the topic.
    expect(refusal(() => planScaleNodePools(input({ pool: "brokers", replicas: 2 })))).to.match(
      /t-0 has 3 replicas but only 2 broker\(s\) can hold them/,
    );
  });

  it("scaleNodePools refusals: the same size, an unknown pool, a controller pool shrinking", () => {
    expect(refusal(() => planScaleNodePools(input({ pool: "brokers", replicas: 3 })))).to.equal(
      "invalid_request: Nothing to do: pool brokers has 3 nodes",
    );
    expect(refusal(() => planScaleNodePools(input({ pool: "edge", replicas: 3 })))).to.equal(
      "invalid_request: kafka/orders has no node pool edge (pools: brokers, controllers)",
    );
    expect(refusal(() => planScaleNodePools(input({ pool: "controllers", replicas: 1 })))).to.match(
      /^invalid_request: Pool controllers holds controllers: Strimzi's quorum is static/,
    );
  });

  it("provisionNodes grows the pool of brokers alone; controllers are refused (static quorum)", () => {
    const built = planProvisionNodes(input({ role: "broker" as const, count: 2 }));
    expect(built.steps.map((s) => [s.kind, s.args])).to.deep.equal([
      ["operatorScalePool", { pool: "brokers", replicas: 5 }],
    ]);
    expect(refusal(() => planProvisionNodes(input({ role: "controller" as const, count: 1 })))).to.equal(
      "invalid_request: Strimzi's quorum is static: it cannot add controllers",
    );
  });
});
