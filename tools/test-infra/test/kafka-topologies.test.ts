import { rm } from "node:fs/promises";
import { expect } from "chai";
import {
  consumeMessages,
  createTopic,
  getSharedCluster,
  KAFKA_VERSIONS,
  type KafkaCluster,
  makeRunDir,
  produceMessages,
  resolveKafka,
  runKafkaTool,
  startCluster,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "../src/index.js";

async function roundTrip(cluster: KafkaCluster, replicationFactor: number): Promise<void> {
  const topic = await createTopic(cluster, { name: uniqueTopicName("smoke"), partitions: 2, replicationFactor });
  await produceMessages(cluster, topic, 1, { partition: 1, key: "k", value: () => "hello kafka" });
  const [message] = await consumeMessages(cluster, topic, 1);
  expect(message).to.deep.include({ key: "k", value: "hello kafka", partition: 1, offset: 0n });
}

describe("test-infra: Kafka topologies", function () {
  this.timeout(240_000);

  for (const version of KAFKA_VERSIONS) {
    it(`single ${version}: one combined node describes itself, creates a topic, produces and consumes`, async () => {
      const cluster = await getSharedCluster("single", { version });
      const metadata = await withAdmin(cluster, (admin) => admin.metadata({ topics: [] }));
      expect([...metadata.brokers.keys()]).to.deep.equal([1]);
      expect(metadata.id).to.equal(cluster.spec.clusterId);
      const state = await cluster.state();
      expect(state).to.deep.include({ brokers: [1], fencedBrokers: [], quorumLeader: 1, voters: [1] });
      await roundTrip(cluster, 1);
    });
  }

  it("runs the Kafka command-line tools from the same jars (MetadataQuorumCommand, TopicCommand)", async () => {
    const cluster = await getSharedCluster("single");
    const runtime = await resolveKafka(cluster.version);
    const dir = await makeRunDir("kafka-tools");
    try {
      const bootstrap = ["--bootstrap-server", cluster.bootstrapServers.join(",")];
      const quorum = await runKafkaTool(
        runtime,
        "org.apache.kafka.tools.MetadataQuorumCommand",
        [...bootstrap, "describe", "--status"],
        dir,
      );
      expect(quorum)
        .to.match(/LeaderId:\s+1/)
        .and.match(/ClusterId:\s+\S+/);
      const topic = await createTopic(cluster, { name: uniqueTopicName("cli"), replicationFactor: 1 });
      const topics = await runKafkaTool(runtime, "org.apache.kafka.tools.TopicCommand", [...bootstrap, "--list"], dir);
      expect(topics.split("\n")).to.include(topic);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("single 4.4.0 (command-line tools of 4.3.1 on 4.4.0's jars): formatted at metadata.version 4.4-IV2, share.version 2", async () => {
    const cluster = await getSharedCluster("single", { version: "4.4.0" });
    const runtime = await resolveKafka(cluster.version);
    const dir = await makeRunDir("kafka-features");
    try {
      const bootstrap = ["--bootstrap-server", cluster.bootstrapServers.join(",")];
      const described = await runKafkaTool(
        runtime,
        "org.apache.kafka.tools.FeatureCommand",
        [...bootstrap, "describe"],
        dir,
      );
      const finalized = Object.fromEntries(
        described
          .split("\n")
          .map((line) => /Feature:\s+(\S+).*FinalizedVersionLevel:\s+(\S+)/.exec(line))
          .filter((m) => m !== null)
          .map((m) => [m[1], m[2]]),
      );
      expect(finalized).to.deep.include({ "metadata.version": "4.4-IV2", "share.version": "2", "kraft.version": "1" });
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("3c3b: three brokers on racks a, b, c, a dynamic quorum of three voters and one observer controller", async () => {
    const cluster = await getSharedCluster("3c3b");
    const metadata = await withAdmin(cluster, (admin) => admin.metadata({ topics: [] }));
    const racks = [...metadata.brokers.entries()].map(([id, broker]) => [id, broker.rack]);
    expect(racks).to.deep.equal([
      [4, "a"],
      [5, "b"],
      [6, "c"],
    ]);
    const state = await cluster.state();
    expect(state.voters).to.deep.equal([1, 2, 3]);
    expect(state.observers).to.include(7);
    const observer = cluster.describe().nodes.find((n) => n.id === 7);
    expect(observer).to.include({ observer: true });
    expect(observer?.directoryId).to.match(/^[A-Za-z0-9_-]{22}$/);
    expect(observer?.endpoints.CONTROLLER).to.match(/^127\.0\.0\.1:\d+$/);
    expect(cluster.describe().controllerEndpoints).to.have.lengthOf(3).and.not.include(observer?.endpoints.CONTROLLER);
    await roundTrip(cluster, 3);
  });

  it("3c3b: a broker killed with -9 is fenced (still registered), and comes back after a restart", async () => {
    const cluster = await getSharedCluster("3c3b");
    const broker = cluster.node(6);
    await broker.kill();
    expect(broker.isRunning()).to.equal(false);
    const fenced = await waitFor("broker 6 to be fenced", async () => {
      const state = await cluster.state();
      return state.fencedBrokers.includes(6) ? state : undefined;
    });
    expect(fenced).to.deep.include({ brokers: [4, 5], fencedBrokers: [6] });
    await broker.start();
    const state = await cluster.waitUntilReady();
    expect(state).to.deep.include({ brokers: [4, 5, 6], fencedBrokers: [] });
  });

  it("3c3b: the quorum leader stopped cleanly hands over to another controller, and restarts on its data", async () => {
    const cluster = await getSharedCluster("3c3b");
    const { quorumLeader } = await cluster.state();
    await cluster.node(quorumLeader).stop();
    const state = await waitFor("a new quorum leader", async () => {
      const s = await cluster.state();
      return s.quorumLeader > 0 && s.quorumLeader !== quorumLeader ? s : undefined;
    });
    expect(state.voters).to.deep.equal([1, 2, 3]);
    await cluster.node(quorumLeader).start();
    expect((await cluster.waitUntilReady()).voters).to.deep.equal([1, 2, 3]);
    await roundTrip(cluster, 3);
  });

  it("static: three voters from controller.quorum.voters, and the data path works", async () => {
    const cluster = await getSharedCluster("static");
    expect(cluster.spec.nodes[0]?.properties["controller.quorum.voters"]).to.match(/^1@127\.0\.0\.1:\d+,2@/);
    const state = await cluster.state();
    expect(state.voters).to.deep.equal([1, 2, 3]);
    expect(state.brokers).to.deep.equal([4, 5, 6]);
    await roundTrip(cluster, 3);
  });

  it("a private cluster stops cleanly and restarts with its data", async () => {
    const cluster = await startCluster({ topology: "single", name: "private-restart" });
    try {
      const topic = await createTopic(cluster, { name: uniqueTopicName("kept"), replicationFactor: 1 });
      await produceMessages(cluster, topic, 3);
      await cluster.node(1).stop();
      expect(cluster.node(1).isRunning()).to.equal(false);
      await cluster.node(1).start();
      await cluster.waitUntilReady();
      const messages = await consumeMessages(cluster, topic, 3);
      expect(messages.map((m) => m.value)).to.deep.equal(["message-0", "message-1", "message-2"]);
    } finally {
      await cluster.stop();
    }
  });
});
