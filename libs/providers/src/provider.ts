import type { NewNodeSpec, NodeConfigChange, NodeLifecycle, NodeProvision, NodeRole, Refusal } from "@kcp/shared";
import { type NodeStatus, type OperatorStatus, PROVIDERS, type Provider, type ProviderNode } from "@kcp/shared";

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

export type { NewNodeSpec, NodeConfigChange, NodeLifecycle, NodeProvision, NodeRole, NodeStatus, Refusal };

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
export const serves = (agent: AgentProbe, id: number) =>
  agent.nodeIds.includes(id) ||
  (agent.newNodeIds !== undefined && id >= agent.newNodeIds.from && id <= agent.newNodeIds.to);

export type AgentReadiness = Extract<ProviderReadiness, { kind: "agent" }>;

/** An ability of the provider: available, or why not. */
export interface Ability {
  available: boolean;
  reason?: string;
}

/** "node 4" or "nodes 4, 5": how reasons name nodes. */
export const listed = (ids: number[]) => (ids.length === 1 ? `node ${ids[0]}` : `nodes ${ids.join(", ")}`);
