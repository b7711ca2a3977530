import { expect } from "chai";
import { secretFreeJsonPieces, secretFreeJsonPrefix, withoutSecrets } from "../src/audit/sanitize.js";

describe("audit: request bodies without secrets", () => {
  it("redacts secret fields at any depth", () => {
    expect(withoutSecrets({ name: "c", secrets: { password: "p" }, security: { username: "u" } })).to.deep.equal({
      name: "c",
      secrets: "[redacted]",
      security: { username: "u" },
    });
  });

  it("keeps a flag whose name mentions secrets (a boolean holds none)", () => {
    expect(withoutSecrets({ keepSecrets: true, secrets: { password: true } })).to.deep.equal({
      keepSecrets: true,
      secrets: "[redacted]",
    });
  });

  it("redacts the values of configs whose names mark them as secrets, and keeps the others", () => {
    const change = {
      set: {
        "ssl.keystore.password": "hunter2",
        "listener.name.internal.sasl.jaas.config": 'org.apache... password="x";',
        "message.max.bytes": "2000000",
      },
      delete: ["ssl.key.password"],
    };
    expect(withoutSecrets(change)).to.deep.equal({
      set: {
        "ssl.keystore.password": "[redacted]",
        "listener.name.internal.sasl.jaas.config": "[redacted]",
        "message.max.bytes": "2000000",
      },
      delete: ["ssl.key.password"],
    });
  });

  it("writes, piece by piece, exactly the JSON of the value without its secrets", () => {
    const values: unknown[] = [
      { name: "c", secrets: { password: "p" }, list: [1, "two", null, true, { token: "t" }], nested: { a: { b: [] } } },
      { text: `quotes " and \\ and \n and emoji 😀 and ${"é".repeat(70_000)}😀${"x".repeat(70_000)}` },
      { missing: undefined, set: { "ssl.key.password": "k", "retention.ms": "1" } },
      ["a", undefined, 3.5, Number.NaN],
      "plain",
      42,
      null,
    ];
    for (const value of values)
      expect([...secretFreeJsonPieces(value)].join("")).to.equal(JSON.stringify(withoutSecrets(value)));
    expect([...secretFreeJsonPieces({ at: new Date(0) })].join("")).to.equal('{"at":"1970-01-01T00:00:00.000Z"}');
    expect([...secretFreeJsonPieces({ raw: Buffer.alloc(16 * 1024 * 1024) })].join("")).to.equal(
      '{"raw":"[16777216 bytes]"}',
    );
  });

  it("stops at the characters asked for, without writing the rest of a large value", () => {
    const large = { password: "p", items: Array.from({ length: 20_000 }, (_, i) => ({ i, text: "x".repeat(100) })) };
    let pieces = 0;
    const counted = (function* () {
      for (const piece of secretFreeJsonPieces(large)) {
        pieces++;
        yield piece;
      }
    })();
    let text = "";
    for (const piece of counted) {
      text += piece;
      if (text.length > 256) break;
    }
    expect(pieces).to.be.below(50);
    const prefix = secretFreeJsonPrefix(large, 256);
    expect(prefix).to.deep.equal({ text: JSON.stringify(withoutSecrets(large)).slice(0, 256), complete: false });
    expect(secretFreeJsonPrefix({ a: 1 }, 256)).to.deep.equal({ text: '{"a":1}', complete: true });
  });
});
