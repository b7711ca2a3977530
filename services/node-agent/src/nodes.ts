import type { Logger } from "@kcp/shared";
import type { ClassDataArchives } from "./class-data.js";
import type { Installations } from "./installations.js";
import { NodeConfiguration } from "./node-config.js";
import { NodeLocks } from "./node-locks.js";
import type { ProvisionRequest } from "./node-record.js";
import type { NodeRules } from "./node-rules.js";
import { type NodeStatus, nodeStatus } from "./node-status.js";
import { NodeStore } from "./node-store.js";
import { redactConfig } from "./properties.js";
import { Provisioner } from "./provisioning.js";
import { findRestart, noteRestart, startedSince } from "./restarts.js";
import { ProcessSupervisor } from "./supervisor.js";

export type { ControllerMode, ProvisionRequest, Role } from "./node-record.js";
export type { NodeStatus } from "./node-status.js";

export interface NodeManagerOptions {
  stateDir: string;
  installations: Installations;
  logger: Logger;
  java: string;
  /** The class-data archives the nodes' JVMs map (or dump). */
  classData: ClassDataArchives;
  defaultStopTimeoutMs: number;
  /** The agent's logging configuration, for installations without their own. */
  logConfig: string;
  /** What the agent accepts of a node's configuration and JVM options. */
  rules: NodeRules;
  /** How often processes the agent adopted (not its children) are checked for having exited. */
  watchIntervalMs?: number;
}

/** The nodes the agent owns: the commands on them (one at a time per node), each answered with the node's status. */
export class NodeManager {
  private readonly store: NodeStore;
  private readonly supervisor: ProcessSupervisor;
  private readonly provisioner: Provisioner;
  private readonly configuration: NodeConfiguration;
  private readonly locks = new NodeLocks();

  constructor(private readonly options: NodeManagerOptions) {
    const { installations, logger, java, logConfig, rules, classData } = options;
    this.store = new NodeStore(options.stateDir);
    this.supervisor = new ProcessSupervisor({ store: this.store, installations, logger, java, logConfig, classData });
    this.provisioner = new Provisioner({ store: this.store, installations, logger, java, logConfig, rules });
    this.configuration = new NodeConfiguration(this.store, installations, rules);
  }

  /** Loads every node's record and re-adopts the processes still running; reports the ones that should but do not. */
  async init(): Promise<void> {
    for await (const record of this.store.load()) await this.supervisor.recover(record);
    this.supervisor.watch(this.options.watchIntervalMs ?? 2000);
  }

  /** The agent stops; the nodes keep running (they are in their own process groups) and are adopted at next start. */
  close(): void {
    this.supervisor.close();
  }

  propertiesPath = (id: number) => this.store.paths(id).properties;

  async status(id: number): Promise<NodeStatus> {
    const record = this.store.get(id);
    const alive = await this.supervisor.isAlive(record);
    return nodeStatus(record, alive, this.supervisor.transitionOf(id));
  }

  list(): Promise<NodeStatus[]> {
    return Promise.all(this.store.ids().map((id) => this.status(id)));
  }

  start(id: number): Promise<NodeStatus> {
    return this.locks.run(id, async () => {
      await this.supervisor.start(this.store.get(id));
      return this.status(id);
    });
  }

  stop(id: number, timeoutMs?: number): Promise<NodeStatus> {
    return this.locks.run(id, async () => {
      await this.supervisor.stop(this.store.get(id), timeoutMs ?? this.options.defaultStopTimeoutMs);
      return this.status(id);
    });
  }

  /** The same restartId twice restarts once: a repeated id whose restart finished answers the status. */
  restart(id: number, restartId: string, timeoutMs?: number): Promise<NodeStatus> {
    return this.locks.run(id, async () => {
      const record = this.store.get(id);
      const seen = findRestart(record, restartId);
      // A repeated id is done if the running process was started by it or later; if not, the agent died in the
      // middle of that restart, and it is finished now.
      if (seen && startedSince(record, seen) && (await this.supervisor.isAlive(record))) return this.status(id);
      if (!seen) {
        noteRestart(record, restartId);
        await this.store.save(record);
      }
      await this.supervisor.stop(record, timeoutMs ?? this.options.defaultStopTimeoutMs);
      await this.supervisor.start(record);
      return this.status(id);
    });
  }

  setVersion(id: number, version: string): Promise<NodeStatus> {
    return this.locks.run(id, async () => {
      await this.configuration.setVersion(this.store.get(id), version);
      return this.status(id);
    });
  }

  patchConfig(id: number, set: Record<string, string>, remove: string[]): Promise<{ config: Record<string, string> }> {
    return this.locks.run(id, async () => ({
      config: await this.configuration.patch(this.store.get(id), set, remove),
    }));
  }

  config(id: number): Record<string, string> {
    return redactConfig(this.store.get(id).config);
  }

  /**
   * Provisions a node: its server.properties, and its storage formatted by its own version with the cluster id. A data
   * folder that already holds `meta.properties` is never formatted again (it must be this node's, of this cluster); a
   * folder that holds files but no meta.properties is refused. The same request twice provisions once.
   */
  provision(id: number, request: ProvisionRequest): Promise<NodeStatus> {
    return this.locks.run(id, async () => {
      await this.provisioner.provision(id, request);
      return this.status(id);
    });
  }
}
