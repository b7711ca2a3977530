import { randomUUID } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { createAuditService } from "@kcp/audit";
import { BullMqQueue, InProcessQueue, type JobQueue } from "@kcp/queue";
import { createLogger } from "@kcp/shared";
import { EmbeddedStore, MongoStore, type Store } from "@kcp/store";
import { getSharedMongo, startRedis } from "@kcp/test-infra";
import type { RunningGateway } from "../src/index.js";
import { startGatewayOver, TEST_ADMIN } from "./helpers.js";

export interface AuthFixture {
  store: Store;
  queue: JobQueue;
  gateways: RunningGateway[];
  logs: () => string;
  /** Stops the Redis behind the queue (distributed only). */
  stopQueueServer?: () => Promise<void>;
  restartQueueServer?: () => Promise<void>;
  stop(): Promise<void>;
}

interface Backend {
  store: Store;
  queue: () => JobQueue;
  cleanup: () => Promise<void>;
  stopQueueServer?: () => Promise<void>;
  restartQueueServer?: () => Promise<void>;
}

async function embeddedBackend(): Promise<Backend> {
  const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-auth-")));
  const queue = new InProcessQueue();
  return { store, queue: () => queue, cleanup: () => store.stop() };
}

async function distributedBackend(): Promise<Backend> {
  const mongo = await getSharedMongo();
  const redis = await startRedis();
  const store = await MongoStore.open({ url: mongo.url, dbName: `auth_${randomUUID().replaceAll("-", "")}` });
  const prefix = `auth-${randomUUID()}`;
  const logger = createLogger({ name: "queue", level: "silent" });
  return {
    store,
    queue: () => new BullMqQueue({ url: redis.url, prefix, logger }),
    cleanup: async () => {
      await store.stop();
      await redis.stop();
    },
    stopQueueServer: () => redis.stop(),
    restartQueueServer: () => redis.restart(),
  };
}

/**
 * Gateways (several, sharing one store and queue, as instances behind a load balancer) and the audit service, on the
 * embedded adapters or on MongoDB (FerretDB) + BullMQ (Redis). `authEnv` adds settings of the auth section.
 */
export async function startAuthFixture(
  kind: "embedded" | "distributed",
  instances = 1,
  trustProxy = "false",
  authEnv: Record<string, string> = {},
) {
  const backend = kind === "embedded" ? await embeddedBackend() : await distributedBackend();
  const stream = new PassThrough();
  let logs = "";
  stream.on("data", (chunk: Buffer) => {
    logs += chunk.toString("utf8");
  });
  const logger = createLogger({ name: "auth-test", level: "info", destination: stream });
  const env = {
    ADMIN_USERNAME: TEST_ADMIN.username,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    TRUST_PROXY: trustProxy,
    // The suite checks the entries of failed logins, many a minute from one address: each gets its own.
    LOGIN_FAILURES_AUDITED_PER_MINUTE: "100000",
    ...authEnv,
  };
  const queues = Array.from({ length: instances + 1 }, () => backend.queue());
  const unique = [...new Set(queues)];
  const auditService = createAuditService({ logger, store: backend.store, queue: queues[instances] as JobQueue });
  await auditService.start();
  const gateways: RunningGateway[] = [];
  for (let i = 0; i < instances; i++) {
    gateways.push(await startGatewayOver(backend.store, queues[i] as JobQueue, logger, env));
  }
  const fixture: AuthFixture = {
    store: backend.store,
    queue: queues[0] as JobQueue,
    gateways,
    logs: () => logs,
    async stop() {
      for (const gateway of gateways) await gateway.stop();
      await auditService.stop();
      await Promise.all(unique.map((queue) => queue.stop()));
      await backend.cleanup();
    },
    ...(backend.stopQueueServer ? { stopQueueServer: backend.stopQueueServer } : {}),
    ...(backend.restartQueueServer ? { restartQueueServer: backend.restartQueueServer } : {}),
  };
  return fixture;
}
