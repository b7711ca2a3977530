import type { StepArgs } from "@kcp/shared";
import {
  brokersFromTool,
  createTopic,
  type KafkaCluster,
  kafkaToolOn,
  startCluster,
  uniqueTopicName,
  votersFromTool,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { operationRunner, runStepAgain } from "./operations-fixture.js";
import { startTestService, type TestService } from "./service-fixture.js";

/** Finalized level of each feature, as kafka-features describe prints it. */
async function finalizedLevels(cluster: KafkaCluster): Promise<Record<string, string>> {
  const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.FeatureCommand", ["describe"]);
  return Object.fromEntries(
    [...out.matchAll(/Feature:\s+(\S+).*FinalizedVersionLevel:\s+(\S+)/g)].map((m) => [m[1], m[2]]),
  );
}

describe("operations on a cluster of its own: static quorum → dynamic, features, unregistering a stopped broker", function () {
  this.timeout(400_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let ops: ReturnType<typeof operationRunner>;
  const clusterName = "static-ops";

  before(async () => {
    cluster = await startCluster({ topology: "static", name: "operations-static" });
    service = await startTestService("operations-static");
    const clusterId = await service.register({ name: clusterName, bootstrapServers: cluster.bootstrapServers });
    ops = operationRunner(service, clusterId);
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  it("migrateQuorum: kraft.version 0 → 1, validated first; the plan names the configuration the nodes need after", async () => {
    expect((await finalizedLevels(cluster))["kraft.version"]).to.equal("0");
    // Just after start-up the voters have not yet told the leader which kraft.version they support (Kafka refuses
    // the upgrade until then, as our validate-only step would): wait as an operator would, with Kafka's own dry run.
    await waitFor("the voters to report kraft.version 1 support", async () => {
      const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.FeatureCommand", [
        "upgrade",
        "--feature",
        "kraft.version=1",
        "--dry-run",
      ]).catch(() => "");
      return out.includes("can be upgraded") ? true : undefined;
    });
    const planned = await ops.plan({ type: "migrateQuorum", params: {} });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.plan.warnings.join(" ")).to.match(/controller\.quorum\.bootstrap\.servers=127\.0\.0\.1:\d+/);
    const refused = await ops.confirm(planned.body.id);
    expect(refused.status).to.equal(422);
    expect(refused.body.error.code).to.equal("confirmation_mismatch");
    expect((await ops.confirm(planned.body.id, clusterName)).status).to.equal(200);
    const done = await ops.finished(planned.body.id);
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done.steps.map((s) => [s.kind, (s.args as { validateOnly: boolean }).validateOnly, s.status])).to.deep.equal(
      [
        ["updateFeatures", true, "succeeded"],
        ["updateFeatures", false, "succeeded"],
      ],
    );
    expect((await finalizedLevels(cluster))["kraft.version"]).to.equal("1");
    // The quorum now describes its voters with directory ids (what AddRaftVoter/RemoveRaftVoter need).
    const quorum = await kafkaToolOn(cluster, "org.apache.kafka.tools.MetadataQuorumCommand", ["describe", "--status"]);
    expect(quorum).to.match(/"directoryId":\s*"[A-Za-z0-9_-]{22}"/);
    const again = await ops.plan({ type: "migrateQuorum", params: {} });
    expect(again.status).to.equal(422);
    expect(again.body.error.message).to.match(/already dynamic/);
  });

  it("finalizeFeatures: a feature below its supported maximum is raised (validate-only first); running it twice is harmless", async () => {
    await kafkaToolOn(cluster, "org.apache.kafka.tools.FeatureCommand", [
      "downgrade",
      "--feature",
      "transaction.version=1",
    ]);
    await waitFor("transaction.version 1", async () =>
      (await finalizedLevels(cluster))["transaction.version"] === "1" ? true : undefined,
    );
    const done = await ops.run({ type: "finalizeFeatures", params: {} }, clusterName);
    expect(done.plan.summary).to.equal("Finalize transaction.version: 1 → 2");
    expect(done.steps[1]?.detail).to.deep.equal({ updated: ["transaction.version=2"] });
    expect((await finalizedLevels(cluster))["transaction.version"]).to.equal("2");
    const args = done.steps[1]?.args as StepArgs<"updateFeatures">;
    expect(await runStepAgain(cluster, "updateFeatures", args)).to.deep.equal({ updated: [] });
    expect((await finalizedLevels(cluster))["transaction.version"]).to.equal("2");
  });

  it("unregisterBrokers: refused while the broker runs or holds replicas; a stopped, empty broker is forgotten", async () => {
    const refusedAlive = await ops.plan({ type: "unregisterBrokers", params: { brokers: [6] } });
    expect(refusedAlive.status).to.equal(422);
    expect(refusedAlive.body.error.message).to.match(/Broker 6 is running/);

    const topic = await createTopic(cluster, { name: uniqueTopicName("held"), partitions: 1, replicationFactor: 3 });
    await cluster.node(6).stop(30_000);
    await waitFor("broker 6 fenced", async () =>
      (await brokersFromTool(cluster)).includes("6:fenced") ? true : undefined,
    );
    const refusedHolding = await ops.plan({ type: "unregisterBrokers", params: { brokers: [6] } });
    expect(refusedHolding.status).to.equal(422);
    expect(refusedHolding.body.error.message).to.match(/Broker 6 still holds 1 replica/);

    await kafkaToolOn(cluster, "org.apache.kafka.tools.TopicCommand", ["--delete", "--topic", topic]);
    const done = await waitFor("a plan once the topic is gone", async () => {
      const planned = await ops.plan({ type: "unregisterBrokers", params: { brokers: [6] } });
      return planned.status === 201 ? planned.body : undefined;
    });
    expect(done.irreversible).to.equal(true);
    expect((await ops.confirm(done.id, clusterName)).status).to.equal(200);
    expect((await ops.finished(done.id)).status).to.equal("succeeded");
    expect(await brokersFromTool(cluster)).to.deep.equal(["4:unfenced", "5:unfenced"]);
    expect(await runStepAgain(cluster, "unregisterBroker", { broker: 6 })).to.deep.equal({ unregistered: false });
    expect(await brokersFromTool(cluster)).to.deep.equal(["4:unfenced", "5:unfenced"]);
  });

  it("removeVoters that would leave the quorum without a caught-up majority is refused at plan time", async () => {
    const quorum = () => votersFromTool(cluster);
    const voters = await quorum();
    const keep = voters.find((v) => v.id === 1);
    const stopped = voters.find((v) => v.id === 3);
    const removed = voters.find((v) => v.id === 2);
    expect([keep, stopped, removed].every(Boolean), JSON.stringify(voters)).to.equal(true);
    const removal = { type: "removeVoters", params: { voters: [{ nodeId: 2, directoryId: removed?.directoryId }] } };
    const whileAllRun = await ops.plan(removal);
    expect(whileAllRun.status, whileAllRun.text).to.equal(201);
    // With controller 3 down, removing voter 2 would leave voters 1 and 3, of which only one is caught up.
    await cluster.node(3).stop(30_000);
    const refused = await waitFor(
      "the refusal once voter 3 has not caught up for 30 s",
      async () => {
        const planned = await ops.plan(removal);
        return planned.status === 422 ? planned.body : undefined;
      },
      { timeoutMs: 120_000, intervalMs: 2_000 },
    );
    expect(refused.error.code).to.equal("invalid_request");
    expect(refused.error.message).to.match(
      /only 1 of the 2 remaining voters are caught up: the quorum would lose its majority/,
    );
    expect((await quorum()).map((v) => v.id)).to.deep.equal([1, 2, 3]);
  });
});
