/**
 * bench/desired-state, the whole apply: files declaring N new topics (1 partition, RF 1, two configs each; 1,000 a
 * file, each file its own prefix scope) planned with an operation (`createOperation`, as `kcp apply`), confirmed, the
 * apply followed to its end, and planned again (0 changes) — through a standalone service in its own process, on one
 * node. Measured: each request's time, the apply's time from confirm to `succeeded` and each of its steps' own time,
 * at the bound (10,000 topics, DESIRED_CHANGES_MAX) beside a reference of 100 topics in the same run and service.
 *
 *   npm run bench:desired-state -- --apply-only [--topics 10000 --apply-reference 100]
 *
 * No target of its own: the apply runs one CreateTopics per topic and waits until the topic is served (the step's
 * rule: each topic created once, an existing one counting as done, so a killed worker resumes without doing anything
 * twice), so its time grows with the topics; the figures say how much.
 */
import { rm } from "node:fs/promises";
import { apiClient, startCluster } from "@kcp/test-infra";
import { seconds, table } from "../common/report.js";
import type { Target } from "./hostile.js";
import { startCountedService } from "./service.js";

const PER_FILE = 1000;

/** Files declaring `count` new topics `apply-NNNNN-FF-IIIII`, 1,000 a file, each file its own prefix scope. */
function applyFiles(count: number) {
  const files = [];
  const run = `apply-${String(count).padStart(5, "0")}`;
  for (let file = 0; file * PER_FILE < count; file++) {
    const scope = `${run}-${String(file).padStart(2, "0")}-`;
    const documents: unknown[] = [{ kind: "Scope", topics: { prefixes: [scope] } }];
    for (let i = file * PER_FILE; i < Math.min(count, (file + 1) * PER_FILE); i++)
      documents.push({
        kind: "Topic",
        name: `${scope}${String(i).padStart(5, "0")}`,
        partitions: 1,
        replicationFactor: 1,
        configs: { "retention.ms": 3_600_000 + i, "cleanup.policy": "delete" },
      });
    files.push({ path: `teams/${scope}topics.yaml`, documents });
  }
  return files;
}

interface OperationAnswer {
  id: string;
  status: string;
  steps: { name: string; startedAt: string | null; finishedAt: string | null }[];
}

async function post<T>(target: Target, path: string, body: unknown): Promise<{ took: number; body: T }> {
  const started = performance.now();
  const response = await fetch(`${target.url}${path}`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${target.token}`,
      "content-type": "application/json",
      "x-service-request": "1",
    },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  const took = performance.now() - started;
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${text.slice(0, 2000)}`);
  return { took, body: JSON.parse(text) as T };
}

/** Plan, confirm, apply and plan again `count` new topics: each phase's time, and the apply's steps. */
export async function applyShape(target: Target, count: number): Promise<[string, string][]> {
  const files = applyFiles(count);
  const planPath = `/api/v1/clusters/${target.clusterId}/desired-state/plan`;
  const plan = await post<{ changes: unknown[]; operation?: { id: string } }>(target, planPath, {
    files,
    createOperation: true,
  });
  const id = plan.body.operation?.id;
  if (plan.body.changes.length !== count || !id) throw new Error(`the plan of ${count} topics planned otherwise`);
  const confirmStarted = performance.now();
  const confirm = await post<OperationAnswer>(target, `/api/v1/operations/${id}/confirm`, {});
  let done: OperationAnswer | undefined;
  while (!done) {
    const response = await fetch(`${target.url}/api/v1/operations/${id}`, {
      headers: { authorization: `Bearer ${target.token}` },
    });
    const now = (await response.json()) as OperationAnswer;
    if (["succeeded", "failed", "cancelled", "paused"].includes(now.status)) done = now;
    else await new Promise((resolve) => setTimeout(resolve, 250));
  }
  const applied = performance.now() - confirmStarted;
  if (done.status !== "succeeded") throw new Error(`the apply of ${count} topics ended ${done.status}`);
  const again = await post<{ changes: unknown[] }>(target, planPath, { files, createOperation: true });
  if (again.body.changes.length !== 0) throw new Error(`a second plan of ${count} topics planned changes`);
  const stepTime = (step: OperationAnswer["steps"][number]) =>
    step.startedAt && step.finishedAt ? Date.parse(step.finishedAt) - Date.parse(step.startedAt) : Number.NaN;
  return [
    [`${count} topics: plan (answer with the operation)`, seconds(plan.took)],
    ["  confirm (re-validation: the plan built again)", seconds(confirm.took)],
    ["  apply, confirm → succeeded", `${seconds(applied)} (${(applied / count).toFixed(1)} ms a topic)`],
    ...done.steps.map((step): [string, string] => [`    step: ${step.name}`, seconds(stepTime(step))]),
    ["  plan again (0 changes)", seconds(again.took)],
  ];
}

/** The apply alone: a node and a standalone service of its own, the reference size first. */
export async function runApplyAlone(count: number, reference: number): Promise<void> {
  process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -Xmx1g -XX:TieredStopAtLevel=4`.trim();
  const cluster = await startCluster({ topology: "single", name: "bench-desired-apply" });
  const admin = { username: "admin", password: "bench-desired-apply-admin" };
  let service: Awaited<ReturnType<typeof startCountedService>> | undefined;
  try {
    service = await startCountedService(admin, { COLLECT_INTERVAL_SECONDS: "3600", COLLECT_TIMEOUT_MS: "120000" });
    const api = apiClient(service.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: "bench-desired-apply", bootstrapServers: cluster.bootstrapServers },
    });
    if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
    const target = { url: service.url, token, clusterId: registered.body.cluster.id };
    const rows: [string, string][] = [];
    for (const n of reference > 0 && reference < count ? [reference, count] : [count])
      rows.push(...(await applyShape(target, n)));
    table(
      `Desired state applied end to end on a single node (Kafka ${cluster.version}), embedded store, ${new Date().toISOString()}`,
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
