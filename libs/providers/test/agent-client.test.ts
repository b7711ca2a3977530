import { generateKeyPairSync, randomBytes, randomUUID } from "node:crypto";
import { readFile, rm } from "node:fs/promises";
import { join } from "node:path";
import { AgentPins, AppError } from "@kcp/shared";
import {
  agentNodeArgs,
  buildArtifactSource,
  freePort,
  httpsRequest,
  type ManagedProcess,
  makeRunDir,
  repoRoot,
  startProcess,
  TestCertificateAuthority,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import {
  AgentAccess,
  type AgentClient,
  AgentNodeLifecycle,
  CommandSigner,
  type NodeProvision,
  nodeLifecycleAbility,
  probeAgents,
} from "../src/index.js";

const VERSION = "4.3.1";
const AGENT_ID = "a-1";

const newSigner = () =>
  CommandSigner.fromPem(
    generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
  );

/** A Kafka cluster id (base64url of 16 random bytes, not starting with "-"). */
function clusterIdOf(): string {
  for (;;) {
    const id = randomBytes(16).toString("base64url");
    if (!id.startsWith("-")) return id;
  }
}

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
 * The agent provider against the REAL node agent (services/node-agent/src/main.ts as a process) running a real Kafka
 * node from the harness's Maven jars, installed through a checksummed file:// artifact source.
 */
describe("agent client and AgentNodeLifecycle, against a real node agent", function () {
  this.timeout(180_000);
  const signer = newSigner();
  const nodePids = new Set<number>();
  let work: string;
  let agent: ManagedProcess;
  let url: string;
  let access: AgentAccess;
  let client: AgentClient;
  let lifecycle: AgentNodeLifecycle;
  let provision: NodeProvision;

  const track = <T extends { pid: number | null }>(status: T) => {
    if (status.pid !== null) nodePids.add(status.pid);
    return status;
  };
  const killNodes = () => {
    for (const pid of nodePids) {
      try {
        process.kill(pid, "SIGKILL");
      } catch {
        // gone
      }
    }
  };

  before(async () => {
    process.on("exit", killNodes);
    work = await makeRunDir("agent-provider-it");
    // The artifact source: <root>/<version>/libs (the Maven-resolved jars) and <root>/<version>.sha512.
    const artifacts = await buildArtifactSource([VERSION], [], join(work, "artifacts"));
    const port = await freePort();
    url = `https://127.0.0.1:${port}`;
    // The agent serves HTTPS with a certificate for 127.0.0.1 from a CA of the test: the only CA the client trusts.
    const authority = await TestCertificateAuthority.create(join(work, "tls"));
    const certificate = await authority.issue("agent", ["127.0.0.1"]);
    agent = await startProcess({
      command: "node",
      args: await agentNodeArgs(),
      cwd: repoRoot,
      env: {
        LOG_LEVEL: "info",
        AGENT_ID,
        AGENT_HOST: "127.0.0.1",
        AGENT_PORT: String(port),
        AGENT_STATE_DIR: join(work, "state"),
        AGENT_PUBLIC_KEY: signer.publicKeyPem(),
        AGENT_ARTIFACTS: artifacts.url,
        // The node's data dirs are under it (the agent refuses others).
        AGENT_DATA_ROOTS: join(work, "node-1"),
        AGENT_TLS_CERT_FILE: certificate.certFile,
        AGENT_TLS_KEY_FILE: certificate.keyFile,
      },
      logFile: join(work, "agent.log"),
    });
    const healthy = async () => (await httpsRequest(`${url}/v1/health`, { ca: authority.caPem })).status === 200;
    await waitFor("the node agent to listen", async () => ((await healthy().catch(() => false)) ? true : undefined), {
      timeoutMs: 30_000,
      giveUpIf: () => (agent.hasExited() ? new Error(`the agent exited; see ${join(work, "agent.log")}`) : undefined),
    });
    access = new AgentAccess({ signer, pins: AgentPins.parse(`${AGENT_ID}=${url}`, "list"), ca: authority.caPem });
    client = access.client({ url, agentId: AGENT_ID });
    lifecycle = new AgentNodeLifecycle([{ url, agentId: AGENT_ID, nodeIds: [1] }], access);
    const [plaintext, controller] = [await freePort(), await freePort()];
    const listeners = `PLAINTEXT://127.0.0.1:${plaintext},CONTROLLER://127.0.0.1:${controller}`;
    provision = {
      nodeId: 1,
      roles: ["broker", "controller"],
      clusterId: clusterIdOf(),
      version: VERSION,
      controllerMode: "standalone",
      jvmOptions: ["-Xms128m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"],
      config: {
        listeners,
        "advertised.listeners": listeners,
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "controller.listener.names": "CONTROLLER",
        "inter.broker.listener.name": "PLAINTEXT",
        "controller.quorum.bootstrap.servers": `127.0.0.1:${controller}`,
        "log.dirs": join(work, "node-1", "data"),
        "offsets.topic.replication.factor": "1",
        "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1",
        "share.coordinator.state.topic.replication.factor": "1",
        "share.coordinator.state.topic.min.isr": "1",
      },
    };
  });

  after(async () => {
    try {
      if (agent && !agent.hasExited()) await client.stop(1, { timeoutMs: 20_000 }).catch(() => undefined);
    } finally {
      killNodes();
      process.off("exit", killNodes);
      await agent?.kill();
      await rm(work, { recursive: true, force: true });
    }
  });

  it("health needs no token; the agent owns no node yet, so node 1 is not ready for the lifecycle", async () => {
    expect(await client.health()).to.deep.equal({ agentId: AGENT_ID });
    expect(await client.nodes()).to.deep.equal([]);
    const readiness = await probeAgents([{ url, agentId: AGENT_ID, nodeIds: [1] }], access);
    expect(readiness).to.deep.equal({
      kind: "agent",
      agents: [{ agentId: AGENT_ID, nodeIds: [1], reportedNodeIds: [], reportedNodes: [] }],
    });
    expect(nodeLifecycleAbility("agent", readiness, [1]).reason).to.equal("agent a-1 does not run node 1");
  });

  const endpoint = () => ({ url, agentId: AGENT_ID });

  it("maps the agent's errors to AppErrors with its message, never a token", async () => {
    const missing = await failure(client.node(7));
    expect(missing.code).to.equal("not_found");
    expect(missing.message).to.match(/^agent a-1 refused GET \/v1\/nodes\/7: /);

    const forged = await failure(new AgentAccess({ ...access, signer: newSigner() }).client(endpoint()).nodes());
    expect(forged.code).to.equal("internal");
    expect(forged.message).to.match(/^agent a-1 refused the command token of GET \/v1\/nodes: /);

    const unsigned = await failure(new AgentAccess({ ...access, signer: undefined }).client(endpoint()).nodes());
    expect(unsigned).to.include({ code: "invalid_request" });
    expect(unsigned.message).to.match(/no AGENT_SIGNING_KEY/);

    // An agent that does not listen: "unreachable", nothing more (no errno, no address).
    const closed = `https://127.0.0.1:${await freePort()}`;
    const pins = AgentPins.parse(`${AGENT_ID}=${url},a-2=${url},a-9=${closed}`, "list");
    const withOthers = new AgentAccess({ ...access, pins });
    const unreachable = await failure(withOthers.client({ url: closed, agentId: "a-9" }).nodes());
    expect(unreachable.code).to.equal("cluster_unreachable");
    expect(unreachable.message).to.equal("agent a-9 unreachable");

    const other = await probeAgents(
      [
        { url, agentId: "a-2", nodeIds: [2] },
        { url: closed, agentId: "a-9", nodeIds: [9] },
      ],
      withOthers,
    );
    expect(other.agents[0]?.problem).to.equal("does not answer as agent a-2");
    expect(other.agents[1]?.problem).to.equal("unreachable");
    expect(nodeLifecycleAbility("agent", other, [2, 9]).reason).to.equal(
      "agent a-2 does not answer as agent a-2; agent a-9 unreachable",
    );

    for (const error of [missing, forged, unsigned, unreachable]) expect(error.message).not.to.match(/eyJ/);
    const log = await readFile(join(work, "agent.log"), "utf8");
    expect(log).not.to.match(/eyJ[\w-]+\.[\w-]+\./);
  });

  it("installs a version on every agent, twice as once; an unknown version is refused", async () => {
    await lifecycle.install(VERSION);
    await lifecycle.install(VERSION);
    const installations = await client.installations();
    expect(installations.map((i) => i.version)).to.deep.equal([VERSION]);
    const unknown = await failure(lifecycle.install("9.9.9"));
    expect(unknown.code).to.equal("invalid_request");
    expect(unknown.message).to.match(/^agent a-1 refused POST \/v1\/installations: /);
  });

  it("provisions a node (twice as once), changes its configuration, switches its version", async () => {
    const first = await lifecycle.provision(provision);
    expect(first).to.include({ nodeId: 1, state: "stopped", version: VERSION, configuredVersion: VERSION, pid: null });
    expect(await lifecycle.provision(provision)).to.include({ nodeId: 1, state: "stopped" });
    const conflict = await failure(lifecycle.provision({ ...provision, version: "4.2.2" }));
    expect(conflict.code).to.equal("conflict");

    const config = await lifecycle.setConfig(1, {
      set: { "num.io.threads": "2" },
      delete: ["share.coordinator.state.topic.min.isr"],
    });
    expect(config).to.include({ "num.io.threads": "2" });
    expect(config).not.to.have.property("share.coordinator.state.topic.min.isr");
    expect(await client.config(1)).to.deep.equal(config);

    const notInstalled = await failure(lifecycle.switchVersion(1, "4.2.2"));
    expect(notInstalled.code).to.equal("invalid_request");
    expect(await lifecycle.switchVersion(1, VERSION)).to.include({ configuredVersion: VERSION });

    const unserved = await failure(lifecycle.status(2));
    expect(unserved).to.include({
      code: "invalid_request",
      message: "no agent serves node 2 (the cluster's settings.agents)",
    });
  });

  it("starts, stops and restarts the node; the probe then finds it ready", async () => {
    const started = track(await lifecycle.start(1));
    expect(started).to.include({ state: "running", version: VERSION });
    expect(started.pid).to.be.a("number");
    expect((await lifecycle.start(1)).pid).to.equal(started.pid);
    expect(await lifecycle.status(1)).to.include({ state: "running", pid: started.pid });

    const readiness = await probeAgents([{ url, agentId: AGENT_ID, nodeIds: [1] }], access);
    expect(nodeLifecycleAbility("agent", readiness, [1])).to.deep.equal({ available: true });

    const restartId = randomUUID();
    const restarted = track(await client.restart(1, restartId, { timeoutMs: 30_000 }));
    expect(restarted.state).to.equal("running");
    expect(restarted.pid).not.to.equal(started.pid);
    expect((await client.restart(1, restartId, { timeoutMs: 30_000 })).pid).to.equal(restarted.pid);

    const stopped = await lifecycle.stop(1, { timeoutMs: 30_000 });
    expect(stopped).to.include({ state: "stopped", pid: null });
    expect((await lifecycle.stop(1)).state).to.equal("stopped");
  });
});
