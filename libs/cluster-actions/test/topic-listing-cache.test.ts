import type { TopicListing } from "@kcp/kafka";
import { expect } from "chai";
import { TopicListingCache } from "../src/topic-listing-cache.js";

const layoutsWith = (...names: string[]): TopicListing => ({
  topics: names.map((name) => ({ name, id: name, internal: false, partitions: [] })),
  brokers: [],
  sizes: new Map(),
});

/** A read of Kafka that answers when told to, counting how often it was asked. */
function kafkaRead() {
  const pending: ((layouts: TopicListing) => void)[] = [];
  const read = () => new Promise<TopicListing>((resolve) => pending.push(resolve));
  return {
    read,
    get reads() {
      return pending.length;
    },
    answer: (index: number, layouts: TopicListing) => pending[index]?.(layouts),
  };
}

const names = async (layouts: Promise<TopicListing>) => (await layouts).topics.map((t) => t.name);

/** Polls (real time) until `check` holds, for at most 2 s. */
async function eventually(check: () => boolean): Promise<void> {
  for (let waited = 0; !check(); waited += 5) {
    if (waited > 2_000) throw new Error("not within 2 s");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe("topic listings kept a few seconds for topic lists (searches and pages without reading every topic each)", () => {
  let now: number;
  let cache: TopicListingCache;
  let backgroundReads: number;
  const notWarmed = () => Promise.reject(new Error("no background read in this test"));
  const cacheOf = (options: Partial<ConstructorParameters<typeof TopicListingCache>[0]>) =>
    new TopicListingCache({ maxAgeMs: 5_000, keepWarmMs: 0, readInBackground: notWarmed, now: () => now, ...options });
  beforeEach(() => {
    now = 0;
    backgroundReads = 0;
    cache = cacheOf({});
  });
  afterEach(() => cache.close());

  it("a search or page within 5 s reuses the listing read; later ones read Kafka again", async () => {
    const kafka = kafkaRead();
    const first = cache.get("c1", kafka.read);
    const meanwhile = cache.get("c1", kafka.read);
    kafka.answer(0, layoutsWith("orders"));
    expect([await names(first), await names(meanwhile), kafka.reads]).to.deep.equal([["orders"], ["orders"], 1]);
    now = 4_999;
    expect(await names(cache.get("c1", kafka.read))).to.deep.equal(["orders"]);
    now = 5_000;
    const later = cache.get("c1", kafka.read);
    kafka.answer(1, layoutsWith("orders", "payments"));
    expect([await names(later), kafka.reads]).to.deep.equal([["orders", "payments"], 2]);
  });

  it("a write through the process shows at once, even when a list was reading Kafka while it ran", async () => {
    const kafka = kafkaRead();
    const before = cache.get("c1", kafka.read);
    cache.drop("c1"); // a topic created while that read was on its way
    kafka.answer(0, layoutsWith("orders"));
    expect(await names(before)).to.deep.equal(["orders"]);
    const after = cache.get("c1", kafka.read);
    kafka.answer(1, layoutsWith("orders", "created"));
    expect([await names(after), kafka.reads]).to.deep.equal([["orders", "created"], 2]);
  });

  it("keeps clusters apart, keeps no failed read, and reads every time when turned off (0)", async () => {
    const kafka = kafkaRead();
    const one = cache.get("c1", kafka.read);
    const two = cache.get("c2", kafka.read);
    kafka.answer(0, layoutsWith("a"));
    kafka.answer(1, layoutsWith("b"));
    expect([await names(one), await names(two)]).to.deep.equal([["a"], ["b"]]);

    let failures = 0;
    const failing = () => Promise.reject(new Error(`Kafka unreachable ${++failures}`));
    await cache.get("c3", failing).catch(() => undefined);
    const again = await cache.get("c3", failing).catch((e: Error) => e.message);
    expect(again).to.equal("Kafka unreachable 2");

    const off = cacheOf({ maxAgeMs: 0 });
    let reads = 0;
    const counted = async () => {
      reads++;
      return layoutsWith("a");
    };
    await off.get("c1", counted);
    await off.get("c1", counted);
    expect(reads).to.equal(2);
  });

  it("while lists are used, the listing is read again in the background before they expire; not after 60 s unused", async () => {
    cache = cacheOf({
      keepWarmMs: 60_000,
      tickMs: 5,
      readInBackground: async () => layoutsWith(`background ${++backgroundReads}`),
    });
    let foregroundReads = 0;
    const foreground = async () => layoutsWith(`foreground ${++foregroundReads}`);
    expect(await names(cache.get("c1", foreground))).to.deep.equal(["foreground 1"]);
    now = 2_600; // past half the maximum age
    await eventually(() => backgroundReads === 1);
    now = 7_000; // the first read has expired, the background one (at 2,600) has not
    expect(await names(cache.get("c1", foreground))).to.deep.equal(["background 1"]);
    expect(foregroundReads).to.equal(1);

    now = 7_000 + 60_001; // no list has asked for over a minute
    await new Promise((resolve) => setTimeout(resolve, 50));
    const reads = backgroundReads;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(backgroundReads, "background reads stop once lists are no longer used").to.equal(reads);
    expect(await names(cache.get("c1", foreground))).to.deep.equal(["foreground 2"]);
  });

  it("a background read does not bring back a listing older than a write made while it ran", async () => {
    let answer: (layouts: TopicListing) => void = () => undefined;
    cache = cacheOf({
      keepWarmMs: 60_000,
      tickMs: 5,
      readInBackground: () => {
        backgroundReads++;
        return new Promise((resolve) => {
          answer = resolve;
        });
      },
    });
    await cache.get("c1", async () => layoutsWith("orders"));
    now = 2_600;
    await eventually(() => backgroundReads === 1);
    cache.drop("c1"); // a topic created through the service while the background read was on its way
    answer(layoutsWith("orders"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(await names(cache.get("c1", async () => layoutsWith("orders", "created")))).to.deep.equal([
      "orders",
      "created",
    ]);
  });
});
