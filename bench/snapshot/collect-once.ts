/**
 * One collector's work, in a process of its own so its peak memory is its own: collects the cluster `runs` times
 * (the first on fresh connections, as a collector does after a restart) and prints the figures as JSON.
 */
import { collectSnapshot, KafkaClient } from "@kcp/kafka";

const [servers = "", runsText = "3"] = process.argv.slice(2);
const durations: number[] = [];
let peakHeap = 0;
const sampler = setInterval(() => {
  peakHeap = Math.max(peakHeap, process.memoryUsage().heapUsed);
}, 5);
let facts = {};
let timingsOfBest: Record<string, number> = {};
for (let run = 0; run < Number(runsText); run++) {
  const client = KafkaClient.open({
    bootstrapServers: servers.split(","),
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
  });
  const started = performance.now();
  const { snapshot, timings } = await collectSnapshot(client, { timeoutMs: 60_000 });
  const duration = performance.now() - started;
  if (durations.every((d) => d > duration)) timingsOfBest = timings;
  durations.push(duration);
  await client.close();
  facts = {
    topics: snapshot.topics.length,
    partitions: snapshot.topics.reduce((n, t) => n + t.partitions.length, 0),
    groups: snapshot.groups.length,
    totalLag: snapshot.groups.reduce((n, g) => n + g.lag, 0),
    voters: snapshot.quorum?.voters.length ?? 0,
    errors: snapshot.errors,
    bytes: JSON.stringify(snapshot).length,
  };
}
clearInterval(sampler);
const maxRssBytes = process.resourceUsage().maxRSS * 1024;
process.stdout.write(`${JSON.stringify({ durations, maxRssBytes, peakHeapBytes: peakHeap, facts, timingsOfBest })}\n`);
