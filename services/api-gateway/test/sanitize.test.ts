import { expect } from "chai";
import { withoutSecrets } from "../src/audit/sanitize.js";

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
});
