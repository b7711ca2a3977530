export {
  FIELD_MANAGER,
  KubeClient,
  type KubeClientOptions,
  KubeError,
  type KubeQuery,
  KubeUnreachable,
  type PatchType,
  retryDelayMs,
} from "./kube-client.js";
export {
  checkKubeServer,
  type InClusterOptions,
  KubeconfigError,
  kubeClientFromKubeconfig,
  kubeClientInCluster,
  kubeconfigClientOptions,
  SERVICE_ACCOUNT_DIR,
} from "./kubeconfig.js";
export { operatorStatusOf } from "./operator-status.js";
export { type KubeAccess, kubeClientFor, probeStrimzi, strimziClusterFor } from "./probe.js";
export {
  CLUSTER_LABEL,
  conditionOf,
  KAFKA_API,
  type Kafka,
  type KafkaNodePool,
  MANUAL_ROLLING_UPDATE_ANNOTATION,
  PAUSE_RECONCILIATION_ANNOTATION,
  PODSET_API,
  poolCluster,
  poolNodeIds,
  type ResourceCondition,
  type Scale,
  type StrimziReadiness,
  type StrimziRole,
  type StrimziStatusCondition,
  strimziReadiness,
} from "./resources.js";
export {
  StrimziCluster,
  type StrimziClusterRef,
  type StrimziClusterState,
  StrimziNotFound,
  type WaitOptions,
  waitUntil,
} from "./strimzi-cluster.js";
