import { rmSync } from "node:fs";
import { parseArgs } from "node:util";
import { KafkaAdmin } from "@kcp/kafka";
import { RAFT_FETCH_MAX_WAIT_MS } from "@kcp/operations";
import type { Operation } from "@kcp/shared";
import {
  type AgentKafkaCluster,
  apiClient,
  createTopic,
  type LoadResult,
  startAgentCluster,
  startLoad,
  uniqueTopicName,
  waitFor,
  watchIsr,
  withAdmin,
} from "@kcp/test-infra";
import { seconds, table } from "../common/report.js";
import { startStandaloneProcess } from "../common/standalone.js";

const { values } = parseArgs({ options: { partitions: { type: "string", default: "12" } } });
const PARTITIONS = Number(values.partitions);
const MIN_ISR = 2;
const admin = { username: "admin", password: "bench-roll-admin-password" };
const progress = (line: string) => process.stderr.write(`bench:roll: ${line}\n`);

interface RollFigures {
  totalMs: number;
  perNodeMs: Map<number, number>;
  belowMinIsrMs: number;
  load: LoadResult;
}

/** Waits until every partition of the topic has all its replicas in sync (between the two rolls). */
async function untilInSync(cluster: AgentKafkaCluster, topic: string): Promise<void> {
  await withAdmin(cluster, (client) =>
    waitFor(
      "every replica back in sync",
      async () => {
        const metadata = await client.metadata({ topics: [topic], forceUpdate: true });
        const partitions = [...(metadata.topics.get(topic)?.partitions.values() ?? [])];
        return partitions.length === PARTITIONS && partitions.every((p) => p.isr.length === 3) ? true : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 500 },
    ),
  );
}

/**
 * Kafka has the node back: a broker registered and unfenced; a controller fetching from the quorum's leader again
 * (a fetch after `since`, within the catch-up lag the roll-safety rule allows), since a stopped voter stays listed.
 * The same facts our waitNodeHealthy step reads, minus its wait for the broker's ISRs.
 */
async function untilBack(cluster: AgentKafkaCluster, admin: KafkaAdmin, nodeId: number, since: number): Promise<void> {
  const broker = cluster.nodes.find((n) => n.id === nodeId)?.spec.roles.includes("broker") ?? false;
  await waitFor(
    `node ${nodeId} back`,
    async () => {
      if (broker) return (await cluster.state().catch(() => undefined))?.brokers.includes(nodeId) ? true : undefined;
      const quorum = await admin.describeQuorum().catch(() => undefined);
      if (!quorum || quorum.leaderId < 0) return undefined;
      if (quorum.leaderId === nodeId) return true;
      const voter = quorum.voters.find((v) => v.nodeId === nodeId);
      return voter && voter.lastFetchTimestamp > since && voter.lag >= 0 && voter.lag <= 1000 ? true : undefined;
    },
    { timeoutMs: 300_000, intervalMs: 100 },
  );
}

/** The reference: each node stopped and started through its agent, the next one as soon as Kafka lists it again. */
async function bareRoll(cluster: AgentKafkaCluster, topic: string, order: number[]): Promise<RollFigures> {
  const load = await startLoad(cluster, topic);
  await waitFor("load flowing", async () => (load.progress().acknowledged >= 200 ? true : undefined));
  const isr = watchIsr(cluster, topic, MIN_ISR, 250);
  const perNodeMs = new Map<number, number>();
  progress("bare roll through the agents");
  const admin = KafkaAdmin.open({
    bootstrapServers: cluster.bootstrapServers,
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
  });
  const started = Date.now();
  try {
    for (const nodeId of order) {
      const from = Date.now();
      const agent = cluster.agentFor(nodeId);
      await agent.stopNode(nodeId);
      const restarted = await agent.startNode(nodeId);
      // The leader may stamp a fetch the old process sent before it stopped up to RAFT_FETCH_MAX_WAIT_MS later.
      await untilBack(cluster, admin, nodeId, Date.parse(restarted.startedAt ?? "") + RAFT_FETCH_MAX_WAIT_MS);
      perNodeMs.set(nodeId, Date.now() - from);
      progress(`  node ${nodeId} back after ${seconds(Date.now() - from)}`);
    }
  } finally {
    await admin.close();
  }
  const totalMs = Date.now() - started;
  const { belowMinIsrMs } = await isr.stop();
  return { totalMs, perNodeMs, belowMinIsrMs, load: await load.stop() };
}

/** Ours: restartNodes through the service, every node, waiting until each is healthy. */
async function ourRoll(cluster: AgentKafkaCluster, topic: string): Promise<RollFigures & { order: number[] }> {
  const service = await startStandaloneProcess(cluster, "roll", admin);
  let succeeded = false;
  try {
    const api = apiClient(service.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: {
        name: "bench-roll",
        bootstrapServers: cluster.bootstrapServers,
        provider: "agent",
        settings: cluster.settings,
      },
    });
    if (registered.status !== 201) throw new Error(`register: ${registered.text}`);
    progress("cluster registered; starting the load");
    const load = await startLoad(cluster, topic);
    await waitFor("load flowing", async () => (load.progress().acknowledged >= 200 ? true : undefined));
    const isr = watchIsr(cluster, topic, MIN_ISR, 250);
    const planned = await api<Operation>("POST", `/api/v1/clusters/${registered.body.cluster.id}/operations`, {
      token,
      body: { type: "restartNodes", params: {} },
    });
    if (planned.status !== 201) throw new Error(`plan: ${planned.text}`);
    const started = Date.now();
    await api("POST", `/api/v1/operations/${planned.body.id}/confirm`, { token, body: {} });
    progress(`restartNodes confirmed (${planned.body.steps.length} steps); service log in ${service.dir}`);
    const done = await waitFor(
      "the rolling restart",
      async () => {
        const now = (await api<Operation>("GET", `/api/v1/operations/${planned.body.id}`, { token })).body;
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 1_800_000, intervalMs: 500 },
    );
    const totalMs = Date.now() - started;
    const { belowMinIsrMs } = await isr.stop();
    const result = await load.stop();
    if (done.status !== "succeeded") throw new Error(`the roll ended ${done.status}: ${JSON.stringify(done.steps)}`);
    const nodeOf = (s: Operation["steps"][number]) => (s.args as { nodeId: number }).nodeId;
    const order = done.steps.filter((s) => s.kind === "stopNode").map(nodeOf);
    const perNodeMs = new Map(
      order.map((id) => {
        const of = (kind: string) => done.steps.find((s) => s.kind === kind && nodeOf(s) === id);
        return [id, Date.parse(of("waitNodeHealthy")?.finishedAt ?? "") - Date.parse(of("stopNode")?.startedAt ?? "")];
      }),
    );
    succeeded = true;
    return { totalMs, perNodeMs, belowMinIsrMs, load: result, order };
  } finally {
    service.child.kill("SIGTERM");
    await new Promise((resolve) => service.child.once("exit", resolve));
    if (succeeded) rmSync(service.dir, { recursive: true, force: true });
  }
}

const lost = (load: LoadResult) => load.missing.length;

async function main(): Promise<void> {
  const cluster = await startAgentCluster({ topology: "3c3b", name: "bench-roll" });
  try {
    const topic = await createTopic(cluster, {
      name: uniqueTopicName("bench-roll"),
      partitions: PARTITIONS,
      replicationFactor: 3,
      configs: { "min.insync.replicas": String(MIN_ISR) },
    });
    process.stdout.write(
      `3c3b run by node agents; topic ${topic}: ${PARTITIONS} partitions, RF 3, min ISR ${MIN_ISR}\n`,
    );
    const ours = await ourRoll(cluster, topic);
    await untilInSync(cluster, topic);
    const bare = await bareRoll(cluster, topic, ours.order);
    await untilInSync(cluster, topic);

    table("restartNodes (ours: roll-safety gate, stop, start, wait until healthy and back in every ISR)", [
      ["total", seconds(ours.totalMs)],
      ...ours.order.map((id): [string, string] => [`node ${id} stop → healthy`, seconds(ours.perNodeMs.get(id) ?? 0)]),
      ["seconds below min ISR", seconds(ours.belowMinIsrMs)],
      ["messages acknowledged / lost", `${ours.load.acknowledged} / ${lost(ours.load)}`],
      ["failed sends (not acknowledged)", String(ours.load.failedSends.length)],
    ]);
    table("reference: bare roll through the agents (stop, start, until Kafka has the node back; no gate)", [
      ["total", seconds(bare.totalMs)],
      ...ours.order.map((id): [string, string] => [`node ${id} stop → back`, seconds(bare.perNodeMs.get(id) ?? 0)]),
      ["seconds below min ISR", seconds(bare.belowMinIsrMs)],
      ["messages acknowledged / lost", `${bare.load.acknowledged} / ${lost(bare.load)}`],
      ["failed sends (not acknowledged)", String(bare.load.failedSends.length)],
    ]);
    table("overhead of the gates", [
      ["ours / bare (total time)", (ours.totalMs / bare.totalMs).toFixed(2)],
      ["target: 0 s below min ISR, 0 lost", ours.belowMinIsrMs === 0 && lost(ours.load) === 0 ? "met" : "NOT met"],
    ]);
  } finally {
    await cluster.stop();
  }
}

await main();
