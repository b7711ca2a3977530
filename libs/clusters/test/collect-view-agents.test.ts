import { generateKeyPairSync, randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DesiredStateBook } from "@kcp/desired-state";
import { DEFAULT_HEALTH_THRESHOLDS, KafkaClients } from "@kcp/kafka";
import { AgentAccess, CommandSigner, providerAccess } from "@kcp/providers";
import {
  AgentPins,
  type Capabilities,
  ConnectionProfileSchema,
  parseSecretKey,
  SecretBox,
  type Snapshot,
} from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { freePort, getSharedCluster, type KafkaCluster, makeRunDir, TestCertificateAuthority } from "@kcp/test-infra";
import { expect } from "chai";
import { collectClusterView, newClusterRecord } from "../src/index.js";

const box = new SecretBox(parseSecretKey(randomBytes(32).toString("hex")));
const signer = CommandSigner.fromPem(
  generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey.export({ type: "pkcs8", format: "pem" }).toString(),
);
const LIFECYCLE = ["provisionNodes", "restartNodes", "upgradeVersion"] as const;
/** CONTAINER_ENGINES of these collections: an engine socket nobody serves. */
const ENGINES = new Set(["unix:///nonexistent/engine.sock"]);

/**
 * The collector's edge for `agent` clusters, on a real Kafka cluster: the agents are asked at collection and what they
 * answered (here: nothing) reaches the capability notes. (The agent answering is covered against the real node agent
 * in libs/providers/test/agent-client.test.ts.)
 */
describe("collecting an agent cluster: provider readiness asked at the edge", function () {
  this.timeout(120_000);
  let kafka: KafkaCluster;
  let store: EmbeddedStore;
  /** The process's Kafka clients, as the collector has them. */
  const clients = new KafkaClients();
  let closedUrl: string;
  let nodeIds: number[];
  /** The key, a-1 and a-9 pinned at a closed port, a CA: everything but an agent that answers. */
  let access: AgentAccess;

  const collect = async (name: string, provider: string, settings: object, agents: AgentAccess) => {
    const profile = ConnectionProfileSchema.parse({
      name,
      bootstrapServers: kafka.bootstrapServers,
      provider,
      settings,
    });
    const { id } = await store.clusters.create(newClusterRecord(profile, box, ""));
    const deps = {
      store,
      box,
      clients,
      desiredStates: new DesiredStateBook(store.desiredStates),
      settings: {
        timeoutMs: 20_000,
        thresholds: DEFAULT_HEALTH_THRESHOLDS,
        providers: providerAccess({ CONTAINER_ENGINES: ENGINES }, agents),
      },
    };
    const view = await collectClusterView(deps, id);
    return { capabilities: view.capabilities as Capabilities, snapshot: view.snapshot as unknown as Snapshot };
  };
  const notes = (capabilities: Capabilities) =>
    capabilities.notes.filter((note) => LIFECYCLE.some((flag) => note.startsWith(`${flag}:`)));

  before(async () => {
    kafka = await getSharedCluster("single");
    store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-collect-agents-")));
    closedUrl = `https://127.0.0.1:${await freePort()}`;
    const authority = await TestCertificateAuthority.create(join(await makeRunDir("collect-agents-ca"), "ca"));
    const pins = AgentPins.parse(`a-1=${closedUrl},a-9=${closedUrl}`, "list");
    access = new AgentAccess({ signer, pins, ca: authority.caPem, timeoutMs: 2_000 });
  });
  after(async () => {
    await clients.stop();
    await store.stop();
  });

  it("a node no agent serves: the flags are false and the note names the node", async () => {
    const agents = [{ url: closedUrl, agentId: "a-9", nodeIds: [999] }];
    const { capabilities, snapshot } = await collect("agents-unserved", "agent", { agents }, access);
    nodeIds = [
      ...new Set([...snapshot.brokers.map((b) => b.id), ...(snapshot.quorum?.voters ?? []).map((v) => v.nodeId)]),
    ];
    nodeIds.sort((a, b) => a - b);
    expect(nodeIds).not.to.be.empty;
    for (const flag of LIFECYCLE) expect(capabilities[flag], flag).to.equal(false);
    const which = nodeIds.length === 1 ? `node ${nodeIds[0]}` : `nodes ${nodeIds.join(", ")}`;
    expect(notes(capabilities)).to.deep.equal(LIFECYCLE.map((flag) => `${flag}: not offered — no agent for ${which}`));
  });

  it("every node served by an agent that does not answer: the note names the agent and why", async () => {
    const agents = [{ url: closedUrl, agentId: "a-1", nodeIds }];
    const { capabilities } = await collect("agents-down", "agent", { agents }, access);
    expect(notes(capabilities)).to.deep.equal(LIFECYCLE.map((flag) => `${flag}: not offered — agent a-1 unreachable`));
  });

  it("without a signing key the agents cannot be asked, and the note says so", async () => {
    const agents = [{ url: closedUrl, agentId: "a-1", nodeIds }];
    const { capabilities } = await collect(
      "agents-unsigned",
      "agent",
      { agents },
      new AgentAccess({ ...access, signer: undefined }),
    );
    expect(notes(capabilities)).to.deep.equal(
      LIFECYCLE.map((flag) => `${flag}: not offered — no AGENT_SIGNING_KEY is configured to sign the agents' tokens`),
    );
  });

  it("without a CA nothing is sent to the agents, and the note says so", async () => {
    const agents = [{ url: closedUrl, agentId: "a-1", nodeIds }];
    const { capabilities } = await collect(
      "agents-no-ca",
      "agent",
      { agents },
      new AgentAccess({ ...access, ca: undefined }),
    );
    expect(notes(capabilities)).to.deep.equal(
      LIFECYCLE.map(
        (flag) =>
          `${flag}: not offered — no AGENT_CA is configured to verify the agents' TLS certificates, so nothing is sent to them`,
      ),
    );
  });

  it("an agent the configuration does not pin at the URL the settings name is not asked", async () => {
    const agents = [{ url: `https://127.0.0.2:${new URL(closedUrl).port}`, agentId: "a-1", nodeIds }];
    const { capabilities } = await collect("agents-moved", "agent", { agents }, access);
    expect(notes(capabilities)).to.deep.equal(
      LIFECYCLE.map(
        (flag) =>
          `${flag}: not offered — agent a-1 is pinned in AGENT_URLS at another URL than settings.agents names: nothing is sent to it`,
      ),
    );
  });

  it("a container cluster whose engine does not answer: the notes name the engine and why", async () => {
    const settings = { container: { engine: "unix:///nonexistent/engine.sock", project: "p" }, portBase: 20_000 };
    const { capabilities } = await collect("container-kind", "container", settings, access);
    expect(notes(capabilities)).to.deep.equal(
      LIFECYCLE.map(
        (flag) =>
          `${flag}: not offered — the container engine at unix:///nonexistent/engine.sock did not answer: connect ENOENT /nonexistent/engine.sock`,
      ),
    );
  });
});
