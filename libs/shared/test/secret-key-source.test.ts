import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { expect } from "chai";
import { createLogger, GENERATED_KEY_FILE, loadSecretBox, parseSecretKey, SecretBox } from "../src/index.js";

const logger = createLogger({ level: "silent", name: "test" });
const hexKey = () => randomBytes(32).toString("hex");

describe("secret keys: configuration, generation and rotation", () => {
  it("uses SECRET_KEY, else SECRET_KEY_FILE", async () => {
    const key = hexKey();
    expect((await loadSecretBox({ SECRET_KEY: key }, { logger })).current.id).to.equal(parseSecretKey(key).id);
    const file = join(await mkdtemp(join(tmpdir(), "kcp-key-")), "key");
    await writeFile(file, `${key}\n`);
    expect((await loadSecretBox({ SECRET_KEY_FILE: file }, { logger })).current.id).to.equal(parseSecretKey(key).id);
  });

  it("refuses to start without a key unless it may generate one, and never shows a key in its errors", async () => {
    const error = await loadSecretBox({}, { logger }).catch((e: Error) => e);
    expect((error as Error).message).to.equal("SECRET_KEY or SECRET_KEY_FILE is required");
    const bad = "0123456789abcdef";
    const parseError = await loadSecretBox({ SECRET_KEY: bad }, { logger }).catch((e: Error) => e);
    expect((parseError as Error).message).to.not.include(bad);
  });

  it("generates a 0600 key file in DATA_DIR once and reuses it", async () => {
    const dir = await mkdtemp(join(tmpdir(), "kcp-data-"));
    const first = await loadSecretBox({}, { logger, generateIn: dir });
    const second = await loadSecretBox({}, { logger, generateIn: dir });
    expect(second.current.id).to.equal(first.current.id);
    const file = join(dir, GENERATED_KEY_FILE);
    expect((await stat(file)).mode & 0o777).to.equal(0o600);
    expect((await readFile(file, "utf8")).trim()).to.match(/^[0-9a-f]{64}$/);
  });

  it("opens blobs of a previous key after a rotation and says they are stale", async () => {
    const oldKey = hexKey();
    const sealed = new SecretBox(parseSecretKey(oldKey)).seal({ password: "s3cret" });
    const rotated = await loadSecretBox({ SECRET_KEY: hexKey(), SECRET_KEYS_PREVIOUS: ` ${oldKey} ` }, { logger });
    expect(rotated.open(sealed)).to.deep.equal({ password: "s3cret" });
    expect(rotated.isStale(sealed)).to.equal(true);
    const resealed = rotated.seal(rotated.open(sealed));
    expect(rotated.isStale(resealed)).to.equal(false);
    expect(() => new SecretBox(parseSecretKey(hexKey())).open(sealed)).to.throw(/no configured secret key/);
  });
});
