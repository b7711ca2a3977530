import type { StepContext } from "@kcp/operations";
import { AgentNodeLifecycle, type CommandSigner } from "@kcp/providers";
import { AgentsSettingSchema } from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";

export interface NodeAccess {
  /** Signs the node agents' command tokens (AGENT_SIGNING_KEY); without it no agent can be commanded. */
  agentSigner?: CommandSigner | undefined;
  /** How long an agent's status answer may take (AGENT_REQUEST_TIMEOUT_MS). */
  agentTimeoutMs?: number | undefined;
}

/**
 * The node provider the steps of an operation act through, from the cluster's profile: `agent` clusters get an
 * AgentNodeLifecycle over `settings.agents`, signed with the worker's key; any other provider (or a missing key or
 * settings) gets the reason the nodes cannot be acted on, which a node step fails with.
 */
export function clusterNodes(cluster: ClusterRecord, access: NodeAccess): StepContext["nodes"] {
  const provider = (cluster.profile as { provider?: string }).provider ?? "external";
  if (provider !== "agent")
    return { unavailable: `the ${provider} provider of cluster ${cluster.name} cannot act on its nodes here` };
  const agents = AgentsSettingSchema.safeParse(cluster.settings.agents);
  if (!agents.success) return { unavailable: `settings.agents of cluster ${cluster.name} is missing or invalid` };
  if (!access.agentSigner)
    return { unavailable: "no AGENT_SIGNING_KEY is configured for the operations worker to sign the agents' tokens" };
  return new AgentNodeLifecycle(agents.data, access.agentSigner, {
    ...(access.agentTimeoutMs ? { timeoutMs: access.agentTimeoutMs } : {}),
  });
}
