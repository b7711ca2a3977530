import type { Secrets, Security } from "@kcp/shared";
import { getSharedCluster, type KafkaCluster, unsecuredJwt } from "@kcp/test-infra";
import { expect } from "chai";
import { testConnection } from "../src/index.js";

/** Every security option of a connection profile against the `secure` test cluster. */
describe("connection test: every security option on the secure cluster", function () {
  this.timeout(180_000);
  let cluster: KafkaCluster;

  before(async () => {
    cluster = await getSharedCluster("secure");
  });

  const listener = (name: string) => cluster.describe().listeners[name] ?? [];
  const tls = () => cluster.describe().tls ?? { caPem: "", clientCertPem: "", clientKeyPem: "" };
  const admin = () => cluster.spec.credentials?.superUser ?? { username: "", password: "" };
  const check = (servers: string[], security: Security, secrets?: Secrets) =>
    testConnection({ bootstrapServers: servers, security, ...(secrets ? { secrets } : {}) });
  const connects = async (servers: string[], security: Security, secrets?: Secrets) => {
    const result = await check(servers, security, secrets);
    expect(result, result.error).to.deep.equal({ ok: true, brokers: 1, clusterId: cluster.spec.clusterId });
  };

  it("PLAINTEXT", async () => {
    await connects(listener("PLAINTEXT"), { protocol: "PLAINTEXT", saslMechanism: "" });
  });

  it("SSL with the cluster's CA, with tlsServerName, and with a client certificate on the mTLS listener", async () => {
    await connects(listener("SSL"), { protocol: "SSL", saslMechanism: "", tlsCaCertPem: tls().caPem });
    await connects(listener("SSL"), {
      protocol: "SSL",
      saslMechanism: "",
      tlsCaCertPem: tls().caPem,
      tlsServerName: "localhost",
    });
    await connects(
      listener("MTLS"),
      { protocol: "SSL", saslMechanism: "", tlsCaCertPem: tls().caPem },
      { tlsClientCertPem: tls().clientCertPem, tlsClientKeyPem: tls().clientKeyPem },
    );
  });

  it("SSL refuses a server name the certificate does not carry, unless verification is skipped", async () => {
    const security: Security = {
      protocol: "SSL",
      saslMechanism: "",
      tlsCaCertPem: tls().caPem,
      tlsServerName: "kafka.example.org",
    };
    const refused = await check(listener("SSL"), security);
    expect(refused.ok).to.equal(false);
    expect(refused.error).to.match(/altnames|certificate|kafka\.example\.org/i);
    await connects(listener("SSL"), { ...security, tlsCaCertPem: undefined, tlsInsecureSkipVerify: true } as Security);
  });

  it("mTLS without a client certificate fails with ok false", async () => {
    const result = await check(listener("MTLS"), { protocol: "SSL", saslMechanism: "", tlsCaCertPem: tls().caPem });
    expect(result).to.deep.include({ ok: false, brokers: 0 });
    expect(result.error).to.be.a("string").and.not.equal("");
  });

  for (const protocol of ["SASL_PLAINTEXT", "SASL_SSL"] as const) {
    const tlsFields = () => (protocol === "SASL_SSL" ? { tlsCaCertPem: tls().caPem } : {});
    for (const mechanism of ["PLAIN", "SCRAM-SHA-256", "SCRAM-SHA-512"] as const) {
      it(`${protocol} with ${mechanism}`, async () => {
        await connects(
          listener(protocol),
          { protocol, saslMechanism: mechanism, username: admin().username, ...tlsFields() },
          { password: admin().password },
        );
      });
    }
    it(`${protocol} with OAUTHBEARER (secrets.oauthToken)`, async () => {
      await connects(
        listener(protocol),
        { protocol, saslMechanism: "OAUTHBEARER", ...tlsFields() },
        { oauthToken: unsecuredJwt("admin") },
      );
    });
  }

  it("a wrong password fails with ok false and an error that does not echo the password", async () => {
    const result = await check(
      listener("SASL_PLAINTEXT"),
      { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: "admin" },
      { password: "not-the-password-42" },
    );
    expect(result).to.deep.include({ ok: false, brokers: 0 });
    expect(result.error).to.match(/authentication|SASL/i);
    expect(result.error).to.not.include("not-the-password-42");
  });

  it("an address where no broker listens fails with ok false", async () => {
    const result = await check(["127.0.0.1:1"], { protocol: "PLAINTEXT", saslMechanism: "" });
    expect(result).to.deep.include({ ok: false, brokers: 0 });
    expect(result.error).to.match(/connect|ECONNREFUSED|failed/i);
  });
});
