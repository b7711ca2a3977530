import { mkdir, readFile, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { runKafkaTool } from "./java.js";
import type { KafkaRuntime } from "./maven.js";
import { renderProperties } from "./properties.js";
import type { NodeSpec } from "./spec.js";

function formatFlags(node: NodeSpec): string[] {
  switch (node.format.kind) {
    case "standalone":
      return ["--standalone"];
    case "initial-controllers":
      return ["--initial-controllers", node.format.value];
    case "no-initial-controllers":
      return ["--no-initial-controllers"];
    case "static":
      return [];
  }
}

export const propertiesFile = (node: NodeSpec) => join(node.dir, "server.properties");
export const logsDir = (node: NodeSpec) => join(node.dir, "logs");

/** Writes the node's server.properties and formats its log dir (kafka-storage format). */
export async function formatNode(runtime: KafkaRuntime, clusterId: string, node: NodeSpec): Promise<void> {
  await mkdir(logsDir(node), { recursive: true });
  await writeFile(propertiesFile(node), renderProperties(node.properties));
  const scram = node.scram.flatMap((value) => ["--add-scram", value]);
  await runKafkaTool(
    runtime,
    "kafka.tools.StorageTool",
    ["format", "-t", clusterId, "-c", propertiesFile(node), ...formatFlags(node), ...scram],
    logsDir(node),
  );
}

/** The directory id Kafka wrote into the node's meta.properties (what AddRaftVoter needs). */
export async function readDirectoryId(node: NodeSpec): Promise<string> {
  const meta = await readFile(join(node.dir, "data", "meta.properties"), "utf8");
  const line = meta.split("\n").find((l) => l.startsWith("directory.id="));
  if (!line) throw new Error(`no directory.id in ${node.dir}/data/meta.properties`);
  return line.slice("directory.id=".length).trim();
}
