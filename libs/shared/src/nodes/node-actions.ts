import type { ErrorCode } from "../errors/index.js";
import type { NodeStatus } from "../schemas/node-agent.js";

/** A node's roles. */
export type NodeRole = NodeStatus["roles"][number];

/** A new node: formatted with the cluster id by its own version, as a broker or an observer controller. */
export interface NodeProvision {
  nodeId: number;
  roles: NodeRole[];
  clusterId: string;
  version: string;
  /** Its `server.properties` keys. */
  config: Record<string, string>;
  /**
   * How a controller's storage is formatted: `observer` (joins as an observer, made a voter by AddRaftVoter),
   * `standalone` (a one-voter dynamic quorum), `initial-controllers` (with `initialControllers`), `static`.
   * Brokers leave it out.
   */
  controllerMode?: "standalone" | "initial-controllers" | "observer" | "static";
  /** `kafka-storage format --initial-controllers` (controllerMode `initial-controllers`). */
  initialControllers?: string;
  /** JVM options of the node's process. */
  jvmOptions?: string[];
}

/** What a new node gets where the provider puts new nodes (NodeLifecycle.newNodeSpec). */
export type NewNodeSpec = Pick<NodeProvision, "version" | "config" | "jvmOptions">;

/** Keys of a node's configuration to set and to delete, applied at its next start. */
export interface NodeConfigChange {
  set?: Record<string, string>;
  delete?: string[];
}

/** Why a provider cannot do what was asked: data, as the API answers it (`{code, message}`). */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

/**
 * The node actions operation steps are made of, for a provider that controls nodes (@kcp/providers implements them,
 * @kcp/operations' steps call them). Every action resolves when done and is idempotent (the same call twice leaves
 * the node as once), so a step can be run again after a worker died mid-step. Errors are AppErrors whose message
 * names the node and the provider's reason. Health is not the provider's business: `start` resolves once the process
 * runs, and the step that waits reads Kafka.
 */
export interface NodeLifecycle {
  /** The node as its provider runs it. */
  status(nodeId: number): Promise<NodeStatus>;
  /** Controlled stop: SIGTERM, then SIGKILL after `timeoutMs` (the provider's default when absent). */
  stop(nodeId: number, options?: { timeoutMs?: number }): Promise<NodeStatus>;
  /** Starts the node with its configured version and configuration. */
  start(nodeId: number): Promise<NodeStatus>;
  /** Installs `version` (checksum verified) wherever the cluster's nodes run; a running version is never touched. */
  install(version: string): Promise<void>;
  /**
   * Whether `install(version)` can succeed wherever the cluster's nodes run, asked before a plan is shown (nothing is
   * downloaded): undefined when it can, else why not (`version_unavailable` naming where and the version).
   */
  canObtain(version: string): Promise<Refusal | undefined>;
  /** The version the node runs from its next start; it must be installed. */
  switchVersion(nodeId: number, version: string): Promise<NodeStatus>;
  /** Provisions a new node (storage formatted, not started); storage that holds data is never formatted again. */
  provision(node: NodeProvision): Promise<NodeStatus>;
  /** Changes keys of the node's configuration; returns the whole configuration after the change. */
  setConfig(nodeId: number, change: NodeConfigChange): Promise<Record<string, string>>;
  /** The node's configuration as the provider keeps it; values of secret-looking keys are redacted. */
  config(nodeId: number): Promise<Record<string, string>>;
  /**
   * What new node `nodeId` would be provisioned with where the provider puts it: the configuration of existing node
   * `likeNodeId` (same role) on that host's free ports and folders, and the version `likeNodeId` runs. Reads only.
   */
  newNodeSpec(nodeId: number, likeNodeId: number): Promise<NewNodeSpec>;
}
