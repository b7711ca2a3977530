import type { TopicListing } from "@kcp/kafka";
import { expect } from "chai";
import { TopicListingCache } from "../src/topic-listing-cache.js";

const listingOf = (...names: string[]): TopicListing => ({
  topics: names.map((name) => ({ name, id: name, internal: false, partitions: [] })),
  brokers: [],
  sizes: new Map(),
});

/** Reads of Kafka that answer when told to, in the order they were asked. */
function kafkaReads() {
  const pending: { resolve: (listing: TopicListing) => void; reject: (error: Error) => void }[] = [];
  const settle = () => new Promise((resolve) => setImmediate(resolve));
  return {
    read: () => new Promise<TopicListing>((resolve, reject) => pending.push({ resolve, reject })),
    get count() {
      return pending.length;
    },
    answer: async (index: number, listing: TopicListing) => {
      pending[index]?.resolve(listing);
      await settle();
    },
    fail: async (index: number) => {
      pending[index]?.reject(new Error("Kafka unreachable"));
      await settle();
    },
  };
}

const names = (listing: TopicListing | undefined) => listing?.topics.map((t) => t.name);

describe("topic listings kept a few seconds for topic lists (searches and pages without reading every topic each)", () => {
  let now: number;
  let kafka: ReturnType<typeof kafkaReads>;
  let cache: TopicListingCache;
  const cacheOf = (maxAgeMs = 5_000) => new TopicListingCache({ maxAgeMs, read: kafka.read, now: () => now });
  beforeEach(() => {
    now = 0;
    kafka = kafkaReads();
    cache = cacheOf();
  });

  it("a list without a listing reads its page and asks for one, which the lists within 5 s use", async () => {
    expect(cache.get("c1"), "nothing read yet: the list reads its own page").to.equal(undefined);
    cache.refresh("c1");
    cache.refresh("c1");
    expect(kafka.count, "one read at a time").to.equal(1);
    await kafka.answer(0, listingOf("orders"));
    cache.refresh("c1");
    expect(kafka.count, "none while it is fresh").to.equal(1);
    now = 4_999;
    expect(names(cache.get("c1"))).to.deep.equal(["orders"]);
    now = 5_000;
    expect(cache.get("c1"), "too old").to.equal(undefined);
    cache.refresh("c1");
    await kafka.answer(1, listingOf("orders", "payments"));
    expect(names(cache.get("c1"))).to.deep.equal(["orders", "payments"]);
  });

  it("a write through the process shows at once, even when the listing was being read while it ran", async () => {
    cache.refresh("c1");
    await kafka.answer(0, listingOf("orders"));
    cache.drop("c1"); // a topic created through the service
    expect(cache.get("c1"), "dropped").to.equal(undefined);
    cache.refresh("c1");
    cache.drop("c1"); // another write while that read is on its way
    await kafka.answer(1, listingOf("orders"));
    expect(cache.get("c1"), "a read begun before the write is not kept").to.equal(undefined);
    cache.refresh("c1");
    await kafka.answer(2, listingOf("orders", "created"));
    expect(names(cache.get("c1"))).to.deep.equal(["orders", "created"]);
  });

  it("keeps clusters apart, keeps no failed read, and never reads when turned off (0)", async () => {
    cache.refresh("c1");
    cache.refresh("c2");
    await kafka.answer(0, listingOf("a"));
    await kafka.answer(1, listingOf("b"));
    expect([names(cache.get("c1")), names(cache.get("c2"))]).to.deep.equal([["a"], ["b"]]);

    cache.refresh("c3");
    await kafka.fail(2);
    expect(cache.get("c3"), "a failed read leaves nothing").to.equal(undefined);
    cache.refresh("c3");
    expect(kafka.count, "and another may start").to.equal(4);

    const off = cacheOf(0);
    off.refresh("c1");
    expect([off.get("c1"), kafka.count]).to.deep.equal([undefined, 4]);
  });
});
