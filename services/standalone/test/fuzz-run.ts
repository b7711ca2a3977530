import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import {
  apiClient,
  createConsumerGroupWithOffsets,
  createTopic,
  type KafkaCluster,
  produceMessages,
  runSchemathesis,
  startCluster,
} from "@kcp/test-infra";
import { type StandaloneProcess, startStandaloneProcess } from "./process.js";

/**
 * The fuzz run shared by `fuzz.test.ts` (CI budget) and `scripts/fuzz.sh` (nightly budget): a throwaway standalone
 * process (embedded store) that may connect only to loopback (KAFKA_ALLOWED_HOSTS), a private single-node Kafka
 * cluster registered in it, and Schemathesis over every operation of GET /api/v1/openapi.json.
 */

export const BUDGETS = {
  /** CI: every operation, a few cases each (with the coverage phase's boundary cases); about 2–3 minutes on 2 cores. */
  ci: { maxExamples: 12, maxTimeSeconds: 170, workers: 1 },
  /** Nightly: many more cases per operation; about 30–60 minutes. */
  nightly: { maxExamples: 400, maxTimeSeconds: 3600, workers: 1 },
} as const;
export type Budget = keyof typeof BUDGETS;

/** What Schemathesis asserts on every answer. */
export const CHECKS = [
  "not_a_server_error",
  "status_code_conformance",
  "content_type_conformance",
  "response_schema_conformance",
  "negative_data_rejection",
];

/** The hosts the service under fuzz may connect to: loopback only, whatever bootstrap servers the fuzzer makes up. */
export const FUZZ_ALLOWED_HOSTS = "127.0.0.0/8,localhost,::1";

export interface FuzzResult {
  /** Schemathesis' exit code (0: no failure) and report, then the logout run's. */
  code: number | null;
  output: string;
  logout: { code: number | null; output: string };
  /** /healthz after the run, and whether the process was still running. */
  healthz: number;
  alive: boolean;
  /** Whether the Kafka node was still running (the tail of its server.log when not). */
  kafkaAlive: boolean;
  kafkaLog: string;
  /** The service's own output (its log), for a failure's context. */
  serviceLog: string;
  seconds: number;
}

const toml = (value: unknown) => JSON.stringify(value);

/** Runs the whole fuzz: starts everything, fuzzes, checks the service survived, stops everything. */
export async function runFuzz(
  budget: Budget,
  options: { seed?: number; onOutput?: (chunk: string) => void } = {},
): Promise<FuzzResult> {
  const started = Date.now();
  const { maxExamples, maxTimeSeconds, workers } = BUDGETS[budget];
  const work = await mkdtemp(join(tmpdir(), "kcp-fuzz-"));
  let cluster: KafkaCluster | undefined;
  let service: StandaloneProcess | undefined;
  try {
    // A private cluster: the fuzzer creates topics and changes configs, which must not leak into other tests.
    cluster = await startCluster({ topology: "single", name: "fuzz" });
    const admin = { username: "admin", password: "fuzz-admin-password" };
    service = await startStandaloneProcess({
      DATA_DIR: join(work, "data"),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      KAFKA_ALLOWED_HOSTS: FUZZ_ALLOWED_HOSTS,
      // The fuzzer tries the largest counts the document allows; a small test node must not be asked to hold them.
      TOPIC_MAX_PARTITIONS: "50",
      // Room for the fuzzer's logins, so that the login's own logic is tested rather than the admission's 429.
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "100000",
      LOGIN_CONCURRENT_PER_ADDRESS: "16",
      COLLECT_TIMEOUT_MS: "10000",
      LOG_LEVEL: "info",
    });
    const api = apiClient(service.url);
    const login = async () =>
      (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token as string;
    const token = await login();
    const register = async (name: string) => {
      const response = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
        token,
        body: { name, bootstrapServers: cluster?.bootstrapServers },
      });
      if (response.status !== 201) throw new Error(`register ${name}: ${response.status} ${response.text}`);
      return response.body.cluster.id;
    };
    // One cluster for the routes that read and manage, one the fuzzer may change (PATCH), one it may forget (DELETE).
    const target = await register("fuzz-target");
    const patched = await register("fuzz-patched");
    const forgotten = await register("fuzz-forgotten");
    const topic = await createTopic(cluster, { name: "fuzz-topic", partitions: 3 });
    await produceMessages(cluster, topic, 20, { partition: 0, key: "k" });
    await createConsumerGroupWithOffsets(cluster, { groupId: "fuzz-group", topic, offsets: { 0: 5 } });
    // An operation for the routes that take one: the first of these that plans. An irreversible one first, which only
    // a confirmation typing the cluster's name runs (the fuzzer does not know it).
    let operationId = "";
    for (const body of [
      { type: "finalizeFeatures", params: {} },
      { type: "unregisterBrokers", params: { brokers: [1] } },
      { type: "cordonBrokers", params: { brokers: [1] } },
    ]) {
      const plan = await api<{ id: string }>("POST", `/api/v1/clusters/${target}/operations`, { token, body });
      if (plan.status === 201) {
        operationId = plan.body.id;
        break;
      }
    }
    // A user of its own for the user routes (never the admin the fuzzer's session belongs to).
    const user = await api<{ user: { id: string } }>("POST", "/api/v1/users", {
      token,
      body: { username: "fuzz-user", password: "fuzz-user-password", role: "viewer" },
    });
    if (user.status !== 201) throw new Error(`user: ${user.status} ${user.text}`);

    // 502 cluster_unreachable is the documented answer of a connection test that finds no broker: the fuzzer's
    // made-up loopback bootstrap servers have none, so on the routes that test a connection 502 is not a bug.
    const connectionStatuses = ["2xx", "3xx", "4xx", "502"];
    const config = [
      "[parameters]",
      `"path.id" = ${toml(target)}`,
      `"path.topic" = ${toml(topic)}`,
      `"path.group" = ${toml("fuzz-group")}`,
      `"path.broker" = 1`,
      ...(operationId ? [`"path.op" = ${toml(operationId)}`] : []),
      "",
      "[[operations]]",
      `include-path-regex = "^/api/v1/users/"`,
      `parameters = { "path.id" = ${toml(user.body.user.id)} }`,
      "",
      "[[operations]]",
      `include-path = "/api/v1/clusters/{id}"`,
      `include-method = "PATCH"`,
      `parameters = { "path.id" = ${toml(patched)} }`,
      `checks.not_a_server_error.expected-statuses = ${toml(connectionStatuses)}`,
      "",
      "[[operations]]",
      `include-path = "/api/v1/clusters/{id}"`,
      `include-method = "DELETE"`,
      `parameters = { "path.id" = ${toml(forgotten)} }`,
      "",
      "[[operations]]",
      `include-path = "/api/v1/clusters"`,
      `include-method = "POST"`,
      `checks.not_a_server_error.expected-statuses = ${toml(connectionStatuses)}`,
      "",
    ].join("\n");
    const configFile = join(work, "schemathesis.toml");
    await writeFile(configFile, config);
    const common = (session: string) => [
      "--config-file",
      configFile,
      "run",
      `${service?.url}/api/v1/openapi.json`,
      "--checks",
      CHECKS.join(","),
      "--phases",
      "examples,coverage,fuzzing",
      "--header",
      `Authorization: Bearer ${session}`,
      "--header",
      "X-Service-Request: 1",
      "--generation-with-security-parameters",
      "false",
      "--generation-database",
      "none",
      "--suppress-health-check",
      "all",
      "--request-timeout",
      "30",
      "--seed",
      String(options.seed ?? 20260517),
      "--continue-on-failure",
    ];
    // The main run: every operation but logout, which would end the fuzzer's own session (it gets its own below).
    const main = await runSchemathesis(
      [
        ...common(token),
        "--exclude-path",
        "/api/v1/auth/logout",
        "--max-examples",
        String(maxExamples),
        "--max-time",
        String(maxTimeSeconds),
        "--workers",
        String(workers),
      ],
      {
        cwd: work,
        timeoutMs: (maxTimeSeconds + 120) * 1000,
        ...(options.onOutput ? { onOutput: options.onOutput } : {}),
      },
    );
    // Logout with a session of its own: its first call ends that session, later ones must answer 401 in the envelope.
    const logout = await runSchemathesis(
      [...common(await login()), "--include-path", "/api/v1/auth/logout", "--max-examples", "5"],
      { cwd: work, timeoutMs: 120_000, ...(options.onOutput ? { onOutput: options.onOutput } : {}) },
    );
    const healthz = await fetch(`${service.url}/healthz`).then(
      (response) => response.status,
      () => 0,
    );
    const alive = service.child.exitCode === null && service.child.signalCode === null;
    const node = cluster.nodes[0];
    const kafkaAlive = node?.isRunning() ?? false;
    const tail = (file: string) =>
      readFile(join(node?.spec.dir ?? work, "logs", file), "utf8").then(
        (text) => `--- ${file} ---\n${text.slice(-4000)}`,
        () => "",
      );
    // The JVM's own last words (an OutOfMemoryError, a crash) are in stdout.log, not server.log.
    const kafkaLog = kafkaAlive ? "" : `${await tail("server.log")}\n${await tail("stdout.log")}`;
    return {
      code: main.code,
      output: main.output,
      logout,
      healthz,
      alive,
      kafkaAlive,
      kafkaLog,
      serviceLog: service.stdout(),
      seconds: Math.round((Date.now() - started) / 1000),
    };
  } finally {
    service?.child.kill("SIGKILL");
    await cluster?.stop().catch(() => undefined);
    await rm(work, { recursive: true, force: true });
  }
}
