import { generateKeyPairSync } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, jvmOptionsProblem, loadConfig } from "@kcp/shared";
import {
  type Api,
  apiClient,
  ByteRecorder,
  getSharedCluster,
  type KafkaCluster,
  RecordingServer,
  TestCertificateAuthority,
} from "@kcp/test-infra";
import { expect } from "chai";
import { standaloneConfigSchema } from "../src/config.js";
import { type Standalone, startStandalone } from "../src/standalone.js";

/**
 * Fuzzing of the inputs whose effect a response does not show: the node settings (`settings.agents` with their
 * provisioning, `settings.container`, `settings.kubernetes` with a kubeconfig) and the cluster profile's reach
 * (bootstrap servers, security, secrets). Seeded random bodies, built from valid parts and hostile ones, go to
 * register, test and change as an admin and as an operator; after each answer the test checks what a user could not
 * see: what was stored, and where the service connected. Recording servers on 127.0.0.2 — an address no list of this
 * service allows — stand for every host an attacker could name (an agent, an engine, an API server, a broker): they
 * must receive nothing. The pinned agent and the listed engine (on 127.0.0.1) may be read, never commanded.
 */

/** The fixed seed of CI; KCP_FUZZ_SEED replays another. */
const SEED = Number(process.env.KCP_FUZZ_SEED ?? 20261127);
const CASES = 160;

/** mulberry32: a small seeded generator, so that a failure replays from its seed. */
function random(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)] as T;
  const chance = (p: number) => next() < p;
  const some = <T>(items: readonly T[], max: number): T[] =>
    Array.from({ length: Math.floor(next() * (max + 1)) }, () => pick(items));
  return { next, pick, chance, some };
}

const ADMIN = { username: "admin", password: "node-settings-fuzz-admin" };
const OPERATOR = { username: "fuzz-operator", password: "node-settings-fuzz-operator" };
const SECRET_PASSWORD = "fuzz-secret-password-0123456789";
const KUBE_TOKEN = "fuzz-kube-token-0123456789abcdef";

/** JVM options an operator might try: the allow-list's shapes and what must never reach a host. */
const JVM_OPTIONS = [
  "-Xmx1g",
  "-Xms512m",
  "-Xss512k",
  "-XX:+UseG1GC",
  "-XX:MaxGCPauseMillis=20",
  "-Djava.awt.headless=true",
  "-XX:OnOutOfMemoryError=touch /tmp/pwned",
  "-XX:OnError=sh -c id",
  "-XX:HeapDumpPath=/etc",
  "-javaagent:/tmp/agent.jar",
  "-agentpath:/tmp/x.so",
  "-Dlog4j2.configurationFile=http://127.0.0.2/x",
  "-Djava.security.manager=allow",
  "-Dcom.sun.management.jmxremote.port=9999",
  "-cp",
  "/tmp/evil.jar",
  "@/tmp/args",
  "--add-opens=java.base/java.lang=ALL-UNNAMED",
  "-Xlog:gc:file=/etc/passwd",
  "-XX:MaxGCPauseMillis=-1",
  "-Xmx99999999999t",
  "-Dfile.encoding=UTF-8; rm -rf /",
];
const DATA_DIRS = ["/var/lib/kafka/new", "/", "/var/lib/../../etc", "relative/dir", "/var/lib/kafka/./x", "/a,b"];

describe("node settings and cluster profiles: seeded fuzzing of what a response does not show", function () {
  this.timeout(300_000);
  let single: KafkaCluster;
  let dataDir: string;
  let service: Standalone;
  let api: Api;
  let admin: string;
  let operator: string;
  /** The one pinned agent (HTTPS, a certificate of the trusted CA) and the one listed engine: reads only. */
  let pinnedAgent: RecordingServer;
  let listedEngine: RecordingServer;
  /** What an attacker names instead, on 127.0.0.2: nothing may reach them. */
  let foreignHttps: RecordingServer;
  let foreignHttp: RecordingServer;
  let foreignTcp: ByteRecorder;
  let existing: string;

  before(async () => {
    single = await getSharedCluster("single");
    dataDir = await mkdtemp(join(tmpdir(), "kcp-node-settings-fuzz-"));
    const ca = await TestCertificateAuthority.create(join(dataDir, "ca"));
    pinnedAgent = await RecordingServer.start({
      host: "127.0.0.1",
      tls: await ca.issue("fz-1", ["127.0.0.1"]),
      agentId: "fz-1",
    });
    listedEngine = await RecordingServer.start({ host: "127.0.0.1" });
    foreignHttps = await RecordingServer.start({ tls: await ca.issue("fz-foreign", ["127.0.0.2"]), agentId: "fz-1" });
    foreignHttp = await RecordingServer.start({ agentId: "fz-1" });
    foreignTcp = await ByteRecorder.start();
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      KAFKA_ALLOWED_HOSTS: "127.0.0.1,localhost",
      COLLECT_INTERVAL_SECONDS: "3600",
      COLLECT_TIMEOUT_MS: "5000",
      AGENT_SIGNING_KEY: generateKeyPairSync("ec", { namedCurve: "P-256" })
        .privateKey.export({ type: "pkcs8", format: "pem" })
        .toString(),
      AGENT_URLS: `fz-1=${pinnedAgent.url}`,
      AGENT_CA: ca.caPem,
      CONTAINER_ENGINES: listedEngine.url,
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "1000",
    });
    service = await startStandalone(config, createLogger({ name: "node-settings-fuzz", level: "silent" }));
    api = apiClient(service.gateway.url);
    admin = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN })).body.token;
    const created = await api("POST", "/api/v1/users", { token: admin, body: { ...OPERATOR, role: "operator" } });
    expect(created.status, created.text).to.equal(201);
    operator = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: OPERATOR })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token: admin,
      body: { name: "fuzz-existing", bootstrapServers: single.bootstrapServers, skipTest: true },
    });
    expect(registered.status, registered.text).to.equal(201);
    existing = registered.body.cluster.id;
  });

  after(async () => {
    for (const component of service?.components ?? []) await component.stop();
    await Promise.all([pinnedAgent, listedEngine, foreignHttps, foreignHttp].map((server) => server?.close()));
    await foreignTcp?.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  function kubeconfig(r: ReturnType<typeof random>): string {
    const server = r.pick([
      `https://${foreignTcp.address}`,
      "https://127.0.0.1:1",
      "http://127.0.0.1:1",
      "https://kube.example.invalid",
    ]);
    const user = r.pick<Record<string, unknown>>([
      { token: KUBE_TOKEN },
      { exec: { command: "/bin/sh", args: ["-c", "id"] } },
      { tokenFile: "/var/run/secrets/token" },
      { "client-certificate": "/etc/cert.pem" },
    ]);
    return JSON.stringify({
      apiVersion: "v1",
      kind: "Config",
      "current-context": "main",
      contexts: [{ name: "main", context: { cluster: "c", user: "u" } }],
      clusters: [{ name: "c", cluster: { server } }],
      users: [{ name: "u", user }],
    });
  }

  /** One random body: a profile (register, test) or a patch (change), valid in parts and hostile in others. */
  function body(r: ReturnType<typeof random>, patch: boolean): Record<string, unknown> {
    const out: Record<string, unknown> = patch ? {} : { name: `fz-${Math.floor(r.next() * 1e9)}`, skipTest: true };
    if (!patch || r.chance(0.4))
      out.bootstrapServers = r.chance(0.7)
        ? single.bootstrapServers
        : [r.pick([foreignTcp.address, "127.0.0.2:9092", "kafka.example.invalid:9092", ...single.bootstrapServers])];
    if (r.chance(0.3)) {
      const mechanism = r.pick(["", "PLAIN", "SCRAM-SHA-512", "OAUTHBEARER"]);
      out.security =
        mechanism === ""
          ? { protocol: r.pick(["PLAINTEXT", "SSL"]) }
          : { protocol: r.pick(["SASL_PLAINTEXT", "SASL_SSL"]), saslMechanism: mechanism, username: "fuzz" };
      if (r.chance(0.7))
        out.secrets = mechanism === "OAUTHBEARER" ? { oauthToken: SECRET_PASSWORD } : { password: SECRET_PASSWORD };
    }
    if (patch && r.chance(0.2)) out.keepSecrets = true;
    const provider = r.pick(["external", "agent", "agent", "container", "operator-managed"]);
    if (!patch || r.chance(0.6)) out.provider = provider;
    const settings: Record<string, unknown> = {};
    if (provider === "agent" || r.chance(0.1))
      settings.agents = Array.from({ length: 1 + Math.floor(r.next() * 2) }, (_, i) => ({
        agentId: r.pick(["fz-1", "fz-1", "fz-2", `fz-${i}`]),
        url: r.pick([pinnedAgent.url, pinnedAgent.url, foreignHttps.url, foreignHttp.url, `${pinnedAgent.url}/x`]),
        nodeIds: r.chance(0.8) ? [1 + i] : [],
        ...(r.chance(0.6)
          ? {
              provisioning: {
                nodeIds: { from: 10 + i * 10, to: 19 + i * 10 },
                ports: [20_000 + i],
                dataDir: r.pick(DATA_DIRS),
                ...(r.chance(0.8) ? { jvmOptions: r.some(JVM_OPTIONS, 3) } : {}),
              },
            }
          : {}),
      }));
    if (provider === "container" || r.chance(0.1)) {
      settings.container = {
        engine: r.pick([listedEngine.url, foreignHttp.url, "unix:///var/run/docker.sock", "http://127.0.0.2:2375"]),
        project: "fz",
      };
      settings.portBase = 30_000;
    }
    if (provider === "operator-managed" || r.chance(0.1)) {
      settings.kubernetes = { namespace: "kafka", kafka: "fz" };
      if (r.chance(0.8)) out.secrets = { ...(out.secrets as object), kubeconfig: kubeconfig(r) };
    }
    if (!patch || r.chance(0.7)) out.settings = settings;
    return out;
  }

  /** What the stored record says of the node settings: every one must be what configuration allows. */
  function checkStored(cluster: Record<string, unknown>, context: string): void {
    const settings = (cluster.settings ?? {}) as Record<string, unknown>;
    for (const agent of (settings.agents ?? []) as Record<string, unknown>[]) {
      expect(agent.agentId, context).to.equal("fz-1");
      expect(agent.url, context).to.equal(pinnedAgent.url);
      const jvm = ((agent.provisioning as { jvmOptions?: string[] } | undefined)?.jvmOptions ?? []) as string[];
      expect(jvmOptionsProblem(jvm), `${context}: stored ${JSON.stringify(jvm)}`).to.equal(undefined);
    }
    const container = settings.container as { engine?: string } | undefined;
    if (container) expect(container.engine, context).to.equal(listedEngine.url);
    for (const server of cluster.bootstrapServers as string[])
      expect(server.split(":")[0], context).to.be.oneOf(["127.0.0.1", "localhost"]);
  }

  it(`${CASES} seeded register, test and change requests by admins and operators store only what configuration allows and reach no other host (seed ${SEED})`, async () => {
    const r = random(SEED);
    const answered = new Map<number, number>();
    for (let i = 0; i < CASES; i++) {
      const asOperator = r.chance(0.35);
      const token = asOperator ? operator : admin;
      const kind = r.pick(["register", "register", "test", "change"] as const);
      const patch = kind === "change";
      const sent = body(r, patch);
      const [method, path] =
        kind === "register"
          ? (["POST", "/api/v1/clusters"] as const)
          : kind === "test"
            ? (["POST", "/api/v1/clusters/test"] as const)
            : (["PATCH", `/api/v1/clusters/${existing}`] as const);
      const response = await api<Record<string, unknown>>(method, path, { token, body: sent });
      const context = `case ${i} (seed ${SEED}) ${asOperator ? "operator" : "admin"} ${method} ${path} ${JSON.stringify(sent)} → ${response.status} ${response.text.slice(0, 300)}`;
      answered.set(response.status, (answered.get(response.status) ?? 0) + 1);
      // Never a server error (a connection test that fails is 502 cluster_unreachable, as documented); never a
      // secret in any answer.
      if (response.status >= 500)
        expect((response.body.error as { code?: string } | undefined)?.code, context).to.equal("cluster_unreachable");
      expect(response.text, context).not.to.contain(SECRET_PASSWORD);
      expect(response.text, context).not.to.contain(KUBE_TOKEN);
      const nodeSettings = ["agents", "container", "kubernetes", "portBase"].some(
        (key) => (sent.settings as Record<string, unknown> | undefined)?.[key] !== undefined,
      );
      const providerSet = sent.provider !== undefined && sent.provider !== "external";
      // A test reaches only Kafka; registering or changing node settings is an admin's.
      if (
        asOperator &&
        kind !== "test" &&
        (nodeSettings || providerSet || sent.keepSecrets === true) &&
        response.status < 300
      )
        expect.fail(`an operator's node settings were accepted: ${context}`);
      if (response.status < 300 && kind !== "test") {
        const id = kind === "register" ? (response.body.cluster as { id: string }).id : existing;
        const stored = await api<Record<string, unknown>>("GET", `/api/v1/clusters/${id}?snapshot=none`, {
          token: admin,
        });
        checkStored(stored.body.cluster as Record<string, unknown>, context);
      }
      // Nothing reached a host the configuration does not name, whatever the answer.
      expect(foreignTcp.connections, `127.0.0.2 TCP after ${context}`).to.equal(0);
      expect(foreignHttp.connections, `127.0.0.2 HTTP after ${context}`).to.equal(0);
      expect(foreignHttps.connections, `127.0.0.2 HTTPS after ${context}`).to.equal(0);
    }
    // The pinned agent and the listed engine were only read (collections), never commanded.
    for (const request of [...pinnedAgent.requests, ...listedEngine.requests])
      expect(request.method, `${request.method} ${request.path}`).to.equal("GET");
    // The run exercised both sides: accepted bodies as well as refusals of each kind.
    expect(
      [...answered.keys()].filter((status) => status < 300),
      JSON.stringify([...answered]),
    ).not.to.be.empty;
    expect([...answered.keys()], JSON.stringify([...answered])).to.include.members([400, 403, 422]);
  });
});
