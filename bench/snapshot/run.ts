/**
 * bench/snapshot: a 3c3b cluster with 2,000 topics × 5 partitions and 2,000 consumer groups with
 * lag. Prints the snapshot's wall time and the collector's peak memory, and in the same run the time Kafka's own
 * command-line tools (from the same Maven jars) take to read the same facts. Target: under 3 s, and faster than the
 * tools together.
 *
 *   npm run bench:snapshot [-- --topics 2000 --partitions 5 --groups 2000]
 */
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { generateData, makeRunDir, resolveKafka, runKafkaTool, startCluster } from "@kcp/test-infra";
import { mebibytes, percentile, runNodeScript, seconds, table } from "../common/report.js";

const { values } = parseArgs({
  options: {
    topics: { type: "string", default: "2000" },
    partitions: { type: "string", default: "5" },
    groups: { type: "string", default: "2000" },
    runs: { type: "string", default: "5" },
  },
});
const LAG = 3;
const shape = { topics: Number(values.topics), partitions: Number(values.partitions), groups: Number(values.groups) };

interface CollectFigures {
  durations: number[];
  maxRssBytes: number;
  peakHeapBytes: number;
  facts: { topics: number; partitions: number; groups: number; totalLag: number; errors: string[]; bytes: number };
  /** Wall time of each part of the best collection (parts run side by side, so they overlap). */
  timingsOfBest: Record<string, number>;
}

// 10,000 partitions × 3 replicas on three brokers need more heap than the tests' small JVMs, and the brokers run with
// the JVM's full JIT as in production: the tests' C1-only flag (quick start-up) makes large requests slower to serve.
process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -Xmx1536m -XX:TieredStopAtLevel=4`.trim();
const cluster = await startCluster({ topology: "3c3b", name: "bench-snapshot" });
try {
  await generateData(cluster, { ...shape, messagesPerPartition: 10, lagPerPartition: LAG });
  const servers = cluster.bootstrapServers.join(",");
  const collector = await runNodeScript<CollectFigures>(fileURLToPath(new URL("./collect-once.ts", import.meta.url)), [
    servers,
    values.runs,
  ]);

  const runtime = await resolveKafka(cluster.version);
  const logs = await makeRunDir("bench-tools");
  const tools: [string, string, string[]][] = [
    ["kafka-topics --describe", "org.apache.kafka.tools.TopicCommand", ["--describe"]],
    [
      "kafka-consumer-groups --describe --all-groups",
      "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand",
      ["--describe", "--all-groups"],
    ],
    ["kafka-log-dirs --describe", "org.apache.kafka.tools.LogDirsCommand", ["--describe"]],
    [
      "kafka-metadata-quorum describe --replication",
      "org.apache.kafka.tools.MetadataQuorumCommand",
      ["describe", "--replication"],
    ],
  ];
  const toolTimes: [string, number][] = [];
  for (const [label, mainClass, args] of tools) {
    const started = performance.now();
    await runKafkaTool(runtime, mainClass, ["--bootstrap-server", servers, ...args], logs);
    toolTimes.push([label, performance.now() - started]);
  }
  const toolsTotal = toolTimes.reduce((sum, [, ms]) => sum + ms, 0);
  const [cold = 0, ...warm] = collector.durations;
  const best = Math.min(cold, ...warm);
  const warmMedian =
    warm.length > 0
      ? percentile(
          [...warm].sort((a, b) => a - b),
          50,
        )
      : cold;

  table(`Snapshot of a 3c3b cluster (Kafka ${cluster.version}), ${new Date().toISOString()}`, [
    ["topics / partitions", `${collector.facts.topics} / ${collector.facts.partitions} (internal topics included)`],
    [
      "consumer groups / total lag",
      `${collector.facts.groups} / ${collector.facts.totalLag} (generated: ${shape.groups * shape.partitions * LAG})`,
    ],
    ["snapshot errors", collector.facts.errors.length === 0 ? "none" : collector.facts.errors.join("; ")],
    ["snapshot size (JSON)", mebibytes(collector.facts.bytes)],
    ["snapshot, first (new process and client)", seconds(cold)],
    [
      "snapshot, later runs (new client each)",
      warm.length > 0 ? `median ${seconds(warmMedian)}, best ${seconds(Math.min(...warm))}` : "—",
    ],
    ["collector peak RSS / heap", `${mebibytes(collector.maxRssBytes)} / ${mebibytes(collector.peakHeapBytes)}`],
  ]);
  table(
    "Where the best snapshot's time went (parts run side by side and overlap)",
    Object.entries(collector.timingsOfBest)
      .sort(([, a], [, b]) => b - a)
      .map(([part, ms]): [string, string] => [part, seconds(ms)]),
  );
  table("Kafka's command-line tools, same jars, same facts (each a JVM start, as users run them)", [
    ...toolTimes.map(([label, ms]): [string, string] => [label, seconds(ms)]),
    ["together", seconds(toolsTotal)],
  ]);
  table("Targets", [
    [
      "snapshot under 3 s",
      `first run ${cold < 3000 ? "met" : "NOT met"} (${seconds(cold)}); later runs ${warmMedian < 3000 ? "met" : "NOT met"} (median ${seconds(warmMedian)})`,
    ],
    [
      "faster than the tools together",
      `${cold < toolsTotal ? "met" : "NOT met"} (${(toolsTotal / best).toFixed(1)}× faster at best)`,
    ],
  ]);
} finally {
  await cluster.stop();
}
