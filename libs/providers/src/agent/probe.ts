import type { AgentEndpoint } from "@kcp/shared";
import type { AgentProbe, AgentReadiness } from "../provider.js";
import { AgentClient, AgentError } from "./client.js";
import type { CommandSigner } from "./tokens.js";

async function probe(agent: AgentEndpoint, signer: CommandSigner, timeoutMs: number): Promise<AgentProbe> {
  const client = new AgentClient(agent, signer, { timeoutMs });
  const base = {
    agentId: agent.agentId,
    nodeIds: agent.nodeIds,
    ...(agent.provisioning ? { newNodeIds: agent.provisioning.nodeIds } : {}),
  };
  try {
    const health = await client.health();
    if (health.agentId !== agent.agentId)
      return {
        ...base,
        reportedNodeIds: null,
        problem: `is not at ${agent.url} (agent ${health.agentId} answers there)`,
      };
    const nodes = await client.nodes();
    return {
      ...base,
      reportedNodeIds: nodes.map((node) => node.nodeId),
      reportedNodes: nodes.map(({ nodeId, version, state }) => ({ nodeId, version, state })),
    };
  } catch (error) {
    const problem = error instanceof AgentError ? error.detail : `failed: ${(error as Error).message}`;
    return { ...base, reportedNodeIds: null, problem };
  }
}

/**
 * Asks every agent of an `agent` cluster, at once, for its health and its nodes (GET /v1/health, GET /v1/nodes): the
 * provider readiness the capability rules read. Never throws; each agent's failure is in its probe. Without a
 * signing key no agent can be asked for its nodes, and the readiness says so.
 */
export async function probeAgents(
  agents: readonly AgentEndpoint[],
  signer: CommandSigner | undefined,
  timeoutMs: number,
): Promise<AgentReadiness> {
  if (!signer)
    return { kind: "agent", agents: [], problem: "no AGENT_SIGNING_KEY is configured to sign the agents' tokens" };
  return { kind: "agent", agents: await Promise.all(agents.map((agent) => probe(agent, signer, timeoutMs))) };
}
