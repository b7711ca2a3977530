import type { ContainerSetting } from "@kcp/shared";
import type { NodeProvision } from "../provider.js";
import type { ContainerSpec } from "./engine.js";

/** Where a node's volume is mounted in its container: its server.properties, data and logs. */
export const NODE_HOME = "/var/lib/kcp";
export const NODE_DATA_DIR = `${NODE_HOME}/data`;
const DEFAULT_JVM_OPTIONS = ["-Xms256m", "-Xmx1g"];

/** The labels the provider finds and describes a node's container and volume by. */
export const LABELS = {
  project: "io.kcp.project",
  nodeId: "io.kcp.node-id",
  roles: "io.kcp.roles",
  version: "io.kcp.version",
  clusterId: "io.kcp.cluster-id",
} as const;

export const containerName = (project: string, nodeId: number) => `${project}-node-${nodeId}`;
export const volumeName = (project: string, nodeId: number) => `${containerName(project, nodeId)}-data`;

/**
 * What every node container runs (the image only has to hold Kafka's jars under /opt/kafka/libs and java): formats
 * the volume's storage on the first start only (no meta.properties yet) with the node's own version, then runs Kafka
 * as the container's main process, so the engine's stop (SIGTERM) is Kafka's controlled shutdown.
 */
export const NODE_SCRIPT = `set -eu
home=${NODE_HOME}
if [ ! -f "$home/server.properties" ]; then echo "kcp: $home/server.properties is missing" >&2; exit 64; fi
mkdir -p "$home/logs"
logging=""
if [ -f /opt/kafka/config/log4j2.yaml ]; then logging="-Dlog4j2.configurationFile=/opt/kafka/config/log4j2.yaml";
elif [ -f /opt/kafka/config/log4j2.properties ]; then logging="-Dlog4j2.configurationFile=/opt/kafka/config/log4j2.properties";
elif [ -f /opt/kafka/config/log4j.properties ]; then logging="-Dlog4j.configuration=file:/opt/kafka/config/log4j.properties"; fi
if [ ! -f "$home/data/meta.properties" ]; then
  java -Xmx256m $logging -Dkafka.logs.dir="$home/logs" -cp '/opt/kafka/libs/*' kafka.tools.StorageTool format \\
    -t "$KCP_CLUSTER_ID" -c "$home/server.properties" $KCP_FORMAT_FLAGS --ignore-formatted
fi
exec java $KCP_JVM_OPTIONS $logging -Dkafka.logs.dir="$home/logs" -cp '/opt/kafka/libs/*' kafka.Kafka "$home/server.properties"
`;

/** `kafka-storage format`'s flags for a controller's quorum mode (brokers and static quorums: none). */
export function formatFlags(node: Pick<NodeProvision, "controllerMode" | "initialControllers">): string {
  switch (node.controllerMode) {
    case "standalone":
      return "--standalone";
    case "initial-controllers":
      return `--initial-controllers ${node.initialControllers ?? ""}`;
    case "observer":
      return "--no-initial-controllers";
    default:
      return "";
  }
}

/** The node's server.properties: its keys, with the id, roles and data folder the container provides. */
export function nodeProperties(
  node: Pick<NodeProvision, "nodeId" | "roles" | "config">,
  network: ContainerSetting["network"] = "host",
): Record<string, string> {
  const config = { ...node.config };
  for (const key of ["broker.id", "log.dir", "metadata.log.dir"]) delete config[key];
  if (network === "published" && config.listeners) {
    // In its own network namespace the node binds every interface; it advertises what it was given.
    config["advertised.listeners"] ??= config.listeners;
    config.listeners = config.listeners.replace(/:\/\/[^:,]*:(\d+)/g, "://0.0.0.0:$1");
  }
  return {
    ...config,
    "node.id": String(node.nodeId),
    "process.roles": node.roles.join(","),
    "log.dirs": NODE_DATA_DIR,
  };
}

/** Every port a listeners value names. */
const portsOf = (listeners: string | undefined) =>
  [...(listeners ?? "").matchAll(/:(\d+)(?:,|$)/g)].map((match) => Number(match[1]));

/**
 * Pure: the container of a node: its image and labels, the node script, the volume at NODE_HOME, the engine never
 * restarting it by itself (a crashed node shows as stopped until an operation starts it), and its network: the
 * host's, or its listeners' ports published on the same numbers.
 */
export function containerSpec(
  setting: Pick<ContainerSetting, "project" | "network" | "stopTimeoutSeconds">,
  node: Pick<
    NodeProvision,
    "nodeId" | "roles" | "clusterId" | "version" | "controllerMode" | "initialControllers" | "jvmOptions" | "config"
  >,
  image: string,
): ContainerSpec {
  const ports = portsOf(node.config.listeners);
  const published = setting.network === "published";
  const jvm = node.jvmOptions && node.jvmOptions.length > 0 ? node.jvmOptions : DEFAULT_JVM_OPTIONS;
  return {
    Image: image,
    Cmd: ["/bin/sh", "-c", NODE_SCRIPT],
    Env: [
      `KCP_CLUSTER_ID=${node.clusterId}`,
      `KCP_FORMAT_FLAGS=${formatFlags(node)}`,
      `KCP_JVM_OPTIONS=${jvm.join(" ")}`,
    ],
    Labels: {
      [LABELS.project]: setting.project,
      [LABELS.nodeId]: String(node.nodeId),
      [LABELS.roles]: node.roles.join(","),
      [LABELS.version]: node.version,
      [LABELS.clusterId]: node.clusterId,
    },
    StopSignal: "SIGTERM",
    StopTimeout: setting.stopTimeoutSeconds,
    ...(published ? { ExposedPorts: Object.fromEntries(ports.map((port) => [`${port}/tcp`, {}])) } : {}),
    HostConfig: {
      NetworkMode: published ? "bridge" : "host",
      Mounts: [{ Type: "volume", Source: volumeName(setting.project, node.nodeId), Target: NODE_HOME }],
      RestartPolicy: { Name: "no" },
      ...(published
        ? {
            PortBindings: Object.fromEntries(
              ports.map((port) => [`${port}/tcp`, [{ HostIp: "", HostPort: String(port) }]]),
            ),
          }
        : {}),
    },
  };
}
