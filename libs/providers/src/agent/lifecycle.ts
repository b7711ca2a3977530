import { type AgentEndpoint, AppError } from "@kcp/shared";
import type { NodeConfigChange, NodeLifecycle, NodeProvision, NodeStatus } from "../provider.js";
import { AgentClient, type AgentClientOptions } from "./client.js";
import type { CommandSigner } from "./tokens.js";

/**
 * NodeLifecycle of an `agent` cluster: each node's actions go to the agent that `settings.agents` names for it; an
 * install goes to every agent. A node no agent serves is `invalid_request` (add it to an agent's nodeIds).
 */
export class AgentNodeLifecycle implements NodeLifecycle {
  private readonly clients: AgentClient[];
  private readonly byNode = new Map<number, AgentClient>();

  constructor(agents: readonly AgentEndpoint[], signer: CommandSigner | undefined, options: AgentClientOptions = {}) {
    this.clients = agents.map((agent) => {
      const client = new AgentClient(agent, signer, options);
      for (const nodeId of agent.nodeIds) this.byNode.set(nodeId, client);
      return client;
    });
  }

  /** The client of the agent that serves `nodeId`. */
  agentOf(nodeId: number): AgentClient {
    const client = this.byNode.get(nodeId);
    if (!client)
      throw new AppError("invalid_request", `no agent serves node ${nodeId} (the cluster's settings.agents)`);
    return client;
  }

  async status(nodeId: number): Promise<NodeStatus> {
    return this.agentOf(nodeId).node(nodeId);
  }

  async stop(nodeId: number, options: { timeoutMs?: number } = {}): Promise<NodeStatus> {
    return this.agentOf(nodeId).stop(nodeId, options);
  }

  async start(nodeId: number): Promise<NodeStatus> {
    return this.agentOf(nodeId).start(nodeId);
  }

  /** On every agent at once; the first agent's failure is the error, once every agent has finished. */
  async install(version: string): Promise<void> {
    const results = await Promise.allSettled(this.clients.map((client) => client.install(version)));
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  }

  async switchVersion(nodeId: number, version: string): Promise<NodeStatus> {
    return this.agentOf(nodeId).switchVersion(nodeId, version);
  }

  async provision(node: NodeProvision): Promise<NodeStatus> {
    return this.agentOf(node.nodeId).provision(node);
  }

  async setConfig(nodeId: number, change: NodeConfigChange): Promise<Record<string, string>> {
    return this.agentOf(nodeId).patchConfig(nodeId, change);
  }
}
