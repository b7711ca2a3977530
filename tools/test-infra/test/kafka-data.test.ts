import { expect } from "chai";
import { generateData, getSharedCluster, withAdmin } from "../src/index.js";

describe("test-infra: the benchmark data generator", function () {
  this.timeout(180_000);

  it("creates topics with messages and consumer groups with lag", async () => {
    const cluster = await getSharedCluster("single");
    const prefix = `gen${Date.now().toString(36)}`;
    const { topics, groups } = await generateData(cluster, {
      topics: 4,
      partitions: 2,
      replicationFactor: 1,
      messagesPerPartition: 10,
      groups: 3,
      lagPerPartition: 4,
      prefix,
      progress: false,
    });
    expect(topics).to.have.lengthOf(4);
    expect(groups).to.deep.equal([0, 1, 2].map((i) => `${prefix}-group-0000${i}`));
    const offsets = await withAdmin(cluster, (admin) =>
      admin.listConsumerGroupOffsets({ groups: [`${prefix}-group-00001`] }),
    );
    const partitions = offsets[0]?.topics[0]?.partitions.map((p) => [p.partitionIndex, p.committedOffset]);
    expect(offsets[0]?.topics[0]?.name).to.equal(topics[1]);
    expect(partitions).to.deep.equal([
      [0, 6n],
      [1, 6n],
    ]);
    const ends = await withAdmin(cluster, (admin) =>
      admin.listOffsets({
        topics: [{ name: topics[1] as string, partitions: [{ partitionIndex: 0, timestamp: -1n }] }],
      }),
    );
    expect(ends[0]?.partitions[0]?.offset).to.equal(10n);
  });
});
