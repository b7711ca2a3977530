import {
  createTopic,
  type KafkaCluster,
  type StrimziOperatorDouble,
  startCluster,
  startStrimziOperatorDouble,
  uniqueTopicName,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import { operationRunner } from "./operations-fixture.js";
import { startTestService, type TestService } from "./service-fixture.js";

interface View {
  cluster: { secretsSet: string[] };
  capabilities: Record<string, unknown> & { notes: string[] };
  snapshot: {
    providerNodes?: { nodeId: number; version: string; state: string }[];
    operator?: {
      ready: boolean;
      reasons: string[];
      kafkaVersion?: string;
      metadataVersion?: string;
      conditions: { resource: string; type: string; status: string; reason?: string }[];
      pools: { name: string; roles: string[]; replicas: number; readyReplicas: number | null; nodeIds: number[] }[];
    };
  };
}

/**
 * The operator-managed provider end to end: the standalone service drives a Strimzi `Kafka`
 * and its `KafkaNodePool`s on a real kube-apiserver + etcd with Strimzi 1.2.0's real CRDs, for a real 3c3b Kafka
 * cluster. No Strimzi operator runs here: the test plays its part (@kcp/test-infra startStrimziOperatorDouble) — it writes the status Strimzi
 * would, restarts the node a manual rolling-update annotation names, removes and adds brokers as a pool's replicas
 * say. What is proved is our side of the contract with a real API server and real schemas, not Strimzi's behaviour.
 */
describe("operations: the operator-managed provider with Strimzi's resources on a real kube-apiserver", function () {
  this.timeout(900_000);
  let kafka: KafkaCluster;
  let strimzi: StrimziOperatorDouble;
  let service: TestService;
  let clusterId: string;
  let ops: ReturnType<typeof operationRunner>;

  before(async () => {
    kafka = await startCluster({ topology: "3c3b", name: "strimzi-3c3b" });
    strimzi = await startStrimziOperatorDouble(kafka, "4.3.1");
    service = await startTestService("operations-strimzi", {
      OPERATIONS_NODE_HEALTHY_WAIT_MS: "180000",
    });
    clusterId = await service.register({
      name: "strimzi-orders",
      bootstrapServers: kafka.bootstrapServers,
      provider: "operator-managed",
      settings: { kubernetes: { namespace: strimzi.namespace, kafka: strimzi.name } },
      secrets: { kubeconfig: strimzi.server.kubeconfig },
    });
    ops = operationRunner(service, clusterId);
  });

  after(async () => {
    await service?.stop();
    await strimzi?.stop();
    await kafka?.stop();
  });

  const view = async () =>
    (await service.api<View>("POST", `/api/v1/clusters/${clusterId}/refresh`, { token: service.token })).body;

  it("the view reports the operator's resources: Ready, the pools and their node ids; the kubeconfig is write-only", async () => {
    const seen = await view();
    expect(seen.snapshot.operator).to.deep.include({ ready: true, reasons: [], kafkaVersion: "4.3.1" });
    expect(seen.snapshot.operator?.pools.map((p) => [p.name, p.roles, p.nodeIds])).to.deep.equal([
      ["brokers", ["broker"], [4, 5, 6]],
      ["controllers", ["controller"], [1, 2, 3]],
    ]);
    expect(seen.snapshot.operator?.conditions).to.deep.include({
      resource: "Kafka orders",
      type: "Ready",
      status: "True",
    });
    expect(seen.snapshot.providerNodes?.map((n) => n.nodeId)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    for (const flag of ["restartNodes", "upgradeVersion", "provisionNodes", "scaleNodePools"])
      expect(seen.capabilities[flag], `${flag}: ${seen.capabilities.notes.join("; ")}`).to.equal(true);
    expect(seen.cluster.secretsSet).to.include("kubeconfig");
    const raw = await service.api("GET", `/api/v1/clusters/${clusterId}`, { token: service.token });
    expect(raw.text).to.not.include(strimzi.server.token);
  });

  it("refuses node operations while the resources say the cluster is not ready, with the operator's reason", async () => {
    await strimzi.setReady(false, "ReconciliationFailed");
    try {
      const seen = await view();
      expect(seen.capabilities.scaleNodePools).to.equal(false);
      expect(seen.capabilities.notes.join("\n")).to.match(/scaleNodePools: .*not ready.*ReconciliationFailed/);
      const refused = await ops.plan({ type: "scaleNodePools", params: { pool: "brokers", replicas: 4 } });
      expect(refused.status).to.equal(422);
      expect(refused.body.error.code).to.equal("capability_unavailable");
    } finally {
      await strimzi.setReady(true);
    }
  });

  it("restartNodes annotates the broker's pod for Strimzi's manual rolling update and waits until it is rolled and healthy", async () => {
    const planned = await ops.plan({ type: "restartNodes", params: { nodes: [5] } });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.steps.map((s) => [s.kind, s.args])).to.deep.equal([["operatorRollNodes", { nodeIds: [5] }]]);
    const done = await ops.runToEnd(planned.body.id);
    expect(strimzi.events).to.include("rolled node 5");
    expect(strimzi.events.filter((e) => e.startsWith("rolled"))).to.deep.equal(["rolled node 5"]);
    expect(done.steps[0]?.detail).to.deep.include({ annotated: ["Pod orders-brokers-5"] });
  });

  it("upgradeVersion changes the Kafka resource in order: metadata version pinned, version, then (finalize) the new metadata version", async () => {
    strimzi.events.length = 0;
    const planned = await ops.plan({ type: "upgradeVersion", params: { version: "4.4.0", finalize: true } });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.irreversible).to.equal(true);
    expect(planned.body.steps.map((s) => [s.kind, s.args])).to.deep.equal([
      ["operatorSetMetadataVersion", { metadataVersion: "4.3-IV0" }],
      ["operatorSetVersion", { version: "4.4.0" }],
      ["operatorSetMetadataVersion", { metadataVersion: "4.4" }],
    ]);
    const unconfirmed = await ops.confirm(planned.body.id);
    expect(unconfirmed.status).to.equal(422);
    await ops.runToEnd(planned.body.id, "strimzi-orders");
    expect(strimzi.events).to.deep.equal(["spec.kafka.version 4.4.0", "spec.kafka.metadataVersion 4.4"]);
    const seen = await view();
    expect(seen.snapshot.operator).to.deep.include({ kafkaVersion: "4.4.0", metadataVersion: "4.4-IV0", ready: true });
  });

  it("scaleNodePools down drains the leaving broker with reassignments first, is refused without the typed name, then removes it; up adds it back", async () => {
    strimzi.events.length = 0;
    const topic = await createTopic(kafka, { name: uniqueTopicName("shrink"), partitions: 6, replicationFactor: 2 });
    const planned = await ops.plan({ type: "scaleNodePools", params: { pool: "brokers", replicas: 2 } });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.irreversible).to.equal(true);
    const kinds = planned.body.steps.map((s) => s.kind);
    expect(kinds).to.include("reassignPartitions");
    expect(kinds.at(-1)).to.equal("operatorScalePool");
    expect(planned.body.steps.at(-1)?.args).to.deep.equal({ pool: "brokers", replicas: 2, removeNodeIds: [6] });
    const refused = await ops.confirm(planned.body.id);
    expect(refused.status).to.equal(422);
    expect(refused.body.error.code).to.equal("confirmation_mismatch");
    await ops.runToEnd(planned.body.id, "strimzi-orders");
    expect(strimzi.events).to.deep.equal(["removed node 6"]);
    const replicas = await withAdmin(kafka, async (admin) => {
      const metadata = await admin.metadata({ topics: [topic] });
      return [...(metadata.topics.get(topic)?.partitions.values() ?? [])].flatMap((p) => p.replicas);
    });
    expect(replicas).to.not.include(6);

    const grow = await ops.plan({ type: "scaleNodePools", params: { pool: "brokers", replicas: 3 } });
    expect(grow.status, grow.text).to.equal(201);
    expect(grow.body.irreversible).to.equal(false);
    const done = await ops.runToEnd(grow.body.id);
    expect(done.steps.at(-1)?.detail).to.deep.include({ added: [6] });
    expect((await view()).snapshot.operator?.pools.find((p) => p.name === "brokers")?.nodeIds).to.deep.equal([4, 5, 6]);
  });

  it("a cluster whose Kafka resource is missing shows why in its notes, and offers no node operation", async () => {
    const id = await service.register({
      name: "strimzi-missing",
      bootstrapServers: kafka.bootstrapServers,
      provider: "operator-managed",
      settings: { kubernetes: { namespace: strimzi.namespace, kafka: "nope" } },
      secrets: { kubeconfig: strimzi.server.kubeconfig },
    });
    const seen = (await service.api<View>("POST", `/api/v1/clusters/${id}/refresh`, { token: service.token })).body;
    expect(seen.capabilities.restartNodes).to.equal(false);
    expect(seen.capabilities.notes.join("\n")).to.include(
      `there is no Kafka "nope" in namespace "${strimzi.namespace}"`,
    );
  });
});
