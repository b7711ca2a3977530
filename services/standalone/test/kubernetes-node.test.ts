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
  kubeRequest,
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

  const operation = async (id: string) => (await api<Reply>("GET", `/api/v1/operations/${id}`, { token })).body;
  const workers = () => podsOf(node, NAMESPACE, "operations-worker");
  /** The worker pods whose log says they took the operation (an earlier holder's log read before it went away). */
  const holdersOf = async (id: string) => {
    const holders: string[] = [];
    for (const pod of await workers())
      if ((await podLog(node, NAMESPACE, pod.metadata.name)).includes(`"operationId":"${id}","status"`))
        holders.push(pod.metadata.name);
    return holders;
  };
  const runningStep = async (id: string, index: number) =>
    waitFor(
      `step ${index + 1} of ${id} running`,
      async () => ((await operation(id)).steps[index]?.status === "running" ? true : undefined),
      { timeoutMs: 60_000 },
    );
  const containerId = (pod: Pod) => pod.status.containerStatuses?.[0]?.containerID?.replace(/^containerd:\/\//, "");

  it("workers scaled to 3: a worker pod deleted, then another SIGKILLed through containerd mid-operation; three pods take its steps, each step once", async () => {
    await helm(node.kubeconfigFile, [
      ...["upgrade", RELEASE, CHART, "--namespace", NAMESPACE, "--reuse-values"],
      ...["--set", "operationsWorker.replicas=3", "--wait", "--timeout", "3m"],
    ]);
    await deploymentsReady(node, NAMESPACE);
    expect((await workers()).filter(isReady)).to.have.length(3);

    const planned = await api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token,
      body: { type: "cordonBrokers", params: { brokers: [4, 5, 6] } },
    });
    expect(planned.status, planned.text).to.equal(201);
    const id = planned.body.id;
    expect(planned.body.steps).to.have.length(3);
    expect((await api("POST", `/api/v1/operations/${id}/confirm`, { token, body: {} })).status).to.equal(200);

    // The first holder runs step 1 and is deleted (SIGTERM after the pod leaves its endpoints) during step 2.
    const [first] = await waitFor("the first holder", async () => {
      const holders = await holdersOf(id);
      return holders.length === 1 ? holders : undefined;
    });
    await runningStep(id, 1);
    const deleted = await kubeRequest(node, "DELETE", `/api/v1/namespaces/${NAMESPACE}/pods/${first}`);
    expect(deleted.status, deleted.text).to.equal(200);
    // Another takes it over and is SIGKILLed through the runtime (no SIGTERM, no preStop) during step 3.
    const second = await waitFor("a second holder", async () => (await holdersOf(id)).find((name) => name !== first), {
      timeoutMs: 90_000,
    });
    await runningStep(id, 2);
    const victim = (await workers()).find((pod) => pod.metadata.name === second) as Pod;
    await node.ctr(["tasks", "kill", "--signal", "SIGKILL", containerId(victim) as string]);
    const done = await waitFor(
      "the operation finished",
      async () => {
        const now = await operation(id);
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 120_000 },
    );
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    const third = (await holdersOf(id)).filter((name) => name !== first && name !== second);
    expect(third, "a third pod (or the restarted one) finished it").to.not.be.empty;

    // Each step ended once: one operation.step entry per step, every one succeeded; the operation finished once.
    const entries = await waitFor("the operation's audit entries", async () => {
      const audit = await api<{
        entries: { action: string; target?: string; detail?: { index?: number; status?: string } }[];
      }>("GET", `/api/v1/audit?clusterId=${clusterId}&limit=200`, { token });
      const mine = audit.body.entries.filter((e) => e.target === id);
      return mine.some((e) => e.action === "operation.finish") ? mine : undefined;
    });
    const steps = entries.filter((e) => e.action === "operation.step");
    expect(steps.map((e) => e.detail?.index).sort()).to.deep.equal([0, 1, 2]);
    expect(steps.map((e) => e.detail?.status)).to.deep.equal(["succeeded", "succeeded", "succeeded"]);
    expect(entries.filter((e) => e.action === "operation.finish")).to.have.length(1);

    const uncordon = await api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token,
      body: { type: "uncordonBrokers", params: { brokers: [4, 5, 6] } },
    });
    await api("POST", `/api/v1/operations/${uncordon.body.id}/confirm`, { token, body: {} });
    await waitFor(
      "uncordoned",
      async () => ((await operation(uncordon.body.id)).status === "succeeded" ? true : undefined),
      {
        timeoutMs: 90_000,
      },
    );
  });

  it("a collector pod SIGKILLed: collections go on in the other replica, and the kubelet restarts the killed one", async () => {
    const since = async () =>
      (await api<{ freshness: { since: string } }>("GET", `/api/v1/clusters/${clusterId}`, { token })).body.freshness
        .since;
    const [victim] = await podsOf(node, NAMESPACE, "collector");
    await node.ctr(["tasks", "kill", "--signal", "SIGKILL", containerId(victim as Pod) as string]);
    const killedAt = Date.now();
    const seen = new Set<string>();
    await waitFor(
      "two collections after the kill",
      async () => {
        const at = await since();
        if (Date.parse(at) > killedAt) seen.add(at);
        return seen.size >= 2 ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 500 },
    );
    const restarted = await waitFor(
      "the killed collector restarted and ready",
      async () => {
        const pod = await get<Pod>(node, "Pod", NAMESPACE, (victim as Pod).metadata.name);
        return (pod.status.containerStatuses?.[0]?.restartCount ?? 0) >= 1 && isReady(pod) ? pod : undefined;
      },
      { timeoutMs: 120_000 },
    );
    expect(restarted.status.containerStatuses?.[0]?.restartCount).to.equal(1);
  });

  it("helm upgrade to a new image tag while a client polls the API: no request fails; helm rollback restores it", async () => {
    let stop = false;
    const failures: string[] = [];
    let requests = 0;
    const poll = (async () => {
      while (!stop) {
        requests++;
        try {
          const response = await api("GET", "/api/v1/clusters", { token });
          if (response.status !== 200) failures.push(`${response.status} ${response.text.slice(0, 200)}`);
        } catch (error) {
          failures.push(String((error as Error).cause ?? error));
        }
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    })();
    const imageOf = async () =>
      (await get<Deployment>(node, "Deployment", NAMESPACE, "kcp-kafka-control-plane-api-gateway")).spec.template.spec
        .containers[0]?.image;
    try {
      await helm(node.kubeconfigFile, [
        ...["upgrade", RELEASE, CHART, "--namespace", NAMESPACE, "--reuse-values"],
        ...["--set", "image.tag=test-2", "--wait", "--timeout", "4m"],
      ]);
      await deploymentsReady(node, NAMESPACE);
      expect(await imageOf()).to.equal(`${CONTROL_PLANE_REPOSITORY}:test-2`);
      for (const pod of await podsOf(node, NAMESPACE, "api-gateway"))
        expect(pod.spec.containers[0]?.image).to.equal(`${CONTROL_PLANE_REPOSITORY}:test-2`);
      await helm(node.kubeconfigFile, ["rollback", RELEASE, "--namespace", NAMESPACE, "--wait", "--timeout", "4m"]);
      await deploymentsReady(node, NAMESPACE);
      expect(await imageOf()).to.equal(`${CONTROL_PLANE_REPOSITORY}:test-1`);
    } finally {
      stop = true;
      await poll;
    }
    expect(requests).to.be.greaterThan(100);
    expect(failures, `${failures.length} of ${requests} requests failed`).to.deep.equal([]);
  });
});
