import { expect } from "chai";
import { inRequests } from "../src/snapshot/end-offsets.js";
import { appendTo } from "../src/util/group.js";

const partitions = (count: number) =>
  Array.from({ length: count }, (_, i) => ({ partitionIndex: i, currentLeaderEpoch: 0, timestamp: -1n }));

describe("grouping partitions into requests (pure)", () => {
  it("appendTo groups in place, keeping the order items came in", () => {
    const byLeader = new Map<number, string[]>();
    for (const [leader, name] of [
      [1, "a"],
      [2, "b"],
      [1, "c"],
    ] as const)
      appendTo(byLeader, leader, name);
    expect([...byLeader]).to.deep.equal([
      [1, ["a", "c"]],
      [2, ["b"]],
    ]);
  });

  it("ListOffsets: a leader's partitions in requests of at most the limit, a large topic split across them", () => {
    const requests = inRequests(
      [
        { name: "big", partitions: partitions(5) },
        { name: "small", partitions: partitions(2) },
        { name: "tiny", partitions: partitions(1) },
      ],
      3,
    );
    const shape = requests.map((request) =>
      request.map((topic) => `${topic.name}:${topic.partitions.map((p) => p.partitionIndex).join(",")}`),
    );
    expect(shape).to.deep.equal([["big:0,1,2"], ["big:3,4"], ["small:0,1", "tiny:0"]]);
    expect(inRequests([])).to.deep.equal([]);
  });
});
