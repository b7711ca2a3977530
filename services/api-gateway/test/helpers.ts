import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { Metrics } from "@kcp/metrics";
import { serviceContext } from "@kcp/process";
import { InProcessQueue, type JobQueue } from "@kcp/queue";
import { createLogger, type Logger, type ReadinessCheck, SecretBox, secretKeyFromBytes } from "@kcp/shared";
import { EmbeddedStore, type Store } from "@kcp/store";
import {
  type GatewayContext,
  type GatewayOptions,
  gatewayConfig,
  gatewayContext,
  type RunningGateway,
  routeTable,
  startGateway,
} from "../src/index.js";

export interface TestGateway {
  gateway: RunningGateway;
  store: EmbeddedStore;
  logLines: () => Record<string, unknown>[];
  stop(): Promise<void>;
}

export const TEST_ADMIN = { username: "admin", password: "test-admin-password" };

/**
 * A gateway's context as its module builds it, over the store and queue given: the configuration of `env` over the
 * defaults, a fresh secret key, its process's own Kafka clients (the caller stops them: `context.kafkaClients.stop()`).
 */
export function testGatewayContext(
  store: Store,
  queue: JobQueue,
  logger: Logger,
  env: Record<string, string> = {},
): GatewayContext {
  const config = gatewayConfig(env);
  const box = new SecretBox(secretKeyFromBytes(randomBytes(32)));
  const process = serviceContext({ store, queue, metrics: new Metrics({ service: "api-gateway" }) }, logger, config, {
    box,
  });
  return gatewayContext(config, process, box);
}

/** A real gateway on a free loopback port over the store and queue given; its Kafka clients close when it stops. */
export async function startGatewayOver(
  store: Store,
  queue: JobQueue,
  logger: Logger,
  env: Record<string, string> = {},
  options: Partial<GatewayOptions> = {},
): Promise<RunningGateway> {
  const context = testGatewayContext(store, queue, logger, env);
  const gateway = await startGateway(context, { host: "127.0.0.1", port: 0, shutdownTimeoutMs: 2000, ...options });
  return {
    ...gateway,
    async stop() {
      await gateway.stop();
      await context.kafkaClients.stop();
    },
  };
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
  const gateway = await startGatewayOver(
    store,
    queue,
    logger,
    { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password, ...authEnv },
    { ...http, ...(readinessChecks ? { readinessChecks } : {}) },
  );
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
  // Never reaches Kafka: the table is read for its routes.
  return routeTable(testGatewayContext(store, queue, createLogger({ name: "test", level: "silent" })));
}
