import { providerCluster } from "@kcp/clusters";
import type { StepContext } from "@kcp/operations";
import { type AgentAccess, ContainerEngines, type ProviderAccess, providerModule } from "@kcp/providers";
import { type AllowedHosts, CONFIG_DEFAULTS, type SecretBox } from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";

export interface NodeAccess {
  /**
   * How the node agents are called (AgentAccess.fromConfig: the signing key, the pinned URLs, the CA, the read
   * timeout); without it no agent can be commanded.
   */
  agentAccess?: AgentAccess | undefined;
}

function accessOf(access: NodeAccess, engines: ContainerEngines, allowedHosts?: AllowedHosts): ProviderAccess {
  return {
    agents: access.agentAccess,
    engines,
    allowedHosts,
    timeoutMs: access.agentAccess?.timeoutMs ?? CONFIG_DEFAULTS.AGENT_REQUEST_TIMEOUT_MS,
  };
}

/**
 * The node actions the steps of an operation act through, from the module of the cluster's provider (agents at their
 * pinned URLs over verified TLS with tokens signed by the worker's key; containers on an engine CONTAINER_ENGINES
 * lists), or the reason the nodes cannot be acted on here, which a node step fails with.
 */
export function clusterNodes(
  cluster: ClusterRecord,
  access: NodeAccess,
  engines: ContainerEngines,
  box: SecretBox,
): StepContext["nodes"] {
  const provider = (cluster.profile as { provider?: string }).provider;
  return providerModule(provider).lifecycle(providerCluster(cluster, box), accessOf(access, engines));
}

/**
 * The operator of an `operator-managed` cluster, through the Kubernetes API its `kubeconfig` secret names (or the
 * worker's own service account): what the operator steps act through. Undefined for other providers. A kubeconfig
 * whose API server `allowedHosts` (KAFKA_ALLOWED_HOSTS) does not allow is not contacted: the operator is unavailable,
 * naming the host.
 */
export async function clusterOperator(
  cluster: ClusterRecord,
  box: SecretBox,
  allowedHosts?: AllowedHosts,
): Promise<StepContext["operator"]> {
  const provider = (cluster.profile as { provider?: string }).provider;
  const access = accessOf({}, ContainerEngines.NONE, allowedHosts);
  return providerModule(provider).operator(providerCluster(cluster, box), access);
}
