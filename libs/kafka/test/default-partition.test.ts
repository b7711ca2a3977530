import { expect } from "chai";
import { defaultPartition } from "../src/index.js";

/**
 * Partitions Kafka's own default partitioner picks for these keys: Utils.toPositive(Utils.murmur2(utf8(key))) % n,
 * computed with kafka-clients 4.3.1 (jshell). Keys with a negative murmur2 (beta, gamma, 21, foobar) are where a
 * partitioner that reads the hash as unsigned (>>> 0) would pick another partition than Java clients do.
 */
const KAFKA_PARTITIONS: [key: string, of6: number, of7: number][] = [
  ["alpha", 4, 1],
  ["beta", 2, 1],
  ["gamma", 4, 6],
  ["delta", 2, 6],
  ["order-42", 0, 1],
  ["21", 0, 3],
  ["foobar", 0, 0],
  ["ключ", 2, 4],
];

describe("produce: Kafka's default partitioner", () => {
  it("puts a keyed message in the partition Java clients choose for the same key", () => {
    for (const [key, of6, of7] of KAFKA_PARTITIONS) {
      expect(defaultPartition(key, 6), `${key} of 6`).to.equal(of6);
      expect(defaultPartition(key, 7), `${key} of 7`).to.equal(of7);
    }
  });

  it("spreads messages without a key over every partition", () => {
    const seen = new Set(Array.from({ length: 400 }, () => defaultPartition(null, 4)));
    expect([...seen].sort()).to.deep.equal([0, 1, 2, 3]);
  });
});
