/**
 * bench/desired-state: a team's desired-state files declaring 10,000 topics with their configs, planned against a
 * real cluster holding them (`POST /clusters/{id}/desired-state/plan`, createOperation false: what `kcp diff` sends),
 * through a standalone service in its own process — as they are (0 changes), and with one topic in 100 changed (a
 * config value: as many alterTopicConfigs changes). Measured: each plan's wall time (median and worst of the runs) and
 * the Kafka requests the service's process sent during it, by API, counted in that process from the Kafka client's
 * own diagnostics channel (kafka-requests.ts, loaded before the service; no product code changed). The same figures
 * at a smaller size first (2,000 topics, on the same cluster before the rest are created) show which requests grow
 * with the topics. Beside them, in the same run: the service's refresh alone (the one collection a plan makes), and
 * Kafka's own tools from the same jars reading every topic's configs (`kafka-configs --describe --entity-type topics`,
 * `kafka-topics --describe --topics-with-overrides`; each a JVM start, as users run them).
 *
 *   npm run bench:desired-state [-- --topics 10000 --smaller 2000 --per-file 1000 --changed-every 100 --runs 5]
 *
 * Target: a plan under 10 s at 10,000 topics, and Kafka requests independent of the unchanged topics' count beyond
 * one listing. Then the hostile shape (hostile.ts; `--hostile-only` runs it alone): 100 scopes of 1,000 names and
 * 1,000 prefixes planned, applied and refreshed while `/healthz` is polled, which must answer within 100 ms throughout.
 * Then plan, confirm and apply of as many new topics beside 100 (apply.ts; `--apply-only` runs it alone).
 * The reference users quote: terraform-provider-kafka plans such a cluster in 15–50 min (one read per
 * topic; its issue #388) — not measured here.
 */
import { rm } from "node:fs/promises";
import { parseArgs } from "node:util";
import { apiClient, kafkaToolOn, startCluster, waitForTopicLeaders, withAdmin } from "@kcp/test-infra";
import { percentile, seconds, table } from "../common/report.js";
import { applyShape, runApplyAlone } from "./apply.js";
import { hostileShape, runHostileAlone } from "./hostile.js";
import { type RequestCounts, requestsBetween, startCountedService } from "./service.js";

const { values } = parseArgs({
  options: {
    topics: { type: "string", default: "10000" },
    smaller: { type: "string", default: "2000" },
    "per-file": { type: "string", default: "1000" },
    "changed-every": { type: "string", default: "100" },
    runs: { type: "string", default: "5" },
    "hostile-only": { type: "boolean", default: false },
    "apply-only": { type: "boolean", default: false },
    "apply-reference": { type: "string", default: "100" },
  },
});
if (values["apply-only"]) {
  await runApplyAlone(Number(values.topics), Number(values["apply-reference"]));
  process.exit(0);
}
if (values["hostile-only"]) {
  await runHostileAlone();
  process.exit(0);
}
const topicCount = Number(values.topics);
const smaller = Math.min(Number(values.smaller), topicCount);
const perFile = Number(values["per-file"]);
const changedEvery = Number(values["changed-every"]);
const runs = Number(values.runs);
/** The schema's bounds: at most 5,000 documents a file (its Scope one of them) and 100 files a plan. */
if (perFile < 1 || perFile > 4999) throw new Error("--per-file must be 1–4999 (a file holds at most 5,000 documents)");
if (Math.ceil(topicCount / perFile) > 100) throw new Error("--topics / --per-file must make at most 100 files");

const TOPICS_PER_CREATE = 100;
const CONCURRENT_CREATES = 2;
const TOPICS_TOOL = "org.apache.kafka.tools.TopicCommand";
const CONFIGS_TOOL = "kafka.admin.ConfigCommand";
const ms = (value: number) => `${value.toFixed(0)} ms`;

/** Topic i: in file ⌊i / perFile⌋, whose scope is the prefix `bench-NN-` (no prefix is a prefix of another). */
const prefixOf = (file: number) => `bench-${String(file).padStart(2, "0")}-`;
const nameOf = (i: number) => `${prefixOf(Math.floor(i / perFile))}${String(i).padStart(5, "0")}`;
/** The configs topic i is created with: those of its create batch (one or two overrides). */
function configsOf(i: number): Record<string, string> {
  const batch = Math.floor(i / TOPICS_PER_CREATE);
  const configs: Record<string, string> = { "retention.ms": String(3_600_000 * (1 + (batch % 168))) };
  if (batch % 2 === 1) configs["max.message.bytes"] = "2097152";
  return configs;
}
/** One topic in `changedEvery` is declared with another retention.ms. */
const isChanged = (i: number) => i % changedEvery === Math.floor(changedEvery / 2);

/** Creates topics [from, to) with their configs, a batch of 100 per CreateTopics, and waits for their leaders. */
async function createTopics(from: number, to: number): Promise<number> {
  const started = performance.now();
  const batches: number[] = [];
  for (let first = from; first < to; first += TOPICS_PER_CREATE) batches.push(first);
  await withAdmin(cluster, async (admin) => {
    let next = 0;
    const worker = async () => {
      while (next < batches.length) {
        const first = batches[next++] as number;
        const names = Array.from({ length: Math.min(TOPICS_PER_CREATE, to - first) }, (_, j) => nameOf(first + j));
        const configs = Object.entries(configsOf(first)).map(([name, value]) => ({ name, value }));
        await admin.createTopics({ topics: names, partitions: 1, replicas: 1, configs });
      }
    };
    await Promise.all(Array.from({ length: CONCURRENT_CREATES }, worker));
    await waitForTopicLeaders(
      admin,
      Array.from({ length: to - from }, (_, j) => nameOf(from + j)),
      300_000,
    );
  });
  return performance.now() - started;
}

/** The plan request for topics [0, n): one file per `perFile` topics, each with its Scope; `changed`: 1 in 100 altered. */
function planBody(n: number, changed: boolean): string {
  const files = [];
  for (let file = 0; file * perFile < n; file++) {
    const documents: unknown[] = [{ kind: "Scope", topics: { prefixes: [prefixOf(file)] } }];
    for (let i = file * perFile; i < Math.min(n, (file + 1) * perFile); i++) {
      const configs = configsOf(i);
      if (changed && isChanged(i)) configs["retention.ms"] = String(Number(configs["retention.ms"]) + 60_000);
      documents.push({ kind: "Topic", name: nameOf(i), partitions: 1, replicationFactor: 1, configs });
    }
    files.push({ path: `teams/${prefixOf(file)}topics.yaml`, documents });
  }
  return JSON.stringify({ files, createOperation: false });
}

interface Timed {
  durations: number[];
  requests: { total: number; byApi: RequestCounts }[];
}

interface PlanAnswer {
  changes: { kind: string }[];
  counts: Record<string, number>;
}

// The broker runs with the JVM's full JIT, as in production (the tests' nodes use C1 only, for a quick start-up), and
// a heap for 10,000 topics.
process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -Xmx1g -XX:TieredStopAtLevel=4`.trim();
const cluster = await startCluster({ topology: "single", name: "bench-desired-state" });
const admin = { username: "admin", password: "bench-desired-state-admin" };
let service: Awaited<ReturnType<typeof startCountedService>> | undefined;
try {
  const sizes = smaller > 0 && smaller < topicCount ? [smaller, topicCount] : [topicCount];
  const createdIn = [await createTopics(0, sizes[0] as number)];
  // No collection on a timer during the run (the longest interval): each plan's requests are its own.
  service = await startCountedService(admin, { COLLECT_INTERVAL_SECONDS: "3600", COLLECT_TIMEOUT_MS: "120000" });
  const running = service;
  const api = apiClient(running.url);
  const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
  const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
    token,
    body: { name: "bench-desired-state", bootstrapServers: cluster.bootstrapServers },
  });
  if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
  const base = `${running.url}/api/v1/clusters/${registered.body.cluster.id}`;

  /** A POST of a body already serialised, timed to the whole answer read, with the Kafka requests made meanwhile. */
  async function timedPost<T>(path: string, body: string | undefined, into: Timed): Promise<T> {
    const before = await running.kafkaRequests();
    const started = performance.now();
    const response = await fetch(`${base}${path}`, {
      method: "POST",
      headers: {
        authorization: `Bearer ${token}`,
        "x-service-request": "1",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(body === undefined ? {} : { body }),
    });
    const text = await response.text();
    into.durations.push(performance.now() - started);
    into.requests.push(requestsBetween(before, await running.kafkaRequests()));
    if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 2000)}`);
    return JSON.parse(text) as T;
  }

  /** Waits until the service has sent no Kafka request for 3 s, then answers how many it sends in 10 s idle. */
  async function idleRequests(): Promise<number> {
    let last = await running.kafkaRequests();
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 3_000));
      const now = await running.kafkaRequests();
      if (requestsBetween(last, now).total === 0) break;
      last = now;
    }
    await new Promise((resolve) => setTimeout(resolve, 10_000));
    return requestsBetween(last, await running.kafkaRequests()).total;
  }

  const results = [];
  for (const [index, n] of sizes.entries()) {
    if (index > 0) createdIn.push(await createTopics(sizes[index - 1] as number, n));
    const idle = await idleRequests();
    const unchangedBody = planBody(n, false);
    const changedBody = planBody(n, true);
    const expected = Array.from({ length: n }, (_, i) => i).filter(isChanged).length;
    const refresh: Timed = { durations: [], requests: [] };
    const unchanged: Timed = { durations: [], requests: [] };
    const changed: Timed = { durations: [], requests: [] };
    /** The collection's own time as its snapshot records it (reading Kafka and assembling), per refresh. */
    const collected: number[] = [];
    for (let run = 0; run < runs; run++) {
      const same = await timedPost<PlanAnswer>("/desired-state/plan", unchangedBody, unchanged);
      if (same.changes.length !== 0)
        throw new Error(
          `the files as the cluster is planned ${same.changes.length} changes: ${JSON.stringify(same.counts)}`,
        );
      const altered = await timedPost<PlanAnswer>("/desired-state/plan", changedBody, changed);
      if (altered.changes.length !== expected || altered.counts.alterTopicConfigs !== expected)
        throw new Error(`${expected} topics changed were planned as ${JSON.stringify(altered.counts)}`);
      const view = await timedPost<{ snapshot?: { durationMs: number } }>("/refresh", undefined, refresh);
      if (view.snapshot) collected.push(view.snapshot.durationMs);
    }
    results.push({
      n,
      added: n - (sizes[index - 1] ?? 0),
      at: new Date().toISOString(),
      idle,
      expected,
      bytes: Buffer.byteLength(unchangedBody),
      files: Math.ceil(n / perFile),
      refresh,
      collected,
      unchanged,
      changed,
    });
  }

  const toolStarted = performance.now();
  const configsOut = await kafkaToolOn(cluster, CONFIGS_TOOL, ["--describe", "--entity-type", "topics"]);
  const configsTool = performance.now() - toolStarted;
  const topicsStarted = performance.now();
  const topicsOut = await kafkaToolOn(cluster, TOPICS_TOOL, ["--describe", "--topics-with-overrides"]);
  const topicsTool = performance.now() - topicsStarted;

  const timings = (timed: Timed) => {
    const sorted = [...timed.durations].sort((a, b) => a - b);
    const totals = timed.requests.map((r) => r.total);
    const span =
      Math.min(...totals) === Math.max(...totals) ? `${totals[0]}` : `${Math.min(...totals)}–${Math.max(...totals)}`;
    return `median ${ms(percentile(sorted, 50))}, worst ${ms(sorted.at(-1) ?? Number.NaN)} (runs: ${timed.durations.map((d) => d.toFixed(0)).join(", ")} ms); ${span} Kafka requests`;
  };
  const byApi = (timed: Timed) =>
    Object.entries(timed.requests.at(-1)?.byApi ?? {})
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([name, count]) => `${name} ${count}`)
      .join(", ");
  for (const r of results) {
    table(
      `${r.n} topics × 1 partition (RF 1, 1–2 configs each) on a single node (Kafka ${cluster.version}), ${r.files} files, ${r.at}`,
      [
        [
          `${r.added === r.n ? "topics" : `the ${r.added} topics added`} created (100 per request, leaders waited for)`,
          seconds(createdIn[results.indexOf(r)] ?? Number.NaN),
        ],
        ["plan request body", `${(r.bytes / 1024 / 1024).toFixed(2)} MiB`],
        ["Kafka requests of the idle service in 10 s", String(r.idle)],
        [`plan, 0 changes (${runs} runs)`, timings(r.unchanged)],
        [`plan, ${r.expected} alterTopicConfigs (1 in ${changedEvery})`, timings(r.changed)],
        ["  its Kafka requests by API (last run)", byApi(r.changed)],
        ["refresh alone (the plan's one collection)", timings(r.refresh)],
        ["  its Kafka requests by API (last run)", byApi(r.refresh)],
        [
          "  the collection's own time (its snapshot's durationMs)",
          r.collected.length === 0
            ? "not answered"
            : `median ${ms(
                percentile(
                  [...r.collected].sort((a, b) => a - b),
                  50,
                ),
              )}, worst ${ms(Math.max(...r.collected))}`,
        ],
      ],
    );
  }
  const first = results[0];
  const full = results.at(-1);
  if (first && full && first !== full) {
    const rows: [string, string][] = [];
    for (const [label, of] of [
      ["plan, 0 changes", (r: typeof full) => r.unchanged],
      [`plan, 1 in ${changedEvery} changed`, (r: typeof full) => r.changed],
      ["refresh alone", (r: typeof full) => r.refresh],
    ] as const) {
      const small = of(first).requests.at(-1)?.byApi ?? {};
      const large = of(full).requests.at(-1)?.byApi ?? {};
      const apis = [...new Set([...Object.keys(small), ...Object.keys(large)])].sort();
      const grown = apis.filter((a) => (small[a] ?? 0) !== (large[a] ?? 0));
      const total = (counts: RequestCounts) => Object.values(counts).reduce((sum, c) => sum + c, 0);
      rows.push([
        label,
        `${total(small)} → ${total(large)}; ${grown.length === 0 ? "no API grows" : `growing: ${grown.map((a) => `${a} ${small[a] ?? 0} → ${large[a] ?? 0}`).join(", ")}`}`,
      ]);
    }
    table(`Kafka requests at ${first.n} → ${full.n} topics (last run of each; counted in the service's process)`, rows);
  }
  const worst = Math.max(...(full?.unchanged.durations ?? []), ...(full?.changed.durations ?? []));
  table("Kafka's command-line tools, same jars, same cluster (each a JVM start, as users run them)", [
    [
      "kafka-configs --describe --entity-type topics",
      `${seconds(configsTool)} (${[...configsOut.matchAll(/^Dynamic configs for topic /gm)].length} topics shown)`,
    ],
    [
      "kafka-topics --describe --topics-with-overrides",
      `${seconds(topicsTool)} (${[...topicsOut.matchAll(/^Topic: /gm)].length} topics shown)`,
    ],
    ["terraform-provider-kafka (quoted by users, issue #388; not measured)", "15–50 min per plan at large clusters"],
    [
      `target: every plan at ${full?.n} topics under 10 s`,
      `worst ${seconds(worst)}: ${worst < 10_000 ? "met" : "missed"}`,
    ],
  ]);
  table(
    `The hostile shape on the same service and node (${topicCount} topics): 100 scopes of 1,000 names and 1,000 prefixes`,
    await hostileShape({ url: running.url, token, clusterId: registered.body.cluster.id }),
  );
  const applyTarget = { url: running.url, token, clusterId: registered.body.cluster.id };
  const reference = Number(values["apply-reference"]);
  table(`Desired state applied end to end on the same service and node: new topics, ${reference} then ${topicCount}`, [
    ...(reference > 0 && reference < topicCount ? await applyShape(applyTarget, reference) : []),
    ...(await applyShape(applyTarget, topicCount)),
  ]);
  await running.stop();
  await rm(running.dir, { recursive: true, force: true });
} catch (error) {
  if (service) process.stderr.write(`The service's log: ${service.dir}/service.log\n`);
  throw error;
} finally {
  await service?.stop();
  await cluster.stop();
}
