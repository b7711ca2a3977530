export {
  type KubeApiServer,
  type KubeApiServerOptions,
  startKubeApiServer,
} from "./api-server.js";
export {
  COREDNS_VERSION,
  ETCD_VERSION,
  ensureCoreDns,
  ensureKubernetesBinaries,
  KUBERNETES_VERSION,
  type KubernetesBinaries,
  kubernetesBinariesBuilt,
} from "./binaries.js";
export { type KubeConnection, type KubeRequestOptions, type KubeResponse, kubeRequest } from "./client.js";
export { kustomizeBuild } from "./kustomize.js";
export {
  ensureKubernetesNodeParts,
  getSharedKubeApiServer,
  getSharedKubernetesNode,
  type KubernetesNode,
  kubernetesNodePartsBuilt,
  startKubernetesNode,
} from "./node.js";
export { API_SERVER_PORT, NODE, nodeLeftovers, removeNode } from "./node-host.js";
export { CONTROL_PLANE_REPOSITORY, ensureControlPlaneImage, PAUSE_IMAGE } from "./node-images.js";
export { applyStrimziCrds, crdName, STRIMZI_VERSION, type StrimziKind, strimziCrds } from "./strimzi-crds.js";
export {
  type OperatorEvent,
  type StrimziOperatorDouble,
  startStrimziOperatorDouble,
} from "./strimzi-operator-double.js";
