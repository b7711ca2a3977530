import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { ClusterActions } from "@kcp/cluster-actions";
import { ClusterRegistry } from "@kcp/clusters";
import { KafkaClients } from "@kcp/kafka";
import { OperationService } from "@kcp/operation-service";
import { InProcessQueue, type JobQueue } from "@kcp/queue";
import { authSection, createLogger, loadConfig, type ReadinessCheck, SecretBox, secretKeyFromBytes } from "@kcp/shared";
import { EmbeddedStore, type Store } from "@kcp/store";
import { loginService } from "../src/auth/login.js";
import { type RunningGateway, routeTable, startGateway } from "../src/index.js";

export interface TestGateway {
  gateway: RunningGateway;
  store: EmbeddedStore;
  logLines: () => Record<string, unknown>[];
  stop(): Promise<void>;
}

export const TEST_ADMIN = { username: "admin", password: "test-admin-password" };

/** What every test gateway needs beyond the store and queue: a fresh secret key and the collection wait. */
export function gatewayExtras() {
  return { box: new SecretBox(secretKeyFromBytes(randomBytes(32))), collectWaitMs: 60_000 };
}

/** A real gateway on a free loopback port over a fresh embedded store, logging into memory for the tests to read. */
export async function startTestGateway(
  readinessChecks?: readonly ReadinessCheck[],
  authEnv: Record<string, string> = {},
  http: { keepAliveTimeoutMs?: number; headersTimeoutMs?: number; consoleDir?: string; metricsToken?: string } = {},
): Promise<TestGateway> {
  const stream = new PassThrough();
  const lines: string[] = [];
  stream.on("data", (chunk: Buffer) => lines.push(...chunk.toString("utf8").split("\n").filter(Boolean)));
  const logger = createLogger({ name: "test-gateway", level: "info", destination: stream });
  const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-gateway-")));
  const queue = new InProcessQueue();
  const auth = loadConfig(authSection, {
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    ...authEnv,
  });
  const gateway = await startGateway({
    host: "127.0.0.1",
    port: 0,
    shutdownTimeoutMs: 2000,
    logger,
    store,
    queue,
    auth,
    ...gatewayExtras(),
    ...http,
    ...(readinessChecks ? { readinessChecks } : {}),
  });
  return {
    gateway,
    store,
    logLines: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    async stop() {
      await gateway.stop();
      await queue.stop();
      await store.stop();
    },
  };
}

export const okCheck = (name: string): ReadinessCheck => ({ name, ping: async () => {} });
export const failingCheck = (name: string, message: string): ReadinessCheck => ({
  name,
  ping: async () => {
    throw new Error(message);
  },
});

/** The gateway's route table over real services (for tests that walk every route: roles, the OpenAPI document). */
export function testRouteTable(store: Store, queue: JobQueue) {
  const auth = loadConfig(authSection, {});
  const extras = gatewayExtras();
  const clusters = new ClusterRegistry({ store, queue, ...extras });
  const logger = createLogger({ name: "test", level: "silent" });
  return routeTable({
    store,
    box: extras.box,
    login: loginService(store, auth),
    auth,
    clusters,
    // Never reaches Kafka: the table is read for its routes.
    actions: new ClusterActions({ store, queue, box: extras.box, logger, clients: new KafkaClients() }),
    operations: new OperationService({ store, clusters, queue }),
  });
}
