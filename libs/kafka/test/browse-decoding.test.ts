import { AppError } from "@kcp/shared";
import { expect } from "chai";
import { decodeCursor, encodeCursor } from "../src/browse/cursor.js";
import { matchesFilter, showData } from "../src/browse/decode.js";
import { buildPage } from "../src/browse/page.js";
import type { ReadRecord } from "../src/browse/read-partitions.js";

const utf8 = (text: string) => Buffer.from(text, "utf8");

const record = (partition: number, offset: number, timestamp: number, value: string | Buffer): ReadRecord => ({
  partition,
  offset,
  timestamp,
  key: null,
  value: typeof value === "string" ? utf8(value) : value,
  headers: [],
});

describe("browse: showing keys, values and headers (pure)", () => {
  it("shows valid UTF-8 as text, a JSON object or array parsed, anything else as base64, with the raw size", () => {
    expect(showData(utf8("héllo wörld"))).to.deep.equal({ encoding: "text", data: "héllo wörld", bytes: 13 });
    expect(showData(utf8('{"a":[1,2],"b":"ü"}'))).to.deep.equal({
      encoding: "json",
      data: { a: [1, 2], b: "ü" },
      bytes: 20,
    });
    expect(showData(utf8(" [true]\n"))).to.deep.include({ encoding: "json", data: [true] });
    const binary = Buffer.from([0xff, 0x00, 0x10, 0x80]);
    expect(showData(binary)).to.deep.equal({ encoding: "base64", data: "/wAQgA==", bytes: 4 });
  });

  it("keeps a bare number, a broken JSON text and an empty value as text; control bytes make it binary", () => {
    expect(showData(utf8("12345678901234567890"))).to.deep.include({ encoding: "text", data: "12345678901234567890" });
    expect(showData(utf8('{"a":'))).to.deep.include({ encoding: "text", data: '{"a":' });
    expect(showData(Buffer.alloc(0))).to.deep.equal({ encoding: "text", data: "", bytes: 0 });
    expect(showData(utf8("line\tone\r\n"))).to.deep.include({ encoding: "text" });
    expect(showData(Buffer.from([0x41, 0x00, 0x42]))).to.deep.equal({ encoding: "base64", data: "QQBC", bytes: 3 });
  });

  it("filters on the raw bytes of the key or the value, case-sensitively", () => {
    const filter = utf8("needle");
    expect(matchesFilter(filter, utf8("a needle here"), null)).to.equal(true);
    expect(matchesFilter(filter, null, utf8("xxneedlexx"))).to.equal(true);
    expect(matchesFilter(filter, utf8("Needle"), utf8("hay"))).to.equal(false);
    expect(matchesFilter(Buffer.from([0xff, 0x00]), null, Buffer.from([1, 0xff, 0x00, 2]))).to.equal(true);
    expect(matchesFilter(undefined, null, null)).to.equal(true);
  });
});

describe("browse: the page and its cursor (pure)", () => {
  it("takes the oldest `limit` records by timestamp across partitions, oldest first", () => {
    const partition0 = [record(0, 0, 10, "a"), record(0, 1, 40, "d")];
    const partition1 = [record(1, 0, 20, "b"), record(1, 1, 30, "c")];
    const page = buildPage([partition0, partition1], 3, 1024, false);
    expect(page.messages.map((m) => m.value?.data)).to.deep.equal(["a", "b", "c"]);
    expect(page.cut).to.equal("limit");
    expect([...page.shown]).to.deep.equal(["0:0", "1:0", "1:1"]);
  });

  it("keeps each partition in offset order where timestamps go backwards: a prefix per partition, nothing skipped", () => {
    // Partition 0's second record is older than its first (a producer's clock went back).
    const partition0 = [record(0, 0, 50, "late"), record(0, 1, 10, "early")];
    const partition1 = [record(1, 0, 20, "other")];
    const page = buildPage([partition0, partition1], 2, 1024, false);
    expect([...page.shown]).to.deep.equal(["1:0", "0:0"]);
    const newest = buildPage([partition0, partition1], 1, 1024, true);
    expect([...newest.shown], "the newest of partition 0 by offset is its last record").to.deep.equal(["1:0"]);
  });

  it("from the end, takes the newest `limit`, still shown oldest first", () => {
    const matched = [record(0, 0, 10, "a"), record(0, 1, 20, "b"), record(0, 2, 30, "c")];
    const page = buildPage([matched], 2, 1024, true);
    expect(page.messages.map((m) => m.value?.data)).to.deep.equal(["b", "c"]);
  });

  it("stops at the byte cap; a first record larger than the cap alone comes with its fields omitted", () => {
    const matched = [record(0, 0, 1, "x".repeat(600)), record(0, 1, 2, "y".repeat(600))];
    const page = buildPage([matched], 10, 1024, false);
    expect(page.messages).to.have.length(1);
    expect(page.cut).to.equal("bytes");
    const huge = buildPage([[record(0, 0, 1, "z".repeat(5000))]], 10, 1024, false);
    expect(huge.messages[0]?.value).to.deep.equal({ encoding: "omitted", data: null, bytes: 5000 });
  });

  it("round-trips a cursor, and refuses one of another topic or a forged one (400)", () => {
    const cursor = {
      topic: "orders",
      start: { from: "timestamp" as const, timestamp: 1_700_000_000_000 },
      positions: new Map([
        [3, 120],
        [0, 7],
      ]),
      nextPartition: 4,
    };
    const text = encodeCursor(cursor);
    expect(text).to.match(/^[A-Za-z0-9_-]+$/);
    expect(decodeCursor(text, "orders")).to.deep.equal(cursor);
    for (const [bad, topic] of [
      [text, "payments"],
      ["bm90LWpzb24", "orders"],
      [Buffer.from('{"v":1,"t":"orders","s":{"from":"end"},"n":0,"p":[]}').toString("base64url"), "orders"],
    ] as const) {
      expect(() => decodeCursor(bad, topic))
        .to.throw(AppError)
        .with.property("code", "validation_failed");
    }
  });
});
