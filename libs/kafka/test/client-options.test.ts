import { expect } from "chai";
import { clientOptionsFor } from "../src/index.js";

const servers = ["k1:9092", "k2:9092"];

describe("client options from a connection profile", () => {
  it("PLAINTEXT: bootstrap brokers only", () => {
    const options = clientOptionsFor({
      bootstrapServers: servers,
      security: { protocol: "PLAINTEXT", saslMechanism: "" },
    });
    expect(options.bootstrapBrokers).to.deep.equal(servers);
    expect(options).to.not.have.property("tls");
    expect(options).to.not.have.property("sasl");
  });

  it("SSL: the CA, server name and client certificate, verifying by default", () => {
    const options = clientOptionsFor({
      bootstrapServers: servers,
      security: { protocol: "SSL", saslMechanism: "", tlsCaCertPem: "CA", tlsServerName: "kafka.internal" },
      secrets: { tlsClientCertPem: "CERT", tlsClientKeyPem: "KEY" },
    });
    expect(options.tls).to.deep.equal({
      rejectUnauthorized: true,
      ca: "CA",
      servername: "kafka.internal",
      cert: "CERT",
      key: "KEY",
    });
  });

  it("tlsInsecureSkipVerify turns verification off", () => {
    const options = clientOptionsFor({
      bootstrapServers: servers,
      security: { protocol: "SASL_SSL", saslMechanism: "PLAIN", username: "u", tlsInsecureSkipVerify: true },
      secrets: { password: "p" },
    });
    expect(options.tls?.rejectUnauthorized).to.equal(false);
    expect(options.sasl).to.deep.equal({ mechanism: "PLAIN", username: "u", password: "p" });
  });

  it("SCRAM and OAUTHBEARER carry their credentials", () => {
    const scram = clientOptionsFor({
      bootstrapServers: servers,
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: "u" },
      secrets: { password: "p" },
    });
    expect(scram.sasl).to.deep.equal({ mechanism: "SCRAM-SHA-512", username: "u", password: "p" });
    expect(scram).to.not.have.property("tls");
    const oauth = clientOptionsFor({
      bootstrapServers: servers,
      security: { protocol: "SASL_PLAINTEXT", saslMechanism: "OAUTHBEARER" },
      secrets: { oauthToken: "jwt" },
    });
    expect(oauth.sasl).to.deep.equal({ mechanism: "OAUTHBEARER", token: "jwt" });
  });

  it("CLOUD_IAM mints an OAUTHBEARER token per connection from the provider", async () => {
    let calls = 0;
    const options = clientOptionsFor(
      {
        bootstrapServers: servers,
        security: { protocol: "SASL_SSL", saslMechanism: "CLOUD_IAM", cloudRegion: "eu-west-1" },
      },
      { cloudTokenProvider: async () => `token-${++calls}` },
    );
    expect(options.sasl?.mechanism).to.equal("OAUTHBEARER");
    const token = options.sasl?.token;
    expect(typeof token).to.equal("function");
    if (typeof token === "function") expect([await token(), await token()]).to.deep.equal(["token-1", "token-2"]);
  });
});
