import { generateKeyPairSync } from "node:crypto";
import { join } from "node:path";
import { agentSection, agentUrlsSection, loadConfig } from "@kcp/shared";
import { makeRunDir, TestCertificateAuthority } from "@kcp/test-infra";
import { expect } from "chai";
import { AgentAccess } from "../src/index.js";

const keyPem = () =>
  generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString();

/** AgentAccess from configuration, as the collector, the worker and the standalone process build it (no server). */
describe("AgentAccess from configuration", () => {
  const configOf = (env: Record<string, string>) => loadConfig(agentSection.and(agentUrlsSection), env);
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => new Error("accepted"),
      (error: Error) => error,
    );

  it("holds the key, the pins, the CA and the timeout; the collector's copy signs reads only", async () => {
    const authority = await TestCertificateAuthority.create(join(await makeRunDir("agent-access"), "ca"));
    const access = await AgentAccess.fromConfig(
      configOf({
        AGENT_SIGNING_KEY: keyPem(),
        AGENT_URLS: "a-1=https://127.0.0.1:9700",
        AGENT_CA_FILE: authority.caFile,
        AGENT_REQUEST_TIMEOUT_MS: "1234",
      }),
    );
    expect(access.problem()).to.equal(undefined);
    expect(access.timeoutMs).to.equal(1234);
    expect(access.ca).to.equal(authority.caPem);
    expect(access.pins.urlOf("a-1")).to.equal("https://127.0.0.1:9700");
    expect(access.signer?.writes).to.equal(true);
    expect(access.readOnly().signer?.writes).to.equal(false);
    expect(JSON.stringify({ access })).to.equal('{"access":"[AgentAccess]"}');
    expect(() => access.client({ agentId: "a-2", url: "https://127.0.0.1:9700" })).to.throw(
      "agent a-2 is not pinned in AGENT_URLS: nothing is sent to it",
    );
  });

  it("says why nothing can be sent without a key or a CA", async () => {
    expect((await AgentAccess.fromConfig(configOf({}))).problem()).to.match(/^no AGENT_SIGNING_KEY/);
    expect((await AgentAccess.fromConfig(configOf({ AGENT_SIGNING_KEY: keyPem() }))).problem()).to.match(
      /^no AGENT_CA is configured/,
    );
  });

  it("stops on a CA that cannot be read or parsed, naming the variable, never the content", async () => {
    const garbage = "-----BEGIN CERTIFICATE-----\nbm90LWEtY2VydA==\n-----END CERTIFICATE-----\n";
    const parsed = await failure(AgentAccess.fromConfig(configOf({ AGENT_CA: garbage })));
    expect(parsed.message).to.equal("AGENT_CA: must hold one or more CA certificates in PEM form");
    const missing = await failure(AgentAccess.fromConfig(configOf({ AGENT_CA_FILE: "/nonexistent/ca.pem" })));
    expect(missing.message).to.equal("AGENT_CA_FILE /nonexistent/ca.pem cannot be read: ENOENT");
    expect(() => configOf({ AGENT_CA: "not a pem" })).to.throw(/AGENT_CA: must be one or more certificates/);
  });
});
