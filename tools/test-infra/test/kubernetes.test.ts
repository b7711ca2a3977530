import { rootCertificates } from "node:tls";
import { expect } from "chai";
import {
  applyStrimziCrds,
  KUBERNETES_VERSION,
  type KubeApiServer,
  type KubeResponse,
  kubeRequest,
  STRIMZI_VERSION,
  startKubeApiServer,
} from "../src/index.js";

const NAMESPACE = "kcp-strimzi";
const STRIMZI = `/apis/kafka.strimzi.io/v1/namespaces/${NAMESPACE}`;

interface Resource {
  metadata: { name: string; generation?: number; resourceVersion?: string; labels?: Record<string, string> };
  spec: Record<string, unknown>;
  status?: Record<string, unknown>;
}

interface Status {
  reason: string;
  message: string;
  details?: { causes?: { field?: string; reason?: string }[] };
}

const nodePool = (name: string, replicas: unknown): Resource & { apiVersion: string; kind: string } => ({
  apiVersion: "kafka.strimzi.io/v1",
  kind: "KafkaNodePool",
  metadata: { name, labels: { "strimzi.io/cluster": "demo" } },
  spec: { replicas, roles: ["controller", "broker"], storage: { type: "ephemeral" } },
});

/** The smallest Kafka 1.x accepts: KRaft with node pools is the only mode left, so a listener is all spec.kafka needs. */
const kafka = (name: string, kafkaSpec: Record<string, unknown>) => ({
  apiVersion: "kafka.strimzi.io/v1",
  kind: "Kafka",
  metadata: { name },
  spec: { kafka: kafkaSpec },
});

const PLAIN_LISTENER = { name: "plain", port: 9092, type: "internal", tls: false };

describe("test-infra: Kubernetes API server with Strimzi's CRDs", function () {
  this.timeout(60_000);
  let server: KubeApiServer;
  let appliedCrds: string[];

  const api = (method: string, path: string, body?: unknown, contentType?: string): Promise<KubeResponse> =>
    kubeRequest(server, method, path, { body, ...(contentType ? { contentType } : {}) });

  const expectStatus = (response: KubeResponse, status: number): void => {
    expect(response.status, response.text).to.equal(status);
  };

  before(async function () {
    // Builds etcd and kube-apiserver (minutes) and generates the CRDs unless `npm run kafka -- install` did.
    this.timeout(30 * 60_000);
    server = await startKubeApiServer();
    appliedCrds = await applyStrimziCrds(server);
    expectStatus(await api("POST", "/api/v1/namespaces", { metadata: { name: NAMESPACE } }), 201);
  });

  after(async () => {
    await server?.stop();
  });

  it("serves the API over TLS of its own CA, to the admin token only, and a kubeconfig for it", async () => {
    expect(server.url).to.match(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(server.caCertificate).to.match(/^-----BEGIN CERTIFICATE-----/);
    const version = await api("GET", "/version");
    expectStatus(version, 200);
    expect((version.body as { gitVersion: string }).gitVersion).to.equal(KUBERNETES_VERSION);

    const stranger = await kubeRequest({ ...server, token: "not-a-token" }, "GET", "/api/v1/namespaces");
    expect(stranger.status).to.equal(401);
    const publicCas = { ...server, caCertificate: rootCertificates.join("\n") };
    const untrusted = await kubeRequest(publicCas, "GET", "/version").then(
      () => "trusted",
      (error: Error) => error.message,
    );
    expect(untrusted).to.match(/certificate/);

    const config = JSON.parse(server.kubeconfig) as {
      clusters: { cluster: { server: string; "certificate-authority-data": string } }[];
      users: { user: { token: string } }[];
      "current-context": string;
    };
    const [entry] = config.clusters;
    expect(entry?.cluster.server).to.equal(server.url);
    expect(Buffer.from(entry?.cluster["certificate-authority-data"] ?? "", "base64").toString()).to.equal(
      server.caCertificate,
    );
    expect(config.users[0]?.user.token).to.equal(server.token);
    expect(config["current-context"]).to.equal("kcp-test");
  });

  it(`has Strimzi ${STRIMZI_VERSION}'s CRDs established, kafka.strimzi.io/v1 served and stored`, async () => {
    expect(appliedCrds).to.include.members(["kafkas.kafka.strimzi.io", "kafkanodepools.kafka.strimzi.io"]);
    const crd = await api("GET", "/apis/apiextensions.k8s.io/v1/customresourcedefinitions/kafkas.kafka.strimzi.io");
    expectStatus(crd, 200);
    const { spec, metadata } = crd.body as {
      spec: { versions: { name: string; served: boolean; storage: boolean }[] };
      metadata: { labels: Record<string, string>; managedFields: { manager: string; operation: string }[] };
    };
    expect(spec.versions.map((v) => [v.name, v.served, v.storage])).to.deep.equal([["v1", true, true]]);
    expect(metadata.labels).to.include({ app: "strimzi", "strimzi.io/crd-install": "true" });
    const applied = metadata.managedFields.some((f) => f.manager === "kcp-test-infra" && f.operation === "Apply");
    expect(applied, "applied server-side by kcp-test-infra").to.equal(true);
    const discovery = await api("GET", "/apis/kafka.strimzi.io/v1");
    expectStatus(discovery, 200);
    const kinds = (discovery.body as { resources: { kind: string }[] }).resources.map((r) => r.kind);
    expect(kinds).to.include.members(["Kafka", "KafkaNodePool", "KafkaTopic", "KafkaUser"]);
  });

  it("creates a KafkaNodePool and a Kafka, reads them back and updates their status through /status", async () => {
    expectStatus(await api("POST", `${STRIMZI}/kafkanodepools`, nodePool("dual-role", 3)), 201);
    expectStatus(await api("POST", `${STRIMZI}/kafkas`, kafka("demo", { listeners: [PLAIN_LISTENER] })), 201);

    const read = await api("GET", `${STRIMZI}/kafkas/demo`);
    expectStatus(read, 200);
    const stored = read.body as Resource;
    expect(stored.spec).to.deep.equal({ kafka: { listeners: [PLAIN_LISTENER] } });
    expect(stored.metadata.generation).to.equal(1);

    // A status update (as the operator makes it) changes the status only, whatever the spec it is sent with.
    const status = {
      observedGeneration: 1,
      clusterId: "kcp-test-cluster-id",
      kafkaNodePools: [{ name: "dual-role" }],
      conditions: [{ type: "Ready", status: "True", lastTransitionTime: "2026-01-01T00:00:00Z" }],
    };
    const sent = { ...stored, spec: { kafka: { listeners: [] } }, status };
    const updated = await api("PUT", `${STRIMZI}/kafkas/demo/status`, sent);
    expectStatus(updated, 200);
    const after = (await api("GET", `${STRIMZI}/kafkas/demo`)).body as Resource;
    expect(after.status).to.deep.equal(status);
    expect(after.spec).to.deep.equal(stored.spec);
    expect(after.metadata.generation).to.equal(1);

    const poolStatus = { replicas: 3, nodeIds: [0, 1, 2], roles: ["controller", "broker"], labelSelector: "a=b" };
    const merge = "application/merge-patch+json";
    expectStatus(await api("PATCH", `${STRIMZI}/kafkanodepools/dual-role/status`, { status: poolStatus }, merge), 200);
    const scale = await api("GET", `${STRIMZI}/kafkanodepools/dual-role/scale`);
    expectStatus(scale, 200);
    expect((scale.body as { spec: unknown; status: unknown }).spec).to.deep.equal({ replicas: 3 });
    expect((scale.body as { status: { replicas: number } }).status.replicas).to.equal(3);
  });

  it("refuses a KafkaNodePool whose replicas is not an integer, with a 422 naming spec.replicas", async () => {
    const response = await api("POST", `${STRIMZI}/kafkanodepools`, nodePool("bad-replicas", "three"));
    expectStatus(response, 422);
    const status = response.body as Status;
    expect(status.reason).to.equal("Invalid");
    expect(status.message).to.contain("spec.replicas").and.to.contain("must be of type integer");
    expect(status.details?.causes?.map((c) => c.field)).to.include("spec.replicas");
    expectStatus(await api("GET", `${STRIMZI}/kafkanodepools/bad-replicas`), 404);
  });

  it("refuses a Kafka without listeners, or with a listener type Strimzi does not know, naming the field", async () => {
    const missing = await api("POST", `${STRIMZI}/kafkas`, kafka("no-listeners", {}));
    expectStatus(missing, 422);
    expect((missing.body as Status).message).to.contain("spec.kafka.listeners: Required value");

    const unknownType = { ...PLAIN_LISTENER, type: "bogus" };
    const wrong = await api("POST", `${STRIMZI}/kafkas`, kafka("bad-listener", { listeners: [unknownType] }));
    expectStatus(wrong, 422);
    expect((wrong.body as Status).message).to.contain('spec.kafka.listeners[0].type: Unsupported value: "bogus"');
  });

  it("refuses a status that does not fit the schema through /status too", async () => {
    expectStatus(await api("POST", `${STRIMZI}/kafkanodepools`, nodePool("status-check", 1)), 201);
    const patch = { status: { replicas: "three" } };
    const merge = "application/merge-patch+json";
    const response = await api("PATCH", `${STRIMZI}/kafkanodepools/status-check/status`, patch, merge);
    expectStatus(response, 422);
    expect((response.body as Status).message).to.contain("status.replicas");
  });
});
