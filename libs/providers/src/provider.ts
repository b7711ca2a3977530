import {
  type ErrorCode,
  type NodeStatus,
  type OperatorStatus,
  PROVIDERS,
  type Provider,
  type ProviderNode,
} from "@kcp/shared";

/**
 * How the service can act on a cluster's nodes depends on who runs them (the connection profile's `provider`):
 * - `external`: someone else; the service only speaks Kafka's protocol to it.
 * - `agent`: a node agent on each host (services/node-agent) starts, stops, upgrades and provisions the Kafka
 *   processes; `settings.agents` says which agent serves which node ids.
 * - `container`: the service runs the nodes as containers of a Docker Engine API (Docker or Podman); `settings.container`
 *   names the engine and the project the containers are labelled with.
 * - `operator-managed`: the Strimzi operator owns the nodes (`settings.kubernetes` names its Kafka resource); the
 *   service changes the resources (pool replicas, Kafka version, the manual rolling-update annotation) and waits
 *   for the operator.
 */
export const PROVIDER_KINDS = PROVIDERS;
export type ProviderKind = Provider;

/** Provider kinds whose node lifecycle is built. */
const BUILT: ReadonlySet<ProviderKind> = new Set(["agent", "container", "operator-managed"]);

export type { NodeStatus };
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

/** Why a provider cannot do what was asked: data, as the API answers it (`{code, message}`). */
export interface Refusal {
  code: ErrorCode;
  message: string;
}

/** Keys of a node's configuration to set and to delete, applied at its next start. */
export interface NodeConfigChange {
  set?: Record<string, string>;
  delete?: string[];
}

/**
 * The node actions operation steps are made of, for a provider that controls nodes. Every action resolves when done
 * and is idempotent (the same call twice leaves the node as once), so a step can be run again after a worker died
 * mid-step. Errors are AppErrors whose message names the node and the provider's reason. Health is not the
 * provider's business: `start` resolves once the process runs, and the step that waits reads Kafka.
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
  /** Provisions a new node; storage that holds data is never formatted again. */
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

/** What an agent answered at collection time (I/O at the edge: probeAgents); the capability rules read it. */
export interface AgentProbe {
  agentId: string;
  /** The node ids the cluster's settings give it. */
  nodeIds: number[];
  /** The ids its settings keep for new nodes (`provisioning.nodeIds`): it serves those too. */
  newNodeIds?: { from: number; to: number };
  /** The node ids it reports running (GET /v1/nodes); null when it did not answer. */
  reportedNodeIds: number[] | null;
  /** Those nodes' versions and states, as it reported them (absent when it did not answer). */
  reportedNodes?: ProviderNode[];
  /** Why it did not answer as it should (unreachable, another agent id, a refused token). */
  problem?: string;
}

/** What a container cluster's engine answered at collection time (probeContainers). */
export interface ContainerProbe {
  kind: "container";
  project: string;
  /** The project's containers as nodes; null when the engine did not answer. */
  nodes: ProviderNode[] | null;
  /** Why the engine did not answer. */
  problem?: string;
}

/** What an operator-managed cluster's Kubernetes API answered at collection time (probeStrimzi). */
export interface OperatorProbe {
  kind: "operator-managed";
  /** The operator's resources as read; null when they could not be read. */
  status: OperatorStatus | null;
  /** Why they could not be read. */
  problem?: string;
}

/** Whether the provider can act on the nodes now: a plain value the collector produces, per provider kind. */
export type ProviderReadiness =
  | { kind: "agent"; agents: AgentProbe[]; problem?: string }
  | ContainerProbe
  | OperatorProbe;

/** Whether the agent serves node `id`: in its nodeIds, or in the range its settings keep for new nodes. */
const serves = (agent: AgentProbe, id: number) =>
  agent.nodeIds.includes(id) ||
  (agent.newNodeIds !== undefined && id >= agent.newNodeIds.from && id <= agent.newNodeIds.to);

/**
 * The cluster's nodes as the provider reports them (the snapshot's `providerNodes`): for `agent`, each node of
 * `settings.agents` (its nodeIds or provisioning range) that its agent reported (an agent may run other clusters'
 * nodes too), by id. Undefined when no agent answered.
 */
export function providerNodes(readiness: ProviderReadiness | undefined): ProviderNode[] | undefined {
  if (readiness?.kind === "container") return readiness.nodes ?? undefined;
  if (readiness?.kind === "operator-managed") return operatorNodes(readiness.status);
  const answered = readiness?.agents.filter((agent) => agent.reportedNodes !== undefined) ?? [];
  if (answered.length === 0) return undefined;
  return answered
    .flatMap((agent) => (agent.reportedNodes ?? []).filter((node) => serves(agent, node.nodeId)))
    .sort((a, b) => a.nodeId - b.nodeId);
}

export type AgentReadiness = Extract<ProviderReadiness, { kind: "agent" }>;

/** An ability of the provider: available, or why not. */
export interface Ability {
  available: boolean;
  reason?: string;
}

const listed = (ids: number[]) => (ids.length === 1 ? `node ${ids[0]}` : `nodes ${ids.join(", ")}`);

function agentAbility(readiness: AgentReadiness | undefined, nodeIds: readonly number[]): Ability {
  if (readiness === undefined) return { available: false, reason: "the node agents were not asked" };
  if (readiness.problem) return { available: false, reason: readiness.problem };
  const reasons: string[] = [];
  const unserved = nodeIds.filter((id) => !readiness.agents.some((agent) => serves(agent, id)));
  if (unserved.length > 0) reasons.push(`no agent for ${listed([...unserved].sort((a, b) => a - b))}`);
  for (const agent of readiness.agents) {
    const served = nodeIds.filter((id) => serves(agent, id));
    if (served.length === 0) continue;
    if (agent.reportedNodeIds === null) {
      reasons.push(`agent ${agent.agentId} ${agent.problem ?? "did not answer"}`);
      continue;
    }
    const reported = agent.reportedNodeIds;
    const missing = served.filter((id) => !reported.includes(id));
    if (missing.length > 0) reasons.push(`agent ${agent.agentId} does not run ${listed(missing)}`);
  }
  return reasons.length === 0 ? { available: true } : { available: false, reason: reasons.join("; ") };
}

/** The engine answered, and every node of the cluster has a container of the project. */
function containerAbility(readiness: ContainerProbe | undefined, nodeIds: readonly number[]): Ability {
  if (readiness === undefined) return { available: false, reason: "the container engine was not asked" };
  if (readiness.nodes === null)
    return { available: false, reason: readiness.problem ?? "the container engine did not answer" };
  const known = new Set(readiness.nodes.map((node) => node.nodeId));
  const missing = nodeIds.filter((id) => !known.has(id)).sort((a, b) => a - b);
  return missing.length === 0
    ? { available: true }
    : { available: false, reason: `project ${readiness.project} has no container for ${listed(missing)}` };
}

/**
 * Whether the provider can stop, start, upgrade and provision the cluster's nodes now (restartNodes, upgradeVersion,
 * provisionNodes). For `agent`: every node of the snapshot (`nodeIds`) is served by an agent of the settings, and
 * each of those agents answered and reports its nodes. For `container`: the engine answered and every node has a
 * container of the project. For `operator-managed`: the operator's resources say it is ready.
 */
export function nodeLifecycleAbility(
  kind: ProviderKind,
  readiness: ProviderReadiness | undefined,
  nodeIds: readonly number[],
): Ability {
  if (kind === "external") return { available: false, reason: "provider external does not control nodes" };
  if (!BUILT.has(kind)) return { available: false, reason: `the ${kind} provider is not built yet` };
  if (kind === "container") return containerAbility(readiness?.kind === kind ? readiness : undefined, nodeIds);
  if (kind === "operator-managed") return operatorAbility(readiness?.kind === kind ? readiness : undefined);
  return agentAbility(readiness?.kind === "agent" ? readiness : undefined, nodeIds);
}

/** scaleNodePools: only the operator-managed provider has node pools; they scale while its resources are ready. */
export function nodePoolAbility(kind: ProviderKind, readiness?: ProviderReadiness): Ability {
  if (kind !== "operator-managed")
    return { available: false, reason: "only the operator-managed provider has node pools" };
  return operatorAbility(readiness?.kind === kind ? readiness : undefined);
}

/** The operator's resources were read and say it is reconciled and Ready: it can take a change now. */
function operatorAbility(readiness: OperatorProbe | undefined): Ability {
  if (readiness === undefined) return { available: false, reason: "the Kubernetes API was not asked" };
  if (readiness.status === null)
    return { available: false, reason: readiness.problem ?? "the Kubernetes API did not answer" };
  if (!readiness.status.ready)
    return { available: false, reason: `the operator is not ready: ${readiness.status.reasons.join("; ")}` };
  return { available: true };
}

/**
 * The nodes of the operator's pools (status.nodeIds), each reported running the version the Kafka resource's status
 * gives: Strimzi runs every node of a reconciled cluster at that version. Undefined when the resources were not read.
 */
function operatorNodes(status: OperatorStatus | null): ProviderNode[] | undefined {
  if (!status) return undefined;
  return status.pools
    .flatMap((pool) => pool.nodeIds)
    .sort((a, b) => a - b)
    .map((nodeId) => ({ nodeId, version: status.kafkaVersion ?? "unknown", state: "running" as const }));
}
