import { rm } from "node:fs/promises";
import { makeRunDir } from "../common/index.js";
import { withMachineState } from "../common/machine-state.js";
import type { AgentKafkaCluster } from "./agents.js";
import { bootstrapServers, type ClientAuth, clientOptions, type PlatformaticClientOptions } from "./clients.js";
import { diagnoseNode } from "./diagnose.js";
import { resolveKafka } from "./maven.js";
import { KafkaNode, NodeExitedError } from "./node.js";
import { type ClusterState, readClusterState, waitUntilReady } from "./readiness.js";
import { type ClusterSpec, hostPort, isBroker, isController, type NodeSpec, type Topology } from "./spec.js";
import { formatNode, readDirectoryId } from "./storage.js";
import { planCluster } from "./topology.js";
import { DEFAULT_KAFKA_VERSION, type KafkaVersion } from "./versions.js";
import { mountBrokerVolumes, unmountVolumes } from "./volumes.js";

export interface StartClusterOptions {
  topology: Topology;
  version?: KafkaVersion;
  name?: string;
  /** 3c3b only: also start controller 7 as an observer, ready for AddRaftVoter. */
  extraController?: boolean;
  /** Every broker with this many log dirs (JBOD: `data`, `data-2`, ... in the node's folder); default 1. */
  logDirs?: number;
  /**
   * Every broker's log dirs each on a tmpfs of this many bytes (root only; unmounted by `stop`): brokers whose disks
   * fill apart, as on machines of their own. Not with `agents`.
   */
  volumeBytes?: number;
  /** Keep the JVMs running after this process exits (the CLI's `up`). */
  detached?: boolean;
  /** Every node run by its own node agent (`startAgentCluster`, src/kafka/agents.ts). */
  agents?: boolean;
  /**
   * Properties each node gets beside (or instead of) the topology's, from its spec (its `properties` as planned): e.g.
   * a listener that advertises another address. Not with `agents`.
   */
  properties?: (node: NodeSpec) => Record<string, string>;
  /**
   * The nodes' data and logs in memory (/dev/shm): for a node that makes thousands of logs at once (each a folder,
   * files and fsyncs, one after another in the broker's metadata thread). Not with `agents`.
   */
  inMemory?: boolean;
}

/** What a person or a script needs to use a running cluster (printed by `npm run kafka -- up`). */
export interface ClusterDescription {
  name: string;
  topology: Topology;
  version: KafkaVersion;
  clusterId: string;
  dir: string;
  bootstrapServers: string[];
  controllerEndpoints: string[];
  listeners: Record<string, string[]>;
  nodes: {
    id: number;
    roles: string[];
    rack?: string;
    /** Listener name → `host:port` (CONTROLLER included: what AddRaftVoter needs for an observer controller). */
    endpoints: Record<string, string>;
    observer?: boolean;
    directoryId?: string;
    pid?: number;
  }[];
  credentials?: ClusterSpec["credentials"];
  tls?: { caPem: string; clientCertPem: string; clientKeyPem: string };
}

/** A real Kafka cluster of JVM processes on loopback ports. */
export class KafkaCluster {
  readonly nodes: KafkaNode[];

  constructor(
    readonly spec: ClusterSpec,
    nodes: KafkaNode[],
    /** The tmpfs volumes of `volumeBytes`, unmounted by `stop`. */
    private readonly volumes: readonly string[] = [],
  ) {
    this.nodes = nodes;
  }

  get name(): string {
    return this.spec.name;
  }

  get version(): KafkaVersion {
    return this.spec.version;
  }

  get bootstrapServers(): string[] {
    return bootstrapServers(this.spec);
  }

  get brokerIds(): number[] {
    return this.nodes.filter((n) => isBroker(n.spec)).map((n) => n.id);
  }

  node(id: number): KafkaNode {
    const node = this.nodes.find((n) => n.id === id);
    if (!node) throw new Error(`cluster ${this.name} has no node ${id}`);
    return node;
  }

  clientOptions(auth?: ClientAuth, clientId?: string): PlatformaticClientOptions {
    return clientOptions(this.spec, auth, clientId);
  }

  /** Waits until every running broker is registered and unfenced and the quorum has a leader. */
  waitUntilReady(timeoutMs?: number): Promise<ClusterState> {
    const running = this.nodes.filter((n) => isBroker(n.spec) && n.isRunning()).map((n) => n.id);
    return waitUntilReady(this.spec, running, {
      ...(timeoutMs === undefined ? {} : { timeoutMs }),
      deadNode: () => this.nodes.map((node) => node.exitError()).find((error) => error !== undefined),
    });
  }

  state(): Promise<ClusterState> {
    return readClusterState(this.spec);
  }

  /** What a failed test's reader needs about this cluster, node by node (diagnoseNode). */
  async diagnose(): Promise<string> {
    const nodes = await Promise.all(this.nodes.map((node) => diagnoseNode(node)));
    return [`cluster "${this.name}" (Kafka ${this.version}, ${this.spec.topology}):`, ...nodes.flat()].join("\n");
  }

  /** Brokers first (their controlled shutdown needs the controllers), then controllers; removes the folders. */
  async stop(): Promise<void> {
    liveClusters.delete(this);
    await Promise.all(this.nodes.filter((n) => isBroker(n.spec)).map((n) => n.stop(20_000)));
    await Promise.all(this.nodes.map((n) => n.stop(20_000)));
    await unmountVolumes(this.volumes);
    await rm(this.spec.dir, { recursive: true, force: true });
  }

  describe(): ClusterDescription {
    const listeners: Record<string, string[]> = {};
    for (const node of this.spec.nodes.filter(isBroker)) {
      for (const l of node.listeners) listeners[l.name] = [...(listeners[l.name] ?? []), hostPort(l.port)];
    }
    return {
      name: this.name,
      topology: this.spec.topology,
      version: this.version,
      clusterId: this.spec.clusterId,
      dir: this.spec.dir,
      bootstrapServers: this.bootstrapServers,
      controllerEndpoints: this.spec.nodes
        .filter((n) => isController(n) && !n.observer)
        .flatMap((n) => n.listeners.filter((l) => l.name === "CONTROLLER").map((l) => hostPort(l.port))),
      listeners,
      nodes: this.nodes.map((n) => ({
        id: n.id,
        roles: n.spec.roles,
        ...(n.spec.rack === undefined ? {} : { rack: n.spec.rack }),
        endpoints: Object.fromEntries(n.spec.listeners.map((l) => [l.name, hostPort(l.port)])),
        ...(n.spec.observer ? { observer: true } : {}),
        ...(n.spec.directoryId === undefined ? {} : { directoryId: n.spec.directoryId }),
        ...(n.pid === undefined ? {} : { pid: n.pid }),
      })),
      ...(this.spec.credentials ? { credentials: this.spec.credentials } : {}),
      ...(this.spec.tls
        ? {
            tls: {
              caPem: this.spec.tls.caPem,
              clientCertPem: this.spec.tls.clientCertPem,
              clientKeyPem: this.spec.tls.clientKeyPem,
            },
          }
        : {}),
    };
  }
}

const progress = (line: string) => process.stderr.write(`test-infra: ${line}\n`);

/** The clusters this process started and has not stopped: a failed test prints what they say (mocha-hooks.ts). */
export const liveClusters = new Set<KafkaCluster>();

/**
 * A cluster whose node died starting is started afresh once. On a quiet machine no start needs a second attempt: each
 * attempt is logged with its number, and a second one means the machine was overloaded (the budget failed) or a bug.
 */
export const STARTUP_ATTEMPTS = 2;

/**
 * How long a starting cluster may take to be ready: past brokers' `initial.broker.registration.timeout.ms` (60 s,
 * properties.ts), so that a broker that gives up registering is seen exiting (and the cluster started afresh) rather
 * than the wait ending first.
 */
// a quiet machine: a 3c3b ready in 12–16 s, a single in 2–4 s (2 cores); 60 s of registration + 30 s: ×6 margin
export const STARTUP_READY_MS = 90_000;

/**
 * The longest a `startCluster` (or an agent cluster's start) may take, every attempt used: what a hook or test that
 * starts a cluster allows, so that a broker giving up on a loaded machine costs a fresh start, not the test.
 */
export const CLUSTER_START_TIMEOUT_MS = STARTUP_ATTEMPTS * (STARTUP_READY_MS + 30_000);

/**
 * Resolves the version's jars (once), formats every node, starts them and waits until the cluster is ready. A node
 * that dies during startup fails the attempt at once, and the cluster is started afresh (two attempts in all): on a loaded
 * machine a broker sometimes gives up registering with the controllers ("the RPC got timed out before it could be
 * sent", then exits after initial.broker.registration.timeout.ms).
 */
export async function startCluster(options: StartClusterOptions & { agents: true }): Promise<AgentKafkaCluster>;
export async function startCluster(options: StartClusterOptions): Promise<KafkaCluster>;
export async function startCluster(options: StartClusterOptions): Promise<KafkaCluster> {
  if (options.agents) {
    // Imported here: agents.ts extends KafkaCluster, a static import would be circular.
    const { startAgentCluster } = await import("./agents.js");
    return startAgentCluster(options);
  }
  for (let attempt = 1; ; attempt++) {
    try {
      const cluster = await startClusterOnce(options);
      if (attempt > 1) progress(`Kafka "${cluster.name}" started on attempt ${attempt} of ${STARTUP_ATTEMPTS}`);
      return cluster;
    } catch (error) {
      if (!(error instanceof NodeExitedError) || attempt >= STARTUP_ATTEMPTS) throw await withMachineState(error);
      progress(`${error.message}; starting the cluster afresh: attempt ${attempt + 1} of ${STARTUP_ATTEMPTS}`);
    }
  }
}

/**
 * Starts the nodes that are controllers, then the brokers: a broker's registration wait
 * (`initial.broker.registration.timeout.ms`) runs from its own start, so it never runs while its controllers still
 * wait for the machine's budget (common/budget.ts) to start at all.
 */
export async function startControllersFirst(nodes: KafkaNode[]): Promise<void> {
  await Promise.all(nodes.filter((node) => isController(node.spec)).map((node) => node.start()));
  await Promise.all(nodes.filter((node) => !isController(node.spec)).map((node) => node.start()));
}

async function startClusterOnce(options: StartClusterOptions): Promise<KafkaCluster> {
  const version = options.version ?? DEFAULT_KAFKA_VERSION;
  const runtime = await resolveKafka(version);
  const started = Date.now();
  const dir = await makeRunDir(`kafka-${options.topology}`, { memory: options.inMemory === true });
  const spec = await planCluster({
    name: options.name ?? options.topology,
    topology: options.topology,
    version,
    dir,
    ...(options.extraController === undefined ? {} : { extraController: options.extraController }),
    ...(options.logDirs === undefined ? {} : { logDirs: options.logDirs }),
  });
  if (options.properties) for (const node of spec.nodes) Object.assign(node.properties, options.properties(node));
  progress(`starting Kafka ${version} "${spec.name}" (${options.topology}, ${spec.nodes.length} nodes) in ${dir}`);
  const volumes = options.volumeBytes ? await mountBrokerVolumes(spec.nodes, options.volumeBytes) : [];
  await Promise.all(spec.nodes.map((node) => formatNode(runtime, spec.clusterId, node)));
  for (const node of spec.nodes) node.directoryId = await readDirectoryId(node);
  const cluster = new KafkaCluster(
    spec,
    spec.nodes.map((node) => new KafkaNode(node, runtime, options.detached ?? false)),
    volumes,
  );
  try {
    await startControllersFirst(cluster.nodes);
    await cluster.waitUntilReady(STARTUP_READY_MS);
    liveClusters.add(cluster);
  } catch (error) {
    await Promise.allSettled(cluster.nodes.map((node) => node.kill()));
    await unmountVolumes(volumes);
    if (error instanceof NodeExitedError) await rm(dir, { recursive: true, force: true });
    throw error;
  }
  progress(
    `Kafka "${spec.name}" ready in ${((Date.now() - started) / 1000).toFixed(1)} s: ${cluster.bootstrapServers}`,
  );
  return cluster;
}
