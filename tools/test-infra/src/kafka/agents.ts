import {
  createPrivateKey,
  createPublicKey,
  generateKeyPairSync,
  type KeyObject,
  randomUUID,
  sign as signBytes,
} from "node:crypto";
import { readdirSync, readFileSync, rmSync } from "node:fs";
import { readFile, rm, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { commandBinding } from "@kcp/shared";
import {
  acquire,
  freePort,
  type ManagedProcess,
  makeRunDir,
  repoRoot,
  startProcess,
  waitFor,
} from "../common/index.js";
import { withMachineState } from "../common/machine-state.js";
import { TestCertificateAuthority } from "../tls/authority.js";
import { httpsRequest } from "../tls/https-request.js";
import { agentNodeArgs } from "./agent-bundle.js";
import { type ArtifactSource, buildArtifactSource } from "./artifacts.js";
import {
  type ClusterDescription,
  KafkaCluster,
  liveClusters,
  STARTUP_ATTEMPTS,
  STARTUP_READY_MS,
  type StartClusterOptions,
  startControllersFirst,
} from "./cluster.js";
import { jvmArgs } from "./java.js";
import { type KafkaRuntime, resolveKafka } from "./maven.js";
import { KafkaNode, NodeExitedError, whyExited } from "./node.js";
import type { ClusterState } from "./readiness.js";
import { isAlive } from "./registry.js";
import { type ClusterSpec, isBroker, isController, type NodeSpec } from "./spec.js";
import { readDirectoryId } from "./storage.js";
import { planCluster } from "./topology.js";
import { DEFAULT_KAFKA_VERSION } from "./versions.js";

const progress = (line: string) => process.stderr.write(`test-infra: ${line}\n`);

/** What a node agent reports of a node (docs/node-agent.md, `NodeStatus`, with the agent's additions). */
export interface AgentNodeStatus {
  nodeId: number;
  roles: string[];
  version: string;
  configuredVersion: string;
  state: "running" | "stopped" | "starting" | "stopping";
  pid: number | null;
  startedAt: string | null;
  uptimeSeconds: number | null;
  lastExit: { code: number | null; signal: string | null; at: string } | null;
  clusterId?: string;
  desiredState?: "running" | "stopped";
  problem?: string | null;
}

/** An answer of an agent: its HTTP status and JSON body. */
export interface AgentAnswer {
  status: number;
  body: Record<string, unknown>;
}

/** The request a command token is signed for: method, path (with /v1, no query) and the exact body text. */
export interface AgentRequest {
  method: string;
  path: string;
  /** The exact body sent ("" or absent: none). */
  body?: string;
}

/**
 * The control plane's side of the command tokens, in a few lines of `node:crypto` (the harness does not import the
 * provider package, which depends on it): an EC P-256 key pair, and an ES256 JWT per command with `iss` "kcp", `aud`
 * the agent's id, `exp` 45 s after `iat`, a fresh `jti`, and the request it is for — method, path, node id, body
 * digest and scope, computed by `commandBinding` of `@kcp/shared` as the provider's signer does
 * (docs/node-agent.md, "Authentication").
 */
export class AgentSigner {
  readonly privateKeyPem: string;
  readonly publicKeyPem: string;
  private readonly key: KeyObject;

  /** A new key pair, or the given private key (PEM). */
  constructor(privateKeyPem?: string) {
    this.key =
      privateKeyPem === undefined
        ? generateKeyPairSync("ec", { namedCurve: "P-256" }).privateKey
        : createPrivateKey(privateKeyPem);
    this.privateKeyPem = this.key.export({ type: "pkcs8", format: "pem" }).toString();
    this.publicKeyPem = createPublicKey(this.key).export({ type: "spki", format: "pem" }).toString();
  }

  /** A token for exactly `request` to agent `agentId`. */
  token(agentId: string, request: AgentRequest): string {
    const iat = Math.floor(Date.now() / 1000);
    const binding = commandBinding(request.method, request.path, Buffer.from(request.body ?? ""));
    const part = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const claims = { iss: "kcp", aud: agentId, iat, exp: iat + 45, jti: randomUUID(), ...binding };
    const unsigned = `${part({ alg: "ES256", typ: "JWT" })}.${part(claims)}`;
    const signature = signBytes("sha256", Buffer.from(unsigned), { key: this.key, dsaEncoding: "ieee-p1363" });
    return `${unsigned}.${signature.toString("base64url")}`;
  }

  /** Never the key in logs or serialized objects. */
  toJSON(): string {
    return "[AgentSigner]";
  }
}

/** An agent answered a command with something else than 200. */
export class AgentCommandError extends Error {
  override name = "AgentCommandError";
  constructor(
    message: string,
    readonly answer: AgentAnswer,
  ) {
    super(message);
  }
}

function killPid(pid: number): void {
  for (const target of [-pid, pid]) {
    try {
      process.kill(target, "SIGKILL");
      return;
    } catch {
      // not a group leader, or gone
    }
  }
}

/**
 * Folders of the agent clusters of this process that are not stopped (not the detached ones of the CLI's `up`). The
 * agents start their nodes detached in their own process groups (nodes outlive an agent): when this process exits
 * without `stop()` (a failed test run, Ctrl-C), every process whose command line or environment names such a folder
 * is killed here, synchronously, and the folders are removed.
 */
const liveClusterDirs = new Set<string>();
let exitHookInstalled = false;

function processesUnderSync(dirs: string[]): number[] {
  const pids: number[] = [];
  let entries: string[] = [];
  try {
    entries = readdirSync("/proc");
  } catch {
    return pids;
  }
  for (const name of entries) {
    if (!/^\d+$/.test(name) || Number(name) === process.pid) continue;
    for (const file of ["cmdline", "environ"]) {
      let text = "";
      try {
        text = readFileSync(`/proc/${name}/${file}`, "utf8");
      } catch {
        // gone, or not ours
      }
      if (dirs.some((dir) => text.includes(dir))) {
        pids.push(Number(name));
        break;
      }
    }
  }
  return pids;
}

function guardClusterDir(dir: string): void {
  liveClusterDirs.add(dir);
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once("exit", () => {
    if (liveClusterDirs.size === 0) return;
    for (const pid of processesUnderSync([...liveClusterDirs])) killPid(pid);
    for (const dir of liveClusterDirs) rmSync(dir, { recursive: true, force: true });
  });
}

/**
 * Pids of the live processes whose command line or environment mentions `dir`: a cluster's nodes (their
 * server.properties) and agents (their AGENT_STATE_DIR) all do.
 */
export async function processesUnder(dir: string): Promise<number[]> {
  return processesUnderSync([dir]);
}

/**
 * One node agent (`services/node-agent/src/main.ts` as a process, from one bundle: agent-bundle.ts): a simulated host
 * with its own `AGENT_ID`, state folder and loopback port, serving HTTPS. Its requests are signed with the cluster's
 * key, each token bound to its request, and trust only the cluster's CA.
 */
export class NodeAgent {
  constructor(
    readonly agentId: string,
    readonly url: string,
    readonly stateDir: string,
    readonly logFile: string,
    readonly nodeIds: number[],
    private agentProcess: ManagedProcess | undefined,
    private readonly signer: AgentSigner | undefined,
    /** The CA (PEM) the agent's HTTPS certificate chains to: the only one its calls trust. */
    readonly caPem: string,
  ) {}

  get pid(): number | undefined {
    return this.agentProcess?.pid;
  }

  /** A token for exactly one request to this agent. */
  token(request: AgentRequest): string {
    if (!this.signer) throw new Error(`no signing key to command agent ${this.agentId}`);
    return this.signer.token(this.agentId, request);
  }

  /**
   * One request over HTTPS trusting only the cluster's CA, signed for exactly this method, path and body unless a
   * `token` is given (a captured or forged one); the answer whatever its status.
   */
  async call(method: string, path: string, body?: unknown, token?: string): Promise<AgentAnswer> {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const answer = await httpsRequest(`${this.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token ?? this.token({ method, path, ...(text === undefined ? {} : { body: text }) })}`,
        ...(text === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(text === undefined ? {} : { body: text }),
      ca: this.caPem,
      timeoutMs: 5 * 60_000,
    });
    let parsed: Record<string, unknown> = {};
    try {
      parsed = JSON.parse(answer.text) as Record<string, unknown>;
    } catch {
      parsed = { text: answer.text };
    }
    return { status: answer.status, body: parsed };
  }

  /** One signed request that must answer 200: its body. */
  async request<T = Record<string, unknown>>(method: string, path: string, body?: unknown): Promise<T> {
    const answer = await this.call(method, path, body);
    if (answer.status !== 200) {
      throw new AgentCommandError(
        `agent ${this.agentId}: ${method} ${path} answered ${answer.status} ${JSON.stringify(answer.body)}; see ${this.logFile}`,
        answer,
      );
    }
    return answer.body as T;
  }

  async health(): Promise<{ status: string; agentId: string }> {
    const answer = await httpsRequest(`${this.url}/v1/health`, { ca: this.caPem, timeoutMs: 5_000 });
    return JSON.parse(answer.text) as { status: string; agentId: string };
  }

  async nodes(): Promise<AgentNodeStatus[]> {
    return (await this.request<{ nodes: AgentNodeStatus[] }>("GET", "/v1/nodes")).nodes;
  }

  node(id: number): Promise<AgentNodeStatus> {
    return this.request<AgentNodeStatus>("GET", `/v1/nodes/${id}`);
  }

  stopNode(id: number, timeoutMs = 30_000): Promise<AgentNodeStatus> {
    return this.request<AgentNodeStatus>("POST", `/v1/nodes/${id}/stop`, { timeoutMs });
  }

  startNode(id: number): Promise<AgentNodeStatus> {
    return this.request<AgentNodeStatus>("POST", `/v1/nodes/${id}/start`);
  }

  restartNode(id: number, restartId: string = randomUUID(), timeoutMs = 30_000): Promise<AgentNodeStatus> {
    return this.request<AgentNodeStatus>("POST", `/v1/nodes/${id}/restart`, { restartId, timeoutMs });
  }

  install(version: string): Promise<{ version: string; path: string; sha512: string }> {
    return this.request("POST", "/v1/installations", { version });
  }

  /** The versions installed on this agent, by version. */
  async installations(): Promise<string[]> {
    const answer = await this.request<{ installations: { version: string }[] }>("GET", "/v1/installations");
    return answer.installations.map((i) => i.version).sort();
  }

  /** Whether the agent's process is alive. */
  isAlive(): boolean {
    return isAlive(this.pid);
  }

  /** Stops the agent's process (SIGTERM: its API closes, its nodes keep running; a next `restart` adopts them). */
  async stopAgent(): Promise<void> {
    if (this.agentProcess) await this.agentProcess.stop(10_000);
    else if (this.pid !== undefined) killPid(this.pid);
  }

  /** SIGKILL of the agent's process (its nodes keep running). */
  async killAgent(): Promise<void> {
    if (this.agentProcess) await this.agentProcess.kill();
  }

  /** Starts the agent's process again on the same port and state (after `stopAgent` or `killAgent`). */
  async restartAgent(env: Record<string, string>, detached = false): Promise<void> {
    this.agentProcess = await spawnAgent(env, this.logFile, this.url, this.caPem, detached);
  }
}

/** The last lines of a log file, on one line (empty when it cannot be read). */
function logTail(file: string, lines = 15): string {
  try {
    return readFileSync(file, "utf8").trim().split("\n").slice(-lines).join(" | ");
  } catch {
    return "(no log)";
  }
}

/** How long a node agent may take to answer its health check after its process started. */
// a quiet machine: 3–7 s (6.5 s at load 21, 6 Dec 2026; 2 cores); ×9 margin
const AGENT_LISTEN_MS = 60_000;

async function spawnAgent(
  env: Record<string, string>,
  logFile: string,
  url: string,
  caPem: string,
  detached: boolean,
): Promise<ManagedProcess> {
  const lease = await acquire("node-agent", `node agent ${env.AGENT_ID}`);
  const agent = await startProcess({
    command: process.execPath,
    args: await agentNodeArgs(),
    cwd: repoRoot,
    // Class data off: each agent keeps its own copy of the jars, so each would dump its archive once (about 3 CPU-s
    // at a node's first stop) to save about 1 CPU-s on each later start, and most harness nodes start once or twice.
    // services/node-agent's tests prove the archive; a caller's env may turn it on.
    env: { LOG_LEVEL: "info", AGENT_CLASS_DATA: "false", ...env },
    logFile,
    detached,
  }).catch(async (error: unknown) => {
    await lease.release();
    throw error;
  });
  void agent.exited.then(() => lease.release());
  await waitFor(
    `the node agent ${env.AGENT_ID} to listen`,
    async () => {
      const answer = await httpsRequest(`${url}/v1/health`, { ca: caPem, timeoutMs: 5_000 }).catch(() => undefined);
      return answer?.status === 200 ? true : undefined;
    },
    {
      timeoutMs: AGENT_LISTEN_MS,
      // An agent that dies starting (seen once in CI, its folder gone with the cluster) starts the cluster afresh,
      // and its last log lines go into the message; one that refused its configuration would refuse it again.
      giveUpIf: () => {
        if (!agent.hasExited()) return undefined;
        const tail = logTail(logFile);
        const message = `the node agent exited while starting; see ${logFile}: ${tail}`;
        return tail.includes("Invalid configuration") ? new Error(message) : new NodeExitedError(message);
      },
    },
  ).catch(async (error: unknown) => {
    if (agent.hasExited()) throw error;
    await agent.kill();
    throw new Error(`${error instanceof Error ? error.message : String(error)}; its log: ${logTail(logFile)}`);
  });
  await lease.started();
  return agent;
}

/**
 * A Kafka node whose JVM a node agent runs: start and stop go through the agent's API; `kill` is a SIGKILL behind the
 * agent's back (a crash). `isRunning` and `pid` are what the agent last reported (refreshed by `status`).
 */
export class AgentNode extends KafkaNode {
  private lastStatus: AgentNodeStatus | undefined;

  constructor(
    spec: NodeSpec,
    runtime: KafkaRuntime,
    readonly agent: NodeAgent,
  ) {
    // The JVM is the agent's: the base class's process handling is unused.
    super(spec, runtime, false);
  }

  override get pid(): number | undefined {
    return this.lastStatus?.pid ?? undefined;
  }

  /** The status the agent reports now. */
  async status(): Promise<AgentNodeStatus> {
    return this.remember(await this.agent.node(this.id));
  }

  override isRunning(): boolean {
    return this.lastStatus?.state === "running" && isAlive(this.pid);
  }

  /** The node's JVM is the agent's: its units of the machine's budget are held from this start to its stop or kill. */
  override async start(): Promise<void> {
    await this.takeBudget();
    try {
      this.remember(await this.agent.startNode(this.id));
    } catch (error) {
      await this.releaseBudget();
      throw error;
    }
    this.settleBudget(() => this.lastStatus?.state !== "running");
  }

  override async stop(timeoutMs = 30_000): Promise<void> {
    try {
      this.remember(await this.agent.stopNode(this.id, timeoutMs));
    } finally {
      await this.releaseBudget();
    }
  }

  /** The pid the agent reports now: the node may have been restarted since (by an operation) under a new one. */
  override async kill(): Promise<void> {
    const pid = await this.currentPid();
    if (pid === undefined) return;
    killPid(pid);
    await waitFor(`node ${this.id} (pid ${pid}) to die`, async () => (isAlive(pid) ? undefined : true), {
      timeoutMs: 10_000,
      intervalMs: 50,
    });
    await this.releaseBudget();
  }

  override async restart(): Promise<void> {
    this.remember(await this.agent.restartNode(this.id));
  }

  override async currentPid(): Promise<number | undefined> {
    return ((await this.status().catch(() => undefined)) ?? this.lastStatus)?.pid ?? undefined;
  }

  override serverLog(): string {
    return join(this.agent.stateDir, "nodes", String(this.id), "logs", "server.log");
  }

  override exitError(): Error | undefined {
    const pid = this.lastStatus?.pid;
    return this.lastStatus?.state === "running" && pid != null && !isAlive(pid)
      ? new NodeExitedError(
          `Kafka node ${this.id} (run by agent ${this.agent.agentId}) exited; see its log ${this.serverLog()}: ${whyExited(this.serverLog(), join(dirname(this.serverLog()), "stdout.log"))}`,
        )
      : undefined;
  }

  /** @internal */
  remember(status: AgentNodeStatus): AgentNodeStatus {
    this.lastStatus = status;
    return status;
  }
}

/** `settings.agents` of the control plane's cluster profile (docs/api.md). */
export interface AgentSettingsEntry {
  url: string;
  agentId: string;
  nodeIds: number[];
  /** Where new nodes go on this agent's host (provisionNodes; docs/operations.md). */
  provisioning?: {
    nodeIds: { from: number; to: number };
    ports: number[];
    dataDir: string;
    host?: string;
    jvmOptions?: string[];
  };
}

export interface StartAgentClusterOptions extends Omit<StartClusterOptions, "agents"> {
  /** Agents started with no node (each a simulated host for new nodes: provisionNodes), the versions installed. */
  spareAgents?: number;
  /** The versions every agent's artifact source offers (default: the cluster's version; it is always included). */
  artifactVersions?: StartClusterOptions["version"][];
  /**
   * Whether every agent installs the `artifactVersions` at start-up, beside the cluster's version (default true).
   * false: they are only offered by the source, for the control plane to install (upgradeVersion's installVersion).
   */
  installArtifactVersions?: boolean;
}

/** The description of an agent cluster (`npm run kafka -- up --agents`): what any cluster has, plus its agents. */
export interface AgentClusterDescription extends ClusterDescription {
  provider: "agent";
  settings: { agents: AgentSettingsEntry[] };
  agents: (AgentSettingsEntry & { pid?: number; stateDir: string; logFile: string })[];
  /** The PEM private key (EC P-256, PKCS#8) the agents trust: the service's AGENT_SIGNING_KEY(_FILE). Mode 0600. */
  signingKeyFile: string;
  /** The CA (PEM) the agents' HTTPS certificates chain to: the service's AGENT_CA_FILE. */
  caFile: string;
  /** What a service needs to reach these agents: AGENT_SIGNING_KEY_FILE, AGENT_URLS, AGENT_CA_FILE (files, no key). */
  serviceEnv: Record<"AGENT_SIGNING_KEY_FILE" | "AGENT_URLS" | "AGENT_CA_FILE", string>;
  artifacts: string;
}

/** `agentId=url` of every agent, comma-separated: a service's AGENT_URLS. */
const agentUrlsOf = (agents: readonly NodeAgent[]) => agents.map((a) => `${a.agentId}=${a.url}`).join(",");

/**
 * A real Kafka cluster whose every node is provisioned and run by its own node agent (one agent per node, each a
 * simulated host). Everything `KafkaCluster` offers works on it (the harness's helpers take it); `nodes` are
 * `AgentNode`s.
 */
export class AgentKafkaCluster extends KafkaCluster {
  readonly provider = "agent" as const;
  declare readonly nodes: AgentNode[];
  /** The agents started without a node (`spareAgents`): hosts for new nodes, stopped with the cluster. */
  spareAgents: NodeAgent[] = [];

  constructor(
    spec: ClusterSpec,
    nodes: AgentNode[],
    readonly agents: NodeAgent[],
    private readonly signer: AgentSigner,
    readonly signingKeyFile: string,
    private readonly authority: TestCertificateAuthority,
    readonly artifacts: ArtifactSource,
    private readonly agentEnvs: Map<string, Record<string, string>>,
    private readonly detached: boolean,
  ) {
    super(spec, nodes);
  }

  /** The profile's `settings` for `provider: "agent"`: `{agents: [{url, agentId, nodeIds}]}`. */
  get settings(): { agents: AgentSettingsEntry[] } {
    return { agents: this.agents.map((a) => ({ url: a.url, agentId: a.agentId, nodeIds: [...a.nodeIds] })) };
  }

  /** The PEM (PKCS#8) EC P-256 private key the agents trust: the service's AGENT_SIGNING_KEY. */
  get signingKeyPem(): string {
    return this.signer.privateKeyPem;
  }

  /** Its public half (SPKI PEM), each agent's AGENT_PUBLIC_KEY. */
  get publicKeyPem(): string {
    return this.signer.publicKeyPem;
  }

  /** The cluster's own CA (PEM): every agent serves HTTPS with a certificate it issued for 127.0.0.1. */
  get caPem(): string {
    return this.authority.caPem;
  }

  /** The CA's file: a service's AGENT_CA_FILE. */
  get caFile(): string {
    return this.authority.caFile;
  }

  /** `agentId=https://127.0.0.1:port` of every agent, spare ones included: a service's AGENT_URLS. */
  get agentUrls(): string {
    return agentUrlsOf([...this.agents, ...this.spareAgents]);
  }

  /**
   * What a service needs to reach these agents: AGENT_SIGNING_KEY (the key the agents trust), AGENT_URLS (every agent
   * pinned at its URL) and AGENT_CA (the CA their certificates chain to).
   */
  serviceEnv(): Record<"AGENT_SIGNING_KEY" | "AGENT_URLS" | "AGENT_CA", string> {
    return { AGENT_SIGNING_KEY: this.signingKeyPem, AGENT_URLS: this.agentUrls, AGENT_CA: this.caPem };
  }

  override node(id: number): AgentNode {
    return super.node(id) as AgentNode;
  }

  /** The agent that runs node `id`. */
  agentFor(id: number): NodeAgent {
    return this.node(id).agent;
  }

  /**
   * As `KafkaCluster.waitUntilReady`, with every node's state asked of its agent first (a test may have stopped or
   * started a node through the agent directly).
   */
  override async waitUntilReady(timeoutMs?: number): Promise<ClusterState> {
    await Promise.all(this.nodes.map((node) => node.status().catch(() => undefined)));
    return super.waitUntilReady(timeoutMs);
  }

  /** Starts an agent again (after `agent.stopAgent()` / `killAgent()`) with its environment, port and state. */
  async restartAgent(agent: NodeAgent): Promise<void> {
    const env = this.agentEnvs.get(agent.agentId);
    if (!env) throw new Error(`no agent ${agent.agentId} in cluster ${this.name}`);
    await agent.restartAgent(env, this.detached);
  }

  /**
   * Stops every node through its agent (brokers first, then controllers), then the agents, then kills whatever
   * process is left under the cluster's folder (a node an agent could not stop, an agent that hung); removes the
   * folders. Never throws for a node or agent that is already gone.
   */
  /**
   * The `settings.agents` entry of a spare agent that takes new nodes: ids `from`…`from + 9`, `ports` free loopback
   * ports, data under its state folder, the harness's JVM options for a node of `role`.
   */
  async spareAgentSettings(
    agent: NodeAgent,
    from: number,
    role: "broker" | "controller",
    ports = 4,
  ): Promise<AgentSettingsEntry> {
    const runtime = await resolveKafka(this.spec.version);
    const free: number[] = [];
    while (free.length < ports) {
      const port = await freePort();
      if (!free.includes(port)) free.push(port);
    }
    const like = this.nodes.find((n) => (role === "broker" ? isBroker(n.spec) : !isBroker(n.spec)));
    return {
      url: agent.url,
      agentId: agent.agentId,
      nodeIds: [],
      provisioning: {
        nodeIds: { from, to: from + 9 },
        ports: free,
        // The agent's default data root (AGENT_DATA_ROOTS unset): <state>/data.
        dataDir: join(agent.stateDir, "data"),
        ...(like ? { jvmOptions: agentJvmOptions(runtime, like.spec) } : {}),
      },
    };
  }

  override async stop(): Promise<void> {
    liveClusters.delete(this);
    await Promise.all(this.spareAgents.map((a) => stopNodesOf(a)));
    await stopAgentCluster(this.spec, [...this.agents, ...this.spareAgents], this.nodes);
    await rm(this.artifacts.root, { recursive: true, force: true });
  }

  override describe(): AgentClusterDescription {
    return {
      ...super.describe(),
      provider: "agent",
      settings: this.settings,
      agents: this.agents.map((a) => ({
        url: a.url,
        agentId: a.agentId,
        nodeIds: [...a.nodeIds],
        ...(a.pid === undefined ? {} : { pid: a.pid }),
        stateDir: a.stateDir,
        logFile: a.logFile,
      })),
      signingKeyFile: this.signingKeyFile,
      caFile: this.caFile,
      serviceEnv: {
        AGENT_SIGNING_KEY_FILE: this.signingKeyFile,
        AGENT_URLS: this.agentUrls,
        AGENT_CA_FILE: this.caFile,
      },
      artifacts: this.artifacts.root,
    };
  }
}

/** Stops, through the agent, every node it runs (a spare agent's nodes are not the harness's `AgentNode`s). */
async function stopNodesOf(agent: NodeAgent): Promise<void> {
  if (!agent.isAlive()) return;
  const nodes = await agent.nodes().catch(() => []);
  await Promise.all(nodes.map((n) => agent.stopNode(n.nodeId, 20_000).catch(() => undefined)));
}

async function stopAgentCluster(spec: ClusterSpec, agents: NodeAgent[], nodes: AgentNode[]): Promise<void> {
  const stopThrough = (node: AgentNode) => node.stop(20_000).catch(() => undefined);
  const reachable = nodes.filter((n) => n.agent.isAlive());
  await Promise.all(reachable.filter((n) => isBroker(n.spec)).map(stopThrough));
  await Promise.all(reachable.filter((n) => !isBroker(n.spec)).map(stopThrough));
  await Promise.all(agents.map((a) => a.stopAgent().catch(() => undefined)));
  for (const node of nodes) if (node.pid !== undefined) killPid(node.pid);
  await Promise.all(nodes.map((node) => node.releaseBudget()));
  await killEverythingUnder(spec.dir);
  liveClusterDirs.delete(spec.dir);
  await rm(spec.dir, { recursive: true, force: true });
}

async function killEverythingUnder(dir: string): Promise<void> {
  for (let round = 0; round < 50; round++) {
    const left = await processesUnder(dir);
    if (left.length === 0) return;
    for (const pid of left) killPid(pid);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`processes under ${dir} survived SIGKILL: ${(await processesUnder(dir)).join(",")}`);
}

/** How the agent formats a node: the harness's format mode in the agent's words. */
function provisioning(node: NodeSpec): { controllerMode?: string; initialControllers?: string } {
  if (!isController(node)) return {};
  switch (node.format.kind) {
    case "standalone":
      return { controllerMode: "standalone" };
    case "initial-controllers":
      return { controllerMode: "initial-controllers", initialControllers: node.format.value };
    case "no-initial-controllers":
      return { controllerMode: "observer" };
    case "static":
      return { controllerMode: "static" };
  }
}

/**
 * The harness's JVM options for a node, minus what the agent sets itself (classpath, kafka.logs.dir, the logging
 * configuration: the agent gives an installation of jars alone its own, bounded one): what its allow-list accepts.
 */
function agentJvmOptions(runtime: KafkaRuntime, node: NodeSpec): string[] {
  const args = jvmArgs(runtime, "", { heapMb: isBroker(node) ? 384 : 256 });
  const cp = args.indexOf("-cp");
  return args.filter(
    (arg, i) =>
      i !== cp &&
      i !== cp + 1 &&
      !arg.startsWith("-Dkafka.logs.dir=") &&
      !arg.startsWith("-Dlog4j2.configurationFile="),
  );
}

/**
 * Starts a topology (`single`, `3c3b`, `static`; not `secure`: the agent formats no SCRAM credentials) as
 * `startCluster` does, but every node is run by its own node agent: an agent process per node (`AGENT_ID`
 * `<name>-agent-<node id>`, its state in `<dir>/agent-<id>`, a loopback port), the version installed from a
 * `file://` source of the Maven jars (`POST /v1/installations`), the node provisioned with the harness's
 * server.properties (`PUT /v1/nodes/{id}`: the agent formats the storage) and started (`POST /v1/nodes/{id}/start`);
 * ready as `startCluster` (every broker registered and unfenced, a quorum leader). A fresh ES256 key pair per cluster
 * (agents hold the public key) and a fresh CA: every agent serves HTTPS with a certificate it issued for 127.0.0.1
 * (`serviceEnv()` gives a service the key, the pinned URLs and the CA). A node that dies during startup makes another attempt (two in all); any failure leaves no process.
 */
export async function startAgentCluster(options: StartAgentClusterOptions): Promise<AgentKafkaCluster> {
  for (let attempt = 1; ; attempt++) {
    try {
      const cluster = await startAgentClusterOnce(options);
      if (attempt > 1)
        progress(`Kafka "${cluster.name}" (node agents) started on attempt ${attempt} of ${STARTUP_ATTEMPTS}`);
      return cluster;
    } catch (error) {
      if (!(error instanceof NodeExitedError) || attempt >= STARTUP_ATTEMPTS) throw await withMachineState(error);
      progress(`${error.message}; starting the agent cluster afresh: attempt ${attempt + 1} of ${STARTUP_ATTEMPTS}`);
    }
  }
}

async function startAgentClusterOnce(options: StartAgentClusterOptions): Promise<AgentKafkaCluster> {
  if (options.topology === "secure") throw new Error("the secure topology cannot be run by agents (SCRAM at format)");
  const version = options.version ?? DEFAULT_KAFKA_VERSION;
  const detached = options.detached ?? false;
  const runtime = await resolveKafka(version);
  const started = Date.now();
  const dir = await makeRunDir(`kafka-agents-${options.topology}`);
  if (!detached) guardClusterDir(dir);
  const agents: NodeAgent[] = [];
  const nodes: AgentNode[] = [];
  let artifacts: ArtifactSource | undefined;
  try {
    const spec = await planCluster({
      name: options.name ?? options.topology,
      topology: options.topology,
      version,
      dir,
      ...(options.extraController === undefined ? {} : { extraController: options.extraController }),
    });
    progress(
      `starting Kafka ${version} "${spec.name}" (${options.topology}, ${spec.nodes.length} nodes, one node agent each) in ${dir}`,
    );
    const versions = [...new Set([version, ...(options.artifactVersions ?? [])])].filter((v) => v !== undefined);
    artifacts = await buildArtifactSource(versions, [], join(dir, "artifacts"));
    const signer = new AgentSigner();
    const signingKeyFile = join(dir, "agent-signing-key.pem");
    await writeFile(signingKeyFile, signer.privateKeyPem, { mode: 0o600 });
    // A CA per cluster: each agent serves HTTPS with a certificate it issued for 127.0.0.1.
    const authority = await TestCertificateAuthority.create(join(dir, "tls"), `${spec.name}-agents-ca`);
    const tlsEnv = async (name: string) => {
      const certificate = await authority.issue(name, ["127.0.0.1"]);
      return { AGENT_TLS_CERT_FILE: certificate.certFile, AGENT_TLS_KEY_FILE: certificate.keyFile };
    };
    const envs = new Map<string, Record<string, string>>();
    await Promise.all(
      spec.nodes.map(async (node) => {
        const agentId = `${spec.name}-agent-${node.id}`;
        const port = await freePort();
        const url = `https://127.0.0.1:${port}`;
        const stateDir = join(dir, `agent-${node.id}`);
        const logFile = join(dir, `agent-${node.id}.log`);
        const env = {
          AGENT_ID: agentId,
          AGENT_HOST: "127.0.0.1",
          AGENT_PORT: String(port),
          AGENT_STATE_DIR: stateDir,
          // The node's data dirs are in its folder of the cluster (data/, data-2/, …): the agent's only data root.
          AGENT_DATA_ROOTS: node.dir,
          AGENT_PUBLIC_KEY: signer.publicKeyPem,
          AGENT_ARTIFACTS: (artifacts as ArtifactSource).url,
          AGENT_STOP_TIMEOUT_MS: "30000",
          ...(await tlsEnv(`agent-${node.id}`)),
        };
        envs.set(agentId, env);
        const agent = new NodeAgent(agentId, url, stateDir, logFile, [node.id], undefined, signer, authority.caPem);
        agents.push(agent);
        await agent.restartAgent(env, detached);
        nodes.push(new AgentNode(node, runtime, agent));
      }),
    );
    // Installs start once every agent listens: six installs (copies and digests of Kafka's jars) running while the
    // last agents start would starve them.
    await Promise.all(
      nodes.map(async ({ spec: node, agent }) => {
        const installed = options.installArtifactVersions === false ? [version] : versions;
        for (const v of installed) await agent.install(v);
        await agent.request("PUT", `/v1/nodes/${node.id}`, {
          roles: node.roles,
          clusterId: spec.clusterId,
          version,
          config: Object.fromEntries(
            Object.entries(node.properties).filter(([key]) => key !== "node.id" && key !== "process.roles"),
          ),
          jvmOptions: agentJvmOptions(runtime, node),
          ...provisioning(node),
        });
        node.directoryId = await readDirectoryId(node);
      }),
    );
    agents.sort((a, b) => (a.nodeIds[0] ?? 0) - (b.nodeIds[0] ?? 0));
    nodes.sort((a, b) => a.id - b.id);
    const spares: NodeAgent[] = [];
    for (let i = 1; i <= (options.spareAgents ?? 0); i++) {
      const agentId = `${spec.name}-spare-agent-${i}`;
      const port = await freePort();
      const url = `https://127.0.0.1:${port}`;
      const env = {
        AGENT_ID: agentId,
        AGENT_HOST: "127.0.0.1",
        AGENT_PORT: String(port),
        AGENT_STATE_DIR: join(dir, `spare-agent-${i}`),
        AGENT_PUBLIC_KEY: signer.publicKeyPem,
        AGENT_ARTIFACTS: (artifacts as ArtifactSource).url,
        AGENT_STOP_TIMEOUT_MS: "30000",
        ...(await tlsEnv(`spare-agent-${i}`)),
      };
      envs.set(agentId, env);
      const agent = new NodeAgent(
        agentId,
        url,
        env.AGENT_STATE_DIR,
        join(dir, `spare-agent-${i}.log`),
        [],
        undefined,
        signer,
        authority.caPem,
      );
      spares.push(agent);
      agents.push(agent);
      await agent.restartAgent(env, detached);
      for (const v of versions) await agent.install(v);
    }
    agents.splice(agents.length - spares.length, spares.length);
    const cluster = new AgentKafkaCluster(
      spec,
      nodes,
      agents,
      signer,
      signingKeyFile,
      authority,
      artifacts,
      envs,
      detached,
    );
    cluster.spareAgents = spares;
    await startControllersFirst(cluster.nodes);
    await cluster.waitUntilReady(STARTUP_READY_MS);
    liveClusters.add(cluster);
    progress(
      `Kafka "${spec.name}" (node agents) ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${cluster.bootstrapServers}`,
    );
    return cluster;
  } catch (error) {
    await stopAgentCluster({ dir } as ClusterSpec, agents, nodes).catch(() => undefined);
    throw error;
  }
}

/**
 * `npm run kafka -- down` of an agent cluster started by `up --agents`: every node stopped through its agent (with the
 * key file the description names), the agents stopped, anything left under the cluster's folder killed; the folder
 * removed.
 */
export async function stopDescribedAgentCluster(description: AgentClusterDescription): Promise<void> {
  const pem = await readFile(description.signingKeyFile, "utf8").catch(() => undefined);
  const signer = pem === undefined ? undefined : new AgentSigner(pem);
  const caPem = await readFile(description.caFile, "utf8").catch(() => "");
  const stop = async (ids: number[]) =>
    Promise.all(
      description.agents
        .filter((a) => a.nodeIds.some((id) => ids.includes(id)) && isAlive(a.pid))
        .map(async (a) => {
          const agent = new NodeAgent(a.agentId, a.url, a.stateDir, a.logFile, a.nodeIds, undefined, signer, caPem);
          for (const id of a.nodeIds) await agent.stopNode(id, 20_000).catch(() => undefined);
        }),
    );
  const ids = (broker: boolean) =>
    description.nodes.filter((n) => n.roles.includes("broker") === broker).map((n) => n.id);
  if (signer) {
    await stop(ids(true));
    await stop(ids(false));
  }
  for (const a of description.agents) if (a.pid !== undefined && isAlive(a.pid)) process.kill(a.pid, "SIGTERM");
  await waitFor("the agents to exit", async () => (description.agents.some((a) => isAlive(a.pid)) ? undefined : true), {
    timeoutMs: 10_000,
  }).catch(() => undefined);
  await killEverythingUnder(description.dir);
  await rm(description.dir, { recursive: true, force: true });
}
