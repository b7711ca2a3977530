export {
  getSharedKubeApiServer,
  type KubeApiServer,
  type KubeApiServerOptions,
  startKubeApiServer,
} from "./api-server.js";
export {
  ETCD_VERSION,
  ensureKubernetesBinaries,
  KUBERNETES_VERSION,
  type KubernetesBinaries,
  kubernetesBinariesBuilt,
} from "./binaries.js";
export { type KubeConnection, type KubeRequestOptions, type KubeResponse, kubeRequest } from "./client.js";
export { applyStrimziCrds, crdName, STRIMZI_VERSION, type StrimziKind, strimziCrds } from "./strimzi-crds.js";
export {
  type OperatorEvent,
  type StrimziOperatorDouble,
  startStrimziOperatorDouble,
} from "./strimzi-operator-double.js";
