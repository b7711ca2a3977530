/**
 * bench/desired-state, the hostile shape: one plan request of 100 files whose scopes name 1,000 topics and 1,000
 * prefixes each (the schema's bounds; none overlapping another), sent while `/healthz` is polled, then the same files
 * applied (one topic each) and the cluster refreshed (its drift diffed against the 100 applied files) while `/healthz`
 * is polled. Measured: each request's time, `/healthz`'s latency throughout (max, p99, median, answers) and the
 * service's own longest event-loop delay meanwhile (its `/metrics`), beside `/healthz` polled on the idle service in
 * the same run.
 *
 *   npm run bench:desired-state -- --hostile-only      (on its own: a node and a standalone service of its own)
 *
 * Target: `/healthz` under 100 ms throughout.
 */
import { rm } from "node:fs/promises";
import { apiClient, startCluster } from "@kcp/test-infra";
import { percentile, table } from "../common/report.js";
import { startCountedService } from "./service.js";

const SCOPES = 100;
const PER_SCOPE = 1000;
const POLL_PAUSE_MS = 10;
const ms = (value: number) => `${value.toFixed(0)} ms`;
/** The service's longest event-loop delay during each measured request. */
const loops: number[] = [];

export interface Target {
  url: string;
  token: string;
  clusterId: string;
}

/** The hostile files: scope s owns `hostile-SSS.name-I` (1,000 names) and `hostile-SSS.prefix-I.` (1,000 prefixes). */
export function hostileFiles(withTopic: boolean) {
  return Array.from({ length: SCOPES }, (_, s) => {
    const team = `hostile-${String(s).padStart(3, "0")}`;
    const names = Array.from({ length: PER_SCOPE }, (_, i) => `${team}.name-${i}`);
    return {
      path: `teams/${team}.yaml`,
      documents: [
        {
          kind: "Scope",
          topics: { names, prefixes: Array.from({ length: PER_SCOPE }, (_, i) => `${team}.prefix-${i}.`) },
        },
        ...(withTopic ? [{ kind: "Topic", name: names[0], partitions: 1, replicationFactor: 1 }] : []),
      ],
    };
  });
}

/** `/healthz` asked again 10 ms after each answer until `done` says stop: each answer's latency. */
async function pollHealth(url: string, done: () => boolean): Promise<number[]> {
  const latencies: number[] = [];
  while (!done()) {
    const started = performance.now();
    const response = await fetch(`${url}/healthz`);
    await response.arrayBuffer();
    latencies.push(performance.now() - started);
    await new Promise((resolve) => setTimeout(resolve, POLL_PAUSE_MS));
  }
  return latencies;
}

const latency = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return `max ${ms(sorted.at(-1) ?? Number.NaN)}, p99 ${ms(percentile(sorted, 99))}, median ${ms(percentile(sorted, 50))} (${values.length} answers)`;
};

/**
 * The service's own longest event-loop delay since the last time it was asked (prom-client's
 * `nodejs_eventloop_lag_max_seconds` on `/metrics`, reset at each scrape), in ms: what held its request thread.
 */
async function loopDelayMax(url: string): Promise<number> {
  const text = await (await fetch(`${url}/metrics`)).text();
  const value = /^kcp_nodejs_eventloop_lag_max_seconds(?:\{[^}]*\})? (\S+)$/m.exec(text)?.[1];
  return value === undefined ? Number.NaN : Number(value) * 1000;
}

/** The request, timed, while `/healthz` is polled: its time, status, answer, and `/healthz`'s latencies meanwhile. */
async function whilePolled(target: Target, method: string, path: string, body?: string) {
  await loopDelayMax(target.url);
  let finished = false;
  const polled = pollHealth(target.url, () => finished);
  const started = performance.now();
  const response = await fetch(`${target.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${target.token}`,
      "x-service-request": "1",
      ...(body === undefined ? {} : { "content-type": "application/json" }),
    },
    ...(body === undefined ? {} : { body }),
  });
  const text = await response.text();
  const took = performance.now() - started;
  finished = true;
  const health = await polled;
  const loop = await loopDelayMax(target.url);
  loops.push(loop);
  return { took, status: response.status, text, health, loop };
}

/** The hostile shape against a running service and a registered cluster: rows of figures for a table. */
export async function hostileShape(target: Target, runs = 3): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const cluster = `/api/v1/clusters/${target.clusterId}`;
  let idleDone = false;
  setTimeout(() => {
    idleDone = true;
  }, 5_000);
  await loopDelayMax(target.url);
  const idle = await pollHealth(target.url, () => idleDone);
  rows.push([
    "reference: /healthz on the idle service, 5 s",
    `${latency(idle)}; the service's longest event-loop delay ${ms(await loopDelayMax(target.url))}`,
  ]);

  const diffBody = JSON.stringify({ files: hostileFiles(false), createOperation: false });
  rows.push(["plan request body", `${(Buffer.byteLength(diffBody) / 1024 / 1024).toFixed(2)} MiB, ${SCOPES} files`]);
  const all: number[] = [];
  for (let run = 0; run < runs; run++) {
    const planned = await whilePolled(target, "POST", `${cluster}/desired-state/plan`, diffBody);
    if (planned.status !== 200)
      throw new Error(`the hostile plan answered ${planned.status}: ${planned.text.slice(0, 500)}`);
    all.push(...planned.health);
    rows.push([
      `plan of the ${SCOPES} scopes (createOperation false), run ${run + 1}`,
      `${ms(planned.took)}; /healthz meanwhile: ${latency(planned.health)}; loop delay ${ms(planned.loop)}`,
    ]);
  }

  // The same files applied (one topic each): every later collection diffs the drift against all 100.
  const applyBody = JSON.stringify({ files: hostileFiles(true), createOperation: true });
  const planned = await whilePolled(target, "POST", `${cluster}/desired-state/plan`, applyBody);
  if (planned.status !== 200)
    throw new Error(`the apply's plan answered ${planned.status}: ${planned.text.slice(0, 500)}`);
  all.push(...planned.health);
  rows.push([
    `plan of the ${SCOPES} files with a topic each (an operation)`,
    `${ms(planned.took)}; /healthz meanwhile: ${latency(planned.health)}; loop delay ${ms(planned.loop)}`,
  ]);
  const operation = (JSON.parse(planned.text) as { operation: { id: string } }).operation.id;
  const confirmed = await whilePolled(target, "POST", `/api/v1/operations/${operation}/confirm`, "{}");
  if (confirmed.status !== 200)
    throw new Error(`confirm answered ${confirmed.status}: ${confirmed.text.slice(0, 500)}`);
  for (;;) {
    const state = await fetch(`${target.url}/api/v1/operations/${operation}`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    const { status } = (await state.json()) as { status: string };
    if (status === "succeeded") break;
    if (["failed", "cancelled", "paused"].includes(status)) throw new Error(`the hostile apply ended ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  for (let run = 0; run < runs; run++) {
    const refreshed = await whilePolled(target, "POST", `${cluster}/refresh`);
    if (refreshed.status !== 200)
      throw new Error(`refresh answered ${refreshed.status}: ${refreshed.text.slice(0, 500)}`);
    all.push(...refreshed.health);
    rows.push([
      `refresh with the ${SCOPES} files applied (drift diffed), run ${run + 1}`,
      `${ms(refreshed.took)}; /healthz meanwhile: ${latency(refreshed.health)}; loop delay ${ms(refreshed.loop)}`,
    ]);
  }
  const drift = await whilePolled(target, "GET", `${cluster}/desired-state/drift`);
  all.push(...drift.health);
  rows.push([
    "GET .../desired-state/drift (100 files applied)",
    `${ms(drift.took)}; /healthz meanwhile: ${latency(drift.health)}; loop delay ${ms(drift.loop)}`,
  ]);
  const again = await whilePolled(
    target,
    "POST",
    `${cluster}/desired-state/plan`,
    applyBody.replace('"createOperation":true', '"createOperation":false'),
  );
  all.push(...again.health);
  rows.push([
    "the applied files planned again (0 changes expected)",
    `${ms(again.took)}, ${(JSON.parse(again.text) as { changes: unknown[] }).changes?.length} changes; /healthz meanwhile: ${latency(again.health)}; loop delay ${ms(again.loop)}`,
  ]);
  const worst = Math.max(...all);
  rows.push([
    "target: /healthz under 100 ms throughout",
    `worst ${ms(worst)} of ${all.length} answers: ${worst < 100 ? "met" : "missed"}; the service's longest event-loop delay ${ms(Math.max(...loops))}`,
  ]);
  return rows;
}

/** The hostile shape on its own: a single node and a standalone service in its own process, started for it. */
export async function runHostileAlone(): Promise<void> {
  process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -Xmx1g -XX:TieredStopAtLevel=4`.trim();
  const cluster = await startCluster({ topology: "single", name: "bench-desired-state-hostile" });
  const admin = { username: "admin", password: "bench-desired-state-admin" };
  let service: Awaited<ReturnType<typeof startCountedService>> | undefined;
  try {
    // No collection on a timer (the longest interval): the refreshes measured are the only ones.
    service = await startCountedService(admin, { COLLECT_INTERVAL_SECONDS: "3600", COLLECT_TIMEOUT_MS: "120000" });
    const api = apiClient(service.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "bench-desired-state-hostile", bootstrapServers: cluster.bootstrapServers },
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
    const rows = await hostileShape({ url: service.url, token, clusterId: registered.body.cluster.id });
    table(
      `The hostile shape: ${SCOPES} scopes of ${PER_SCOPE} names and ${PER_SCOPE} prefixes, a single node (Kafka ${cluster.version}), ${new Date().toISOString()}`,
      rows,
    );
    await service.stop();
    await rm(service.dir, { recursive: true, force: true });
  } catch (error) {
    if (service) process.stderr.write(`The service's log: ${service.dir}/service.log\n`);
    throw error;
  } finally {
    await service?.stop();
    await cluster.stop();
  }
}
