import { collectSnapshot, KafkaClient } from "@kcp/kafka";
import type { Snapshot } from "@kcp/shared";
import { createTopic, getSharedCluster, type KafkaCluster, uniqueTopicName, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { nodeHealthy, rollOrder, rollSafety } from "../src/index.js";

/**
 * A snapshot of the cluster showing only `topic`: the shared cluster also holds other tests' topics (some with
 * min.insync.replicas equal to their replication factor, where no broker may ever be stopped), and this test judges
 * the rules against its own.
 */
async function snapshotOf(cluster: KafkaCluster, topic: string): Promise<Snapshot> {
  const client = KafkaClient.open({
    bootstrapServers: cluster.bootstrapServers,
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
  });
  try {
    const { snapshot } = await collectSnapshot(client, { timeoutMs: 10_000 });
    return { ...snapshot, topics: snapshot.topics.filter((t) => t.name === topic) };
  } finally {
    await client.close();
  }
}

/** The pure roll rules read against snapshots of the shared 3c3b cluster (restored before the test ends). */
describe("rolling rules on a real cluster", function () {
  this.timeout(240_000);

  it("3c3b: the safe order, every node safe and healthy; with broker 5 killed, stopping 6 is refused naming the topic's partitions; 5 restarted is healthy again", async () => {
    const cluster = await getSharedCluster("3c3b");
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("roll"),
      partitions: 3,
      replicationFactor: 3,
      configs: { "min.insync.replicas": "2" },
    });
    const healthy = await waitFor("every node healthy", async () => {
      const s = await snapshotOf(cluster, topic);
      return [1, 2, 3, 4, 5, 6, 7].every((id) => nodeHealthy(s, id).healthy) ? s : undefined;
    });
    const leader = healthy.quorum?.leaderId as number;
    const followers = [1, 2, 3].filter((id) => id !== leader);
    expect(rollOrder(healthy).map((n) => n.nodeId)).to.deep.equal([7, ...followers, leader, 4, 5, 6]);
    for (const id of [1, 2, 3, 4, 5, 6, 7]) expect(rollSafety(healthy, id), `node ${id}`).to.deep.equal({ safe: true });

    await cluster.node(5).kill();
    try {
      const down = await waitFor("broker 5 fenced and out of the ISR", async () => {
        const s = await snapshotOf(cluster, topic);
        const ours = s.topics.find((t) => t.name === topic);
        const out = ours?.partitions.every((p) => !p.isr.includes(5));
        return s.brokers.find((b) => b.id === 5)?.fenced && out ? s : undefined;
      });
      const refused = rollSafety(down, 6);
      expect(refused.safe).to.equal(false);
      expect(refused.safe === false && refused.partitionsAtRisk).to.include.members([
        `${topic}-0`,
        `${topic}-1`,
        `${topic}-2`,
      ]);
      expect(refused.safe === false && refused.reason).to.contain(
        `${topic}-0 (1 in-sync replica left, min.insync.replicas=2)`,
      );
      expect(nodeHealthy(down, 5)).to.deep.include({ healthy: false });
      // The controllers are untouched by a broker's loss.
      expect(rollSafety(down, followers[0] as number)).to.deep.equal({ safe: true });
    } finally {
      await cluster.node(5).start();
    }
    const startedAt = new Date();
    const back = await waitFor("broker 5 healthy again", async () => {
      const s = await snapshotOf(cluster, topic);
      return nodeHealthy(s, 5, { startedAt }).healthy ? s : undefined;
    });
    expect(rollSafety(back, 6)).to.deep.equal({ safe: true });
  });
});
