import { openRecordSecrets } from "@kcp/clusters";
import type { StepContext } from "@kcp/operations";
import {
  type AgentAccess,
  AgentNodeLifecycle,
  type ContainerEngines,
  ContainerNodeLifecycle,
  strimziClusterFor,
} from "@kcp/providers";
import {
  AgentsSettingSchema,
  type AllowedHosts,
  ContainerSettingSchema,
  Int32Schema,
  KubernetesSettingSchema,
  type SecretBox,
} from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";

export interface NodeAccess {
  /**
   * How the node agents are called (AgentAccess.fromConfig: the signing key, the pinned URLs, the CA, the read
   * timeout); without it no agent can be commanded.
   */
  agentAccess?: AgentAccess | undefined;
}

/**
 * The node provider the steps of an operation act through, from the cluster's profile: `agent` clusters get an
 * AgentNodeLifecycle over `settings.agents`, each agent called at its pinned URL over verified TLS with tokens signed
 * by the worker's key; `container` clusters a
 * ContainerNodeLifecycle over `settings.container` and `settings.portBase`, on an engine `engines` (CONTAINER_ENGINES)
 * lists; any other provider (or a missing key or settings, or an engine not listed) gets the reason the nodes cannot
 * be acted on, which a node step fails with.
 */
export function clusterNodes(
  cluster: ClusterRecord,
  access: NodeAccess,
  engines: ContainerEngines,
): StepContext["nodes"] {
  const provider = (cluster.profile as { provider?: string }).provider ?? "external";
  if (provider === "container") return containerNodes(cluster, engines);
  if (provider !== "agent")
    return { unavailable: `the ${provider} provider of cluster ${cluster.name} cannot act on its nodes here` };
  const agents = AgentsSettingSchema.safeParse(cluster.settings.agents);
  if (!agents.success) return { unavailable: `settings.agents of cluster ${cluster.name} is missing or invalid` };
  const problem = access.agentAccess ? access.agentAccess.problem() : "no AGENT_SIGNING_KEY is configured";
  if (problem || !access.agentAccess) return { unavailable: `the operations worker cannot command agents: ${problem}` };
  return new AgentNodeLifecycle(agents.data, access.agentAccess);
}

/** A stored engine CONTAINER_ENGINES does not list (changed behind the API, or dropped from it) is sent nothing. */
function containerNodes(cluster: ClusterRecord, engines: ContainerEngines): StepContext["nodes"] {
  const container = ContainerSettingSchema.safeParse(cluster.settings.container);
  const portBase = Int32Schema.safeParse(cluster.settings.portBase);
  if (!container.success || !portBase.success)
    return { unavailable: `settings.container or settings.portBase of cluster ${cluster.name} is missing or invalid` };
  const refusal = engines.refusal(container.data.engine);
  if (refusal) return { unavailable: refusal };
  const settings = { container: container.data, portBase: portBase.data };
  return new ContainerNodeLifecycle(settings, engines.open(container.data.engine));
}

/**
 * The Strimzi operator of an `operator-managed` cluster, through the Kubernetes API its `kubeconfig` secret names (or
 * the worker's own service account): what the operator steps act through. Undefined for other providers. A
 * kubeconfig whose API server `allowedHosts` (KAFKA_ALLOWED_HOSTS) does not allow is not contacted: the operator is
 * unavailable, naming the host.
 */
export async function clusterOperator(
  cluster: ClusterRecord,
  box: SecretBox,
  allowedHosts?: AllowedHosts,
): Promise<StepContext["operator"]> {
  const provider = (cluster.profile as { provider?: string }).provider;
  if (provider !== "operator-managed") return undefined;
  const setting = KubernetesSettingSchema.safeParse(cluster.settings.kubernetes);
  if (!setting.success) return { unavailable: `settings.kubernetes of cluster ${cluster.name} is missing or invalid` };
  try {
    return await strimziClusterFor(
      setting.data,
      openRecordSecrets(cluster, box).kubeconfig,
      allowedHosts ? { allowedHosts } : {},
    );
  } catch (error) {
    return { unavailable: `the Kubernetes API of cluster ${cluster.name} cannot be used: ${(error as Error).message}` };
  }
}
