/**
 * bench/browse: browsing a topic of 10,000 partitions through the API of a standalone service —
 * the newest messages, the oldest, from a timestamp, one partition from an offset, and a filter that matches nothing
 * (the scan cap's worst case) — median and p95 of each. In the same run, Kafka's own console consumer from the same
 * jars reads 50 messages from the beginning of the same topic (a JVM start and a consumer group, as users run it).
 *
 *   npm run bench:browse [-- --partitions 10000 --messages 20 --runs 10]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLogger, loadConfig } from "@kcp/shared";
import { standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import {
  apiClient,
  createTopic,
  IDEMPOTENT,
  kafkaToolOn,
  startCluster,
  waitForTopicLeaders,
  withAdmin,
} from "@kcp/test-infra";
import { Producer } from "@platformatic/kafka";
import { percentile, seconds, table } from "../common/report.js";

const { values } = parseArgs({
  options: {
    partitions: { type: "string", default: "10000" },
    messages: { type: "string", default: "20" },
    runs: { type: "string", default: "10" },
  },
});
const partitions = Number(values.partitions);
const perPartition = Number(values.messages);
const runs = Number(values.runs);
const CONSOLE_CONSUMER = "org.apache.kafka.tools.consumer.ConsoleConsumer";
const BASE = Date.parse("2026-01-01T00:00:00Z");
const milliseconds = (ms: number) => `${ms.toFixed(1)} ms`;

interface Page {
  messages: unknown[];
  scanned: number;
  stoppedBy: string;
  partitions: { from: number; to: number; scanned: number; highWatermark: number }[];
  partitionsRead: number;
  unavailablePartitions: number[];
  cursor: string | null;
}

// The broker runs with the JVM's full JIT, as in production (the tests' nodes use C1 only, for a quick start-up).
process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -XX:TieredStopAtLevel=4`.trim();
const cluster = await startCluster({ topology: "single", name: "bench-browse" });
const dataDir = await mkdtemp(join(tmpdir(), "kcp-bench-browse-"));
try {
  const topic = "bench-browse";
  const setupStarted = performance.now();
  // Kafka refuses a CreateTopics of 10,000 partitions as one excessively large batch: half, then the rest.
  const firstHalf = Math.min(partitions, 5000);
  // The records carry timestamps of 2026-01-01: no time retention, or the broker deletes them during the run.
  const configs = { "retention.ms": "-1" };
  await createTopic(cluster, { name: topic, partitions: firstHalf, replicationFactor: 1, configs });
  for (let count = firstHalf; count < partitions; ) {
    count = Math.min(partitions, count + 5000);
    const total = count;
    await withAdmin(cluster, async (admin) => {
      await admin.createPartitions({ topics: [{ name: topic, count: total }] });
      await waitForTopicLeaders(admin, [topic]);
    });
  }
  const producer = new Producer({ ...cluster.clientOptions(undefined, "bench-browse-producer"), ...IDEMPOTENT });
  try {
    // Record i of partition p is at BASE + i s + p ms.
    for (let i = 0; i < perPartition; i++) {
      for (let chunk = 0; chunk < partitions; chunk += 1000) {
        const messages = Array.from({ length: Math.min(1000, partitions - chunk) }, (_, j) => chunk + j).map((p) => ({
          topic,
          partition: p,
          key: Buffer.from(`key-${p}`),
          value: Buffer.from(JSON.stringify({ partition: p, index: i, payload: "x".repeat(64) })),
          timestamp: BigInt(BASE + i * 1000 + p),
        }));
        // Right after 5,000 partitions are added the broker may still be opening their logs: try again a few times
        // (a retried chunk may be written twice).
        for (let attempt = 1; ; attempt++) {
          try {
            await producer.send({ messages, acks: -1 });
            break;
          } catch (error) {
            if (attempt >= 10) throw error;
            await new Promise((resolve) => setTimeout(resolve, 3000));
          }
        }
      }
    }
  } finally {
    await producer.close();
  }
  const setup = performance.now() - setupStarted;
  // What the topic holds, as Kafka's own tool counts it (the log end of each partition; retried chunks count twice).
  const ends = (await kafkaToolOn(cluster, "org.apache.kafka.tools.GetOffsetShell", ["--topic", topic]))
    .split("\n")
    .map((line) => Number(line.trim().split(":")[2]))
    .filter((n) => Number.isFinite(n));
  const stored = `${ends.reduce((a, b) => a + b, 0)} records, ${ends.filter((n) => n === 0).length} of ${ends.length} partitions empty`;

  const admin = { username: "admin", password: "bench-browse-admin" };
  const config = loadConfig(standaloneConfigSchema, {
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    COLLECT_TIMEOUT_MS: "60000",
  });
  const service = await startStandalone(config, createLogger({ name: "bench-browse", level: "silent" }));
  try {
    const api = apiClient(service.gateway.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "bench-browse", bootstrapServers: cluster.bootstrapServers },
    });
    const base = `/api/v1/clusters/${registered.body.cluster.id}/topics/${topic}/messages`;

    /** Median and p95 of `runs` reads of the page, with what the last one answered. */
    async function timed(label: string, query: string): Promise<[string, string]> {
      const durations: number[] = [];
      let last: Page | undefined;
      let bytes = 0;
      for (let i = 0; i < runs; i++) {
        const started = performance.now();
        const response = await api<Page>("GET", `${base}?${query}`, { token });
        durations.push(performance.now() - started);
        if (response.status !== 200)
          return [label, `answered ${response.status} after ${seconds(durations.at(-1) ?? 0)}: ${response.text}`];
        last = response.body;
        bytes = response.text.length;
      }
      const sorted = durations.sort((a, b) => a - b);
      const page = last as Page;
      return [
        label,
        `median ${milliseconds(percentile(sorted, 50))}, p95 ${milliseconds(percentile(sorted, 95))}; ` +
          `${page.messages.length} messages, ${page.scanned} scanned in ${page.partitionsRead} partitions ` +
          `(${page.unavailablePartitions.length} unavailable; listed: ${page.partitions.reduce((n, p) => n + p.to - p.from, 0)} offsets covered, ` +
          `${page.partitions.filter((p) => p.scanned !== p.to - p.from).length} with gaps), ` +
          `stopped by ${page.stoppedBy}, ${Math.round(bytes / 1024)} KiB, cursor ${page.cursor?.length ?? 0} chars`,
      ];
    }

    const middle = new Date(BASE + Math.floor(perPartition / 2) * 1000).toISOString();
    const ours = [
      await timed("newest 50 (from=end), every partition", "limit=50"),
      await timed("newest 500 (from=end), every partition", "limit=500"),
      await timed("oldest 50 (from=beginning), every partition", "from=beginning&limit=50"),
      await timed("50 from a timestamp, every partition", `from=timestamp&timestamp=${middle}&limit=50`),
      await timed("50 from an offset, one partition", `partition=${partitions >> 1}&from=offset&offset=0&limit=50`),
      await timed("filter matching nothing, maxScan 10,000", "from=beginning&filter=no-such-text&maxScan=10000"),
      await timed("filter matching nothing, maxScan 100,000", "from=beginning&filter=no-such-text&maxScan=100000"),
    ];
    const toolStarted = performance.now();
    await kafkaToolOn(cluster, CONSOLE_CONSUMER, [
      "--topic",
      topic,
      "--from-beginning",
      "--max-messages",
      "50",
      "--timeout-ms",
      "120000",
    ]);
    const tool = performance.now() - toolStarted;

    table(
      `${partitions} partitions × ${perPartition} messages on a single node (Kafka ${cluster.version}), ${new Date().toISOString()}`,
      [["set-up (create topic, produce)", seconds(setup)], ["kafka-get-offsets: the topic holds", stored], ...ours],
    );
    table("Kafka's console consumer, same jars (a JVM start and a consumer group, as users run it)", [
      ["kafka-console-consumer --from-beginning --max-messages 50", seconds(tool)],
    ]);
  } finally {
    for (const component of service.components) await component.stop();
  }
} finally {
  await cluster.stop();
  await rm(dataDir, { recursive: true, force: true });
}
