import { getSharedCluster, type KafkaCluster, uniqueTopicName, waitFor, withAdmin } from "@kcp/test-infra";
import { expect } from "chai";
import { KafkaAdmin } from "../src/index.js";

const openAdmin = (cluster: KafkaCluster) =>
  KafkaAdmin.open({
    bootstrapServers: cluster.bootstrapServers,
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
  });

const record = (partition: number) => ({ partition, key: null, value: "v", headers: [] });

describe("Topic writes then produce at once, on a real 3c3b cluster (the brokers learn a change a moment later)", function () {
  this.timeout(180_000);
  let cluster: KafkaCluster;
  let admin: KafkaAdmin;

  before(async () => {
    cluster = await getSharedCluster("3c3b");
    admin = openAdmin(cluster);
  });
  after(() => admin.close());

  it("every partition of a topic just created takes a record at once, whichever broker leads it", async () => {
    for (let round = 0; round < 5; round++) {
      const topic = uniqueTopicName("created-then-produced");
      await admin.createTopic({ name: topic, partitions: 6, replicationFactor: 3, configs: {} });
      const landed = await Promise.all([0, 1, 2, 3, 4, 5].map((p) => admin.produce(topic, record(p))));
      expect(landed).to.deep.equal([0, 1, 2, 3, 4, 5].map((partition) => ({ partition, offset: 0 })));
    }
  });

  it("a partition just added takes a record at once", async () => {
    const topic = uniqueTopicName("grown-then-produced");
    await admin.createTopic({ name: topic, partitions: 1, replicationFactor: 3, configs: {} });
    await admin.increasePartitions(topic, 4);
    const landed = await Promise.all([1, 2, 3].map((p) => admin.produce(topic, record(p))));
    expect(landed).to.deep.equal([1, 2, 3].map((partition) => ({ partition, offset: 0 })));
  });

  it("many topics at once: each with its own configs, in batches of 500, those that exist already named, every one created once", async () => {
    const prefix = uniqueTopicName("batch");
    const requests = Array.from({ length: 1_100 }, (_, i) => ({
      name: `${prefix}-${i}`,
      partitions: 1 + (i % 2),
      replicationFactor: 1 + (i % 3),
      configs: { "retention.ms": String(3_600_000 + i) },
    }));
    // Two created before: an earlier run of the same work, interrupted.
    await admin.createTopic(requests[7] as (typeof requests)[number]);
    await admin.createTopic(requests[1_050] as (typeof requests)[number]);
    const done = await admin.createTopics(requests);
    // A batch whose answer came too late for the client was done again one topic at a time: what Kafka had created of
    // it counts as existing too. Whatever the split, every topic is counted once.
    expect(done.existed).to.include.members([`${prefix}-7`, `${prefix}-1050`]);
    expect(done.created + done.existed.length).to.equal(1_100);
    // Answered once each broker shows each batch, or 5 s after it (a loaded broker shows the rest a moment later):
    // the listing is read until it shows them all. A quiet machine: at once; 60 s bounds a broker that never catches up.
    await waitFor(
      "every topic of the batch in Kafka's listing",
      async () => {
        const listed = (await withAdmin(cluster, (kafka) => kafka.listTopics())).filter((n) =>
          n.startsWith(`${prefix}-`),
        );
        if (listed.length !== 1_100) throw new Error(`${listed.length} of 1100 topics listed`);
        return true;
      },
      { timeoutMs: 60_000, intervalMs: 1000 },
    );
    const last = requests[1_099] as (typeof requests)[number];
    expect((await admin.describeTopic(last.name)).partitions).to.have.lengthOf(2);
    const configs = await admin.describeConfigs({ type: "topic", name: last.name });
    expect(configs.find((c) => c.name === "retention.ms")?.value).to.equal(String(3_600_000 + 1_099));

    const refused = await admin
      .createTopics([{ name: `${prefix}-bad`, partitions: 1, replicationFactor: 1, configs: { "retention.mss": "1" } }])
      .catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(Error).with.property("message").that.includes(`${prefix}-bad`);

    // The run's shared 3c3b as found: its later files neither list nor count (replication factor 1: offline when a
    // broker stops) these 1,100 topics.
    await withAdmin(cluster, async (kafka) => {
      const names = (await kafka.listTopics()).filter((n) => n.startsWith(`${prefix}-`));
      for (let i = 0; i < names.length; i += 500) await kafka.deleteTopics({ topics: names.slice(i, i + 500) });
    });
  });
});
