import type { TopicLayouts } from "@kcp/kafka";
import { expect } from "chai";
import { TopicLayoutCache } from "../src/topic-layout-cache.js";

const layoutsWith = (...names: string[]): TopicLayouts => ({
  topics: names.map((name) => ({ name, id: name, internal: false, partitions: [] })),
  brokers: [],
});

/** A read of Kafka that answers when told to, counting how often it was asked. */
function kafkaRead() {
  const pending: ((layouts: TopicLayouts) => void)[] = [];
  const read = () => new Promise<TopicLayouts>((resolve) => pending.push(resolve));
  return {
    read,
    get reads() {
      return pending.length;
    },
    answer: (index: number, layouts: TopicLayouts) => pending[index]?.(layouts),
  };
}

const names = async (layouts: Promise<TopicLayouts>) => (await layouts).topics.map((t) => t.name);

describe("topic layouts kept a few seconds for topic lists (searches and pages without a Metadata request each)", () => {
  let now: number;
  let cache: TopicLayoutCache;
  beforeEach(() => {
    now = 0;
    cache = new TopicLayoutCache(5_000, () => now);
  });

  it("a search or page within 5 s reuses the layouts read; later ones read Kafka again", async () => {
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

    const off = new TopicLayoutCache(0, () => now);
    let reads = 0;
    const counted = async () => {
      reads++;
      return layoutsWith("a");
    };
    await off.get("c1", counted);
    await off.get("c1", counted);
    expect(reads).to.equal(2);
  });
});
