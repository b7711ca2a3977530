import { AllowedHosts, AppError, KubernetesSettingSchema, type OperatorStatus, type ProviderNode } from "@kcp/shared";
import type { Ability, OperatorProbe, ProviderReadiness } from "../provider.js";
import { KubeconfigError, kubeconfigClientOptions } from "../strimzi/kubeconfig.js";
import { probeStrimzi, strimziClusterFor } from "../strimzi/probe.js";
import type { ProviderModule } from "./kind.js";

/** The operator's resources were read and say it is reconciled and Ready: it can take a change now. */
function operatorAbility(readiness: OperatorProbe | undefined): Ability {
  if (readiness === undefined) return { available: false, reason: "the Kubernetes API was not asked" };
  if (readiness.status === null)
    return { available: false, reason: readiness.problem ?? "the Kubernetes API did not answer" };
  if (!readiness.status.ready)
    return { available: false, reason: `the operator is not ready: ${readiness.status.reasons.join("; ")}` };
  return { available: true };
}

/**
 * The nodes of the operator's pools (status.nodeIds), each reported running the version the Kafka resource's status
 * gives: Strimzi runs every node of a reconciled cluster at that version. Undefined when the resources were not read.
 */
function operatorNodes(status: OperatorStatus | null): ProviderNode[] | undefined {
  if (!status) return undefined;
  return status.pools
    .flatMap((pool) => pool.nodeIds)
    .sort((a, b) => a - b)
    .map((nodeId) => ({ nodeId, version: status.kafkaVersion ?? "unknown", state: "running" as const }));
}

const operatorReadiness = (readiness: ProviderReadiness | undefined) =>
  readiness?.kind === "operator-managed" ? readiness : undefined;

const kubeAccess = (access: { timeoutMs?: number; allowedHosts?: AllowedHosts | undefined }) => ({
  ...(access.timeoutMs === undefined ? {} : { timeoutMs: access.timeoutMs }),
  ...(access.allowedHosts ? { allowedHosts: access.allowedHosts } : {}),
});

/**
 * `operator-managed`: the Strimzi operator owns the nodes (`settings.kubernetes` names its Kafka resource), reached
 * through the Kubernetes API of the `kubeconfig` secret (or the service's own service account); the service changes
 * the resources (pool replicas, Kafka version, the manual rolling-update annotation) and waits for the operator.
 */
export const operatorManagedProvider: ProviderModule = {
  kind: "operator-managed",
  /**
   * The kubeconfig is read as the collector and the worker will read it (the context of `settings.kubernetes`): one
   * it cannot use is 400 validation_failed naming the problem (never quoting the file), and its API server must be a
   * host KAFKA_ALLOWED_HOSTS allows (422).
   */
  checkReach(profile, access) {
    const text = profile.secrets?.kubeconfig;
    if (text === undefined) return;
    let server: string;
    try {
      server = kubeconfigClientOptions(text, profile.settings.kubernetes?.context).server;
    } catch (error) {
      if (!(error instanceof KubeconfigError)) throw error;
      throw new AppError("validation_failed", `Invalid body: secrets.kubeconfig: ${error.message}`);
    }
    const host = new URL(server).hostname;
    if (!(access.allowedHosts ?? AllowedHosts.ANY).allows(host))
      throw new AppError(
        "invalid_request",
        `Kubernetes API server host ${host} is not allowed here (KAFKA_ALLOWED_HOSTS lists the allowed hosts)`,
      );
  },
  async probe(cluster, access) {
    const setting = KubernetesSettingSchema.safeParse(cluster.settings.kubernetes);
    if (!setting.success)
      return { kind: "operator-managed", status: null, problem: "settings.kubernetes is missing or invalid" };
    return probeStrimzi(setting.data, cluster.kubeconfig(), kubeAccess(access));
  },
  nodes: (readiness) => {
    const operator = operatorReadiness(readiness);
    return operator ? operatorNodes(operator.status) : undefined;
  },
  lifecycleAbility: (readiness) => operatorAbility(operatorReadiness(readiness)),
  poolAbility: (readiness) => operatorAbility(operatorReadiness(readiness)),
  lifecycle: (cluster) => ({
    unavailable: `the operator-managed provider of cluster ${cluster.name} cannot act on its nodes here`,
  }),
  /** A kubeconfig whose API server KAFKA_ALLOWED_HOSTS does not allow is not contacted: unavailable, naming it. */
  async operator(cluster, access) {
    const setting = KubernetesSettingSchema.safeParse(cluster.settings.kubernetes);
    if (!setting.success)
      return { unavailable: `settings.kubernetes of cluster ${cluster.name} is missing or invalid` };
    try {
      return await strimziClusterFor(
        setting.data,
        cluster.kubeconfig(),
        kubeAccess({ allowedHosts: access.allowedHosts }),
      );
    } catch (error) {
      return {
        unavailable: `the Kubernetes API of cluster ${cluster.name} cannot be used: ${(error as Error).message}`,
      };
    }
  },
  /** The operator decides what it can run: not asked, no refusal. */
  canObtain: async () => undefined,
};
