import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:https";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { inspect } from "node:util";
import {
  applyStrimziCrds,
  getSharedKubeApiServer,
  getSharedKubernetesNode,
  httpsRequest,
  type KubeApiServer,
  type KubernetesNode,
  kubeRequest,
  TestCertificateAuthority,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import { stringify } from "yaml";
import {
  type Kafka,
  type KafkaNodePool,
  KubeClient,
  KubeconfigError,
  KubeError,
  KubeUnreachable,
  kubeClientFromKubeconfig,
  kubeClientInCluster,
  MANUAL_ROLLING_UPDATE_ANNOTATION,
  retryDelayMs,
  StrimziCluster,
  StrimziNotFound,
  strimziReadiness,
  waitUntil,
} from "../src/strimzi/index.js";

const NAMESPACE = `kcp-strimzi-${randomBytes(3).toString("hex")}`;
const CLUSTER = "orders";
const KAFKA_PATH = `/apis/kafka.strimzi.io/v1/namespaces/${NAMESPACE}`;
const PODSET_PATH = `/apis/core.strimzi.io/v1/namespaces/${NAMESPACE}/strimzipodsets`;
const POD_PATH = `/api/v1/namespaces/${NAMESPACE}/pods`;
const MERGE = "application/merge-patch+json";

/** The labels the operator puts on a pool's StrimziPodSet and pods (KafkaCluster's selector labels and the pool's). */
const operatorLabels = (pool: string) => ({
  "strimzi.io/cluster": CLUSTER,
  "strimzi.io/kind": "Kafka",
  "strimzi.io/name": `${CLUSTER}-kafka`,
  "strimzi.io/pool-name": pool,
});

const POOLS = {
  controllers: { role: "controller", nodeIds: [0, 1, 2] },
  brokers: { role: "broker", nodeIds: [3, 4, 5] },
};

const nodePool = (name: string, role: string) => ({
  apiVersion: "kafka.strimzi.io/v1",
  kind: "KafkaNodePool",
  metadata: { name, labels: { "strimzi.io/cluster": CLUSTER } },
  spec: { replicas: 3, roles: [role], storage: { type: "ephemeral" } },
});

/**
 * Strimzi 1.x runs KRaft with node pools only: the `strimzi.io/kraft` and `strimzi.io/node-pools` annotations of 0.x
 * are ignored since 0.48 (its CHANGELOG), so the Kafka needs none; spec.kafka needs listeners only.
 */
const kafka = {
  apiVersion: "kafka.strimzi.io/v1",
  kind: "Kafka",
  metadata: { name: CLUSTER },
  spec: {
    kafka: {
      version: "4.2.0",
      metadataVersion: "4.2-IV1",
      listeners: [{ name: "plain", port: 9092, type: "internal", tls: false }],
    },
  },
};

const podOf = (pool: string, nodeId: number) => ({
  apiVersion: "v1",
  kind: "Pod",
  metadata: { name: `${CLUSTER}-${pool}-${nodeId}`, labels: operatorLabels(pool) },
  spec: { containers: [{ name: "kafka", image: "quay.io/strimzi/kafka:1.2.0-kafka-4.2.0" }] },
});

const podSetOf = (pool: string, nodeIds: number[]) => ({
  apiVersion: "core.strimzi.io/v1",
  kind: "StrimziPodSet",
  metadata: { name: `${CLUSTER}-${pool}`, labels: operatorLabels(pool) },
  spec: { selector: { matchLabels: operatorLabels(pool) }, pods: nodeIds.map((id) => podOf(pool, id)) },
});

/** What the call rejects with. */
async function failure(promise: Promise<unknown>): Promise<Error> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, "expected a rejection").to.be.instanceOf(Error);
  return error as Error;
}

describe("operator-managed: StrimziCluster and KubeClient against a real API server with Strimzi's CRDs", function () {
  this.timeout(60_000);
  let server: KubeApiServer;
  let client: KubeClient;
  let cluster: StrimziCluster;

  const api = async (method: string, path: string, body?: unknown, contentType?: string) => {
    const response = await kubeRequest(server, method, path, { body, ...(contentType ? { contentType } : {}) });
    expect(response.status, `${method} ${path}: ${response.text}`).to.be.oneOf([200, 201]);
    return response.body;
  };

  /** The operator's part: the Kafka's status, as Strimzi writes it at the end of a reconciliation. */
  const kafkaStatus = async (status: Record<string, unknown>) => {
    const current = (await api("GET", `${KAFKA_PATH}/kafkas/${CLUSTER}`)) as Kafka;
    await api("PUT", `${KAFKA_PATH}/kafkas/${CLUSTER}/status`, {
      ...current,
      status: { ...current.status, ...status },
    });
  };

  const readyKafka = async (reason?: { type: string; status: string; reason: string; message: string }) => {
    const { metadata } = (await api("GET", `${KAFKA_PATH}/kafkas/${CLUSTER}`)) as Kafka;
    const condition = reason ?? { type: "Ready", status: "True" };
    await kafkaStatus({
      observedGeneration: metadata.generation,
      conditions: [{ ...condition, lastTransitionTime: "2026-01-01T00:00:00Z" }],
    });
  };

  /** The operator's part for a pool: node ids assigned, replicas counted, its generation observed. */
  const poolStatus = async (pool: string, nodeIds: number[], extra: Record<string, unknown> = {}) => {
    const { metadata, spec } = (await api("GET", `${KAFKA_PATH}/kafkanodepools/${pool}`)) as KafkaNodePool;
    const status = {
      nodeIds,
      replicas: nodeIds.length,
      roles: spec.roles,
      observedGeneration: metadata.generation,
      labelSelector: Object.entries(operatorLabels(pool))
        .map(([k, v]) => `${k}=${v}`)
        .join(","),
      ...extra,
    };
    await api("PATCH", `${KAFKA_PATH}/kafkanodepools/${pool}/status`, { status }, MERGE);
  };

  const annotationOf = async (path: string): Promise<string | undefined> =>
    ((await api("GET", path)) as { metadata: { annotations?: Record<string, string> } }).metadata.annotations?.[
      MANUAL_ROLLING_UPDATE_ANNOTATION
    ];

  /** The operator's part after a roll: the annotation gone (a replaced StrimziPodSet, a new pod). */
  const operatorRolled = (path: string) =>
    api("PATCH", path, { metadata: { annotations: { [MANUAL_ROLLING_UPDATE_ANNOTATION]: null } } }, MERGE);

  before(async function () {
    // The first run builds kube-apiserver and generates the CRDs (minutes) unless `npm run kafka -- install` did.
    this.timeout(30 * 60_000);
    server = await getSharedKubeApiServer();
    await applyStrimziCrds(server, { kinds: ["Kafka", "KafkaNodePool", "StrimziPodSet"] });
    await api("POST", "/api/v1/namespaces", { metadata: { name: NAMESPACE } });
    for (const [name, { role, nodeIds }] of Object.entries(POOLS)) {
      await api("POST", `${KAFKA_PATH}/kafkanodepools`, nodePool(name, role));
      await api("POST", PODSET_PATH, podSetOf(name, nodeIds));
      await poolStatus(name, nodeIds);
    }
    // Pods of the brokers only (no scheduler: they stay Pending, which is all the annotation needs).
    for (const nodeId of POOLS.brokers.nodeIds) await api("POST", POD_PATH, podOf("brokers", nodeId));
    await api("POST", `${KAFKA_PATH}/kafkas`, kafka);
    await kafkaStatus({ clusterId: "kcp-test-cluster", kafkaVersion: "4.2.0", kafkaMetadataVersion: "4.2-IV1" });
    await readyKafka();
    client = new KubeClient({ server: server.url, caCertificate: server.caCertificate, token: server.token });
    cluster = new StrimziCluster(client, { namespace: NAMESPACE, name: CLUSTER });
  });

  after(async () => {
    client?.close();
    if (server) await kubeRequest(server, "DELETE", `/api/v1/namespaces/${NAMESPACE}`);
  });

  it("reads the Kafka and its pools, finds a node's pool, and is ready once the operator says so", async () => {
    const { kafka: read, pools } = await cluster.read();
    expect(read.spec.kafka.version).to.equal("4.2.0");
    expect(read.status?.clusterId).to.equal("kcp-test-cluster");
    expect(pools.map((p) => [p.metadata.name, p.spec.replicas, p.status?.nodeIds])).to.deep.equal([
      ["brokers", 3, [3, 4, 5]],
      ["controllers", 3, [0, 1, 2]],
    ]);
    expect((await cluster.poolOfNode(4))?.metadata.name).to.equal("brokers");
    expect((await cluster.poolOfNode(0))?.metadata.name).to.equal("controllers");
    expect(await cluster.poolOfNode(9)).to.equal(undefined);

    const readiness = await cluster.readiness();
    expect(readiness.reasons).to.deep.equal([]);
    expect(readiness.ready).to.equal(true);
    expect(readiness.conditions).to.deep.include({ resource: "Kafka orders", type: "Ready", status: "True" });
  });

  it("is not ready while the Kafka is NotReady or Ready=False, with the operator's reason", async () => {
    const notReady = {
      type: "NotReady",
      status: "True",
      reason: "Creating",
      message: "Kafka cluster is being deployed",
    };
    await readyKafka(notReady);
    expect(await cluster.readiness())
      .to.include({ ready: false })
      .and.to.have.deep.property("reasons", [
        "Kafka orders: NotReady (reason: Creating: Kafka cluster is being deployed)",
      ]);

    await readyKafka({ type: "Ready", status: "False", reason: "TimeoutException", message: "pods not ready" });
    expect((await cluster.readiness()).reasons).to.deep.equal([
      "Kafka orders: Ready is False (reason: TimeoutException: pods not ready)",
    ]);
    await readyKafka();
    expect((await cluster.readiness()).ready).to.equal(true);
  });

  it("writes spec.kafka.version and metadataVersion, idempotently, and is not ready until the operator observes them", async () => {
    const before = await cluster.readKafka();
    const changed = await cluster.setKafkaVersion("4.3.1");
    expect(changed.spec.kafka.version).to.equal("4.3.1");
    const generation = changed.metadata.generation ?? 0;
    expect(generation).to.equal((before.metadata.generation ?? 0) + 1);
    expect((await cluster.setKafkaVersion("4.3.1")).metadata.generation, "same version: no change").to.equal(
      generation,
    );

    const readiness = await cluster.readiness();
    expect(readiness.ready).to.equal(false);
    expect(readiness.reasons).to.deep.equal([
      `Kafka orders: spec changed (generation ${generation}) and not reconciled yet (observed ${generation - 1})`,
    ]);

    const metadata = await cluster.setMetadataVersion("4.3-IV0");
    expect(metadata.spec.kafka).to.include({ version: "4.3.1", metadataVersion: "4.3-IV0" });
    expect((await cluster.setMetadataVersion("4.3-IV0")).metadata.generation).to.equal(metadata.metadata.generation);
    expect((await cluster.readKafka()).spec.kafka.listeners, "the rest of spec.kafka untouched").to.have.length(1);

    await readyKafka();
    expect((await cluster.readiness()).ready).to.equal(true);
  });

  it("scales a pool up and down through /scale, idempotently; ready once the operator has the replicas", async () => {
    const scaled = await cluster.scalePool("brokers", 4);
    expect(scaled.spec.replicas).to.equal(4);
    const pool = await cluster.readPool("brokers");
    expect(pool.spec.replicas).to.equal(4);
    await cluster.scalePool("brokers", 4);
    expect((await cluster.readPool("brokers")).metadata.generation, "same count: no change").to.equal(
      pool.metadata.generation,
    );
    expect((await cluster.readScale("brokers")).status?.replicas, "status.replicas: the operator's").to.equal(3);

    const readiness = await cluster.readiness();
    expect(readiness.ready).to.equal(false);
    expect(readiness.reasons).to.include("pool brokers: 3 of 4 replicas reconciled");
    expect(readiness.reasons.some((r) => r.startsWith("pool brokers: spec changed"))).to.equal(true);

    await poolStatus("brokers", [3, 4, 5, 6]);
    expect(await cluster.readiness()).to.have.property("ready", true);
    expect((await cluster.readScale("brokers")).status?.replicas).to.equal(4);
    expect((await cluster.poolOfNode(6))?.metadata.name).to.equal("brokers");

    await cluster.scalePool("brokers", 3);
    expect((await cluster.readPool("brokers")).spec.replicas).to.equal(3);
    expect((await cluster.readiness()).reasons).to.include(
      "pool brokers: 4 replicas, scaling down to 3 not reconciled yet",
    );
    await poolStatus("brokers", [3, 4, 5]);
    expect((await cluster.readiness()).ready).to.equal(true);
  });

  it("is not ready while a pool is NotReady; a Warning on a pool is listed but does not block", async () => {
    const warning = { type: "Warning", status: "True", reason: "DeprecatedFields", message: "old field" };
    await poolStatus("controllers", [0, 1, 2], { conditions: [warning] });
    const warned = await cluster.readiness();
    expect(warned.ready).to.equal(true);
    expect(warned.conditions).to.deep.include({ resource: "pool controllers", ...warning });

    const notReady = { type: "NotReady", status: "True", reason: "InvalidResourceException", message: "bad roles" };
    await poolStatus("controllers", [0, 1, 2], { conditions: [notReady] });
    expect((await cluster.readiness()).reasons).to.deep.equal([
      "pool controllers: NotReady (reason: InvalidResourceException: bad roles)",
    ]);
    await poolStatus("controllers", [0, 1, 2], { conditions: [] });
    expect((await cluster.readiness()).ready).to.equal(true);
  });

  it("annotates single nodes' pods for a manual rolling update, pending until the operator has rolled them", async () => {
    expect(await cluster.annotateManualRollingUpdate([4, 5])).to.deep.equal([
      "Pod orders-brokers-4",
      "Pod orders-brokers-5",
    ]);
    expect(await annotationOf(`${POD_PATH}/orders-brokers-4`)).to.equal("true");
    expect(await annotationOf(`${POD_PATH}/orders-brokers-3`)).to.equal(undefined);
    expect(await annotationOf(`${PODSET_PATH}/orders-brokers`), "the pool's StrimziPodSet untouched").to.equal(
      undefined,
    );
    expect(await cluster.rollingUpdatePending([4])).to.equal(true);
    expect(await cluster.rollingUpdatePending([3])).to.equal(false);
    expect(await cluster.rollingUpdatePending(), "found with the operator's selector").to.equal(true);
    await cluster.annotateManualRollingUpdate([4]);

    await operatorRolled(`${POD_PATH}/orders-brokers-4`);
    expect(await cluster.rollingUpdatePending([4])).to.equal(false);
    expect(await cluster.rollingUpdatePending([4, 5])).to.equal(true);
    await kubeRequest(server, "DELETE", `${POD_PATH}/orders-brokers-5?gracePeriodSeconds=0`);
    expect(await cluster.rollingUpdatePending([5]), "a pod deleted by the roll").to.equal(false);
    expect(await cluster.rollingUpdatePending()).to.equal(false);
  });

  it("annotates every pool's StrimziPodSet for a whole-cluster roll, and refuses unknown nodes or missing pods", async () => {
    expect(await cluster.annotateManualRollingUpdate()).to.deep.equal([
      "StrimziPodSet orders-brokers",
      "StrimziPodSet orders-controllers",
    ]);
    expect(await annotationOf(`${PODSET_PATH}/orders-controllers`)).to.equal("true");
    expect(await cluster.rollingUpdatePending([1]), "controller 1 rolls with its StrimziPodSet").to.equal(true);
    expect(await cluster.rollingUpdatePending()).to.equal(true);
    await operatorRolled(`${PODSET_PATH}/orders-controllers`);
    expect(await cluster.rollingUpdatePending([1])).to.equal(false);
    expect(await cluster.rollingUpdatePending([3])).to.equal(true);
    await operatorRolled(`${PODSET_PATH}/orders-brokers`);
    expect(await cluster.rollingUpdatePending()).to.equal(false);

    const unknown = await failure(cluster.annotateManualRollingUpdate([3, 42]));
    expect(unknown).to.be.instanceOf(StrimziNotFound);
    expect(unknown.message).to.equal(`node 42 is in no KafkaNodePool of Kafka "orders" in namespace "${NAMESPACE}"`);
    expect(await annotationOf(`${POD_PATH}/orders-brokers-3`), "nothing written").to.equal(undefined);
    const noPod = await failure(cluster.annotateManualRollingUpdate([0]));
    expect(noPod.message).to.equal(`node 0 has no pod "orders-controllers-0" in namespace "${NAMESPACE}"`);
  });

  it("surfaces what the CRD schema refuses as a KubeError: status and reason in its message, the field in its detail", async () => {
    const negative = (await failure(cluster.scalePool("brokers", -1))) as KubeError;
    expect(negative).to.be.instanceOf(KubeError);
    expect(negative).to.include({ status: 422, reason: "Invalid" });
    expect(negative.message, "no body in the message").to.equal("the Kubernetes API answered 422 Invalid");
    expect(negative.detail).to.contain("spec.replicas").and.to.contain("greater than or equal to 0");

    const badType = (await failure(cluster.setKafkaVersion(4 as unknown as string))) as KubeError;
    expect(badType).to.include({ status: 422 });
    expect(badType.detail).to.contain("spec.kafka.version").and.to.contain("must be of type string");
    expect((await cluster.readKafka()).spec.kafka.version).to.equal("4.3.1");
    expect((await cluster.readPool("brokers")).spec.replicas).to.equal(3);
  });

  it("names the namespace and name of a Kafka or pool that is not there", async () => {
    const missing = new StrimziCluster(client, { namespace: NAMESPACE, name: "payments" });
    const error = await failure(missing.read());
    expect(error).to.be.instanceOf(StrimziNotFound);
    expect(error.message).to.equal(`there is no Kafka "payments" in namespace "${NAMESPACE}" (kafka.strimzi.io/v1)`);
    expect((await failure(missing.setKafkaVersion("4.3.1"))).message).to.contain('no Kafka "payments"');
    expect((await failure(cluster.scalePool("nope", 1))).message).to.equal(
      `there is no KafkaNodePool "nope" in namespace "${NAMESPACE}"`,
    );
    expect((await failure(missing.scalePool("brokers", 5))).message).to.equal(
      `KafkaNodePool "brokers" in namespace "${NAMESPACE}" belongs to Kafka "orders"`,
    );
    expect((await cluster.readPool("brokers")).spec.replicas, "another cluster's pool not scaled").to.equal(3);
  });

  it("writes through server-side apply as field manager kcp, and PUT", async () => {
    const path = `/api/v1/namespaces/${NAMESPACE}/configmaps/kcp-apply`;
    const body = { apiVersion: "v1", kind: "ConfigMap", metadata: { name: "kcp-apply" }, data: { a: "1" } };
    const applied = await client.patch<{ metadata: { managedFields: { manager: string; operation: string }[] } }>(
      path,
      body,
      "apply",
    );
    expect(applied.metadata.managedFields.some((f) => f.manager === "kcp" && f.operation === "Apply")).to.equal(true);
    const current = await client.get<{ data: Record<string, string> }>(path);
    const put = await client.put<{ data: Record<string, string> }>(path, { ...current, data: { a: "2" } });
    expect(put.data).to.deep.equal({ a: "2" });
    const json = await client.patch<{ data: Record<string, string> }>(
      path,
      [{ op: "add", path: "/data/b", value: "3" }],
      "json",
    );
    expect(json.data).to.deep.equal({ a: "2", b: "3" });
  });

  it("connects from the harness's kubeconfig, as JSON and as YAML, and names what a kubeconfig lacks", async () => {
    const fromJson = kubeClientFromKubeconfig(server.kubeconfig);
    expect(fromJson.namespace).to.equal("default");
    expect(await fromJson.get<{ gitVersion: string }>("/version")).to.have.property("gitVersion");
    expect(await fromJson.get("/readyz"), "plain text as it is").to.equal("ok");
    const config = JSON.parse(server.kubeconfig) as Record<string, unknown>;
    const yaml = stringify(config);
    const fromYaml = kubeClientFromKubeconfig(yaml, "kcp-test");
    const pools = await new StrimziCluster(fromYaml, { namespace: NAMESPACE, name: CLUSTER }).readPools();
    expect(pools).to.have.length(2);
    fromJson.close();
    fromYaml.close();

    const refused = (text: string, context?: string) => {
      try {
        kubeClientFromKubeconfig(text, context).close();
      } catch (error) {
        expect(error).to.be.instanceOf(KubeconfigError);
        expect((error as Error).message).not.to.contain(server.token);
        return (error as Error).message;
      }
      throw new Error("expected the kubeconfig to be refused");
    };
    expect(refused(yaml, "other")).to.equal('the kubeconfig has no context named "other"');
    expect(refused(stringify({ ...config, "current-context": undefined }))).to.contain("no current-context");
    const users = (user: Record<string, unknown>) => stringify({ ...config, users: [{ name: "kcp-admin", user }] });
    const b64 = (text: string) => Buffer.from(text).toString("base64");
    const certificate = { "client-certificate-data": b64("-----BEGIN CERTIFICATE-----\n"), "client-key-data": "" };
    const withCertificate = kubeClientFromKubeconfig(
      users({ ...certificate, "client-key-data": b64("-----BEGIN KEY") }),
    );
    expect(withCertificate.authentication).to.equal("client-certificate");
    withCertificate.close();
    expect(refused(users(certificate))).to.contain("only one of client-certificate-data and client-key-data");
    expect(refused(users({}))).to.equal('user "kcp-admin" of the kubeconfig has no token and no client certificate');
    expect(refused(users({ exec: { command: "aws" } })))
      .to.contain("an exec plugin")
      .and.not.to.contain("aws");
    expect(refused(`${yaml}\n  token: [${server.token}\n`)).to.match(/^the kubeconfig is neither YAML nor JSON/);
    const clusters = [{ name: "kcp-test", cluster: { server: server.url, "certificate-authority": "/etc/ca.crt" } }];
    expect(refused(stringify({ ...config, clusters }))).to.contain("names its CA by a file path");
  });

  it("answers a wrong token with a 401 KubeError that does not hold the token; inspect and JSON hide it too", async () => {
    const token = `wrong-${randomBytes(16).toString("hex")}`;
    const stranger = new KubeClient({ server: server.url, caCertificate: server.caCertificate, token });
    const error = await failure(stranger.get(`${KAFKA_PATH}/kafkas`));
    expect(error).to.be.instanceOf(KubeError);
    expect(error).to.include({ status: 401, reason: "Unauthorized" });
    expect(error.message).to.equal("the Kubernetes API answered 401 Unauthorized");
    for (const shown of [
      error.message,
      inspect(error),
      inspect(stranger),
      JSON.stringify(stranger),
      String(stranger),
    ]) {
      expect(shown).not.to.contain(token);
    }
    expect(JSON.parse(JSON.stringify(stranger))).to.deep.equal({ server: server.url, authentication: "token" });
    stranger.close();
  });

  it("does not trust a server of another CA, and says when nothing answers", async () => {
    const other = new KubeClient({ server: server.url, token: server.token });
    const untrusted = await failure(other.get("/version"));
    expect(untrusted).to.be.instanceOf(KubeUnreachable);
    expect(untrusted.message).to.match(/certificate/);
    expect(untrusted.message).not.to.contain(server.token);
    const nowhere = new KubeClient({ server: "https://127.0.0.1:1", caCertificate: server.caCertificate });
    expect((await failure(nowhere.get("/version"))).message).to.match(
      /^the Kubernetes API at https:\/\/127\.0\.0\.1:1 did not answer: .*ECONNREFUSED/,
    );
    other.close();
    nowhere.close();
  });

  it("connects in-cluster from the service account files and the kubernetes service's environment", async () => {
    const dir = await mkdtemp(join(tmpdir(), "kcp-sa-"));
    try {
      await writeFile(join(dir, "token"), `${server.token}\n`);
      await writeFile(join(dir, "ca.crt"), server.caCertificate);
      await writeFile(join(dir, "namespace"), NAMESPACE);
      const { hostname, port } = new URL(server.url);
      const env = { KUBERNETES_SERVICE_HOST: hostname, KUBERNETES_SERVICE_PORT: port };
      const inCluster = await kubeClientInCluster({ dir, env });
      expect(inCluster.namespace).to.equal(NAMESPACE);
      expect(inCluster.authentication).to.equal("token");
      const { kafka: read } = await new StrimziCluster(inCluster, { namespace: NAMESPACE, name: CLUSTER }).read();
      expect(read.metadata.name).to.equal(CLUSTER);
      expect(inspect(inCluster)).not.to.contain(server.token);
      inCluster.close();

      expect((await failure(kubeClientInCluster({ dir, env: {} }))).message).to.contain("KUBERNETES_SERVICE_HOST");
      await rm(join(dir, "token"));
      expect((await failure(kubeClientInCluster({ dir, env }))).message).to.equal(
        `could not read the token file ${join(dir, "token")}: ENOENT`,
      );
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("waits until a check answers, or gives up naming what it waited for", async () => {
    let calls = 0;
    expect(
      await waitUntil("the third call", async () => ++calls === 3 && calls, { timeoutMs: 5_000, intervalMs: 10 }),
    ).to.equal(3);
    const error = await failure(waitUntil("never", async () => undefined, { timeoutMs: 50, intervalMs: 10 }));
    expect(error.message).to.equal("gave up waiting for never after 0 s");
  });
});

describe("KubeClient: when a refused request is asked again (pure)", () => {
  it("only a 429 with Retry-After in seconds, and only while the wait fits in the time left", () => {
    expect(retryDelayMs({ status: 429, retryAfter: "1" }, 30_000)).to.equal(1000);
    expect(retryDelayMs({ status: 429, retryAfter: " 0 " }, 30_000)).to.equal(100);
    expect(retryDelayMs({ status: 429, retryAfter: "8" }, 5_000)).to.equal(undefined);
    expect(retryDelayMs({ status: 429 }, 30_000)).to.equal(undefined);
    expect(retryDelayMs({ status: 429, retryAfter: "Wed, 21 Oct 2026 07:28:00 GMT" }, 30_000)).to.equal(undefined);
    expect(retryDelayMs({ status: 503, retryAfter: "1" }, 30_000)).to.equal(undefined);
    expect(retryDelayMs({ status: 409, retryAfter: "1" }, 30_000)).to.equal(undefined);
  });
});

describe("operator-managed: strimziReadiness (pure)", () => {
  const kafkaOf = (status: Kafka["status"], generation = 1): Kafka => ({
    metadata: { name: "orders", generation },
    spec: { kafka: {} },
    ...(status ? { status } : {}),
  });
  const pool: KafkaNodePool = {
    metadata: { name: "brokers", generation: 1 },
    spec: { replicas: 1, roles: ["broker"] },
    status: { replicas: 1, nodeIds: [0], observedGeneration: 1 },
  };
  const ready = [{ type: "Ready", status: "True" }];

  it("is not ready before the operator's first reconciliation, without pools, or while paused", () => {
    expect(strimziReadiness(kafkaOf(undefined), [pool]).reasons).to.deep.equal([
      "Kafka orders: not reconciled by the operator yet",
      "Kafka orders: no Ready condition yet",
    ]);
    expect(strimziReadiness(kafkaOf({ conditions: ready, observedGeneration: 1 }), []).reasons).to.deep.equal([
      "Kafka orders: no KafkaNodePool (Strimzi 1.x needs at least one)",
    ]);
    const paused = [...ready, { type: "ReconciliationPaused", status: "True" }];
    expect(strimziReadiness(kafkaOf({ conditions: paused, observedGeneration: 1 }), [pool]).reasons).to.deep.equal([
      "Kafka orders: reconciliation is paused (strimzi.io/pause-reconciliation)",
    ]);
    expect(strimziReadiness(kafkaOf({ conditions: ready, observedGeneration: 1 }), [pool]).ready).to.equal(true);
  });
});

describe("KubeClient against a real API server shedding load (priority and fairness)", function () {
  // Kubernetes answers 429 with Retry-After when it did nothing with a request. Here a FlowSchema sends one service
  // account's requests to a priority level of no seats that rejects whatever comes while one of its requests runs,
  // and a validating webhook that answers only when told keeps such a request running.
  this.timeout(180_000);
  const suffix = randomBytes(3).toString("hex");
  const namespace = `kcp-shed-${suffix}`;
  const shed = `kcp-test-shed-${suffix}`;
  const webhookPath = `/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations/${shed}`;
  const flowPath = "/apis/flowcontrol.apiserver.k8s.io/v1";
  let node: KubernetesNode;
  let folder: string;
  let account: { token: string };
  let webhook: Server;
  const held: (() => void)[] = [];
  let reviews = 0;

  const admin = async (method: string, path: string, body?: unknown) => {
    const answer = await kubeRequest(node, method, path, body === undefined ? {} : { body });
    expect(answer.status, `${method} ${path}: ${answer.text}`).to.be.below(300);
    return answer.body;
  };
  /** One request as the service account, not asked again whatever it answers. */
  const once = (path: string) =>
    httpsRequest(new URL(path, node.url).href, {
      ca: node.caCertificate,
      headers: { Authorization: `Bearer ${account.token}` },
      timeoutMs: 60_000,
    });
  /** A ConfigMap created as the service account, held by the webhook (its seat taken) until release. */
  const hold = () =>
    httpsRequest(new URL(`/api/v1/namespaces/${namespace}/configmaps`, node.url).href, {
      method: "POST",
      ca: node.caCertificate,
      headers: { Authorization: `Bearer ${account.token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ metadata: { generateName: "held-", labels: { "kcp-test/hold": "true" } } }),
      timeoutMs: 60_000,
    });
  const release = () => {
    for (const answer of held.splice(0)) answer();
  };
  const rejected = async () => {
    const metrics = (await kubeRequest(node, "GET", "/metrics")).text;
    const line = metrics
      .split("\n")
      .find(
        (l) => l.startsWith("apiserver_flowcontrol_rejected_requests_total{") && l.includes(`priority_level="${shed}"`),
      );
    return Number(line?.split(" ").at(-1) ?? 0);
  };
  /**
   * Holds a request and checks that another one is refused 429: both the webhook and the FlowSchema in effect (the API
   * server takes them up a moment after they are made). Answers the held request's answer, to come.
   */
  const shedding = () =>
    waitFor(
      "the service account's requests shed",
      async () => {
        const before = reviews;
        let done = false;
        const creation = hold().finally(() => {
          done = true;
        });
        await waitFor("the webhook asked, or the request done", async () =>
          reviews > before || done ? true : undefined,
        );
        if (reviews > before && (await once("/version")).status === 429) return { creation };
        release();
        await creation;
        return undefined;
      },
      { timeoutMs: 60_000 },
    );

  before(async function () {
    this.timeout(30 * 60_000);
    node = await getSharedKubernetesNode();
    folder = await mkdtemp(join(tmpdir(), "kcp-shed-"));
    const authority = await TestCertificateAuthority.create(folder);
    const certificate = await authority.issue("webhook", [node.hostAddress]);
    webhook = createServer({ cert: certificate.certPem, key: certificate.keyPem }, (req, res) => {
      const chunks: Buffer[] = [];
      req.on("data", (chunk: Buffer) => chunks.push(chunk));
      req.on("end", () => {
        const review = JSON.parse(Buffer.concat(chunks).toString("utf8")) as { request: { uid: string } };
        reviews += 1;
        held.push(() =>
          res.writeHead(200, { "Content-Type": "application/json" }).end(
            JSON.stringify({
              apiVersion: "admission.k8s.io/v1",
              kind: "AdmissionReview",
              response: { uid: review.request.uid, allowed: true },
            }),
          ),
        );
      });
    });
    await new Promise<void>((resolve) => webhook.listen(0, node.hostAddress, resolve));
    const port = (webhook.address() as AddressInfo).port;

    await admin("POST", "/api/v1/namespaces", { metadata: { name: namespace } });
    await admin("POST", `/api/v1/namespaces/${namespace}/serviceaccounts`, { metadata: { name: "shed" } });
    await admin("POST", `/apis/rbac.authorization.k8s.io/v1/namespaces/${namespace}/rolebindings`, {
      metadata: { name: "shed-edit" },
      roleRef: { apiGroup: "rbac.authorization.k8s.io", kind: "ClusterRole", name: "edit" },
      subjects: [{ kind: "ServiceAccount", name: "shed", namespace }],
    });
    const issued = (await admin("POST", `/api/v1/namespaces/${namespace}/serviceaccounts/shed/token`, {
      apiVersion: "authentication.k8s.io/v1",
      kind: "TokenRequest",
      spec: { expirationSeconds: 3600 },
    })) as { status: { token: string } };
    account = { token: issued.status.token };
    await admin("POST", `${flowPath}/prioritylevelconfigurations`, {
      metadata: { name: shed },
      spec: {
        type: "Limited",
        limited: {
          nominalConcurrencyShares: 0,
          lendablePercent: 0,
          borrowingLimitPercent: 0,
          limitResponse: { type: "Reject" },
        },
      },
    });
    await admin("POST", `${flowPath}/flowschemas`, {
      metadata: { name: shed },
      spec: {
        priorityLevelConfiguration: { name: shed },
        matchingPrecedence: 100,
        rules: [
          {
            subjects: [{ kind: "ServiceAccount", serviceAccount: { name: "shed", namespace } }],
            nonResourceRules: [{ verbs: ["*"], nonResourceURLs: ["*"] }],
            resourceRules: [
              { verbs: ["*"], apiGroups: ["*"], resources: ["*"], namespaces: ["*"], clusterScope: true },
            ],
          },
        ],
      },
    });
    await admin("POST", "/apis/admissionregistration.k8s.io/v1/validatingwebhookconfigurations", {
      metadata: { name: shed },
      webhooks: [
        {
          name: "hold.kcp.test",
          clientConfig: {
            url: `https://${node.hostAddress}:${port}/hold`,
            caBundle: Buffer.from(authority.caPem).toString("base64"),
          },
          rules: [
            {
              operations: ["CREATE"],
              apiGroups: [""],
              apiVersions: ["v1"],
              resources: ["configmaps"],
              scope: "Namespaced",
            },
          ],
          namespaceSelector: { matchLabels: { "kubernetes.io/metadata.name": namespace } },
          objectSelector: { matchLabels: { "kcp-test/hold": "true" } },
          sideEffects: "None",
          admissionReviewVersions: ["v1"],
          timeoutSeconds: 30,
          failurePolicy: "Ignore",
        },
      ],
    });
  });

  afterEach(() => release());

  after(async () => {
    release();
    if (node) {
      await kubeRequest(node, "DELETE", webhookPath);
      await kubeRequest(node, "DELETE", `${flowPath}/flowschemas/${shed}`);
      await kubeRequest(node, "DELETE", `${flowPath}/prioritylevelconfigurations/${shed}`);
      await kubeRequest(node, "DELETE", `/api/v1/namespaces/${namespace}`);
    }
    webhook?.close();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("asks again after a 429 with Retry-After and answers once the server has room", async () => {
    const { creation } = await shedding();
    const client = new KubeClient({ server: node.url, caCertificate: node.caCertificate, token: account.token });
    try {
      const before = await rejected();
      const version = client.get<{ gitVersion: string }>("/version");
      await waitFor("the client refused once", async () => ((await rejected()) > before ? true : undefined));
      release();
      expect((await version).gitVersion).to.match(/^v1\./);
      expect((await creation).status).to.equal(201);
    } finally {
      client.close();
    }
  });

  it("gives up with the 429 once the wait would outlast its timeout", async () => {
    const { creation } = await shedding();
    const client = new KubeClient({
      server: node.url,
      caCertificate: node.caCertificate,
      token: account.token,
      timeoutMs: 500,
    });
    try {
      const error = await failure(client.get("/version"));
      expect(error).to.be.instanceOf(KubeError);
      expect((error as KubeError).status).to.equal(429);
    } finally {
      client.close();
      release();
      await creation;
    }
  });
});
