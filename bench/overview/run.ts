/**
 * bench/overview: 100 registered clusters with stored views (each with a 500-topic snapshot);
 * `GET /overview` latency under load from a second process, beside `GET /healthz` under the same load as the
 * reference (the HTTP stack alone). The clusters' bootstrap address is a listener that counts connections: any Kafka
 * call on the request path would show there. Target: median under 20 ms.
 *
 *   npm run bench:overview [-- --clusters 100 --requests 3000 --concurrency 1,4,8]
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync } from "node:fs";
import { createServer } from "node:net";
import { availableParallelism, tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gatewayConfig, gatewayContext, startGateway } from "@kcp/api-gateway";
import { newClusterRecord } from "@kcp/clusters";
import { DEFAULT_HEALTH_THRESHOLDS, deriveCapabilities, deriveHealth } from "@kcp/kafka";
import { Metrics } from "@kcp/metrics";
import { serviceContext } from "@kcp/process";
import { InProcessQueue } from "@kcp/queue";
import { ConnectionProfileSchema, createLogger, SecretBox, secretKeyFromBytes } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { percentile, runNodeScript, table } from "../common/report.js";
import { syntheticSnapshot } from "./synthetic-cluster.js";

const { values } = parseArgs({
  options: {
    clusters: { type: "string", default: "100" },
    requests: { type: "string", default: "3000" },
    /** Comma-separated load levels, each measured in turn. */
    concurrency: { type: "string", default: "1,4,8" },
  },
});

let kafkaConnections = 0;
const fakeKafka = createServer((socket) => {
  kafkaConnections++;
  socket.destroy();
});
await new Promise<void>((resolve) => fakeKafka.listen(0, "127.0.0.1", resolve));
const address = fakeKafka.address();
const bootstrap = typeof address === "object" && address ? `127.0.0.1:${address.port}` : "";

const box = new SecretBox(secretKeyFromBytes(randomBytes(32)));
const store = new EmbeddedStore(mkdtempSync(join(tmpdir(), "kcp-bench-overview-")));
for (let i = 0; i < Number(values.clusters); i++) {
  const profile = ConnectionProfileSchema.parse({
    name: `cluster-${String(i).padStart(3, "0")}`,
    bootstrapServers: [bootstrap],
    security: { protocol: "SASL_SSL", saslMechanism: "SCRAM-SHA-512", username: "svc" },
    secrets: { password: "bench-password" },
    labels: { env: i % 2 ? "prod" : "staging", team: `team-${i % 7}` },
  });
  const record = await store.clusters.create(newClusterRecord(profile, box, `cluster-${i}`));
  const snapshot = syntheticSnapshot(i, 500, 6);
  const apiVersions = new Map([...Array(93).keys()].map((key) => [key, { min: 0, max: 12 }]));
  await store.clusterViews.put({
    clusterId: record.id,
    snapshot: snapshot as unknown as Record<string, unknown>,
    health: deriveHealth(snapshot, DEFAULT_HEALTH_THRESHOLDS, new Date()) as unknown as Record<string, unknown>,
    capabilities: deriveCapabilities({
      profile: { provider: "external", flavor: "oss" },
      snapshot,
      apiVersions,
      authorizedOperations: null,
    }) as unknown as Record<string, unknown>,
    updatedAt: new Date(),
  });
}

const queue = new InProcessQueue();
const admin = { username: "admin", password: "bench-admin-password" };
const config = gatewayConfig({ ADMIN_USERNAME: admin.username, ADMIN_PASSWORD: admin.password });
const logger = createLogger({ name: "bench", level: "warn" });
const context = serviceContext({ store, queue, metrics: new Metrics({ service: "api-gateway" }) }, logger, config, {
  box,
});
const gateway = await startGateway(gatewayContext(config, context, box), {
  host: "127.0.0.1",
  port: 0,
  shutdownTimeoutMs: 2000,
});

try {
  const login = await fetch(`${gateway.url}/api/v1/auth/login`, {
    method: "POST",
    headers: { "content-type": "application/json", "x-service-request": "1" },
    body: JSON.stringify(admin),
  });
  const { token } = (await login.json()) as { token: string };
  const loader = fileURLToPath(new URL("./load.ts", import.meta.url));
  const measure = async (path: string, concurrency: string) => {
    const args = [`${gateway.url}${path}`, token, values.requests, concurrency];
    await runNodeScript(loader, [`${gateway.url}${path}`, token, "200", concurrency]); // warm-up
    const { latencies, failures } = await runNodeScript<{ latencies: number[]; failures: number }>(loader, args);
    const sorted = [...latencies].sort((a, b) => a - b);
    return { median: percentile(sorted, 50), p99: percentile(sorted, 99), failures, count: sorted.length };
  };
  const sample = await (
    await fetch(`${gateway.url}/api/v1/overview`, { headers: { authorization: `Bearer ${token}` } })
  ).text();
  const ms = (value: number) => `${value.toFixed(2)} ms`;
  process.stdout.write(
    `\nGET /overview with ${values.clusters} clusters (${(sample.length / 1024).toFixed(0)} KiB, snapshots excluded), ` +
      `clients in a second process on the same ${availableParallelism()} cores\n`,
  );
  for (const concurrency of (values.concurrency ?? "8").split(",")) {
    const before = kafkaConnections;
    const overview = await measure("/api/v1/overview", concurrency);
    const healthz = await measure("/healthz", concurrency);
    table(`${concurrency} concurrent client(s), ${overview.count} requests each`, [
      ["overview median / p99", `${ms(overview.median)} / ${ms(overview.p99)} (${overview.failures} failed)`],
      ["reference: /healthz median / p99", `${ms(healthz.median)} / ${ms(healthz.p99)}`],
      ["Kafka connections during the load", String(kafkaConnections - before)],
      ["target: median under 20 ms", overview.median < 20 ? "met" : "NOT met"],
    ]);
  }
} finally {
  await gateway.stop();
  await context.kafkaClients.stop();
  await queue.stop();
  await store.stop();
  fakeKafka.close();
}
