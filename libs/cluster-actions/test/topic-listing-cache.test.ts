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
  return {
    read: () => new Promise<TopicListing>((resolve, reject) => pending.push({ resolve, reject })),
    get count() {
      return pending.length;
    },
    answer: async (index: number, listing: TopicListing) => {
      pending[index]?.resolve(listing);
      await new Promise((resolve) => setImmediate(resolve));
    },
    fail: async (index: number) => {
      pending[index]?.reject(new Error("Kafka unreachable"));
      await new Promise((resolve) => setImmediate(resolve));
    },
  };
}

const names = (listing: TopicListing | undefined) => listing?.topics.map((t) => t.name);

/** Polls (real time) until `check` holds, for at most 2 s. */
async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > 2_000) throw new Error("not within 2 s");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("topic listings kept a few seconds for topic lists (searches and pages without reading every topic each)", () => {
  let now: number;
  let kafka: ReturnType<typeof kafkaReads>;
  let cache: TopicListingCache;
  const cacheOf = (options: Partial<ConstructorParameters<typeof TopicListingCache>[0]> = {}) =>
    new TopicListingCache({ maxAgeMs: 5_000, keepWarmMs: 0, readInBackground: kafka.read, now: () => now, ...options });
  beforeEach(() => {
    now = 0;
    kafka = kafkaReads();
    cache = cacheOf();
  });
  afterEach(() => cache.close());

  it("the first list reads its page itself and starts one read of every topic, which the lists within 5 s use", async () => {
    expect(cache.get("c1"), "nothing read yet: the list reads its own page").to.equal(undefined);
    expect(cache.get("c1"), "still being read").to.equal(undefined);
    expect(kafka.count, "one read for both").to.equal(1);
    await kafka.answer(0, listingOf("orders"));
    now = 4_999;
    expect(names(cache.get("c1"))).to.deep.equal(["orders"]);
    now = 5_000;
    expect(cache.get("c1"), "too old: read again").to.equal(undefined);
    await kafka.answer(1, listingOf("orders", "payments"));
    expect(names(cache.get("c1"))).to.deep.equal(["orders", "payments"]);
    expect(kafka.count).to.equal(2);
  });

  it("a write through the process shows at once, even when the listing was being read while it ran", async () => {
    cache.get("c1");
    await kafka.answer(0, listingOf("orders"));
    cache.drop("c1"); // a topic created through the service
    expect(cache.get("c1"), "dropped: the next list reads its page itself").to.equal(undefined);
    cache.drop("c1"); // another write while that read is on its way
    await kafka.answer(1, listingOf("orders"));
    expect(cache.get("c1"), "a read begun before the write is not kept").to.equal(undefined);
    await kafka.answer(2, listingOf("orders", "created"));
    expect(names(cache.get("c1"))).to.deep.equal(["orders", "created"]);
  });

  it("keeps clusters apart, keeps no failed read, and never reads when turned off (0)", async () => {
    cache.get("c1");
    cache.get("c2");
    await kafka.answer(0, listingOf("a"));
    await kafka.answer(1, listingOf("b"));
    expect([names(cache.get("c1")), names(cache.get("c2"))]).to.deep.equal([["a"], ["b"]]);

    cache.get("c3");
    await kafka.fail(2);
    expect(cache.get("c3"), "a failed read leaves nothing").to.equal(undefined);
    expect(kafka.count, "and the next list starts another").to.equal(4);

    const off = cacheOf({ maxAgeMs: 0 });
    expect([off.get("c1"), off.get("c1"), kafka.count]).to.deep.equal([undefined, undefined, 4]);
  });

  it("while lists are used, the listing is read again before it expires; not after 60 s unused", async () => {
    cache = cacheOf({ keepWarmMs: 60_000, tickMs: 5 });
    cache.get("c1");
    await kafka.answer(0, listingOf("first"));
    now = 2_600; // past half the maximum age
    await eventually(() => kafka.count === 2);
    await kafka.answer(1, listingOf("second"));
    now = 7_000; // the first read has expired, the one begun at 2,600 has not
    expect(names(cache.get("c1"))).to.deep.equal(["second"]);

    now = 7_000 + 60_001; // no list has asked for over a minute
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reads = kafka.count;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(kafka.count, "background reads stop once lists are no longer used").to.equal(reads);
  });
});
