import { type AgentEndpoint, AppError, agentServes } from "@kcp/shared";
import type { NewNodeSpec, NodeConfigChange, NodeLifecycle, NodeProvision, NodeStatus } from "../provider.js";
import { AgentClient, type AgentClientOptions } from "./client.js";
import { listenerPorts, newNodeConfig } from "./new-node-config.js";
import type { CommandSigner } from "./tokens.js";

/**
 * NodeLifecycle of an `agent` cluster: each node's actions go to the agent that `settings.agents` names for it (in its
 * nodeIds, or in its provisioning range of ids kept for new nodes); an install goes to every agent. A node no agent
 * serves is `invalid_request` (add it to an agent's nodeIds).
 */
export class AgentNodeLifecycle implements NodeLifecycle {
  private readonly clients: AgentClient[];
  private readonly endpoints: readonly AgentEndpoint[];

  constructor(agents: readonly AgentEndpoint[], signer: CommandSigner | undefined, options: AgentClientOptions = {}) {
    this.endpoints = agents;
    this.clients = agents.map((agent) => new AgentClient(agent, signer, options));
  }

  private indexOf(nodeId: number): number {
    const index = this.endpoints.findIndex((agent) => agentServes(agent, nodeId));
    if (index < 0)
      throw new AppError("invalid_request", `no agent serves node ${nodeId} (the cluster's settings.agents)`);
    return index;
  }

  /** The client of the agent that serves `nodeId`. */
  agentOf(nodeId: number): AgentClient {
    return this.clients[this.indexOf(nodeId)] as AgentClient;
  }

  /**
   * The configuration of `likeNodeId` moved to the host of the agent whose provisioning range holds `nodeId`: its
   * listeners on that agent's kept ports that no node of any agent of the cluster uses (read from every agent now),
   * its data dirs under the agent's `provisioning.dataDir`, advertised under `provisioning.host` (default: the host of
   * the agent's url); the version `likeNodeId` runs.
   */
  async newNodeSpec(nodeId: number, likeNodeId: number): Promise<NewNodeSpec> {
    const endpoint = this.endpoints[this.indexOf(nodeId)] as AgentEndpoint;
    const provisioning = endpoint.provisioning;
    if (!provisioning || endpoint.nodeIds.includes(nodeId))
      throw new AppError("invalid_request", `node ${nodeId} is not in the provisioning range of an agent`);
    const template = this.agentOf(likeNodeId);
    const [config, status] = await Promise.all([template.config(likeNodeId), template.node(likeNodeId)]);
    const used = new Set<number>();
    await Promise.all(
      this.clients.map(async (client) => {
        for (const node of await client.nodes())
          for (const port of listenerPorts(await client.config(node.nodeId))) used.add(port);
      }),
    );
    return {
      version: status.version,
      config: newNodeConfig(config, {
        nodeId,
        host: provisioning.host ?? new URL(endpoint.url).hostname,
        freePorts: provisioning.ports.filter((port) => !used.has(port)),
        dataDir: provisioning.dataDir,
      }),
      ...(provisioning.jvmOptions ? { jvmOptions: provisioning.jvmOptions } : {}),
    };
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

  async config(nodeId: number): Promise<Record<string, string>> {
    return this.agentOf(nodeId).config(nodeId);
  }

  async setConfig(nodeId: number, change: NodeConfigChange): Promise<Record<string, string>> {
    return this.agentOf(nodeId).patchConfig(nodeId, change);
  }
}
