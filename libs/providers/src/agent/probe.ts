import type { AgentEndpoint } from "@kcp/shared";
import type { AgentProbe, AgentReadiness } from "../provider.js";
import type { AgentAccess } from "./access.js";
import { AgentError } from "./client.js";

async function probe(agent: AgentEndpoint, access: AgentAccess): Promise<AgentProbe> {
  const base = {
    agentId: agent.agentId,
    nodeIds: agent.nodeIds,
    ...(agent.provisioning ? { newNodeIds: agent.provisioning.nodeIds } : {}),
  };
  try {
    const client = access.client(agent);
    const health = await client.health();
    // Another agent's id (or anything else) answering at the pinned URL: named plainly, nothing more is sent there.
    if (health.agentId !== agent.agentId)
      return { ...base, reportedNodeIds: null, problem: `does not answer as agent ${agent.agentId}` };
    const nodes = await client.nodes();
    return {
      ...base,
      reportedNodeIds: nodes.map((node) => node.nodeId),
      reportedNodes: nodes.map(({ nodeId, version, state }) => ({ nodeId, version, state })),
    };
  } catch (error) {
    const problem = error instanceof AgentError ? error.detail : "failed";
    return { ...base, reportedNodeIds: null, problem };
  }
}

/**
 * Asks every agent of an `agent` cluster, at once, for its health and its nodes (GET /v1/health, GET /v1/nodes) at its
 * pinned URL: the provider readiness the capability rules read. Never throws; each agent's failure is in its probe,
 * saying no more than "unreachable" of an agent that cannot be reached or fails TLS. Without a signing key or a CA no
 * agent is asked anything, and the readiness says why.
 */
export async function probeAgents(agents: readonly AgentEndpoint[], access: AgentAccess): Promise<AgentReadiness> {
  const problem = access.problem();
  if (problem) return { kind: "agent", agents: [], problem };
  return { kind: "agent", agents: await Promise.all(agents.map((agent) => probe(agent, access))) };
}
