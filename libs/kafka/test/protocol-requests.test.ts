import {
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  partitionFromTool,
  uniqueTopicName,
  votersFromTool,
  waitFor,
} from "@kcp/test-infra";
import { alterPartitionReassignmentsV0 } from "@platformatic/kafka";
import { expect } from "chai";
import {
  addRaftVoterV0,
  describeKafkaError,
  ElectionTypes,
  electLeadersV2,
  fromKafkaUuid,
  KafkaClient,
  readQuorum,
  removeRaftVoterV0,
} from "../src/index.js";

const ELECTION_NOT_NEEDED = 84;

const openClient = (cluster: KafkaCluster) =>
  KafkaClient.open({
    bootstrapServers: cluster.bootstrapServers,
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
  });

const currentVoterIds = async (cluster: KafkaCluster) => (await votersFromTool(cluster)).map((v) => v.id);

describe("Protocol requests written in libs/kafka, on a real 3c3b cluster", function () {
  this.timeout(180_000);

  it("ElectLeaders v2: a preferred election moves the leader to the first replica; a second one is not needed", async () => {
    const cluster = await getSharedCluster("3c3b");
    const topic = await createTopic(cluster, { name: uniqueTopicName("elect"), partitions: 1, replicationFactor: 3 });
    const before = await partitionFromTool(cluster, topic);
    const [first, second, third] = before.replicas as [number, number, number];
    expect(before.leader).to.equal(first);
    const client = openClient(cluster);
    try {
      // Same replicas in another order: nothing moves, the leader stays, but the preferred leader is now `second`.
      await alterPartitionReassignmentsV0.api.async(await client.anyConnection(), 30_000, false, [
        { name: topic, partitions: [{ partitionIndex: 0, replicas: [second, first, third] }] },
      ]);
      await waitFor("the new replica order", async () => {
        const now = await partitionFromTool(cluster, topic);
        return now.replicas[0] === second ? now : undefined;
      });
      expect((await partitionFromTool(cluster, topic)).leader).to.equal(first);

      const elected = await electLeadersV2.async(
        await client.anyConnection(),
        ElectionTypes.PREFERRED,
        [{ topic, partitions: [0] }],
        30_000,
      );
      expect(elected.results).to.deep.equal([
        { topic, partitions: [{ partitionId: 0, errorCode: 0, errorMessage: null }] },
      ]);
      expect((await partitionFromTool(cluster, topic)).leader).to.equal(second);

      const again = await electLeadersV2.async(
        await client.anyConnection(),
        ElectionTypes.PREFERRED,
        [{ topic, partitions: [0] }],
        30_000,
      );
      expect(again.results[0]?.partitions[0]?.errorCode).to.equal(ELECTION_NOT_NEEDED);
      // An unclean election is only for partitions without a live in-sync replica: a led partition needs none.
      const unclean = await electLeadersV2.async(
        await client.anyConnection(),
        ElectionTypes.UNCLEAN,
        [{ topic, partitions: [0] }],
        30_000,
      );
      expect(unclean.results[0]?.partitions[0]?.errorCode).to.equal(ELECTION_NOT_NEEDED);
      expect((await partitionFromTool(cluster, topic)).leader).to.equal(second);
    } finally {
      await client.close();
    }
  });

  it("AddRaftVoter v0 / RemoveRaftVoter v0: the observer controller becomes a voter (3 → 4) and leaves again (→ 3)", async () => {
    const cluster = await getSharedCluster("3c3b");
    const observerNode = cluster.describe().nodes.find((n) => n.observer);
    const [host, port] = (observerNode?.endpoints.CONTROLLER ?? "").split(":");
    const client = openClient(cluster);
    try {
      const quorum = await readQuorum(client);
      const observer = quorum.observers.find((o) => o.nodeId === observerNode?.id);
      expect(observer?.directoryId, "the observer controller's directory id, from DescribeQuorum").to.be.a("string");
      const voterDirectoryId = fromKafkaUuid(observer?.directoryId ?? "");
      const voterId = observerNode?.id ?? -1;
      expect(await currentVoterIds(cluster)).to.deep.equal([1, 2, 3]);

      await addRaftVoterV0.async(await client.anyConnection(), {
        clusterId: cluster.spec.clusterId,
        timeoutMs: 60_000,
        voterId,
        voterDirectoryId,
        listeners: [{ name: "CONTROLLER", host: host ?? "", port: Number(port) }],
      });
      try {
        expect(await currentVoterIds(cluster)).to.deep.equal([1, 2, 3, voterId]);
      } finally {
        await removeRaftVoterV0.async(await client.anyConnection(), {
          clusterId: cluster.spec.clusterId,
          voterId,
          voterDirectoryId,
        });
      }
      await waitFor("the voter set back to three", async () =>
        (await currentVoterIds(cluster)).length === 3 ? true : undefined,
      );
      expect(await currentVoterIds(cluster)).to.deep.equal([1, 2, 3]);

      // Removing a node that is not a voter is refused with Kafka's error, and the voter set stays as it is.
      const refused = await removeRaftVoterV0
        .async(await client.anyConnection(), { clusterId: cluster.spec.clusterId, voterId, voterDirectoryId })
        .then(
          () => "accepted",
          (error: unknown) => describeKafkaError(error),
        );
      expect(refused).to.match(/VOTER_NOT_FOUND/);
      expect(await currentVoterIds(cluster)).to.deep.equal([1, 2, 3]);
    } finally {
      await client.close();
    }
  });
});
