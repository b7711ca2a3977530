import { generateKeyPairSync } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { AgentPins, AppError } from "@kcp/shared";
import {
  agentNodeArgs,
  freePort,
  httpsRequest,
  type ManagedProcess,
  makeRunDir,
  RecordingServer,
  repoRoot,
  startProcess,
  TestCertificateAuthority,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { AgentAccess, AgentClient, AgentNodeLifecycle, CommandSigner, probeAgents } from "../src/index.js";

/** What the call rejects with. */
async function failure(promise: Promise<unknown>): Promise<AppError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "expected a rejection").to.be.instanceOf(AppError);
  return error as AppError;
}

/**
 * Where a command token can go, and what it is good for, against a REAL node agent process (HTTPS, no Kafka needed)
 * and recording servers on 127.0.0.2 standing in for an operator's own server: a token is bound to its one request,
 * the collector's access signs reads only, a client calls only the pinned URL, and only over TLS verified against
 * the configured CA.
 */
describe("the channel to node agents: pinned URLs, verified TLS, request-bound tokens", function () {
  this.timeout(60_000);
  const signer = CommandSigner.fromPem(
    generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  );
  let work: string;
  let trusted: TestCertificateAuthority;
  let agent: ManagedProcess;
  let agentUrl: string;
  /** An HTTPS server with a certificate of the trusted CA, claiming to be agent a-1. */
  let impostor: RecordingServer;
  /** The same over plain HTTP. */
  let plain: RecordingServer;
  /** An HTTPS server on 127.0.0.1 whose certificate another CA issued. */
  let otherCa: RecordingServer;
  /** An HTTPS server on 127.0.0.2 whose certificate (from the trusted CA) names 127.0.0.3. */
  let otherHost: RecordingServer;
  const recorders = () => [impostor, plain, otherCa, otherHost];

  before(async () => {
    work = await makeRunDir("agent-channel");
    trusted = await TestCertificateAuthority.create(join(work, "trusted"));
    const other = await TestCertificateAuthority.create(join(work, "other"), "another-ca");
    const port = await freePort();
    agentUrl = `https://127.0.0.1:${port}`;
    const certificate = await trusted.issue("agent", ["127.0.0.1"]);
    agent = await startProcess({
      command: "node",
      args: await agentNodeArgs(),
      cwd: repoRoot,
      env: {
        LOG_LEVEL: "info",
        AGENT_ID: "a-1",
        AGENT_HOST: "127.0.0.1",
        AGENT_PORT: String(port),
        AGENT_STATE_DIR: join(work, "state"),
        AGENT_PUBLIC_KEY: signer.publicKeyPem(),
        AGENT_TLS_CERT_FILE: certificate.certFile,
        AGENT_TLS_KEY_FILE: certificate.keyFile,
      },
      logFile: join(work, "agent.log"),
    });
    impostor = await RecordingServer.start({ tls: await trusted.issue("impostor", ["127.0.0.2"]), agentId: "a-1" });
    plain = await RecordingServer.start({ agentId: "a-1" });
    otherCa = await RecordingServer.start({
      host: "127.0.0.1",
      tls: await other.issue("other-ca", ["127.0.0.1"]),
      agentId: "a-1",
    });
    otherHost = await RecordingServer.start({ tls: await trusted.issue("other-host", ["127.0.0.3"]), agentId: "a-1" });
    const healthy = async () => (await httpsRequest(`${agentUrl}/v1/health`, { ca: trusted.caPem })).status === 200;
    await waitFor("the node agent to listen", async () => ((await healthy().catch(() => false)) ? true : undefined), {
      timeoutMs: 30_000,
      giveUpIf: () => (agent.hasExited() ? new Error(`the agent exited; see ${join(work, "agent.log")}`) : undefined),
    });
  });

  after(async () => {
    await Promise.all(recorders().map((r) => r?.close()));
    await agent?.kill();
    await rm(work, { recursive: true, force: true });
  });

  /** The real agent's answer to one request, with a token given or signed for exactly it. */
  const agentCall = async (method: "GET" | "POST" | "PUT", path: string, body?: unknown, token?: string) => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const bytes = text === undefined ? undefined : Buffer.from(text);
    const authorization = token ?? `Bearer ${signer.sign("a-1", { method, path, ...(bytes ? { body: bytes } : {}) })}`;
    return httpsRequest(`${agentUrl}${path}`, {
      method,
      headers: { authorization, ...(text === undefined ? {} : { "content-type": "application/json" }) },
      ...(text === undefined ? {} : { body: text }),
      ca: trusted.caPem,
    });
  };
  /** An access with these AGENT_URLS entries, trusting the test's CA. */
  const pinned = (entries: string) =>
    new AgentAccess({ signer, pins: AgentPins.parse(entries, "list"), ca: trusted.caPem });

  it("a token captured from the collector's GET /v1/nodes provisions and starts nothing on the real agent", async () => {
    // The collector's own access, pinned (wrongly) at a server that records what it is sent.
    const collector = pinned(`a-1=${impostor.url}`).readOnly();
    const readiness = await probeAgents([{ url: impostor.url, agentId: "a-1", nodeIds: [5] }], collector);
    expect(readiness.agents[0]?.reportedNodeIds).to.deep.equal([]);
    const listing = impostor.requests.find((r) => r.method === "GET" && r.path === "/v1/nodes");
    const captured = listing?.headers.authorization as string;
    expect(captured).to.match(/^Bearer eyJ/);

    const provision = await agentCall(
      "PUT",
      "/v1/nodes/5",
      {
        roles: ["broker"],
        clusterId: "AAAAAAAAAAAAAAAAAAAAAA",
        version: "4.3.1",
        config: { "log.dirs": join(work, "pwned") },
        jvmOptions: [`-XX:OnOutOfMemoryError=touch ${join(work, "pwned")}`],
      },
      captured,
    );
    expect(provision.status, provision.text).to.equal(401);
    expect(JSON.parse(provision.text)).to.deep.equal({
      error: { code: "unauthenticated", message: "Invalid command token" },
    });
    const start = await agentCall("POST", "/v1/nodes/5/start", undefined, captured);
    expect(start.status, start.text).to.equal(401);
    expect((await agentCall("GET", "/v1/nodes/5")).status).to.equal(404);
    // The agent logs why (never the token): the token was signed for another method.
    const log = await waitFor("the refusal in the agent's log", async () => {
      const text = await readFile(join(work, "agent.log"), "utf8");
      return text.includes("signed for another method") ? text : undefined;
    });
    expect(log).not.to.contain(captured.slice("Bearer ".length));
    expect(JSON.parse((await agentCall("GET", "/v1/nodes")).text)).to.deep.equal({ nodes: [] });
  });

  it("the collector's access signs reads only: a command is refused before anything is sent", async () => {
    const before = impostor.requests.length;
    const collector = pinned(`a-1=${impostor.url}`).readOnly();
    const lifecycle = new AgentNodeLifecycle([{ url: impostor.url, agentId: "a-1", nodeIds: [5] }], collector);
    for (const command of [() => lifecycle.start(5), () => lifecycle.stop(5), () => lifecycle.install("4.3.1")]) {
      const refused = await failure(command());
      expect(refused.code).to.equal("invalid_request");
      expect(refused.message).to.match(/^agent a-1 is not commanded from this process, which only reads/);
    }
    expect(impostor.requests.length).to.equal(before);
  });

  it("sends nothing to an agent that is not pinned, or whose settings name another URL than its pin", async () => {
    const counts = recorders().map((r) => r.connections);
    const access = pinned(`a-1=${agentUrl}`);
    const settings = [
      { url: impostor.url, agentId: "a-1", nodeIds: [1] },
      { url: plain.url, agentId: "a-3", nodeIds: [3] },
    ];
    const readiness = await probeAgents(settings, access);
    expect(readiness.agents.map((a) => a.problem)).to.deep.equal([
      "is pinned in AGENT_URLS at another URL than settings.agents names: nothing is sent to it",
      "is not pinned in AGENT_URLS: nothing is sent to it",
    ]);
    const lifecycle = new AgentNodeLifecycle(settings, access);
    const refused = await failure(lifecycle.stop(1));
    expect(refused).to.include({
      code: "invalid_request",
      message: "agent a-1 is pinned in AGENT_URLS at another URL than settings.agents names: nothing is sent to it",
    });
    expect((await failure(lifecycle.install("4.3.1"))).code).to.equal("invalid_request");
    expect(recorders().map((r) => r.connections)).to.deep.equal(counts);
    // The pinned URL itself is what is called: the real agent answers there.
    expect(await access.client({ url: `${agentUrl}/`, agentId: "a-1" }).nodes()).to.deep.equal([]);
  });

  it("never sends a token over plain HTTP, nor without a CA to verify the agent with", async () => {
    expect(() => AgentPins.parse(`a-1=${plain.url}`, "list")).to.throw(/entry 1 \(agent a-1\): the URL must be https/);
    const overHttp = await failure(new AgentClient({ url: plain.url, agentId: "a-1" }, signer, { ca: "" }).nodes());
    expect(overHttp).to.include({
      code: "invalid_request",
      message: "agent a-1 is not at an https:// URL: nothing is sent to it",
    });
    const noCa = new AgentAccess({ signer, pins: AgentPins.parse(`a-1=${impostor.url}`, "list") });
    const before = impostor.connections;
    const readiness = await probeAgents([{ url: impostor.url, agentId: "a-1", nodeIds: [1] }], noCa);
    expect(readiness).to.deep.equal({
      kind: "agent",
      agents: [],
      problem: "no AGENT_CA is configured to verify the agents' TLS certificates, so nothing is sent to them",
    });
    const refused = await failure(noCa.client({ url: impostor.url, agentId: "a-1" }).health());
    expect(refused.message).to.equal(
      "agent a-1 cannot be verified: no AGENT_CA is configured, so nothing is sent to it",
    );
    expect(plain.connections).to.equal(0);
    expect(impostor.connections).to.equal(before);
  });

  it("an agent whose certificate another CA issued, or names another host, gets no request and no token", async () => {
    for (const server of [otherCa, otherHost]) {
      const access = pinned(`a-1=${server.url}`);
      const readiness = await probeAgents([{ url: server.url, agentId: "a-1", nodeIds: [1] }], access);
      expect(readiness.agents[0]?.problem, server.url).to.equal("unreachable");
      const command = await failure(
        new AgentNodeLifecycle([{ url: server.url, agentId: "a-1", nodeIds: [1] }], access).stop(1),
      );
      expect(command).to.include({ code: "cluster_unreachable", message: "agent a-1 unreachable" });
      expect(server.connections, server.url).to.be.greaterThan(0);
      expect(server.requests, server.url).to.deep.equal([]);
    }
  });

  it("says plainly that a server does not answer as the agent the settings name, and asks it nothing more", async () => {
    const before = impostor.requests.length;
    const access = pinned(`a-2=${impostor.url}`);
    const readiness = await probeAgents([{ url: impostor.url, agentId: "a-2", nodeIds: [2] }], access);
    expect(readiness.agents[0]?.problem).to.equal("does not answer as agent a-2");
    expect(
      impostor.requests.slice(before).map((r) => `${r.method} ${r.path} ${r.headers.authorization ?? ""}`),
    ).to.deep.equal(["GET /v1/health "]);
  });
});
