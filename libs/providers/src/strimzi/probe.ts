import type { KubernetesSetting } from "@kcp/shared";
import type { ProviderReadiness } from "../provider.js";
import type { KubeClient } from "./kube-client.js";
import { kubeClientFromKubeconfig, kubeClientInCluster } from "./kubeconfig.js";
import { operatorStatusOf } from "./operator-status.js";
import { StrimziCluster } from "./strimzi-cluster.js";

/**
 * The Kubernetes client of an operator-managed cluster: from its `kubeconfig` secret (decrypted by the caller), or,
 * without one, the service's own service account (in a pod).
 */
export async function kubeClientFor(
  setting: KubernetesSetting,
  kubeconfig: string | undefined,
  timeoutMs?: number,
): Promise<KubeClient> {
  const limit = timeoutMs === undefined ? {} : { timeoutMs };
  return kubeconfig === undefined
    ? kubeClientInCluster(limit)
    : kubeClientFromKubeconfig(kubeconfig, setting.context, timeoutMs);
}

/** The cluster's Strimzi resources, through that client. */
export async function strimziClusterFor(
  setting: KubernetesSetting,
  kubeconfig: string | undefined,
  timeoutMs?: number,
): Promise<StrimziCluster> {
  return new StrimziCluster(await kubeClientFor(setting, kubeconfig, timeoutMs), {
    namespace: setting.namespace,
    name: setting.kafka,
  });
}

/**
 * Asks the Kubernetes API for the cluster's Kafka and KafkaNodePools (the readiness the capability rules read and
 * the status the view shows), each request within `timeoutMs`. Never throws: an unreachable API, refused credentials or missing resources are the
 * readiness's problem.
 */
export async function probeStrimzi(
  setting: KubernetesSetting,
  kubeconfig: string | undefined,
  timeoutMs: number,
): Promise<ProviderReadiness> {
  try {
    const cluster = await strimziClusterFor(setting, kubeconfig, timeoutMs);
    const { kafka, pools } = await cluster.read();
    return { kind: "operator-managed", status: operatorStatusOf(kafka, pools) };
  } catch (error) {
    return { kind: "operator-managed", status: null, problem: (error as Error).message };
  }
}
