import { expect } from "chai";
import { joinParts, KnownParts, PART_KEY, referencedParts, splitDocument } from "../src/document-parts.js";
import { slices } from "../src/mongo/operation-parts.js";

const join = (split: ReturnType<typeof splitDocument>) => {
  const texts = new Map([...split.parts.values()].map((p) => [p.id, p.text]));
  const resolve = (id: string): unknown => {
    const text = texts.get(id) as string;
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
    expect([...split.parts.values()].map((p) => JSON.parse(p.text))).to.deep.equal([topics]);
    expect(splitDocument("op1", { throttle: { topics } }, new KnownParts()).parts.size).to.equal(0);
  });

  it("refers to parts already stored for the same operation without serializing them again", () => {
    const known = new KnownParts();
    const first = splitDocument("op1", document, known, 10_000);
    const [part] = first.parts.values();
    known.remember("op1", moves, part?.id as string, []);
    const again = splitDocument("op1", { ...document, details: { done: 1 } }, known, 10_000);
    expect([...again.parts.values()].map((p) => p.text)).to.deep.equal([""]);
    expect(again.ids).to.deep.equal([part?.id]);
    expect(splitDocument("op2", document, known, 10_000).parts.values().next().value?.text).to.not.equal("");
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

  it("cuts text into chunks without splitting a surrogate pair", () => {
    const text = `ab😀cd${"x".repeat(10)}`;
    const cut = slices(text, 3);
    expect(cut.join("")).to.equal(text);
    for (const slice of cut) expect(Buffer.from(slice, "utf8").toString("utf8")).to.equal(slice);
  });
});
