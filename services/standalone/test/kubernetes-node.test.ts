import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Operation } from "@kcp/shared";
import {
  type Api,
  apiClient,
  CONTROL_PLANE_REPOSITORY,
  ensureControlPlaneImage,
  freePort,
  getSharedKubernetesNode,
  type KafkaCluster,
  type KubernetesNode,
  type MongoServer,
  type RedisServer,
  startCluster,
  startFerretDb,
  startRedis,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { stringify } from "yaml";
import {
  apply,
  CHART,
  type Deployment,
  deploymentsReady,
  externalService,
  get,
  helm,
  isReady,
  list,
  type Pod,
  podLog,
  podsOf,
} from "./kubernetes-node-fixture.js";

type Reply = Operation & { error: { code: string; message: string } };
const NAMESPACE = "kcp";
const RELEASE = "kcp";
const admin = { username: "admin", password: `k8s-${randomBytes(8).toString("hex")}` };

/**
 * The Helm chart installed for real (`helm install --wait`) on the harness's Kubernetes node (kubelet, containerd,
 * CNI, kube-proxy and CoreDNS in a network namespace of their own), with the control plane's image built from the
 * checkout; Redis and FerretDB are the harness's processes on the host, reached through Services without selector, and
 * Kafka runs on the host too, reached at the host's address on the node's link.
 */
describe("the Helm chart installed on a real Kubernetes node (kubelet, containerd, CNI, CoreDNS)", function () {
  this.timeout(900_000);
  let node: KubernetesNode;
  let redis: RedisServer;
  let mongo: MongoServer;
  let kafka: KafkaCluster;
  let bootstrap: string;
  let folder: string;
  let api: Api;
  let token: string;
  let clusterId: string;
  let gatewayUrl: string;

  const values = async (extra: object) => {
    const file = join(folder, `values-${randomBytes(4).toString("hex")}.yaml`);
    await writeFile(file, stringify(extra));
    return file;
  };

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "kcp-k8s-node-"));
    node = await getSharedKubernetesNode();
    const images = await ensureControlPlaneImage(["test-1", "test-2"]);
    for (const image of images) await node.importImage(image);
    redis = await startRedis({ host: node.hostAddress });
    mongo = await startFerretDb({ host: node.hostAddress });
    // A broker listener on the host's address on the node's link, advertised as such (pods reach nothing else).
    const podPorts = new Map<number, number>();
    for (const id of [4, 5, 6]) podPorts.set(id, await freePort());
    kafka = await startCluster({
      topology: "3c3b",
      name: "k8s-node",
      properties: (spec): Record<string, string> =>
        spec.roles.includes("broker")
          ? {
              listeners: `${spec.properties.listeners},POD://${node.hostAddress}:${podPorts.get(spec.id)}`,
              "advertised.listeners": `${spec.properties["advertised.listeners"]},POD://${node.hostAddress}:${podPorts.get(spec.id)}`,
              "listener.security.protocol.map": `${spec.properties["listener.security.protocol.map"]},POD:PLAINTEXT`,
            }
          : {},
    });
    bootstrap = kafka.brokerIds.map((id) => `${node.hostAddress}:${podPorts.get(id)}`).join(",");

    await apply(node, { kind: "Namespace", apiVersion: "v1", metadata: { name: NAMESPACE } } as never);
    await externalService(node, NAMESPACE, "redis", node.hostAddress, redis.port);
    const mongoPort = Number(new URL(mongo.url).port);
    await externalService(node, NAMESPACE, "mongo", node.hostAddress, mongoPort);
    await apply(node, {
      kind: "Secret",
      apiVersion: "v1",
      metadata: { name: "kafka-control-plane", namespace: NAMESPACE },
      stringData: {
        SECRET_KEY: randomBytes(32).toString("hex"),
        MONGO_URL: `mongodb://mongo.${NAMESPACE}.svc.cluster.local:${mongoPort}/kcp_k8s`,
        REDIS_URL: `redis://redis.${NAMESPACE}.svc.cluster.local:${redis.port}`,
        ADMIN_PASSWORD: admin.password,
      },
    } as never);
  });

  after(async () => {
    await rm(folder, { recursive: true, force: true });
    await kafka?.stop();
    await mongo?.stop();
    await redis?.stop();
  });

  it("helm install --wait: every Deployment becomes Ready with the chart's probes, ports, config and Secret", async () => {
    const settings = await values({
      image: { repository: CONTROL_PLANE_REPOSITORY, tag: "test-1", pullPolicy: "Never" },
      config: {
        KAFKA_ALLOWED_HOSTS: `${node.hostAddress}`,
        COLLECT_INTERVAL_SECONDS: "5",
        OPERATIONS_STEP_DELAY_MS: "3000",
        OPERATIONS_LEASE_MS: "4000",
      },
      apiGateway: { replicas: 2, resources: { requests: { cpu: "50m", memory: "128Mi" } } },
      collector: {
        replicas: 2,
        autoscaling: { enabled: false },
        resources: { requests: { cpu: "50m", memory: "128Mi" } },
      },
      operationsWorker: {
        replicas: 2,
        autoscaling: { enabled: false },
        resources: { requests: { cpu: "50m", memory: "128Mi" } },
      },
      audit: { replicas: 1, resources: { requests: { cpu: "50m", memory: "128Mi" } } },
    });
    await helm(node.kubeconfigFile, [
      ...["install", RELEASE, CHART, "--namespace", NAMESPACE, "--values", settings],
      ...["--wait", "--timeout", "4m"],
    ]);
    const deployments = await deploymentsReady(node, NAMESPACE);
    expect(deployments.map((d) => [d.metadata.name, d.status.readyReplicas]).sort()).to.deep.equal([
      ["kcp-kafka-control-plane-api-gateway", 2],
      ["kcp-kafka-control-plane-audit", 1],
      ["kcp-kafka-control-plane-collector", 2],
      ["kcp-kafka-control-plane-operations-worker", 2],
    ]);
    const pods = await list<Pod>(node, "Pod", NAMESPACE);
    for (const pod of pods) expect(pod.status.containerStatuses?.[0]?.restartCount, pod.metadata.name).to.equal(0);
  });

  it("the gateway answers through its Service: login, a cluster registered, its topics listed", async () => {
    const service = await get<{ spec: { clusterIP: string } }>(
      node,
      "Service",
      NAMESPACE,
      "kcp-kafka-control-plane-api-gateway",
    );
    gatewayUrl = `http://${service.spec.clusterIP}:8080`;
    api = apiClient(gatewayUrl);
    const login = await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin });
    expect(login.status, login.text).to.equal(200);
    token = login.body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "on-the-host", bootstrapServers: bootstrap.split(",") },
    });
    expect(registered.status, registered.text).to.equal(201);
    clusterId = registered.body.cluster.id;
    const topic = uniqueTopicName("k8s");
    const created = await api("POST", `/api/v1/clusters/${clusterId}/topics`, {
      token,
      body: { name: topic, partitions: 3, replicationFactor: 3 },
    });
    expect(created.status, created.text).to.equal(201);
    const topics = await waitFor("the new topic listed", async () => {
      const listed = await api<{ topics: { name: string }[] }>("GET", `/api/v1/clusters/${clusterId}/topics`, {
        token,
      });
      return listed.body.topics?.some((t) => t.name === topic) ? listed.body.topics : undefined;
    });
    expect(topics.map((t) => t.name)).to.include(topic);
  });
});

export type { Deployment, Reply };
export { isReady, podLog, podsOf };
