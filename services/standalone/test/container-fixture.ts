import { type ContainerClusterSettings, ContainerEngine, ContainerNodeLifecycle } from "@kcp/providers";
import { containerNodePorts, PORTS_PER_CONTAINER_NODE } from "@kcp/shared";
import {
  acquire,
  ensureKafkaImages,
  freePortBlock,
  KAFKA_IMAGE_PATTERN,
  type KafkaClients,
  type KafkaVersion,
  kafkaUuid,
  type Lease,
  listening,
  type PodmanEngine,
  plaintextClients,
  settleWhen,
  sharedPodman,
  waitFor,
} from "@kcp/test-infra";
import { Admin } from "@platformatic/kafka";

/** A Kafka cluster whose nodes the container provider runs on the harness's Podman (through its Docker API). */
export interface ContainerCluster {
  name: string;
  /** The profile's `settings` of a `container` registration. */
  settings: ContainerClusterSettings;
  lifecycle: ContainerNodeLifecycle;
  engine: PodmanEngine;
  bootstrapServers: string[];
  clients: KafkaClients;
  nodeIds: number[];
  /** Waits until every broker of `brokerIds` is registered, unfenced, in the metadata. */
  waitUntilReady(brokerIds?: readonly number[]): Promise<void>;
  /** Removes the project's containers and volumes. */
  stop(): Promise<void>;
}

type Quorum = "dynamic" | "static";

const brokerPort = (portBase: number, nodeId: number) => containerNodePorts(portBase, nodeId)[0] as number;
const controllerPort = (portBase: number, nodeId: number) => containerNodePorts(portBase, nodeId)[1] as number;

/**
 * A combined node's server.properties on the ports the port base gives it, every node a voter of the quorum: found
 * through `controller.quorum.bootstrap.servers` (dynamic) or listed in `controller.quorum.voters` (static).
 */
function nodeConfig(
  portBase: number,
  nodeId: number,
  nodeIds: readonly number[],
  quorum: Quorum,
): Record<string, string> {
  const broker = `127.0.0.1:${brokerPort(portBase, nodeId)}`;
  const controller = `127.0.0.1:${controllerPort(portBase, nodeId)}`;
  const quorumKey: Record<string, string> =
    quorum === "static"
      ? { "controller.quorum.voters": nodeIds.map((id) => `${id}@127.0.0.1:${controllerPort(portBase, id)}`).join(",") }
      : {
          "controller.quorum.bootstrap.servers": nodeIds
            .map((id) => `127.0.0.1:${controllerPort(portBase, id)}`)
            .join(","),
        };
  return {
    ...quorumKey,
    listeners: `PLAINTEXT://${broker},CONTROLLER://${controller}`,
    "advertised.listeners": `PLAINTEXT://${broker},CONTROLLER://${controller}`,
    "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
    "controller.listener.names": "CONTROLLER",
    "inter.broker.listener.name": "PLAINTEXT",
    "offsets.topic.replication.factor": "3",
    "transaction.state.log.replication.factor": "3",
    "transaction.state.log.min.isr": "2",
    "group.initial.rebalance.delay.ms": "0",
    "num.partitions": "1",
  };
}

async function registeredBrokers(clients: KafkaClients): Promise<number[]> {
  const admin = new Admin(clients.clientOptions(undefined, "kcp-test-ready"));
  try {
    const metadata = await admin.metadata({ topics: [] });
    return [...metadata.brokers.keys()].sort((a, b) => a - b);
  } finally {
    await admin.close();
  }
}

/** Each node's container state and last log lines, for a failure's message. */
async function diagnose(engine: PodmanEngine, lifecycle: ContainerNodeLifecycle, project: string, ids: number[]) {
  const parts = await Promise.all(
    ids.map(async (id) => {
      const status = await lifecycle.status(id).catch((error: Error) => error.message);
      const logs = await engine
        .podman(["logs", "--tail", "15", `${project}-node-${id}`])
        .catch((e: Error) => e.message);
      return `node ${id}: ${JSON.stringify(status)}\n${logs}`;
    }),
  );
  return parts.join("\n");
}

/**
 * A cluster of combined nodes (broker and controller; a dynamic quorum formatted with every node as an initial
 * controller, or a static one) provisioned and started through ContainerNodeLifecycle, as the service would run them: images of
 * `versions` built by the harness (debootstrap, a JRE, Kafka's jars), each node a container on the host's network
 * with its data on a named volume. The port block leaves room for `spareNodes` more node ids.
 */
export async function startContainerCluster(
  name: string,
  options: {
    version: KafkaVersion;
    versions?: KafkaVersion[];
    nodeIds?: number[];
    spareNodes?: number;
    quorum?: Quorum;
  },
): Promise<ContainerCluster> {
  const nodeIds = options.nodeIds ?? [1, 2, 3];
  const engine = await sharedPodman();
  await ensureKafkaImages(engine, [...new Set([options.version, ...(options.versions ?? [])])]);
  const highest = Math.max(...nodeIds) + (options.spareNodes ?? 1);
  const portBase = await freePortBlock((highest + 1) * PORTS_PER_CONTAINER_NODE);
  const project = `kcp-test-${name}-${Date.now().toString(36)}`;
  const settings: ContainerClusterSettings = {
    container: {
      engine: engine.endpoint,
      project,
      image: KAFKA_IMAGE_PATTERN,
      host: "127.0.0.1",
      network: "host",
      stopTimeoutSeconds: 60,
    },
    portBase,
  };
  const lifecycle = new ContainerNodeLifecycle(settings, new ContainerEngine(settings.container.engine));
  const clusterId = kafkaUuid();
  const directories = new Map(nodeIds.map((id) => [id, kafkaUuid()]));
  const initialControllers = nodeIds
    .map((id) => `${id}@127.0.0.1:${controllerPort(portBase, id)}:${directories.get(id)}`)
    .join(",");
  const quorum = options.quorum ?? "dynamic";
  for (const nodeId of nodeIds)
    await lifecycle.provision({
      nodeId,
      roles: ["broker", "controller"],
      clusterId,
      version: options.version,
      config: nodeConfig(portBase, nodeId, nodeIds, quorum),
      ...(quorum === "static"
        ? { controllerMode: "static" as const }
        : { controllerMode: "initial-controllers" as const, initialControllers }),
      // As the harness runs every test node: the serial collector and the first JIT tier spend the least CPU.
      jvmOptions: ["-Xms128m", "-Xmx768m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1"],
    });
  // Each node's JVM takes its share of the machine's budget until the cluster is removed. A node starts as soon as its
  // own units are granted: units granted to nodes that wait for the others' grants would hold the pool for nothing
  // (two nodes' 4 units held while the third waited its 2 minutes, twice a run).
  const leases: Lease[] = [];
  const releaseAll = () => Promise.all(leases.map((lease) => lease.release()));
  await Promise.all(
    nodeIds.map(async (id) => {
      const lease = await acquire("kafka-node", `container node ${id} (${project})`);
      leases.push(lease);
      await lifecycle.start(id);
      settleWhen(lease, () => listening(brokerPort(portBase, id)));
    }),
  ).catch(async (error: unknown) => {
    await releaseAll();
    throw error;
  });
  const bootstrapServers = nodeIds.map((id) => `127.0.0.1:${brokerPort(portBase, id)}`);
  const clients = plaintextClients(bootstrapServers, nodeIds);
  const cluster: ContainerCluster = {
    name,
    settings,
    lifecycle,
    engine,
    bootstrapServers,
    clients,
    nodeIds,
    waitUntilReady: async (brokerIds = nodeIds) => {
      await waitFor(
        `brokers ${brokerIds.join(", ")} of ${project} registered`,
        async () => {
          const registered = await registeredBrokers(clients).catch((): number[] => []);
          return brokerIds.every((id) => registered.includes(id)) ? true : undefined;
        },
        { timeoutMs: 120_000, intervalMs: 1_000 },
      ).catch(async (error: Error) => {
        throw new Error(`${error.message}\n${await diagnose(engine, lifecycle, project, nodeIds)}`);
      });
    },
    stop: async () => {
      const ids = (await engine.podman(["ps", "-aq", "--filter", `label=io.kcp.project=${project}`])).split("\n");
      const live = ids.filter((id) => id.trim().length > 0);
      // Podman may refuse a container that stops while it sends SIGKILL ("container state improper: stopped"):
      // by the second try it is stopped and goes.
      const remove = () => engine.podman(["rm", "--force", "--time", "10", ...live]);
      if (live.length > 0) await remove().catch(remove);
      await releaseAll();
      await engine.podman(["volume", "prune", "--force", "--filter", `label=io.kcp.project=${project}`]);
    },
  };
  await cluster.waitUntilReady();
  return cluster;
}
