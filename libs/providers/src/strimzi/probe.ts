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
export async function kubeClientFor(setting: KubernetesSetting, kubeconfig: string | undefined): Promise<KubeClient> {
  return kubeconfig === undefined ? kubeClientInCluster() : kubeClientFromKubeconfig(kubeconfig, setting.context);
}

/** The cluster's Strimzi resources, through that client. */
export async function strimziClusterFor(
  setting: KubernetesSetting,
  kubeconfig: string | undefined,
): Promise<StrimziCluster> {
  return new StrimziCluster(await kubeClientFor(setting, kubeconfig), {
    namespace: setting.namespace,
    name: setting.kafka,
  });
}

/**
 * Asks the Kubernetes API for the cluster's Kafka and KafkaNodePools (the readiness the capability rules read and
 * the status the view shows). Never throws: an unreachable API, refused credentials or missing resources are the
 * readiness's problem.
 */
export async function probeStrimzi(
  setting: KubernetesSetting,
  kubeconfig: string | undefined,
): Promise<ProviderReadiness> {
  try {
    const cluster = await strimziClusterFor(setting, kubeconfig);
    const { kafka, pools } = await cluster.read();
    return { kind: "operator-managed", status: operatorStatusOf(kafka, pools) };
  } catch (error) {
    return { kind: "operator-managed", status: null, problem: (error as Error).message };
  }
}
