import {
  commitGroupOffsets,
  createTopic,
  getSharedCluster,
  KAFKA_VERSIONS,
  type KafkaCluster,
  makeRunDir,
  produceMessages,
  resolveKafka,
  startKafkaTool,
  startWordCountApp,
  uniqueTopicName,
  WORD_COUNT_INPUT,
  waitFor,
  waitForPartitionOnEveryBroker,
} from "@kcp/test-infra";
import { expect } from "chai";
import { type Collection, collectSnapshot, KafkaClient } from "../src/index.js";

async function collect(cluster: KafkaCluster): Promise<Collection> {
  const client = KafkaClient.open({
    bootstrapServers: cluster.bootstrapServers,
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
  });
  try {
    return await collectSnapshot(client, { timeoutMs: 10_000 });
  } finally {
    await client.close();
  }
}

/** A topic with messages in each partition and a group that committed part of them: 10 of lag. */
async function topicWithLaggingGroup(cluster: KafkaCluster, replicationFactor: number) {
  const topic = await createTopic(cluster, {
    name: uniqueTopicName("snap"),
    partitions: 2,
    replicationFactor,
    configs: { "retention.ms": "3600000", "min.insync.replicas": String(replicationFactor) },
  });
  // Every broker applies the new partitions after whatever the metadata log held before them (on the shared 3c3b, the
  // previous file's hundreds of deleted topics): produced to before, a leader still applying them refuses with
  // NOT_LEADER_OR_FOLLOWER, and with min.insync.replicas = the replicas every follower must be in sync.
  for (const partition of [0, 1])
    await waitForPartitionOnEveryBroker(
      cluster,
      topic,
      partition,
      `a leader and ${replicationFactor} replicas in sync`,
      (seen) => seen.leader >= 0 && seen.isr.length === replicationFactor,
    );
  await produceMessages(cluster, topic, 10, { partition: 0 });
  await produceMessages(cluster, topic, 10, { partition: 1 });
  const group = `${topic}-group`;
  await commitGroupOffsets(cluster, group, topic, { 0: 5, 1: 5 });
  return { topic, group };
}

describe("Kafka snapshot from real clusters", function () {
  this.timeout(240_000);

  for (const version of KAFKA_VERSIONS) {
    it(`single ${version}: brokers, quorum, features, topics with configs and sizes, groups with lag`, async () => {
      const cluster = await getSharedCluster("single", { version });
      const { topic, group } = await topicWithLaggingGroup(cluster, 1);
      const { snapshot, apiVersions, authorizedOperations } = await collect(cluster);

      expect(snapshot.errors).to.deep.equal([]);
      expect(snapshot.clusterId).to.equal(cluster.spec.clusterId);
      const [broker] = snapshot.brokers;
      expect(snapshot.brokers).to.have.length(1);
      expect(broker).to.deep.include({ id: 1, alive: true, fenced: false, cordoned: false });
      expect(broker?.logDirs).to.have.length(1);
      expect(broker?.diskTotalBytes).to.be.greaterThan(0);
      expect(broker?.diskUsableBytes).to.be.greaterThan(0);
      expect(broker?.dataBytes).to.be.greaterThan(0);

      expect(snapshot.quorum?.leaderId).to.equal(1);
      expect(snapshot.quorum?.voters.map((v) => v.role)).to.deep.equal(["leader"]);
      expect(snapshot.quorum?.voters[0]?.directoryId).to.match(/^[A-Za-z0-9_-]{22}$/);
      expect(snapshot.quorum?.voters[0]?.endpoints.map((e) => e.name)).to.include("CONTROLLER");
      const metadataVersion = snapshot.features.find((f) => f.name === "metadata.version");
      expect(metadataVersion?.finalized).to.be.greaterThanOrEqual(21);
      expect(metadataVersion?.supportedMax).to.be.greaterThanOrEqual(metadataVersion?.finalized ?? 0);
      // A dynamic quorum; features whose supported range starts at 0 need ApiVersions v4 to be seen at all.
      expect(snapshot.features.find((f) => f.name === "kraft.version")).to.deep.include({
        finalized: 1,
        supportedMax: 1,
      });

      const described = snapshot.topics.find((t) => t.name === topic);
      expect(described).to.deep.include({ internal: false, replicationFactor: 1, minInsyncReplicas: 1 });
      expect(described?.id).to.match(/^[A-Za-z0-9_-]{22}$/);
      expect(described?.configs).to.deep.equal({ "retention.ms": "3600000", "min.insync.replicas": "1" });
      expect(described?.partitions.map((p) => [p.id, p.leader, p.replicas, p.isr])).to.deep.equal([
        [0, 1, [1], [1]],
        [1, 1, [1], [1]],
      ]);
      expect(described?.partitions.every((p) => p.sizeBytes > 0 && p.replicaBytes?.["1"] === p.sizeBytes)).to.equal(
        true,
      );
      expect(described?.sizeBytes).to.equal(described?.partitions.reduce((sum, p) => sum + p.sizeBytes, 0));
      expect(snapshot.topics.find((t) => t.name === "__consumer_offsets")?.internal).to.equal(true);

      expect(snapshot.groups.find((g) => g.id === group)).to.deep.include({
        type: "classic",
        members: 0,
        lag: 10,
        topics: [topic],
      });
      expect(snapshot.reassignments).to.deep.equal([]);
      expect(apiVersions.get(3)?.max).to.be.greaterThan(0);
      expect(authorizedOperations).to.include("ALTER");
    });
  }

  it("3c3b 4.3.1: racks, three voters and the observer controller, replicas and leaders per broker", async () => {
    const cluster = await getSharedCluster("3c3b");
    const { topic } = await topicWithLaggingGroup(cluster, 3);
    const { snapshot } = await collect(cluster);

    expect(snapshot.errors).to.deep.equal([]);
    expect(snapshot.brokers.map((b) => [b.id, b.rack, b.alive, b.fenced])).to.deep.equal([
      [4, "a", true, false],
      [5, "b", true, false],
      [6, "c", true, false],
    ]);
    expect(snapshot.quorum?.voters.map((v) => v.nodeId).sort()).to.deep.equal([1, 2, 3]);
    expect(snapshot.quorum?.observers.map((o) => o.nodeId)).to.include.members([4, 5, 6, 7]);
    expect(snapshot.quorum?.voters.every((v) => v.lag >= 0 && v.lastFetchTimestamp > 0)).to.equal(true);
    const described = snapshot.topics.find((t) => t.name === topic);
    expect(described?.minInsyncReplicas).to.equal(3);
    expect(Object.keys(described?.partitions[0]?.replicaBytes ?? {}).sort()).to.deep.equal(["4", "5", "6"]);
    const partitions = snapshot.topics.flatMap((t) => t.partitions);
    for (const broker of snapshot.brokers) {
      expect(broker.replicas).to.equal(partitions.filter((p) => p.replicas.includes(broker.id)).length);
      expect(broker.leaders).to.equal(partitions.filter((p) => p.leader === broker.id).length);
    }
  });

  it("single 4.3.1: a share group with its member and topic (ShareGroupDescribe v1)", async () => {
    const cluster = await getSharedCluster("single");
    const topic = await createTopic(cluster, { name: uniqueTopicName("share"), partitions: 1 });
    const groupId = `${topic}-share`;
    const consumer = await startKafkaTool(
      await resolveKafka("4.3.1"),
      "org.apache.kafka.tools.consumer.ConsoleShareConsumer",
      ["--bootstrap-server", cluster.bootstrapServers[0] ?? "", "--topic", topic, "--group", groupId],
      await makeRunDir("share-consumer"),
    );
    try {
      const group = await waitFor(
        "the share group with its member",
        async () => {
          const { snapshot } = await collect(cluster);
          const found = snapshot.groups.find((g) => g.id === groupId);
          return found && found.members === 1 ? found : undefined;
        },
        { timeoutMs: 60_000, intervalMs: 1000 },
      );
      expect(group).to.deep.include({ type: "share", members: 1, topics: [topic], lag: 0 });
    } finally {
      await consumer.stop();
    }
  });

  it("single 4.3.1: a streams group with its member and source topic (StreamsGroupDescribe v0)", async () => {
    const cluster = await getSharedCluster("single");
    await createTopic(cluster, { name: WORD_COUNT_INPUT, partitions: 1, ifMissing: true });
    const applicationId = uniqueTopicName("wordcount");
    const app = await startWordCountApp(cluster, { applicationId, groupProtocol: "streams" });
    try {
      const group = await waitFor(
        "the streams group with its member",
        async () => {
          const { snapshot } = await collect(cluster);
          const found = snapshot.groups.find((g) => g.id === applicationId);
          return found && found.members === 1 && found.topics ? found : undefined;
        },
        { timeoutMs: 90_000, intervalMs: 1000 },
      );
      expect(group).to.deep.include({ type: "streams", protocolType: "streams", members: 1, lag: 0 });
      // The topology's source topics (its internal repartition topic is not one of them).
      expect(group.topics).to.include(WORD_COUNT_INPUT);
    } finally {
      await app.stop();
    }
  });
});
