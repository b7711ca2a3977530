/**
 * bench/desired-state, a viewer's 16 MiB plan body: what a viewer's `POST /clusters/{id}/desired-state/plan` of 16 MiB
 * (files of Topic documents, just under the plan's limit, sent whole as fast as the socket takes it) costs the service,
 * which refuses it 403. Measured in the service's own process (a standalone service, `/proc/<pid>/status`): the growth
 * of its resident memory during the request (peak VmHWM, reset before each request through `/proc/<pid>/clear_refs`,
 * minus VmRSS before), the answer's time and how much of the body had been handed to the socket when it came. Six such
 * viewers at once too. Beside them, in the same run: an operator's small plan (one file, 10 topics: the reference), and
 * the operator's same 16 MiB body, which an operator may send (read, parsed and validated; sent to a cluster id that
 * does not exist, so nothing is planned after that): what the body costs once it is read.
 *
 *   npm run bench:desired-state:viewer-body [-- --runs 3 --concurrent 6]
 *
 * Target: the viewer's refusal grows the service's memory by less than 20 MiB.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { rm } from "node:fs/promises";
import { request } from "node:http";
import { pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { apiClient, startCluster } from "@kcp/test-infra";
import { percentile, table } from "../common/report.js";
import { startCountedService } from "./service.js";

/** The plan's body limit (services/api-gateway, DESIRED_STATE_PLAN_BODY_LIMIT_BYTES). */
const PLAN_LIMIT_BYTES = 16 * 1024 * 1024;
const CHUNK_BYTES = 64 * 1024;
const ms = (value: number) => `${value.toFixed(0)} ms`;
const mib = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(1)} MiB`;

/** A plan body of files of 5,000 Topic documents (3 configs each), just under the plan's limit. */
export function largePlanBody(): Buffer {
  const files: string[] = [];
  let bytes = 64;
  const room = PLAN_LIMIT_BYTES - 200_000;
  for (let file = 0; bytes < room; file++) {
    const documents: string[] = [];
    for (let i = 0; i < 5000 && bytes < room; i++) {
      const document = JSON.stringify({
        kind: "Topic",
        name: `team-${file}.orders.${String(i).padStart(5, "0")}`,
        partitions: 6,
        replicationFactor: 3,
        configs: { "retention.ms": "604800000", "cleanup.policy": "delete", "max.message.bytes": "1048576" },
      });
      documents.push(document);
      bytes += document.length + 1;
    }
    files.push(`{"path":"teams/team-${file}.yaml","documents":[${documents.join(",")}]}`);
    bytes += 64;
  }
  return Buffer.from(`{"files":[${files.join(",")}],"createOperation":false}`);
}

/** A small plan: one file, a scope and 10 topics of 1 partition. */
function smallPlanBody(): Buffer {
  const names = Array.from({ length: 10 }, (_, i) => `small.orders.${i}`);
  const documents = [
    { kind: "Scope", topics: { prefixes: ["small."] } },
    ...names.map((name) => ({ kind: "Topic", name, partitions: 1, replicationFactor: 1 })),
  ];
  return Buffer.from(JSON.stringify({ files: [{ path: "teams/small.yaml", documents }], createOperation: false }));
}

/** The process's resident memory now and its peak since the last reset (bytes). */
function memoryOf(pid: number): { rss: number; peak: number } {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { rss: kib("VmRSS") * 1024, peak: kib("VmHWM") * 1024 };
}

/** Resets the process's peak resident memory to its current one (Linux: "5" to clear_refs). */
function resetPeak(pid: number): void {
  writeFileSync(`/proc/${pid}/clear_refs`, "5");
}

interface Sent {
  /** The answer's status; 0 when the service closed the connection before the client read an answer. */
  status: number;
  ms: number;
  /** Bytes of the body handed to the socket when the answer came (or the connection closed). */
  sentWhenAnswered: number;
}

/**
 * Sends the whole body as fast as the socket takes it (64 KiB pieces, waiting for `drain`), and stops sending once the
 * answer has come: its status and time, and how much had been sent by then. A service that answers early closes the
 * connection after its answer; a write the closed connection refuses (EPIPE, ECONNRESET) before the answer was read
 * counts as the service closing the connection (status 0).
 */
function send(url: string, headers: Record<string, string>, body: Buffer): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    let sent = 0;
    let answered = false;
    const req = request(url, {
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json", "content-length": String(body.length), ...headers },
    });
    req.on("error", (error: NodeJS.ErrnoException) => {
      if (answered) return;
      answered = true;
      if (error.code === "EPIPE" || error.code === "ECONNRESET")
        resolve({ status: 0, ms: performance.now() - started, sentWhenAnswered: sent });
      else reject(error);
    });
    req.on("response", (res) => {
      if (answered) return;
      answered = true;
      const sentWhenAnswered = sent;
      res.resume();
      res.on("end", () => {
        resolve({ status: res.statusCode ?? 0, ms: performance.now() - started, sentWhenAnswered });
        req.destroy();
      });
    });
    const pump = () => {
      while (!answered && !req.destroyed && sent < body.length) {
        const piece = body.subarray(sent, sent + CHUNK_BYTES);
        sent += piece.length;
        if (!req.write(piece)) {
          req.once("drain", pump);
          return;
        }
      }
      if (sent >= body.length && !answered) req.end();
    };
    pump();
  });
}

export interface ViewerBodyTarget {
  url: string;
  /** The service's process (its memory is read from /proc). */
  pid: number;
  clusterId: string;
  operatorToken: string;
  viewerToken: string;
}

/** `count` requests at once, the service's peak memory growth over them, and each answer. */
async function measured(target: ViewerBodyTarget, count: number, one: () => Promise<Sent>) {
  resetPeak(target.pid);
  const before = memoryOf(target.pid);
  const answers = await Promise.all(Array.from({ length: count }, one));
  const after = memoryOf(target.pid);
  return { growth: after.peak - before.rss, before: before.rss, answers };
}

/** The figures against a running service: rows for a table. */
export async function viewerBodyShape(target: ViewerBodyTarget, runs = 3, concurrent = 6): Promise<[string, string][]> {
  const rows: [string, string][] = [];
  const planPath = `${target.url}/api/v1/clusters/${target.clusterId}/desired-state/plan`;
  const headers = (token: string) => ({ authorization: `Bearer ${token}`, "x-service-request": "1" });
  const large = largePlanBody();
  const small = smallPlanBody();
  rows.push(["the viewer's body", `${mib(large.length)} (${large.length} bytes), files of 5,000 Topic documents`]);

  const describe = (result: Awaited<ReturnType<typeof measured>>, body: Buffer) => {
    const answer = result.answers[0] as Sent;
    const sent = answer.sentWhenAnswered >= body.length ? "all" : mib(answer.sentWhenAnswered);
    const status = answer.status === 0 ? "closed by the service" : String(answer.status);
    return `${mib(result.growth)} peak growth (RSS ${mib(result.before)} before); ${status} in ${ms(answer.ms)}, ${sent} of the body sent by then`;
  };
  const growths = { small: [] as number[], viewer: [] as number[] };
  // A small plan first (warm-up: the code paths loaded); the viewer's first request is measured cold, as an attacker's.
  await send(planPath, headers(target.operatorToken), small);
  for (let run = 1; run <= runs; run++) {
    const reference = await measured(target, 1, () => send(planPath, headers(target.operatorToken), small));
    if (reference.answers[0]?.status !== 200)
      throw new Error(`the small plan answered ${reference.answers[0]?.status}`);
    growths.small.push(reference.growth);
    rows.push([`reference: an operator's small plan (10 topics), run ${run}`, describe(reference, small)]);
    const viewer = await measured(target, 1, () => send(planPath, headers(target.viewerToken), large));
    if (![0, 403].includes(viewer.answers[0]?.status ?? -1))
      throw new Error(`the viewer's plan answered ${viewer.answers[0]?.status}`);
    growths.viewer.push(viewer.growth);
    rows.push([`a viewer's 16 MiB plan, refused, run ${run}`, describe(viewer, large)]);
  }
  const together = await measured(target, concurrent, () => send(planPath, headers(target.viewerToken), large));
  const statuses = [...new Set(together.answers.map((a) => a.status || "closed"))].join(", ");
  const slowest = Math.max(...together.answers.map((a) => a.ms));
  rows.push([
    `${concurrent} viewers' 16 MiB plans at once`,
    `${mib(together.growth)} peak growth; answered ${statuses}, the slowest in ${ms(slowest)}`,
  ]);
  // What the body costs once read: the operator may send it (a cluster that does not exist: parsed, validated, 404).
  const operatorPath = `${target.url}/api/v1/clusters/no-such-cluster/desired-state/plan`;
  const admitted = await measured(target, 1, () => send(operatorPath, headers(target.operatorToken), large));
  rows.push(["reference: the operator's same 16 MiB (read, parsed, validated; 404)", describe(admitted, large)]);
  const worst = Math.max(...growths.viewer, together.growth);
  const sorted = [...growths.small].sort((a, b) => a - b);
  rows.push([
    "target: a viewer's refusal under 20 MiB of growth",
    `worst ${mib(worst)} (the small plan's median ${mib(percentile(sorted, 50))}): ${worst < 20 * 1024 * 1024 ? "met" : "missed"}`,
  ]);
  return rows;
}

/** On its own: a single node and a standalone service in its own process, started for it. */
export async function runViewerBodyAlone(runs: number, concurrent: number): Promise<void> {
  process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -Xmx512m`.trim();
  const cluster = await startCluster({ topology: "single", name: "bench-desired-state-viewer-body" });
  const admin = { username: "admin", password: "bench-desired-state-admin" };
  let service: Awaited<ReturnType<typeof startCountedService>> | undefined;
  try {
    service = await startCountedService(admin, { COLLECT_INTERVAL_SECONDS: "3600" });
    const pid = service.child.pid;
    if (pid === undefined) throw new Error("the service's process has no pid");
    const api = apiClient(service.url);
    const login = async (body: { username: string; password: string }) =>
      (await api<{ token: string }>("POST", "/api/v1/auth/login", { body })).body.token;
    const adminToken = await login(admin);
    const tokens: Record<string, string> = {};
    for (const role of ["viewer", "operator"]) {
      const user = { username: `bench-${role}`, password: `bench-${role}-password` };
      const created = await api("POST", "/api/v1/users", { token: adminToken, body: { ...user, role } });
      if (created.status !== 201) throw new Error(`creating the ${role} answered ${created.status}: ${created.text}`);
      tokens[role] = await login(user);
    }
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token: adminToken,
      body: { name: "bench-viewer-body", bootstrapServers: cluster.bootstrapServers },
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
    const rows = await viewerBodyShape(
      {
        url: service.url,
        pid,
        clusterId: registered.body.cluster.id,
        operatorToken: tokens.operator as string,
        viewerToken: tokens.viewer as string,
      },
      runs,
      concurrent,
    );
    table(
      `A viewer's 16 MiB plan body against a standalone service (its own process), a single node (Kafka ${cluster.version}), ${new Date().toISOString()}`,
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

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const { values } = parseArgs({
    options: { runs: { type: "string", default: "3" }, concurrent: { type: "string", default: "6" } },
  });
  await runViewerBodyAlone(Number(values.runs), Number(values.concurrent));
}
