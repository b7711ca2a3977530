/**
 * bench/groups: 10,000 consumer groups with committed offsets on one cluster. Users of other consoles report
 * timeouts at this size; here the groups list (a page, a search) and one group's detail are timed through the API of
 * a standalone service, and in the same run Kafka's own tool from the same jars answers the same questions
 * (`kafka-consumer-groups --list`, `--describe --group`; each a JVM start, as users run it).
 *
 *   npm run bench:groups [-- --groups 10000 --topics 100 --runs 20]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLogger, loadConfig } from "@kcp/shared";
import { standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { apiClient, generateData, kafkaToolOn, startCluster } from "@kcp/test-infra";
import { percentile, seconds, table } from "../common/report.js";

const { values } = parseArgs({
  options: {
    groups: { type: "string", default: "10000" },
    topics: { type: "string", default: "100" },
    runs: { type: "string", default: "20" },
  },
});
const shape = { groups: Number(values.groups), topics: Number(values.topics), partitions: 5 };
const runs = Number(values.runs);
const GROUP_TOOL = "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand";

const milliseconds = (ms: number) => `${ms.toFixed(1)} ms`;

/** Median and p95 of `runs` timed calls of `work`, which must answer 200. */
async function timed(label: string, work: () => Promise<{ status: number; text: string }>) {
  const durations: number[] = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const started = performance.now();
    const response = await work();
    durations.push(performance.now() - started);
    if (response.status !== 200) throw new Error(`${label} answered ${response.status}: ${response.text}`);
    bytes = response.text.length;
  }
  const sorted = durations.sort((a, b) => a - b);
  return [
    label,
    `median ${milliseconds(percentile(sorted, 50))}, p95 ${milliseconds(percentile(sorted, 95))}, ${Math.round(bytes / 1024)} KiB`,
  ] as [string, string];
}

async function toolTime(args: string[]): Promise<number> {
  const started = performance.now();
  await kafkaToolOn(cluster, GROUP_TOOL, args);
  return performance.now() - started;
}

// The broker runs with the JVM's full JIT, as in production (the tests' nodes use C1 only, for a quick start-up).
process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -XX:TieredStopAtLevel=4`.trim();
const cluster = await startCluster({ topology: "single", name: "bench-groups" });
const dataDir = await mkdtemp(join(tmpdir(), "kcp-bench-groups-"));
try {
  const data = await generateData(cluster, { ...shape, messagesPerPartition: 10, lagPerPartition: 3, prefix: "bench" });
  const admin = { username: "admin", password: "bench-groups-admin" };
  const config = loadConfig(standaloneConfigSchema, {
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    COLLECT_TIMEOUT_MS: "60000",
  });
  const service = await startStandalone(config, createLogger({ name: "bench-groups", level: "silent" }));
  try {
    const api = apiClient(service.gateway.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "bench-groups", bootstrapServers: cluster.bootstrapServers },
    });
    const base = `/api/v1/clusters/${registered.body.cluster.id}`;
    const get = (path: string) => api("GET", `${base}${path}`, { token });
    const someGroup = data.groups[Math.floor(data.groups.length / 2)] ?? "";
    const total = (await api<{ total: number }>("GET", `${base}/groups?limit=1`, { token })).body.total;

    const ours = [
      await timed("groups list, first page of 100", () => get("/groups?limit=100")),
      await timed("groups list, last page", () => get(`/groups?limit=100&offset=${Math.max(0, total - 100)}`)),
      await timed("groups list, search for one id", () => get(`/groups?search=${someGroup}`)),
      await timed("one group's detail (5 partitions with lag)", () => get(`/groups/${someGroup}`)),
    ];
    const toolList = await toolTime(["--list"]);
    const toolDescribe = await toolTime(["--describe", "--group", someGroup]);

    table(`${total} groups on a single node (Kafka ${cluster.version}), ${new Date().toISOString()}`, [
      ["groups generated / listed", `${shape.groups} / ${total}`],
      ...ours,
    ]);
    table("Kafka's command-line tool, same jars (each a JVM start, as users run it)", [
      ["kafka-consumer-groups --list", seconds(toolList)],
      ["kafka-consumer-groups --describe --group", seconds(toolDescribe)],
    ]);
  } finally {
    for (const component of service.components) await component.stop();
  }
} finally {
  await cluster.stop();
  await rm(dataDir, { recursive: true, force: true });
}
