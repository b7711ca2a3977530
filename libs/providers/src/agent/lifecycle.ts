import { type AgentEndpoint, AppError, agentServes } from "@kcp/shared";
import type { NewNodeSpec, NodeConfigChange, NodeLifecycle, NodeProvision, NodeStatus, Refusal } from "../provider.js";
import type { AgentAccess } from "./access.js";
import type { AgentClient } from "./client.js";
import { listenerPorts, newNodeConfig } from "./new-node-config.js";

/**
 * NodeLifecycle of an `agent` cluster: each node's actions go to the agent that `settings.agents` names for it (in its
 * nodeIds, or in its provisioning range of ids kept for new nodes), at that agent's pinned URL; an install goes to
 * every agent. A node no agent serves is `invalid_request` (add it to an agent's nodeIds); so is a node whose agent is
 * not pinned at the URL the settings name (nothing is sent to it).
 */
export class AgentNodeLifecycle implements NodeLifecycle {
  private readonly clients: (AgentClient | Error)[];
  private readonly endpoints: readonly AgentEndpoint[];

  constructor(agents: readonly AgentEndpoint[], access: AgentAccess) {
    this.endpoints = agents;
    this.clients = agents.map((agent) => {
      try {
        return access.client(agent);
      } catch (error) {
        return error as Error;
      }
    });
  }

  /** The client of the agent at `index`; its refusal when the agent is not pinned at the URL the settings name. */
  private clientAt(index: number): AgentClient {
    const client = this.clients[index];
    if (client instanceof Error) throw client;
    return client as AgentClient;
  }

  private indexOf(nodeId: number): number {
    const index = this.endpoints.findIndex((agent) => agentServes(agent, nodeId));
    if (index < 0)
      throw new AppError("invalid_request", `no agent serves node ${nodeId} (the cluster's settings.agents)`);
    return index;
  }

  /** The client of the agent that serves `nodeId`. */
  agentOf(nodeId: number): AgentClient {
    return this.clientAt(this.indexOf(nodeId));
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
      this.clients.map(async (_, index) => {
        const client = this.clientAt(index);
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
    const results = await Promise.allSettled(this.clients.map((_, index) => this.clientAt(index).install(version)));
    const failed = results.find((result) => result.status === "rejected");
    if (failed) throw failed.reason;
  }

  /**
   * Every agent asked at once whether it has `version` installed or can install it from its artifact source
   * (`GET /v1/artifacts/{version}`): undefined when all can; else `version_unavailable` naming each agent that cannot
   * and why. An agent that cannot be asked at all gives its own error (unreachable, not pinned, …).
   */
  async canObtain(version: string): Promise<Refusal | undefined> {
    const answers = await Promise.all(
      this.endpoints.map(async (endpoint, index) => {
        try {
          return { agentId: endpoint.agentId, answer: await this.clientAt(index).artifact(version) };
        } catch (error) {
          return { agentId: endpoint.agentId, error };
        }
      }),
    );
    const lacking: string[] = [];
    for (const { agentId, answer, error } of answers) {
      if (!answer)
        return error instanceof AppError
          ? { code: error.code, message: error.message }
          : { code: "internal", message: `agent ${agentId} could not be asked about Kafka ${version}` };
      if (!answer.installed && !answer.available) lacking.push(`agent ${agentId}: ${answer.reason ?? "not available"}`);
    }
    if (lacking.length === 0) return undefined;
    return {
      code: "version_unavailable",
      message: `Kafka ${version} is neither installed nor available from the artifact source of every node agent: ${lacking.join("; ")}`,
    };
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
