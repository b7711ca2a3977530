import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { decide, findAnomalies, findThresholds, trackAnomalies } from "@kcp/autopilot";
import { DEFAULT_HEALTH_THRESHOLDS, deriveHealth } from "@kcp/kafka";
import {
  type Anomaly,
  durationMs,
  type Operation,
  type PolicySpec,
  PolicySpecSchema,
  type Snapshot,
} from "@kcp/shared";
import {
  apiClient,
  createTopic,
  type LoadResult,
  startAgentCluster,
  startLoad,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { percentile, seconds, table } from "../common/report.js";
import { startStandaloneProcess } from "../common/standalone.js";
import { syntheticSnapshot } from "../overview/synthetic-cluster.js";

const { values } = parseArgs({
  options: {
    "detector-only": { type: "boolean", default: false },
    clusters: { type: "string", default: "1000" },
    interval: { type: "string", default: "5" },
    for: { type: "string", default: "30s" },
  },
});
const CLUSTERS = Number(values.clusters);
const INTERVAL_S = Number(values.interval);
const FOR = values.for as string;
const admin = { username: "admin", password: "bench-autopilot-admin-password" };
const progress = (line: string) => process.stderr.write(`bench:autopilot: ${line}\n`);

/** The five templates, each in auto mode for every cluster. */
function policies(): PolicySpec[] {
  const pairs: [PolicySpec["trigger"]["code"], PolicySpec["action"]["type"]][] = [
    ["broker_down", "restartNodes"],
    ["disk_imbalance", "rebalance"],
    ["leader_imbalance", "electLeaders"],
    ["log_dir_failed", "drainBrokers"],
    ["replicas_on_removed_broker", "rebalance"],
  ];
  return pairs.map(([code, type]) =>
    PolicySpecSchema.parse({
      name: code.replaceAll("_", "-"),
      scope: { labels: {} },
      trigger: { code, for: "30s" },
      action: { type },
      mode: "auto",
    }),
  );
}

function views(): Snapshot[] {
  return Array.from({ length: CLUSTERS }, (_, i) => {
    const snapshot = syntheticSnapshot(i, 100, 20);
    if (i % 10 === 0) {
      const broker = snapshot.brokers[1];
      if (broker) broker.alive = false;
    }
    return snapshot;
  });
}

function timed(work: () => void): number {
  const started = process.hrtime.bigint();
  work();
  return Number(process.hrtime.bigint() - started) / 1e6;
}

function detector(): void {
  const specs = policies();
  const thresholds = findThresholds(specs, DEFAULT_HEALTH_THRESHOLDS.diskHighPercent);
  const snapshots = views();
  const open = new Map<number, Anomaly[]>();
  let ids = 0;
  let anomalies = 0;
  let decisions = 0;
  const evaluate = (snapshot: Snapshot, index: number, now: Date) => {
    const findings = findAnomalies(snapshot, thresholds);
    const change = trackAnomalies(open.get(index) ?? [], findings, {
      clusterId: snapshot.clusterId,
      now,
      complete: true,
      newId: () => `a${ids++}`,
    });
    open.set(index, change.seen);
    anomalies += change.seen.length;
    for (const anomaly of change.seen)
      for (const spec of specs) {
        decide(spec, anomaly, {
          now,
          cluster: { id: snapshot.clusterId, labels: {} },
          snapshot,
          operations: [],
        });
        decisions++;
      }
  };
  // Twice over every view: the second pass continues the anomalies the first opened, as a collector's next view does.
  const start = Date.now();
  for (const [i, s] of snapshots.entries()) evaluate(s, i, new Date(start));
  anomalies = 0;
  decisions = 0;
  const ours = snapshots.map((s, i) => timed(() => evaluate(s, i, new Date(start + 60_000)))).sort((a, b) => a - b);
  for (const s of snapshots) deriveHealth(s, DEFAULT_HEALTH_THRESHOLDS, new Date());
  const health = snapshots
    .map((s) => timed(() => deriveHealth(s, DEFAULT_HEALTH_THRESHOLDS, new Date())))
    .sort((a, b) => a - b);
  const mean = (list: number[]) => list.reduce((a, b) => a + b, 0) / list.length;
  const ms = (n: number) => `${n.toFixed(3)} ms`;
  table(
    `detector: ${CLUSTERS} views of 2,000 partitions, 5 policies (${anomalies} anomalies, ${decisions} decisions)`,
    [
      ["per view, mean", ms(mean(ours))],
      ["per view, p99", ms(percentile(ours, 99))],
      ["reference: deriveHealth per view, mean", ms(mean(health))],
      ["reference: deriveHealth per view, p99", ms(percentile(health, 99))],
      ["target: under 1 ms per view (mean)", mean(ours) < 1 ? "met" : "NOT met"],
    ],
  );
}

interface HealFigures {
  startedMs: number;
  doneMs: number;
  load: LoadResult;
}

async function healing(): Promise<void> {
  const cluster = await startAgentCluster({ topology: "3c3b", name: "bench-autopilot" });
  const service = await startStandaloneProcess(cluster, "autopilot", admin);
  let succeeded = false;
  try {
    const api = apiClient(service.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const call = <T>(method: string, path: string, body?: unknown) =>
      api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });
    const registered = await call<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      name: "bench-autopilot",
      bootstrapServers: cluster.bootstrapServers,
      provider: "agent",
      settings: { ...cluster.settings, collectionIntervalSeconds: INTERVAL_S },
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.text}`);
    const clusterId = registered.body.cluster.id;
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("bench-autopilot"),
      partitions: 12,
      replicationFactor: 3,
      configs: { "min.insync.replicas": "2" },
    });
    const node = cluster.nodes.find((n) => n.id === 5);
    if (!node) throw new Error("no node 5");
    const finished = (id: string) =>
      waitFor(
        `operation ${id} to finish`,
        async () => {
          const now = (await call<Operation>("GET", `/api/v1/operations/${id}`)).body;
          return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
        },
        { timeoutMs: 600_000, intervalMs: 250 },
      );
    /** Kills node 5 under load; `act` answers the restart's operation id once it is confirmed. */
    const heal = async (act: () => Promise<string>): Promise<HealFigures> => {
      const load = await startLoad(cluster, topic);
      await waitFor("load flowing", async () => (load.progress().acknowledged >= 200 ? true : undefined));
      await node.kill();
      const killedAt = Date.now();
      const id = await act();
      const startedMs = Date.now() - killedAt;
      const done = await finished(id);
      const doneMs = Date.now() - killedAt;
      if (done.status !== "succeeded")
        throw new Error(`the restart ended ${done.status}: ${JSON.stringify(done.steps)}`);
      return { startedMs, doneMs, load: await load.stop() };
    };

    progress(`autopilot: broker_down policy, for ${FOR}, collections every ${INTERVAL_S} s`);
    const policy = await call<{ policy: { id: string } }>("POST", "/api/v1/policies", {
      name: "restart-down-brokers",
      scope: { clusterId },
      trigger: { code: "broker_down", for: FOR },
      action: { type: "restartNodes" },
      mode: "auto",
      guardRails: { minHealthyBrokers: 2, cooldown: "1s" },
    });
    if (policy.status !== 201) throw new Error(`policy: ${JSON.stringify(policy.body)}`);
    const ours = await heal(() =>
      waitFor(
        "the autopilot's restart",
        async () => {
          const ops = (await call<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`)).body
            .operations;
          return ops.find((o) => o.createdBy === "autopilot:restart-down-brokers" && o.confirmedBy)?.id;
        },
        { timeoutMs: 600_000, intervalMs: 100 },
      ),
    );
    await call("DELETE", `/api/v1/policies/${policy.body.policy.id}`);

    progress("reference: a person's restart of node 5, planned and confirmed as soon as it is killed");
    const person = await heal(async () => {
      const planned = await waitFor("a plan of the restart", async () => {
        const reply = await call<Operation>("POST", `/api/v1/clusters/${clusterId}/operations`, {
          type: "restartNodes",
          params: { nodes: [5], waitHealthy: true },
        });
        return reply.status === 201 ? reply.body : undefined;
      });
      const confirmed = await call("POST", `/api/v1/operations/${planned.id}/confirm`, {});
      if (confirmed.status !== 200) throw new Error(`confirm: ${JSON.stringify(confirmed.body)}`);
      return planned.id;
    });

    const lost = (load: LoadResult) => load.missing.length;
    const bound = INTERVAL_S * 1000 + durationMs(FOR);
    table(`autopilot: broker 5 killed (SIGKILL), broker_down policy for ${FOR}, collections every ${INTERVAL_S} s`, [
      ["kill → restart confirmed by the policy", seconds(ours.startedMs)],
      ["kill → restart finished (healthy, in sync)", seconds(ours.doneMs)],
      ["messages acknowledged / lost", `${ours.load.acknowledged} / ${lost(ours.load)}`],
    ]);
    table("reference: a person's restart confirmed at the kill (no detection)", [
      ["kill → restart confirmed", seconds(person.startedMs)],
      ["kill → restart finished (healthy, in sync)", seconds(person.doneMs)],
      ["messages acknowledged / lost", `${person.load.acknowledged} / ${lost(person.load)}`],
    ]);
    table("detection", [
      ["autopilot − person (finished)", seconds(ours.doneMs - person.doneMs)],
      [
        `target: confirmed within interval + for (${seconds(bound)}) + one view`,
        ours.startedMs <= bound + 15_000 ? "met" : "NOT met",
      ],
    ]);
    succeeded = true;
  } finally {
    service.child.kill("SIGTERM");
    await new Promise((resolve) => service.child.once("exit", resolve));
    if (succeeded) rmSync(service.dir, { recursive: true, force: true });
    await cluster.stop();
  }
}

detector();
if (!values["detector-only"]) await healing();
