import { openRecordSecrets } from "@kcp/clusters";
import type { StepContext } from "@kcp/operations";
import { AgentNodeLifecycle, type CommandSigner, ContainerNodeLifecycle, strimziClusterFor } from "@kcp/providers";
import {
  AgentsSettingSchema,
  ContainerSettingSchema,
  Int32Schema,
  KubernetesSettingSchema,
  type SecretBox,
} from "@kcp/shared";
import type { ClusterRecord } from "@kcp/store";

export interface NodeAccess {
  /** Signs the node agents' command tokens (AGENT_SIGNING_KEY); without it no agent can be commanded. */
  agentSigner?: CommandSigner | undefined;
  /** How long an agent's status answer may take (AGENT_REQUEST_TIMEOUT_MS). */
  agentTimeoutMs?: number | undefined;
}

/**
 * The node provider the steps of an operation act through, from the cluster's profile: `agent` clusters get an
 * AgentNodeLifecycle over `settings.agents`, signed with the worker's key; `container` clusters a
 * ContainerNodeLifecycle over `settings.container` and `settings.portBase`; any other provider (or a missing key or
 * settings) gets the reason the nodes cannot be acted on, which a node step fails with.
 */
export function clusterNodes(cluster: ClusterRecord, access: NodeAccess): StepContext["nodes"] {
  const provider = (cluster.profile as { provider?: string }).provider ?? "external";
  if (provider === "container") return containerNodes(cluster);
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

function containerNodes(cluster: ClusterRecord): StepContext["nodes"] {
  const container = ContainerSettingSchema.safeParse(cluster.settings.container);
  const portBase = Int32Schema.safeParse(cluster.settings.portBase);
  if (!container.success || !portBase.success)
    return { unavailable: `settings.container or settings.portBase of cluster ${cluster.name} is missing or invalid` };
  return new ContainerNodeLifecycle({ container: container.data, portBase: portBase.data });
}

/**
 * The Strimzi operator of an `operator-managed` cluster, through the Kubernetes API its `kubeconfig` secret names (or
 * the worker's own service account): what the operator steps act through. Undefined for other providers.
 */
export async function clusterOperator(cluster: ClusterRecord, box: SecretBox): Promise<StepContext["operator"]> {
  const provider = (cluster.profile as { provider?: string }).provider;
  if (provider !== "operator-managed") return undefined;
  const setting = KubernetesSettingSchema.safeParse(cluster.settings.kubernetes);
  if (!setting.success) return { unavailable: `settings.kubernetes of cluster ${cluster.name} is missing or invalid` };
  try {
    return await strimziClusterFor(setting.data, openRecordSecrets(cluster, box).kubeconfig);
  } catch (error) {
    return { unavailable: `the Kubernetes API of cluster ${cluster.name} cannot be used: ${(error as Error).message}` };
  }
}
