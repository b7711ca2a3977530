/**
 * bench/planner, side by side: one real `3c3b` cluster (Kafka from the Maven jars) with 3,000 partitions of
 * RF 2 all on brokers 4 and 5 (as if broker 6 had just joined) and skewed sizes. Our planner (on a snapshot the service
 * would take) and `kafka-reassign-partitions --generate` from the same jars answer the same question — place every
 * topic over brokers 4, 5, 6 — and are compared: replicas and bytes moved, resulting replica, leader and data spreads,
 * time. Nothing is executed.
 *
 *   npm run bench:planner-vs-generate [-- --topics 30 --partitions 100]
 */
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { KafkaAdmin } from "@kcp/kafka";
import { ALL_GOALS, loadOf, planMoves, plannerModel } from "@kcp/operations";
import { createTopic, produceMessages, resolveKafka, runKafkaTool, startCluster, waitFor } from "@kcp/test-infra";
import { seconds, table } from "../common/report.js";

const { values } = parseArgs({
  options: { topics: { type: "string", default: "30" }, partitions: { type: "string", default: "100" } },
});
const topics = Number(values.topics);
const partitionsPerTopic = Number(values.partitions);
const mib = (bytes: number) => `${(bytes / 1024 ** 2).toFixed(1)} MiB`;

process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -XX:TieredStopAtLevel=4`.trim();
const cluster = await startCluster({ topology: "3c3b", name: "bench-planner" });
try {
  process.stderr.write(
    `bench: ${topics} topics × ${partitionsPerTopic} partitions (RF 2), all moved to brokers 4 and 5\n`,
  );
  const names = Array.from({ length: topics }, (_, i) => `bench-${String(i).padStart(3, "0")}`);
  for (const name of names) await createTopic(cluster, { name, partitions: partitionsPerTopic, replicationFactor: 2 });
  const admin = KafkaAdmin.open({
    bootstrapServers: cluster.bootstrapServers,
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
  });
  // Broker 6 looks just added: every replica on brokers 4 and 5 (one request; the topics are still empty).
  await admin.alterReassignments(
    names.flatMap((topic) =>
      Array.from({ length: partitionsPerTopic }, (_, partition) => ({
        topic,
        partition,
        replicas: partition % 2 === 0 ? [4, 5] : [5, 4],
      })),
    ),
  );
  await waitFor("the reassignments", async () => ((await admin.listReassignments()).length === 0 ? true : undefined), {
    timeoutMs: 300_000,
  });
  // Leaders moved with the replicas: let the producers see settled leaders.
  await waitFor("the new leaders", async () => {
    await produceMessages(cluster, names[0] as string, 1);
    return true;
  });
  // Skewed sizes: topic i gets i² × 4 records of 1 KiB.
  for (const [i, name] of names.entries())
    if (i > 0)
      await produceMessages(cluster, name, i * i * 4, { key: (n) => `k${n}`, value: (n) => `${n}`.padEnd(1024, ".") });

  const snapshot = await admin.snapshot(60_000);
  await admin.close();
  const model = plannerModel(snapshot);
  const ours = (() => {
    const started = performance.now();
    const plan = planMoves({ ...model, emptied: [], goals: new Set(ALL_GOALS), mode: "rebalance" });
    return { plan, ms: performance.now() - started };
  })();

  const dir = await mkdtemp(join(tmpdir(), "kcp-bench-generate-"));
  const topicsFile = join(dir, "topics.json");
  await writeFile(topicsFile, JSON.stringify({ version: 1, topics: names.map((topic) => ({ topic })) }));
  const toolStarted = performance.now();
  const out = await runKafkaTool(
    await resolveKafka(cluster.version),
    "org.apache.kafka.tools.reassign.ReassignPartitionsCommand",
    [
      "--bootstrap-server",
      cluster.bootstrapServers.join(","),
      "--generate",
      "--topics-to-move-json-file",
      topicsFile,
      "--broker-list",
      "4,5,6",
    ],
    dir,
  );
  const toolMs = performance.now() - toolStarted;
  const proposed = JSON.parse(
    out.split("Proposed partition reassignment configuration")[1]?.trim().split("\n")[0] ?? "{}",
  ) as {
    partitions: { topic: string; partition: number; replicas: number[] }[];
  };
  const byKey = new Map(proposed.partitions.map((p) => [`${p.topic}:${p.partition}`, p.replicas]));
  const tool = model.partitions.map((p) => byKey.get(`${p.topic}:${p.partition}`) ?? p.replicas);
  let toolReplicaMoves = 0;
  let toolBytes = 0;
  model.partitions.forEach((p, i) => {
    const moved = (tool[i] ?? []).filter((id) => !p.replicas.includes(id)).length;
    toolReplicaMoves += moved;
    toolBytes += moved * p.sizeBytes;
  });
  const eligible = new Set([4, 5, 6]);
  const toolLoad = loadOf(
    model.brokers,
    eligible,
    model.partitions,
    (i) => tool[i] ?? [],
    (i) => tool[i]?.[0] ?? -1,
  );
  const plan = ours.plan;
  table(
    `3c3b, ${model.partitions.length} partitions of RF 2 on brokers 4 and 5, broker 6 empty (${mib(snapshot.topics.reduce((n, t) => n + t.sizeBytes, 0))} of data)`,
    [
      ["", "our planner  |  kafka-reassign-partitions --generate"],
      ["replicas moved", `${plan.moves.reduce((n, m) => n + m.replicaMoves, 0)}  |  ${toolReplicaMoves}`],
      ["data moved", `${mib(plan.dataToMoveBytes)} (lower bound ${mib(plan.lowerBoundBytes)})  |  ${mib(toolBytes)}`],
      [
        "replica spread after (before)",
        `${plan.after.replicaSpread} (${plan.before.replicaSpread})  |  ${toolLoad.replicaSpread}`,
      ],
      [
        "leader spread after (before)",
        `${plan.after.leaderSpread} (${plan.before.leaderSpread})  |  ${toolLoad.leaderSpread}`,
      ],
      [
        "data spread after (before)",
        `${mib(plan.after.dataSpreadBytes)} (${mib(plan.before.dataSpreadBytes)})  |  ${mib(toolLoad.dataSpreadBytes)}`,
      ],
      [
        "time",
        `${seconds(ours.ms)} (the snapshot it plans from is bench:snapshot's)  |  ${seconds(toolMs)} (JVM start included)`,
      ],
    ],
  );
} finally {
  await cluster.stop();
}
