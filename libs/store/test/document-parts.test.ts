import { expect } from "chai";
import {
  itemChunks,
  joinParts,
  KnownParts,
  PART_KEY,
  type Part,
  type PartRef,
  referencedParts,
  slices,
  splitDocument,
} from "../src/document-parts.js";

/** A part's JSON text, from its chunks (an array's: JSON arrays of whole items). */
const textOf = (part: Part) =>
  part.chunks.every((c) => c.first !== undefined)
    ? JSON.stringify(part.chunks.flatMap((c) => JSON.parse(c.text) as unknown[]))
    : part.chunks.map((c) => c.text).join("");

const join = (split: ReturnType<typeof splitDocument>) => {
  const texts = new Map([...split.parts.values()].map((p) => [p.id, textOf(p)]));
  const resolve = (ref: PartRef): unknown => {
    const text = texts.get(ref.$kcpPart) as string;
    return joinParts(JSON.parse(text), text, resolve);
  };
  return joinParts(JSON.parse(split.inline), split.inline, resolve);
};

describe("operation documents split into parts", () => {
  const moves = Array.from({ length: 5000 }, (_, i) => ({ topic: `t${i}`, partition: i, from: [1, 2], to: [3, 2] }));
  const document = {
    summary: "s",
    plan: { summary: "p", moves, when: new Date(0), skipped: undefined },
    steps: [{ index: 0, args: { moves: moves.slice(0, 10), all: moves } }],
  };

  it("stores arrays larger than the bound apart, once each, and joins back what JSON.stringify would give", () => {
    const split = splitDocument("op1", document, new KnownParts(), 10_000);
    expect(split.parts.size).to.equal(1); // the same moves twice: one part
    expect(split.inline.length).to.be.below(1000);
    expect(referencedParts(split.inline)).to.have.lengthOf(2);
    expect(JSON.stringify(join(split))).to.equal(JSON.stringify(document));
  });

  it("stores a large object made of small arrays apart too, and nothing apart below the bound", () => {
    const topics = Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`t${i}`, ["0:1", "1:2", "2:3"]]));
    const split = splitDocument("op1", { throttle: { topics } }, new KnownParts(), 10_000);
    expect([...split.parts.values()].map((p) => JSON.parse(textOf(p)))).to.deep.equal([topics]);
    expect(splitDocument("op1", { throttle: { topics } }, new KnownParts()).parts.size).to.equal(0);
  });

  it("refers to parts already stored for the same operation without serializing them again", () => {
    const known = new KnownParts();
    const first = splitDocument("op1", document, known, 10_000);
    const [part] = first.parts.values();
    known.remember("op1", moves, part?.id as string, []);
    const again = splitDocument("op1", { ...document, details: { done: 1 } }, known, 10_000);
    expect([...again.parts.values()].map((p) => p.known)).to.deep.equal([true]);
    expect(again.ids).to.deep.equal([part?.id]);
    expect(splitDocument("op2", document, known, 10_000).parts.values().next().value?.known).to.equal(false);
  });

  it("lists nested parts among the ids a document references", () => {
    const many = Object.fromEntries(Array.from({ length: 1000 }, (_, i) => [`k${i}`, i]));
    const big = { a: moves, ...many }; // large even with its moves apart: a part that references a part
    const split = splitDocument("op1", { big }, new KnownParts(), 10_000);
    expect(split.parts.size).to.equal(2);
    expect(referencedParts(split.inline)).to.have.lengthOf(1);
    expect(split.ids).to.have.lengthOf(2);
    expect(JSON.stringify(join(split))).to.equal(JSON.stringify({ big }));
    expect(split.inline).to.include(PART_KEY);
  });

  it("cuts an array part into chunks of whole items, says its length in its reference, and keeps references", () => {
    const split = splitDocument("op1", document, new KnownParts(), 10_000, 20_000);
    const [part] = split.parts.values();
    expect(part?.items).to.equal(5000);
    expect(part?.chunks.length).to.be.above(5);
    const per = part?.chunkItems as number;
    let next = 0;
    for (const [n, chunk] of (part?.chunks ?? []).entries()) {
      expect(chunk.first).to.equal(n * per); // item i is in chunk ⌊i / per⌋
      expect(JSON.parse(chunk.text)).to.deep.equal(moves.slice(next, next + (chunk.count as number)));
      expect(chunk.text.length).to.be.at.most(4 * 20_000);
      next += chunk.count as number;
    }
    expect(next).to.equal(5000);
    const light = JSON.parse(split.inline) as { plan: { moves: PartRef } };
    expect(light.plan.moves).to.deep.equal({ [PART_KEY]: part?.id, items: 5000, chunkItems: per });
    // Written back as read with parts: "refs": the same inline text, nothing to store.
    const again = splitDocument("op1", light, new KnownParts(), 10_000, 20_000);
    expect(again.inline).to.equal(split.inline);
    expect(again.parts.size).to.equal(0);
    expect(again.refs).to.deep.equal([part?.id]);
  });

  it("makes chunks of fewer items where some items are long", () => {
    const items = Array.from({ length: 100 }, (_, i) => JSON.stringify("x".repeat(i === 50 ? 9_000 : 10)));
    const { chunks, chunkItems } = itemChunks(items, 1_000);
    expect(chunkItems).to.be.below(20);
    expect(Math.max(...chunks.map((c) => c.text.length))).to.be.at.most(4 * 1_000 + 9_000);
    expect(chunks.flatMap((c) => JSON.parse(c.text) as string[])).to.have.lengthOf(100);
  });

  it("cuts text into chunks without splitting a surrogate pair", () => {
    const text = `ab😀cd${"x".repeat(10)}`;
    const cut = slices(text, 3);
    expect(cut.join("")).to.equal(text);
    for (const slice of cut) expect(Buffer.from(slice, "utf8").toString("utf8")).to.equal(slice);
  });
});
