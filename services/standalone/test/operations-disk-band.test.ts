import type { Operation } from "@kcp/shared";
import {
  createTopic,
  type KafkaCluster,
  kafkaToolOn,
  produceMessages,
  reassignPartition,
  startCluster,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { operationRunner } from "./operations-fixture.js";
import { startTestService, type TestService } from "./service-fixture.js";

const BROKERS = [4, 5, 6];
const PARTITIONS = 12;
const KIB = 1024;

/** Bytes of the topic each broker holds, as `kafka-log-dirs --describe` shows them (an independent reader). */
async function bytesPerBroker(cluster: KafkaCluster, topic: string): Promise<number[]> {
  const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.LogDirsCommand", [
    "--describe",
    "--broker-list",
    BROKERS.join(","),
    "--topic-list",
    topic,
  ]);
  const json = out.split("\n").find((line) => line.startsWith("{"));
  if (!json) throw new Error(`kafka-log-dirs printed no JSON: ${out}`);
  const parsed = JSON.parse(json) as {
    brokers: { broker: number; logDirs: { partitions: { size: number; isFuture: boolean }[] }[] }[];
  };
  return BROKERS.map((id) =>
    (parsed.brokers.find((b) => b.broker === id)?.logDirs ?? [])
      .flatMap((d) => d.partitions)
      .filter((p) => !p.isFuture)
      .reduce((n, p) => n + p.size, 0),
  );
}

describe("rebalance brings every broker's disk use into the band, read back with kafka-log-dirs", function () {
  this.timeout(600_000);
  let cluster: KafkaCluster;
  let service: TestService;
  let ops: ReturnType<typeof operationRunner>;
  const topic = "disk-band";
  let initial: number[];

  before(async () => {
    cluster = await startCluster({ topology: "3c3b", name: "operations-disk-band" });
    service = await startTestService("operations-disk-band");
    const clusterId = await service.register({ name: "disk-band", bootstrapServers: cluster.bootstrapServers });
    ops = operationRunner(service, clusterId);
    await createTopic(cluster, { name: topic, partitions: PARTITIONS, replicationFactor: 1 });
    // Every partition on broker 4, partition p holding (p + 1) × 64 KiB: skewed sizes, one broker with all the bytes.
    for (let p = 0; p < PARTITIONS; p++) await reassignPartition(cluster, topic, p, [4]);
    await waitFor("every partition on broker 4", async () => {
      const out = await kafkaToolOn(cluster, "org.apache.kafka.tools.TopicCommand", ["--describe", "--topic", topic]);
      const lists = [...out.matchAll(/Replicas:\s*([\d,]+)/g)].map((m) => m[1]);
      return lists.length === PARTITIONS && lists.every((l) => l === "4") ? true : undefined;
    });
    for (let p = 0; p < PARTITIONS; p++)
      await produceMessages(cluster, topic, (p + 1) * 64, {
        partition: p,
        value: (n) => `${n}`.padEnd(KIB, "x"),
        batchSize: 64,
      });
    initial = await waitFor("the sizes DescribeLogDirs reports", async () => {
      const bytes = await bytesPerBroker(cluster, topic);
      return (bytes[0] ?? 0) >= 78 * 64 * KIB ? bytes : undefined;
    });
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  it("one broker holds the bytes; after rebalance each broker holds within ±10 % of the mean, at least the disk bound moved", async () => {
    expect(initial[1]).to.equal(0);
    expect(initial[2]).to.equal(0);
    const done: Operation = await ops.run({ type: "rebalance", params: {} });
    expect(done.status).to.equal("succeeded");
    const disk = done.plan.goals?.find((g) => g.goal === "disk");
    expect(disk).to.deep.include({ kind: "soft", status: "met", after: 0 });
    const bounds = done.plan.lowerBounds as { replicas: number; disk: number };
    expect(done.plan.dataToMoveBytes).to.be.at.least(bounds.disk);
    const after = await bytesPerBroker(cluster, topic);
    const total = after.reduce((a, b) => a + b, 0);
    const mean = total / after.length;
    process.stderr.write(
      `disk band: before ${initial.map((b) => `${(b / KIB).toFixed(0)} KiB`).join(" / ")}; after ${after.map((b) => `${(b / KIB).toFixed(0)} KiB`).join(" / ")} (mean ${(mean / KIB).toFixed(0)} KiB); moved ${(done.plan.dataToMoveBytes ?? 0) / KIB} KiB, disk bound ${(bounds.disk / KIB).toFixed(0)} KiB; ${done.plan.summary}\n`,
    );
    expect(total).to.equal(initial.reduce((a, b) => a + b, 0));
    for (const [i, bytes] of after.entries())
      expect(Math.abs(bytes - mean), `broker ${BROKERS[i]}`).to.be.at.most(0.1 * mean);
  });
});
