import { execFile } from "node:child_process";
import { readdir, readFile } from "node:fs/promises";
import { isAbsolute, join } from "node:path";
import { promisify } from "node:util";
import { AppError, type Logger } from "@kcp/shared";
import { classpathOf, log4jOptions, nodeEnvironment } from "./jvm.js";
import type { ControllerMode, ProvisionRequest } from "./node-record.js";
import type { NodePaths } from "./node-store.js";
import { parseSimpleProperties } from "./properties.js";

const run = promisify(execFile);

/** The controller mode a request formats with: null for a broker-only node; by default static or observer. */
export function controllerModeOf(request: ProvisionRequest): ControllerMode | null {
  if (!request.roles.includes("controller")) {
    if (request.controllerMode !== undefined) {
      throw new AppError("invalid_request", "controllerMode is for nodes with the controller role");
    }
    return null;
  }
  const mode =
    request.controllerMode ?? (request.config["controller.quorum.voters"] !== undefined ? "static" : "observer");
  if (mode === "initial-controllers" && !request.initialControllers) {
    throw new AppError("invalid_request", "controllerMode initial-controllers needs initialControllers");
  }
  return mode;
}

/**
 * The data folders still to format. One that holds `meta.properties` is never formatted again (it must be this node's,
 * of this cluster); one that holds files but no meta.properties is refused.
 */
export async function foldersToFormat(dirs: string[], clusterId: string, nodeId: number): Promise<string[]> {
  if (dirs.length === 0) throw new AppError("invalid_request", "The config must name the data folders (log.dirs)");
  if (dirs.some((dir) => !isAbsolute(dir))) {
    throw new AppError("invalid_request", "The data folders (log.dirs, metadata.log.dir) must be absolute paths");
  }
  const toFormat: string[] = [];
  for (const dir of dirs) {
    const meta = await readMeta(dir);
    if (meta) {
      if (meta["cluster.id"] !== clusterId || meta["node.id"] !== String(nodeId)) {
        throw new AppError("conflict", `The data folder ${dir} holds another node's or cluster's data`);
      }
    } else if (await holdsFiles(dir)) {
      throw new AppError("conflict", `The data folder ${dir} holds files but no meta.properties: not formatted`);
    } else toFormat.push(dir);
  }
  return toFormat;
}

export interface FormatRequest {
  java: string;
  logger: Logger;
  nodeId: number;
  paths: NodePaths;
  installationPath: string;
  clusterId: string;
  mode: ControllerMode | null;
  initialControllers: string | undefined;
  /** Some of the node's folders are formatted already: they are left as they are. */
  someFormatted: boolean;
  /** The agent's logging configuration, for installations without their own. */
  logConfig: string;
}

/** `kafka-storage format` with the node's own version, on the folders its server.properties names. */
export async function formatStorage(request: FormatRequest): Promise<void> {
  const { nodeId, paths, installationPath, logger } = request;
  const flags = formatFlags(request.mode, request.initialControllers);
  const args = [
    "-Xmx256m",
    ...log4jOptions(installationPath, request.logConfig),
    `-Dkafka.logs.dir=${paths.logs}`,
    "-cp",
    classpathOf(installationPath),
    "kafka.tools.StorageTool",
    "format",
    "-t",
    request.clusterId,
    "-c",
    paths.properties,
    ...flags,
    ...(request.someFormatted ? ["--ignore-formatted"] : []),
  ];
  try {
    await run(request.java, args, { env: nodeEnvironment(), maxBuffer: 16 * 1024 * 1024 });
    logger.info({ nodeId, flags }, "storage formatted");
  } catch (error) {
    const { stderr, stdout } = error as { stderr?: string; stdout?: string };
    const detail = (stderr || stdout || "").trim().split("\n").slice(-3).join(" ").slice(0, 500);
    logger.error({ nodeId, detail }, "kafka-storage format failed");
    throw new AppError("invalid_request", `kafka-storage format failed: ${detail}`, { cause: error });
  }
}

function formatFlags(mode: ControllerMode | null, initialControllers: string | undefined): string[] {
  switch (mode) {
    case "standalone":
      return ["--standalone"];
    case "initial-controllers":
      return ["--initial-controllers", initialControllers as string];
    case "observer":
      return ["--no-initial-controllers"];
    default:
      return [];
  }
}

async function readMeta(dir: string): Promise<Record<string, string> | undefined> {
  try {
    return parseSimpleProperties(await readFile(join(dir, "meta.properties"), "utf8"));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return undefined;
    throw error;
  }
}

async function holdsFiles(dir: string): Promise<boolean> {
  try {
    return (await readdir(dir)).some((name) => name !== "lost+found");
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return false;
    throw error;
  }
}
