import { getSharedCluster, type KafkaCluster, uniqueTopicName } from "@kcp/test-infra";
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
});
