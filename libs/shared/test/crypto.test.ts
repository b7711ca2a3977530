import { randomBytes } from "node:crypto";
import { expect } from "chai";
import {
  hashPassword,
  hashToken,
  newSessionToken,
  openSecrets,
  parseSecretKey,
  sealSecrets,
  secretKeyFromBytes,
  verifyPassword,
} from "../src/index.js";

describe("password hashing", function () {
  this.timeout(10_000);

  it("verifies the right password and refuses a wrong one", async () => {
    const stored = await hashPassword("correct horse battery");
    expect(stored).to.match(/^scrypt\$32768\$8\$1\$/);
    expect(await verifyPassword("correct horse battery", stored)).to.equal(true);
    expect(await verifyPassword("correct horse batterY", stored)).to.equal(false);
  });

  it("salts every hash", async () => {
    expect(await hashPassword("same password")).to.not.equal(await hashPassword("same password"));
  });

  it("never matches a malformed stored hash", async () => {
    expect(await verifyPassword("x", "plaintext")).to.equal(false);
  });
});

describe("session tokens", () => {
  it("are long, random, and stored only as a hash", () => {
    const token = newSessionToken();
    expect(token).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(newSessionToken()).to.not.equal(token);
    expect(hashToken(token))
      .to.match(/^[0-9a-f]{64}$/)
      .and.not.include(token);
  });
});

describe("secret box", () => {
  const key = secretKeyFromBytes(randomBytes(32));

  it("round-trips secrets and never holds them in clear", () => {
    const sealed = sealSecrets({ password: "hunter2-secret" }, key);
    expect(sealed.keyId).to.equal(key.id);
    expect(Buffer.from(sealed.blob, "base64").toString("latin1")).to.not.include("hunter2");
    expect(openSecrets(sealed, [key])).to.deep.equal({ password: "hunter2-secret" });
  });

  it("opens with whichever configured key sealed the blob (rotation)", () => {
    const newKey = secretKeyFromBytes(randomBytes(32));
    const sealedWithOld = sealSecrets({ password: "p" }, key);
    expect(openSecrets(sealedWithOld, [newKey, key])).to.deep.equal({ password: "p" });
    expect(() => openSecrets(sealedWithOld, [newKey])).to.throw(/no configured secret key/);
  });

  it("refuses a tampered blob", () => {
    const sealed = sealSecrets({ password: "p" }, key);
    const raw = Buffer.from(sealed.blob, "base64");
    raw[raw.length - 1] = (raw[raw.length - 1] ?? 0) ^ 1;
    expect(() => openSecrets({ ...sealed, blob: raw.toString("base64") }, [key])).to.throw();
  });

  it("parses keys as hex or base64 and refuses other lengths without echoing them", () => {
    const bytes = randomBytes(32);
    expect(parseSecretKey(bytes.toString("hex")).id).to.equal(parseSecretKey(bytes.toString("base64")).id);
    expect(() => parseSecretKey("short-secret-value"))
      .to.throw(/32 bytes/)
      .with.property("message")
      .that.does.not.include("short-secret-value");
  });
});
