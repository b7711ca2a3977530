import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { type KubeConnection, kubeRequest, runHelm, waitFor } from "@kcp/test-infra";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..", "..");
export const CHART = join(ROOT, "k8s", "helm", "kafka-control-plane");

export type Meta = { name: string; namespace?: string; labels?: Record<string, string>; uid?: string };
export interface Pod {
  metadata: Meta & { deletionTimestamp?: string };
  spec: {
    nodeName?: string;
    serviceAccountName?: string;
    automountServiceAccountToken?: boolean;
    containers: { name: string; image: string }[];
  };
  status: {
    phase?: string;
    podIP?: string;
    conditions?: { type: string; status: string }[];
    containerStatuses?: {
      name: string;
      ready: boolean;
      restartCount: number;
      containerID?: string;
      lastState?: { terminated?: { exitCode: number; reason?: string } };
    }[];
  };
}
export interface Deployment {
  metadata: Meta;
  spec: { replicas?: number; template: { spec: { containers: { image: string }[] } } };
  status: { replicas?: number; readyReplicas?: number; updatedReplicas?: number; availableReplicas?: number };
}

/** The REST path of a kind (the few the tests use) in a namespace. */
const PATHS: Record<string, (namespace: string) => string> = {
  Namespace: () => "/api/v1/namespaces",
  Node: () => "/api/v1/nodes",
  Service: (ns) => `/api/v1/namespaces/${ns}/services`,
  Endpoints: (ns) => `/api/v1/namespaces/${ns}/endpoints`,
  Secret: (ns) => `/api/v1/namespaces/${ns}/secrets`,
  ConfigMap: (ns) => `/api/v1/namespaces/${ns}/configmaps`,
  Pod: (ns) => `/api/v1/namespaces/${ns}/pods`,
  ServiceAccount: (ns) => `/api/v1/namespaces/${ns}/serviceaccounts`,
  Deployment: (ns) => `/apis/apps/v1/namespaces/${ns}/deployments`,
  DaemonSet: (ns) => `/apis/apps/v1/namespaces/${ns}/daemonsets`,
  NetworkPolicy: (ns) => `/apis/networking.k8s.io/v1/namespaces/${ns}/networkpolicies`,
  PodDisruptionBudget: (ns) => `/apis/policy/v1/namespaces/${ns}/poddisruptionbudgets`,
  HorizontalPodAutoscaler: (ns) => `/apis/autoscaling/v2/namespaces/${ns}/horizontalpodautoscalers`,
  ClusterRole: () => "/apis/rbac.authorization.k8s.io/v1/clusterroles",
  ClusterRoleBinding: () => "/apis/rbac.authorization.k8s.io/v1/clusterrolebindings",
  Role: (ns) => `/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/roles`,
  RoleBinding: (ns) => `/apis/rbac.authorization.k8s.io/v1/namespaces/${ns}/rolebindings`,
};

/** Server-side apply of one object (what `kubectl apply --server-side` sends). */
export async function apply(kube: KubeConnection, object: { kind: string; metadata: Meta }): Promise<void> {
  const path = PATHS[object.kind];
  if (!path) throw new Error(`no path for kind ${object.kind}`);
  const url = `${path(object.metadata.namespace ?? "default")}/${object.metadata.name}?fieldManager=kcp-test&force=true`;
  const response = await kubeRequest(kube, "PATCH", url, {
    body: JSON.stringify(object),
    contentType: "application/apply-patch+yaml",
  });
  if (response.status >= 300) throw new Error(`apply ${object.kind} ${object.metadata.name}: ${response.text}`);
}

export async function list<T>(kube: KubeConnection, kind: string, namespace: string, selector?: string): Promise<T[]> {
  const path = PATHS[kind]?.(namespace) as string;
  const query = selector ? `?labelSelector=${encodeURIComponent(selector)}` : "";
  const response = await kubeRequest(kube, "GET", `${path}${query}`);
  if (response.status !== 200) throw new Error(`list ${kind}: ${response.text}`);
  return (response.body as { items: T[] }).items;
}

export async function get<T>(kube: KubeConnection, kind: string, namespace: string, name: string): Promise<T> {
  const response = await kubeRequest(kube, "GET", `${PATHS[kind]?.(namespace)}/${name}`);
  if (response.status !== 200) throw new Error(`get ${kind} ${name}: ${response.text}`);
  return response.body as T;
}

export async function remove(kube: KubeConnection, kind: string, namespace: string, name: string): Promise<void> {
  const response = await kubeRequest(kube, "DELETE", `${PATHS[kind]?.(namespace)}/${name}`);
  if (response.status >= 300 && response.status !== 404) throw new Error(`delete ${kind} ${name}: ${response.text}`);
}

export async function podLog(kube: KubeConnection, namespace: string, pod: string): Promise<string> {
  const response = await kubeRequest(kube, "GET", `/api/v1/namespaces/${namespace}/pods/${pod}/log`);
  return response.status === 200 ? response.text : "";
}

export const isReady = (pod: Pod) =>
  !pod.metadata.deletionTimestamp && pod.status.conditions?.some((c) => c.type === "Ready" && c.status === "True");

/** The pods of one of the services (by its app.kubernetes.io/name label), not terminating. */
export async function podsOf(kube: KubeConnection, namespace: string, component: string): Promise<Pod[]> {
  const pods = await list<Pod>(kube, "Pod", namespace, `app.kubernetes.io/name=${component}`);
  return pods.filter((pod) => !pod.metadata.deletionTimestamp);
}

/** Waits until every Deployment of the namespace has all its replicas updated, ready and no others. */
export async function deploymentsReady(
  kube: KubeConnection,
  namespace: string,
  timeoutMs = 240_000,
): Promise<Deployment[]> {
  return waitFor(
    `every Deployment of ${namespace} ready`,
    async () => {
      const deployments = await list<Deployment>(kube, "Deployment", namespace);
      const ready = deployments.every(
        (d) =>
          d.status.readyReplicas === d.spec.replicas &&
          d.status.updatedReplicas === d.spec.replicas &&
          d.status.replicas === d.spec.replicas,
      );
      return deployments.length > 0 && ready ? deployments : undefined;
    },
    { timeoutMs, intervalMs: 500 },
  );
}

/** helm against the node (`--kubeconfig`), its output. */
export function helm(kubeconfigFile: string, args: string[]): Promise<string> {
  return runHelm([...args, "--kubeconfig", kubeconfigFile], ROOT);
}

/**
 * A Service without selector and its Endpoints: the in-cluster name of a server of the harness running on the host
 * (`redis.<namespace>.svc.cluster.local` → the host's address on the node's link).
 */
export async function externalService(
  kube: KubeConnection,
  namespace: string,
  name: string,
  address: string,
  port: number,
): Promise<void> {
  await apply(kube, {
    kind: "Service",
    apiVersion: "v1",
    metadata: { name, namespace },
    spec: { ports: [{ name: "main", port, targetPort: port }] },
  } as never);
  await apply(kube, {
    kind: "Endpoints",
    apiVersion: "v1",
    metadata: { name, namespace },
    subsets: [{ addresses: [{ ip: address }], ports: [{ name: "main", port }] }],
  } as never);
}
