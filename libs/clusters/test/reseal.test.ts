import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type ConnectionProfile, ConnectionProfileSchema, parseSecretKey, SecretBox } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { expect } from "chai";
import { connectionTarget, newClusterRecord, resealSecrets } from "../src/index.js";

const key = () => parseSecretKey(randomBytes(32).toString("hex"));
const profile = (name: string): ConnectionProfile =>
  ConnectionProfileSchema.parse({
    name,
    bootstrapServers: ["k1:9092"],
    security: { protocol: "SASL_PLAINTEXT", saslMechanism: "PLAIN", username: "svc" },
    secrets: { password: `${name}-password` },
  });

describe("secret key rotation", () => {
  it("re-seals every blob of the old key under the new one, and the secrets still open", async () => {
    const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-reseal-")));
    try {
      const oldKey = key();
      const oldBox = new SecretBox(oldKey);
      for (const name of ["a", "b"]) await store.clusters.create(newClusterRecord(profile(name), oldBox, "id"));
      await store.clusters.create(newClusterRecord({ ...profile("plain"), secrets: undefined }, oldBox, "id"));

      const rotated = new SecretBox(key(), [oldKey]);
      expect(await resealSecrets(store, rotated)).to.deep.equal({ resealed: 2, total: 3, unopenable: [] });
      expect(await resealSecrets(store, rotated)).to.deep.equal({ resealed: 0, total: 3, unopenable: [] });
      const lost = await store.clusters.create(newClusterRecord(profile("lost"), new SecretBox(key()), "id"));
      expect(await resealSecrets(store, rotated)).to.deep.equal({ resealed: 0, total: 4, unopenable: ["lost"] });
      await store.clusters.remove(lost.id);

      const withoutOldKey = new SecretBox(rotated.current);
      for (const record of await store.clusters.list()) {
        if (record.name === "plain") continue;
        expect(record.secrets?.keyId).to.equal(rotated.current.id);
        expect(connectionTarget(record, withoutOldKey).secrets).to.deep.equal({ password: `${record.name}-password` });
      }
    } finally {
      await store.stop();
    }
  });
});
