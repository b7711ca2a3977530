import { AgentPins, AgentsSettingSchema, AllowedHosts, checkAgentUrls } from "@kcp/shared";
import { AgentNodeLifecycle } from "../agent/lifecycle.js";
import { probeAgents } from "../agent/probe.js";
import { type Ability, type AgentReadiness, listed, type ProviderReadiness, serves } from "../provider.js";
import { NO_POOLS, noOperator, type ProviderCluster, type ProviderModule } from "./kind.js";

const agentsOf = (cluster: ProviderCluster) => AgentsSettingSchema.safeParse(cluster.settings.agents);

/**
 * Every node of the snapshot (`nodeIds`) is served by an agent of the settings, and each of those agents answered and
 * reports its nodes.
 */
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

const agentReadiness = (readiness: ProviderReadiness | undefined) =>
  readiness?.kind === "agent" ? readiness : undefined;

/**
 * `agent`: a node agent on each host starts, stops, upgrades and provisions the Kafka processes; `settings.agents` says
 * which agent serves which node ids. Each agent is called only at the URL AGENT_URLS pins for its id, over TLS
 * verified against AGENT_CA.
 */
export const agentProvider: ProviderModule = {
  kind: "agent",
  checkReach(profile, access) {
    const agents = profile.settings.agents ?? [];
    (access.agentPins ?? AgentPins.NONE).check(agents);
    checkAgentUrls(
      access.allowedHosts ?? AllowedHosts.ANY,
      agents.map((agent) => agent.url),
    );
  },
  async probe(cluster, access) {
    const agents = agentsOf(cluster);
    if (!agents.success) return { kind: "agent", agents: [], problem: "settings.agents is missing or invalid" };
    if (!access.agents) return { kind: "agent", agents: [], problem: "the node agents cannot be asked here" };
    return probeAgents(agents.data, access.agents);
  },
  nodes(readiness) {
    const answered = agentReadiness(readiness)?.agents.filter((agent) => agent.reportedNodes !== undefined) ?? [];
    if (answered.length === 0) return undefined;
    return answered
      .flatMap((agent) => (agent.reportedNodes ?? []).filter((node) => serves(agent, node.nodeId)))
      .sort((a, b) => a.nodeId - b.nodeId);
  },
  lifecycleAbility: (readiness, nodeIds) => agentAbility(agentReadiness(readiness), nodeIds),
  poolAbility: () => NO_POOLS,
  lifecycle(cluster, access) {
    const agents = agentsOf(cluster);
    if (!agents.success) return { unavailable: `settings.agents of cluster ${cluster.name} is missing or invalid` };
    const problem = access.agents ? access.agents.problem() : "no AGENT_SIGNING_KEY is configured";
    if (problem || !access.agents) return { unavailable: `the operations worker cannot command agents: ${problem}` };
    return new AgentNodeLifecycle(agents.data, access.agents);
  },
  operator: noOperator,
  async canObtain(cluster, version, access) {
    const agents = agentsOf(cluster);
    if (!agents.success)
      return { code: "invalid_request", message: `settings.agents of cluster ${cluster.name} is missing or invalid` };
    const problem = access.agents ? access.agents.problem() : "the collector holds no access to the node agents";
    if (!access.agents || problem)
      return { code: "invalid_request", message: `the node agents cannot be asked: ${problem}` };
    return new AgentNodeLifecycle(agents.data, access.agents).canObtain(version);
  },
};
