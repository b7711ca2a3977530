import type { AllowedHosts, KubernetesSetting } from "@kcp/shared";
import type { ProviderReadiness } from "../provider.js";
import type { KubeClient } from "./kube-client.js";
import { kubeClientFromKubeconfig, kubeClientInCluster } from "./kubeconfig.js";
import { operatorStatusOf } from "./operator-status.js";
import { StrimziCluster } from "./strimzi-cluster.js";

/** How the Kubernetes API of a cluster is asked: each request's bound, and which API server hosts may be called. */
export interface KubeAccess {
  timeoutMs?: number;
  /**
   * KAFKA_ALLOWED_HOSTS: a kubeconfig's API server must be one of them, checked before any connection. The service's
   * own service account (no kubeconfig) is the deployment's, not a profile's, and is not checked.
   */
  allowedHosts?: AllowedHosts;
}

/**
 * The Kubernetes client of an operator-managed cluster: from its `kubeconfig` secret (decrypted by the caller), or,
 * without one, the service's own service account (in a pod).
 */
export async function kubeClientFor(
  setting: KubernetesSetting,
  kubeconfig: string | undefined,
  access: KubeAccess = {},
): Promise<KubeClient> {
  const { timeoutMs, allowedHosts } = access;
  return kubeconfig === undefined
    ? kubeClientInCluster(timeoutMs === undefined ? {} : { timeoutMs })
    : kubeClientFromKubeconfig(kubeconfig, setting.context, timeoutMs, allowedHosts);
}

/** The cluster's Strimzi resources, through that client. */
export async function strimziClusterFor(
  setting: KubernetesSetting,
  kubeconfig: string | undefined,
  access: KubeAccess = {},
): Promise<StrimziCluster> {
  return new StrimziCluster(await kubeClientFor(setting, kubeconfig, access), {
    namespace: setting.namespace,
    name: setting.kafka,
  });
}

/**
 * Asks the Kubernetes API for the cluster's Kafka and KafkaNodePools (the readiness the capability rules read and
 * the status the view shows), each request within `access.timeoutMs`. Never throws: an unreachable API, a server not
 * allowed, refused credentials or missing resources are the readiness's problem (a short reason, never a body the API
 * answered).
 */
export async function probeStrimzi(
  setting: KubernetesSetting,
  kubeconfig: string | undefined,
  access: KubeAccess,
): Promise<ProviderReadiness> {
  try {
    const cluster = await strimziClusterFor(setting, kubeconfig, access);
    const { kafka, pools } = await cluster.read();
    return { kind: "operator-managed", status: operatorStatusOf(kafka, pools) };
  } catch (error) {
    return { kind: "operator-managed", status: null, problem: (error as Error).message };
  }
}
