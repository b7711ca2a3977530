import { expect } from "chai";
import { withoutSecrets } from "../src/audit/sanitize.js";
import { exceedsJsonDepth } from "../src/http/json-depth.js";
import { ConcurrencyLimit, RateLimit } from "../src/http/limits.js";

const bytes = (text: string) => Buffer.from(text, "utf8");

describe("gateway limits (pure)", () => {
  describe("exceedsJsonDepth", () => {
    it("counts the nesting of objects and arrays, not brackets inside strings or escaped quotes", () => {
      expect(exceedsJsonDepth(bytes('{"a":[[1]]}'), 3)).to.equal(false);
      expect(exceedsJsonDepth(bytes('{"a":[[[1]]]}'), 3)).to.equal(true);
      expect(exceedsJsonDepth(bytes(JSON.stringify({ s: "[[[[{{{{" })), 1)).to.equal(false);
      expect(exceedsJsonDepth(bytes(JSON.stringify({ s: 'quote \\" then [[[[' })), 1)).to.equal(false);
      expect(exceedsJsonDepth(bytes("[{}, {}, {}, [], []]"), 2)).to.equal(false);
    });
  });

  describe("withoutSecrets", () => {
    it("stops at its depth bound instead of walking a value without end", () => {
      let deep: unknown = "bottom";
      for (let i = 0; i < 100_000; i++) deep = [deep];
      const cut = JSON.stringify(withoutSecrets(deep));
      expect(cut).to.include('"[too deep]"');
      expect(cut.length).to.be.below(200);
    });
  });

  describe("ConcurrencyLimit", () => {
    it("admits `max` per key, frees a slot once per release, and keeps keys apart", () => {
      const limit = new ConcurrencyLimit(2);
      const first = limit.tryAcquire("a");
      const second = limit.tryAcquire("a");
      expect(first && second).to.be.a("function");
      expect(limit.tryAcquire("a")).to.equal(undefined);
      expect(limit.tryAcquire("b")).to.be.a("function");
      first?.();
      first?.();
      expect(limit.tryAcquire("a")).to.be.a("function");
      expect(limit.tryAcquire("a")).to.equal(undefined);
    });
  });

  describe("RateLimit", () => {
    it("gives `perMinute` at once, then one more as each share of the minute passes", () => {
      const limit = new RateLimit(3);
      const t0 = 1_000_000;
      expect([limit.take("a", t0), limit.take("a", t0), limit.take("a", t0)]).to.deep.equal([0, 0, 0]);
      expect(limit.take("a", t0)).to.equal(20);
      expect(limit.take("b", t0), "another key").to.equal(0);
      expect(limit.take("a", t0 + 19_000)).to.equal(1);
      expect(limit.take("a", t0 + 20_000)).to.equal(0);
    });

    it("remembers at most `maxKeys` keys", () => {
      const limit = new RateLimit(1, 2);
      limit.take("a", 0);
      limit.take("b", 0);
      limit.take("c", 0);
      expect(limit.take("a", 0), "a was forgotten: full again").to.equal(0);
      expect(limit.take("c", 0)).to.equal(60);
    });
  });
});
