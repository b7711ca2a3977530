import { AppError } from "@kcp/shared";
import { writeFileAtomic } from "./files.js";
import type { Installations } from "./installations.js";
import type { NodeRecord, Role } from "./node-record.js";
import type { NodeRules } from "./node-rules.js";
import type { NodeStore } from "./node-store.js";
import { redactConfig, renderProperties } from "./properties.js";

/** Keys that provisioning sets and no later change may touch. */
const PROVISIONED_KEYS = ["node.id", "process.roles"];

/** The node's configuration as provisioned: the request's, with the node id and roles it was provisioned with. */
export function provisionedConfig(
  nodeId: number,
  roles: Role[],
  config: Record<string, string>,
): Record<string, string> {
  return { ...config, "node.id": String(nodeId), "process.roles": roles.join(",") };
}

/** The configuration with `set` applied and `remove` deleted; the provisioned keys are refused. */
export function patchedConfig(
  config: Record<string, string>,
  set: Record<string, string>,
  remove: string[],
): Record<string, string> {
  for (const key of [...Object.keys(set), ...remove]) {
    if (PROVISIONED_KEYS.includes(key)) {
      throw new AppError("invalid_request", `${key} is set by provisioning and cannot be changed`);
    }
  }
  const patched = { ...config, ...set };
  for (const key of remove) delete patched[key];
  return patched;
}

/** A node's configuration and the Kafka version it is set to run: changed on its record, used at its next start. */
export class NodeConfiguration {
  constructor(
    private readonly store: NodeStore,
    private readonly installations: Installations,
    private readonly rules: NodeRules,
  ) {}

  async setVersion(record: NodeRecord, version: string): Promise<void> {
    if (!(await this.installations.get(version))) {
      throw new AppError("invalid_request", `Version ${version} is not installed on this agent`);
    }
    if (record.configuredVersion === version) return;
    record.configuredVersion = version;
    await this.store.save(record);
  }

  /** Rewrites server.properties at once; the running process reads it at its next start. */
  async patch(record: NodeRecord, set: Record<string, string>, remove: string[]): Promise<Record<string, string>> {
    const config = patchedConfig(record.config, set, remove);
    await this.rules.checkSet(set);
    record.config = config;
    await writeFileAtomic(this.store.paths(record.nodeId).properties, renderProperties(config));
    await this.store.save(record);
    return redactConfig(config);
  }
}
