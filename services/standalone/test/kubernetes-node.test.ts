import { randomBytes } from "node:crypto";
import { Resolver } from "node:dns/promises";
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join, relative } from "node:path";
import type { Operation } from "@kcp/shared";
import {
  type Api,
  apiClient,
  applyStrimziCrds,
  CONTROL_PLANE_REPOSITORY,
  ensureControlPlaneImage,
  freePort,
  getSharedKubernetesNode,
  type KafkaCluster,
  KUBERNETES_VERSION,
  type KubernetesNode,
  kubeRequest,
  kustomizeBuild,
  type MongoServer,
  nodeLeftovers,
  type RedisServer,
  releaseSharedInstance,
  startCluster,
  startFerretDb,
  startRedis,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { parseAllDocuments, stringify } from "yaml";
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
  type Meta,
  type Pod,
  podLog,
  podsOf,
  ROOT,
  remove,
} from "./kubernetes-node-fixture.js";

type Reply = Operation & { error: { code: string; message: string } };
const NAMESPACE = "kcp";
/**
 * How long a wait on the node may take: alone, each wait takes seconds (pods start, probes answer, workers take over);
 * the largest bound these waits had before they were lengthened for a loaded machine (29 Nov 2026). Not measured on
 * 6 Dec 2026: the node was in use by another run.
 */
const WAIT_MS = 120_000;
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

  /**
   * A namespace the control plane is installed in: Redis and FerretDB (the harness's, on the host) under in-cluster
   * names, and the Secret the chart and the base reference, its database `database`.
   */
  const controlPlaneNamespace = async (namespace: string, database: string) => {
    await apply(node, { kind: "Namespace", apiVersion: "v1", metadata: { name: namespace } } as never);
    await externalService(node, namespace, "redis", node.hostAddress, redis.port);
    const mongoPort = Number(new URL(mongo.url).port);
    await externalService(node, namespace, "mongo", node.hostAddress, mongoPort);
    await apply(node, {
      kind: "Secret",
      apiVersion: "v1",
      metadata: { name: "kafka-control-plane", namespace },
      stringData: {
        SECRET_KEY: randomBytes(32).toString("hex"),
        MONGO_URL: `mongodb://mongo.${namespace}.svc.cluster.local:${mongoPort}/${database}`,
        REDIS_URL: `redis://redis.${namespace}.svc.cluster.local:${redis.port}`,
        ADMIN_PASSWORD: admin.password,
      },
    } as never);
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

    await controlPlaneNamespace(NAMESPACE, "kcp_k8s");
  });

  after(async () => {
    await rm(folder, { recursive: true, force: true });
    await kafka?.stop();
    await mongo?.stop();
    await redis?.stop();
  });

  it("the node: Ready, CoreDNS answers the cluster's names, kube-proxy routes the kubernetes Service to the API server", async () => {
    const self = await get<{ status: { nodeInfo: { kubeletVersion: string; containerRuntimeVersion: string } } }>(
      node,
      "Node",
      "",
      node.nodeName,
    );
    expect(self.status.nodeInfo.kubeletVersion).to.equal(KUBERNETES_VERSION);
    expect(self.status.nodeInfo.containerRuntimeVersion).to.match(/^containerd:\/\//);
    const resolver = new Resolver();
    resolver.setServers([node.nodeAddress]);
    expect(await resolver.resolve4("kubernetes.default.svc.cluster.local")).to.deep.equal([
      node.serviceCidr.replace(/0\/24$/, "1"),
    ]);
    const version = await kubeRequest(
      { ...node, url: `https://${node.serviceCidr.replace(/0\/24$/, "1")}` },
      "GET",
      "/version",
    );
    expect((version.body as { gitVersion: string }).gitVersion).to.equal(KUBERNETES_VERSION);
  });

  it("helm install --wait: every Deployment becomes Ready with the chart's probes, ports, config and Secret", async () => {
    const settings = await values({
      image: { repository: CONTROL_PLANE_REPOSITORY, tag: "test-1", pullPolicy: "Never" },
      config: {
        KAFKA_ALLOWED_HOSTS: `${node.hostAddress}`,
        COLLECT_INTERVAL_SECONDS: "10",
        OPERATIONS_STEP_DELAY_MS: "3000",
        // A lease a loaded machine's workers renew in time (a takeover after a kill waits for it to lapse).
        OPERATIONS_LEASE_MS: "10000",
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
      // The store and the queue on the ports this node's are on, as an installation names its own (the defaults are
      // MongoDB's 27017 and Redis's 6379).
      networkPolicy: {
        egress: {
          store: { ports: [Number(new URL(mongo.url).port)] },
          queue: { ports: [redis.port] },
        },
      },
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
    // No container killed by the kubelet: a probe's kill is a SIGTERM (a graceful stop exits 0) or a SIGKILL (137). A
    // process may end itself at start (exit 1, "failed to start: Server selection timed out after 5000 ms": on a
    // loaded machine the store answered later than its 5 s), and the kubelet starts it again: the start it documents.
    for (const pod of pods) {
      const status = pod.status.containerStatuses?.[0];
      if ((status?.restartCount ?? 0) === 0) continue;
      expect(status?.lastState?.terminated?.exitCode, `${pod.metadata.name}: ${JSON.stringify(status)}`).to.equal(1);
    }
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

  /**
   * A pod of the control plane's image that asks each URL once (3 s each) and prints `url status` or `url error`;
   * answers its log once it has finished.
   */
  const probe = async (namespace: string, name: string, labels: Record<string, string>, urls: string[]) => {
    const script = `(async () => { for (const url of ${JSON.stringify(urls)}) { try { const r = await fetch(url, { signal: AbortSignal.timeout(3000) }); console.log(url, r.status); } catch (e) { console.log(url, "error", e.cause?.code ?? e.name); } } })()`;
    await apply(node, {
      kind: "Pod",
      apiVersion: "v1",
      metadata: { name, namespace, labels },
      spec: {
        restartPolicy: "Never",
        automountServiceAccountToken: false,
        containers: [
          {
            name: "probe",
            image: `${CONTROL_PLANE_REPOSITORY}:test-1`,
            imagePullPolicy: "Never",
            command: ["node", "-e", script],
          },
        ],
      },
    } as never);
    await waitFor(
      `pod ${namespace}/${name} finished`,
      async () => ((await get<Pod>(node, "Pod", namespace, name)).status.phase === "Succeeded" ? true : undefined),
      { timeoutMs: WAIT_MS },
    );
    const log = await podLog(node, namespace, name);
    return Object.fromEntries(
      log
        .trim()
        .split("\n")
        .map((line) => {
          const [url, ...rest] = line.split(" ");
          return [url as string, rest.join(" ")];
        }),
    );
  };

  it("the NetworkPolicy: a pod outside the control plane reaches the gateway and is refused by the collector, the worker and the audit service; a control-plane pod reaches them all", async () => {
    const service = (name: string) =>
      `http://kcp-kafka-control-plane-${name}.${NAMESPACE}.svc.cluster.local:8080/healthz`;
    const urls = ["api-gateway", "collector", "operations-worker", "audit"].map(service);
    await apply(node, { kind: "Namespace", apiVersion: "v1", metadata: { name: "outside" } } as never);
    const outside = await probe("outside", "probe-outside", {}, urls);
    const inside = await probe(NAMESPACE, "probe-inside", { "app.kubernetes.io/part-of": "kafka-control-plane" }, urls);
    expect(outside).to.deep.equal({
      [service("api-gateway")]: "200",
      [service("collector")]: "error ECONNREFUSED",
      [service("operations-worker")]: "error ECONNREFUSED",
      [service("audit")]: "error ECONNREFUSED",
    });
    expect(inside).to.deep.equal(Object.fromEntries(urls.map((url) => [url, "200"])));
    await remove(node, "Pod", "outside", "probe-outside");
    await remove(node, "Pod", NAMESPACE, "probe-inside");
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
      { timeoutMs: WAIT_MS },
    );
  const containerId = (pod: Pod) => pod.status.containerStatuses?.[0]?.containerID?.replace(/^containerd:\/\//, "");

  it("workers scaled to 3: a worker pod deleted, then another SIGKILLed through containerd mid-operation; other pods take its steps over, each step once", async () => {
    await helm(node.kubeconfigFile, [
      ...["upgrade", RELEASE, CHART, "--namespace", NAMESPACE, "--reuse-values"],
      ...["--set", "operationsWorker.replicas=3", "--wait", "--timeout", "3m"],
    ]);
    await deploymentsReady(node, NAMESPACE);
    await waitFor(
      "three workers ready",
      async () => ((await workers()).filter(isReady).length === 3 ? true : undefined),
      {
        timeoutMs: WAIT_MS,
      },
    );

    const planned = await api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token,
      body: { type: "cordonBrokers", params: { brokers: [4, 5, 6] } },
    });
    expect(planned.status, planned.text).to.equal(201);
    const id = planned.body.id;
    expect(planned.body.steps).to.have.length(3);
    expect((await api("POST", `/api/v1/operations/${id}/confirm`, { token, body: {} })).status).to.equal(200);

    // The first holder runs step 1 and is deleted (SIGTERM after the pod leaves its endpoints) during step 2.
    const [first] = await waitFor(
      "the first holder",
      async () => {
        const holders = await holdersOf(id);
        return holders.length === 1 ? holders : undefined;
      },
      { timeoutMs: WAIT_MS },
    );
    await runningStep(id, 1);
    const deleted = await kubeRequest(node, "DELETE", `/api/v1/namespaces/${NAMESPACE}/pods/${first}`);
    expect(deleted.status, deleted.text).to.equal(200);
    // Another takes it over and is SIGKILLed through the runtime (no SIGTERM, no preStop) during step 3.
    const second = await waitFor("a second holder", async () => (await holdersOf(id)).find((name) => name !== first), {
      timeoutMs: WAIT_MS,
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
      { timeoutMs: WAIT_MS },
    );
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    // After the kill: a third pod, or the killed pod's restarted container (once running, its log is the new one's).
    await waitFor(
      "the killed worker restarted",
      async () => {
        const pod = await get<Pod>(node, "Pod", NAMESPACE, second);
        return (pod.status.containerStatuses?.[0]?.restartCount ?? 0) >= 1 && isReady(pod) ? pod : undefined;
      },
      { timeoutMs: WAIT_MS },
    );
    const finishers = (await holdersOf(id)).filter((name) => name !== first);
    expect(finishers, "a worker took the operation over after the kill").to.not.be.empty;

    // Each step ended once: one operation.step entry per step, every one succeeded; the operation finished once.
    const entries = await waitFor(
      "the operation's audit entries",
      async () => {
        const audit = await api<{
          entries: { action: string; target?: string; detail?: { index?: number; status?: string } }[];
        }>("GET", `/api/v1/audit?clusterId=${clusterId}&limit=200`, { token });
        const mine = audit.body.entries.filter((e) => e.target === id);
        return mine.some((e) => e.action === "operation.finish") ? mine : undefined;
      },
      { timeoutMs: WAIT_MS },
    );
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
        timeoutMs: WAIT_MS,
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
      { timeoutMs: WAIT_MS, intervalMs: 500 },
    );
    const restarted = await waitFor(
      "the killed collector restarted and ready",
      async () => {
        const pod = await get<Pod>(node, "Pod", NAMESPACE, (victim as Pod).metadata.name);
        return (pod.status.containerStatuses?.[0]?.restartCount ?? 0) >= 1 && isReady(pod) ? pod : undefined;
      },
      { timeoutMs: WAIT_MS },
    );
    expect(restarted.status.containerStatuses?.[0]?.restartCount).to.be.at.least(1);
  });

  it("strimzi.namespaces: the collector and the worker run as the chart's service account, allowed Strimzi's resources in that namespace only", async () => {
    await applyStrimziCrds(node, { kinds: ["Kafka", "KafkaNodePool", "StrimziPodSet"] });
    await apply(node, { kind: "Namespace", apiVersion: "v1", metadata: { name: "kafka" } } as never);
    await helm(node.kubeconfigFile, [
      ...["upgrade", RELEASE, CHART, "--namespace", NAMESPACE, "--reuse-values"],
      ...["--set", "strimzi.namespaces={kafka}", "--wait", "--timeout", "3m"],
    ]);
    await deploymentsReady(node, NAMESPACE);
    const account = "kcp-kafka-control-plane-strimzi";
    for (const service of ["collector", "operations-worker"])
      for (const pod of await podsOf(node, NAMESPACE, service)) expect(pod.spec.serviceAccountName).to.equal(account);
    for (const service of ["api-gateway", "audit"])
      for (const pod of await podsOf(node, NAMESPACE, service)) {
        expect(pod.spec.serviceAccountName).to.equal("default");
        expect(pod.spec.automountServiceAccountToken).to.equal(false);
      }
    // A token of the account, as the kubelet mounts one into those pods.
    const issued = await kubeRequest(node, "POST", `/api/v1/namespaces/${NAMESPACE}/serviceaccounts/${account}/token`, {
      body: { apiVersion: "authentication.k8s.io/v1", kind: "TokenRequest", spec: { expirationSeconds: 600 } },
    });
    expect(issued.status, issued.text).to.equal(201);
    const asPod = { ...node, token: (issued.body as { status: { token: string } }).status.token };
    const status = async (method: string, path: string) => (await kubeRequest(asPod, method, path)).status;
    const strimzi = (namespace: string) => `/apis/kafka.strimzi.io/v1/namespaces/${namespace}`;
    expect(await status("GET", `${strimzi("kafka")}/kafkanodepools`)).to.equal(200);
    expect(await status("GET", `${strimzi("kafka")}/kafkas/absent`)).to.equal(404);
    expect(await status("GET", "/apis/core.strimzi.io/v1/namespaces/kafka/strimzipodsets")).to.equal(200);
    expect(await status("GET", "/api/v1/namespaces/kafka/pods")).to.equal(200);
    expect(await status("DELETE", `${strimzi("kafka")}/kafkas/absent`)).to.equal(403);
    expect(await status("GET", `${strimzi("outside")}/kafkanodepools`)).to.equal(403);
    expect(await status("GET", `/api/v1/namespaces/${NAMESPACE}/secrets`)).to.equal(403);
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

  it("identity values: the gateway starts with its providers' secrets as files from a Secret, the bindings file applied and read-only; the worker with the approval rules", async () => {
    const clientSecret = randomBytes(16).toString("hex");
    await apply(node, {
      kind: "Secret",
      apiVersion: "v1",
      metadata: { name: "kcp-identity", namespace: NAMESPACE },
      stringData: {
        "corp-client-secret": `${clientSecret}\n`,
        "ldap-bind-password": `${randomBytes(16).toString("hex")}\n`,
        // Read at the start, used only when the gateway connects to the directory (which this test does not).
        "ldap-ca.pem": "-----BEGIN CERTIFICATE-----\n-----END CERTIFICATE-----\n",
      },
    } as never);
    const secretKey = (key: string) => ({ existingSecret: "kcp-identity", key });
    const settings = await values({
      identity: {
        oidc: {
          redirectBaseUrl: "https://kafka.example.test",
          providers: [
            {
              id: "corp",
              name: "Corp SSO",
              issuer: "https://idp.example.test/realms/corp",
              clientId: "kafka-console",
              clientSecret: secretKey("corp-client-secret"),
            },
          ],
        },
        ldap: {
          providers: [
            {
              id: "dir",
              name: "Directory",
              url: "ldaps://ldap.example.test:636",
              ca: secretKey("ldap-ca.pem"),
              bind: {
                mode: "search",
                bindDn: "cn=kcp,dc=example,dc=test",
                bindPassword: secretKey("ldap-bind-password"),
                userBase: "ou=people,dc=example,dc=test",
                userFilter: "(uid={username})",
              },
              groups: { base: "ou=groups,dc=example,dc=test" },
            },
          ],
        },
      },
      access: {
        bindings: [
          { subject: { kind: "group", source: "corp", group: "payments" }, role: "operator", clusters: { all: true } },
        ],
      },
      approval: { rules: [{ name: "prod", clusters: { labels: { env: "prod" } } }] },
    });
    await helm(node.kubeconfigFile, [
      ...["upgrade", RELEASE, CHART, "--namespace", NAMESPACE, "--reuse-values", "--values", settings],
      ...["--wait", "--timeout", "4m"],
    ]);
    // Ready: each started having read its files (a file it cannot read stops the start), as the pod's user.
    await deploymentsReady(node, NAMESPACE);
    const configMap = await get<{ data: Record<string, string> }>(
      node,
      "ConfigMap",
      NAMESPACE,
      "kcp-kafka-control-plane-identity",
    );
    expect(Object.keys(configMap.data).sort()).to.deep.equal([
      "access-bindings.json",
      "approval-rules.json",
      "ldap-providers.json",
      "oidc-providers.json",
    ]);
    expect(JSON.stringify(configMap.data), "no secret in the ConfigMap").to.not.include(clientSecret);

    const gateways = await podsOf(node, NAMESPACE, "api-gateway");
    const annotations = (pod: Pod) => (pod.metadata as { annotations?: Record<string, string> }).annotations ?? {};
    expect(gateways.map((pod) => annotations(pod)["checksum/identity"]?.length)).to.deep.equal([64, 64]);
    // The Service's rules follow the new pods a little after they are Ready: until then an old one may answer.
    const providers = await waitFor(
      "the gateway's OpenID provider listed",
      async () => {
        const listed = await api<{ providers: { id: string; kind: string }[] }>("GET", "/api/v1/auth/providers");
        return listed.body.providers?.some((p) => p.id === "corp") ? listed.body.providers : undefined;
      },
      { timeoutMs: WAIT_MS },
    ).catch(async (error: Error) => {
      const logs = await Promise.all(gateways.map((pod) => podLog(node, NAMESPACE, pod.metadata.name)));
      throw new Error(`${error.message}\n${logs.join("\n").slice(-4000)}`);
    });
    expect(providers.map((p) => `${p.kind} ${p.id}`)).to.include("oidc corp");
    // The directory's provider is loaded: a login through it reaches for its server (which does not exist here).
    const ldapLogin = await api<{ error: { code: string } }>("POST", "/api/v1/auth/ldap/dir/login", {
      body: { username: "dev1", password: "a password" },
    });
    expect(ldapLogin.status, ldapLogin.text).to.equal(502);
    const bindings = await api<{ bindings: { id: string; origin: string; subject: { group?: string } }[] }>(
      "GET",
      "/api/v1/access/bindings",
      { token },
    );
    expect(bindings.status, bindings.text).to.equal(200);
    const fromFile = bindings.body.bindings.filter((b) => b.origin === "file");
    expect(fromFile.map((b) => b.subject.group)).to.deep.equal(["payments"]);
    const edited = await api<{ error: { code: string } }>("DELETE", `/api/v1/access/bindings/${fromFile[0]?.id}`, {
      token,
    });
    expect(edited.status, edited.text).to.equal(409);
    expect(edited.body.error.code).to.equal("binding_from_file");
  });

  it("helm uninstall removes what the chart made (the Secret it only references stays)", async () => {
    await helm(node.kubeconfigFile, ["uninstall", RELEASE, "--namespace", NAMESPACE, "--wait", "--timeout", "2m"]);
    expect(await list(node, "Deployment", NAMESPACE)).to.deep.equal([]);
    const services = await list<{ metadata: { name: string } }>(node, "Service", NAMESPACE);
    expect(services.map((s) => s.metadata.name).sort()).to.deep.equal(["mongo", "redis"]);
    expect(await list(node, "NetworkPolicy", NAMESPACE)).to.deep.equal([]);
    await waitFor(
      "the chart's pods gone",
      async () =>
        (await list<Pod>(node, "Pod", NAMESPACE, `app.kubernetes.io/instance=${RELEASE}`)).length === 0
          ? true
          : undefined,
      { timeoutMs: WAIT_MS },
    );
    expect((await get<{ metadata: Meta }>(node, "Secret", NAMESPACE, "kafka-control-plane")).metadata.name).to.equal(
      "kafka-control-plane",
    );
  });

  it("the Kustomize base (an overlay setting the image and namespace), applied the same way, becomes Ready and answers", async () => {
    const namespace = "kcp-kustomize";
    const overlay = join(folder, "overlay");
    await mkdir(overlay, { recursive: true });
    await writeFile(
      join(overlay, "kustomization.yaml"),
      stringify({
        apiVersion: "kustomize.config.k8s.io/v1beta1",
        kind: "Kustomization",
        namespace,
        resources: [relative(overlay, join(ROOT, "k8s", "base"))],
        images: [{ name: "kafka-control-plane", newName: CONTROL_PLANE_REPOSITORY, newTag: "test-1" }],
        // The egress rules of the store and the queue on the ports this node's are on, as an overlay names its own.
        patches: [
          {
            target: { kind: "NetworkPolicy", name: "kafka-control-plane-egress" },
            patch: stringify([
              { op: "replace", path: "/spec/egress/2/ports/0/port", value: Number(new URL(mongo.url).port) },
              { op: "replace", path: "/spec/egress/3/ports/0/port", value: redis.port },
            ]),
          },
        ],
      }),
    );
    const manifests = parseAllDocuments(await kustomizeBuild(overlay))
      .map((document) => document.toJS() as { kind: string; metadata: Meta })
      .filter((manifest) => manifest !== null);
    expect(manifests.map((m) => m.kind).sort()).to.deep.equal([
      "ConfigMap",
      "Deployment",
      "Deployment",
      "Deployment",
      "Deployment",
      "HorizontalPodAutoscaler",
      "HorizontalPodAutoscaler",
      // Who may reach the services (ingress), and what the control plane's pods may reach (egress).
      "NetworkPolicy",
      "NetworkPolicy",
      "PodDisruptionBudget",
      "PodDisruptionBudget",
      "PodDisruptionBudget",
      "PodDisruptionBudget",
      "Service",
      "Service",
      "Service",
      "Service",
    ]);
    await controlPlaneNamespace(namespace, "kcp_kustomize");
    for (const manifest of manifests) await apply(node, manifest);
    // The HorizontalPodAutoscalers own the collector's and the worker's replicas: they raise them to their minimum (2)
    // at their first sync, metrics or not.
    await waitFor(
      "the autoscalers' minimum",
      async () => {
        const scaled = await list<Deployment>(node, "Deployment", namespace);
        return scaled.filter((d) => d.spec.replicas === 2).length === 3 ? true : undefined;
      },
      { timeoutMs: WAIT_MS, intervalMs: 1000 },
    );
    const deployments = await deploymentsReady(node, namespace);
    // The HorizontalPodAutoscalers raise the collector and the worker to their minimum (2) without metrics.
    expect(deployments.map((d) => [d.metadata.name, d.status.readyReplicas]).sort()).to.deep.equal([
      ["api-gateway", 2],
      ["audit", 1],
      ["collector", 2],
      ["operations-worker", 2],
    ]);
    const service = await get<{ spec: { clusterIP: string } }>(node, "Service", namespace, "api-gateway");
    const gateway = apiClient(`http://${service.spec.clusterIP}:8080`);
    const login = await gateway<{ token: string }>("POST", "/api/v1/auth/login", { body: admin });
    expect(login.status, login.text).to.equal(200);
    const ready = await gateway("GET", "/readyz");
    expect(ready.status, ready.text).to.equal(200);
  });

  it("stopping the node removes everything it made on the host: processes, mounts, cgroups, namespace, link, routes", async () => {
    await releaseSharedInstance("kubernetes-node");
    expect(await nodeLeftovers()).to.deep.equal([]);
  });
});
