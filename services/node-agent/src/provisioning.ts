import { createHash } from "node:crypto";
import { mkdir } from "node:fs/promises";
import { AppError, type Logger } from "@kcp/shared";
import { writeFileAtomic } from "./files.js";
import type { Installations } from "./installations.js";
import { provisionedConfig } from "./node-config.js";
import { type NodeRecord, now, type ProvisionRequest } from "./node-record.js";
import type { NodeRules } from "./node-rules.js";
import type { NodeStore } from "./node-store.js";
import { dataDirs, renderProperties } from "./properties.js";
import { controllerModeOf, foldersToFormat, formatStorage } from "./storage.js";

export interface ProvisionerOptions {
  store: NodeStore;
  installations: Installations;
  logger: Logger;
  java: string;
  logConfig: string;
  rules: NodeRules;
}

/**
 * Provisions nodes: a node's server.properties, and its storage formatted by its own version with the cluster id. The
 * same request twice provisions once (told by its hash); another request for the same node is a conflict.
 */
export class Provisioner {
  constructor(private readonly options: ProvisionerOptions) {}

  async provision(id: number, request: ProvisionRequest): Promise<NodeRecord> {
    const { store, logger } = this.options;
    // The rules first: a refused request writes nothing, whatever else it asks.
    await this.options.rules.checkProvision(request.config, request.jvmOptions ?? []);
    const hash = provisionHash(request);
    const existing = store.find(id);
    if (existing) {
      if (existing.provisionHash === hash) return existing;
      throw new AppError("conflict", `Node ${id} is already provisioned, with another request`);
    }
    const installation = await this.options.installations.get(request.version);
    if (!installation) throw new AppError("invalid_request", `Version ${request.version} is not installed`);
    const controllerMode = controllerModeOf(request);
    const config = provisionedConfig(id, request.roles, request.config);
    const dirs = dataDirs(config);
    const toFormat = await foldersToFormat(dirs, request.clusterId, id);
    const paths = store.paths(id);
    await mkdir(paths.logs, { recursive: true });
    await writeFileAtomic(paths.properties, renderProperties(config));
    if (toFormat.length > 0) {
      await formatStorage({
        java: this.options.java,
        logger,
        nodeId: id,
        paths,
        installationPath: installation.path,
        clusterId: request.clusterId,
        mode: controllerMode,
        initialControllers: request.initialControllers,
        someFormatted: toFormat.length < dirs.length,
        logConfig: this.options.logConfig,
      });
    }
    const record: NodeRecord = {
      nodeId: id,
      roles: request.roles,
      clusterId: request.clusterId,
      configuredVersion: request.version,
      controllerMode,
      jvmOptions: request.jvmOptions ?? [],
      config,
      provisionHash: hash,
      provisionedAt: now(),
      desired: "stopped",
      process: null,
      lastExit: null,
      restarts: [],
    };
    await store.add(record);
    logger.info({ nodeId: id, version: request.version, formatted: toFormat }, "node provisioned");
    return record;
  }
}

const provisionHash = (request: ProvisionRequest) => createHash("sha256").update(canonicalJson(request)).digest("hex");

/** JSON with keys sorted and undefined members left out: the same request always hashes the same. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(",")}]`;
  if (value !== null && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value);
}
