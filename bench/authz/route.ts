/**
 * bench/authz route: the topic list route at 10,000 topics on a real Kafka node, for a team whose bindings let it see
 * 200 of them, beside the same route for the admin, who sees every topic (target: the team's list ≤ 1.1× the
 * unfiltered one). Both ask for the first page of 100 topics; the two callers alternate, request by request, so the
 * machine's load falls on both alike. The team is a provider's user whose group is bound to the operator role on
 * `team-*` topics of the cluster (its session opened in the store, as a sign-in opens one).
 *
 *   npm run bench:authz:route [-- --topics 10000 --visible 200 --runs 40]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { createLogger, hashToken, loadConfig, newSessionToken } from "@kcp/shared";
import { standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { apiClient, startCluster, waitForTopicLeaders, withAdmin } from "@kcp/test-infra";
import { percentile, table } from "../common/report.js";

const { values } = parseArgs({
  options: {
    topics: { type: "string", default: "10000" },
    visible: { type: "string", default: "200" },
    runs: { type: "string", default: "40" },
  },
});
const topicCount = Number(values.topics);
const visibleCount = Number(values.visible);
const runs = Number(values.runs);
const PER_CREATE = 200;

/** Topic i: the first `visibleCount` are the team's (`team-…`), the rest another's (`other-…`). */
const nameOf = (i: number) => `${i < visibleCount ? "team" : "other"}-${String(i).padStart(5, "0")}`;

// A heap for 10,000 topics; the JVM's full JIT, as in production.
process.env.KCP_KAFKA_JVM_OPTS = `${process.env.KCP_KAFKA_JVM_OPTS ?? ""} -Xmx1g -XX:TieredStopAtLevel=4`.trim();
const cluster = await startCluster({ topology: "single", name: "bench-authz-route", inMemory: true });
const dataDir = await mkdtemp(join(tmpdir(), "kcp-bench-authz-route-"));
let stop: (() => Promise<void>) | undefined;
try {
  const created = performance.now();
  const names = Array.from({ length: topicCount }, (_, i) => nameOf(i));
  await withAdmin(cluster, async (admin) => {
    for (let first = 0; first < topicCount; first += PER_CREATE)
      await admin.createTopics({ topics: names.slice(first, first + PER_CREATE), partitions: 1, replicas: 1 });
    await waitForTopicLeaders(admin, names, 600_000);
  });
  console.log(`${topicCount} topics created in ${((performance.now() - created) / 1000).toFixed(0)} s`);

  const admin = { username: "admin", password: "bench-authz-route-admin" };
  const config = loadConfig(standaloneConfigSchema, {
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
  });
  const service = await startStandalone(config, createLogger({ name: "bench-authz-route", level: "silent" }));
  stop = async () => {
    for (const component of service.components) await component.stop();
  };
  const api = apiClient(service.gateway.url);
  const adminToken = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
  const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
    token: adminToken,
    body: { name: "bench", bootstrapServers: cluster.bootstrapServers, labels: { env: "prod" } },
  });
  const clusterId = registered.body.cluster.id;
  await api("POST", "/api/v1/access/bindings", {
    token: adminToken,
    body: {
      subject: { kind: "group", source: "corp", group: "team" },
      role: "operator",
      clusters: { ids: [clusterId] },
      resources: { topics: ["team-*"] },
    },
  });
  const user = await service.store.users.upsertFederated({
    source: "corp",
    username: "corp:bench",
    groups: ["corp:team"],
  });
  const teamToken = newSessionToken();
  const now = new Date();
  await service.store.sessions.create({
    tokenHash: hashToken(teamToken),
    userId: user.id,
    createdAt: now,
    expiresAt: new Date(now.getTime() + 3_600_000),
  });

  const path = `/api/v1/clusters/${clusterId}/topics?limit=100`;
  const list = async (token: string) => {
    const started = performance.now();
    const reply = await api<{ total: number; topics: unknown[] }>("GET", path, { token });
    if (reply.status !== 200) throw new Error(`topic list: ${reply.status} ${reply.text}`);
    return { ms: performance.now() - started, total: reply.body.total };
  };
  // Warm-up: the listing cache, the JIT, the sessions.
  for (let i = 0; i < 5; i++) {
    await list(adminToken);
    await list(teamToken);
  }
  const unfiltered: number[] = [];
  const filtered: number[] = [];
  const totals = { admin: 0, team: 0 };
  for (let i = 0; i < runs; i++) {
    // Each caller goes first in every other round.
    const order = i % 2 === 0 ? (["admin", "team"] as const) : (["team", "admin"] as const);
    for (const who of order) {
      const answer = await list(who === "admin" ? adminToken : teamToken);
      (who === "admin" ? unfiltered : filtered).push(answer.ms);
      totals[who] = answer.total;
    }
  }
  unfiltered.sort((x, y) => x - y);
  filtered.sort((x, y) => x - y);
  const median = (xs: number[]) => percentile(xs, 50);
  const figures = (xs: number[]) => `median ${median(xs).toFixed(1)} ms, p95 ${percentile(xs, 95).toFixed(1)} ms`;
  table(
    `bench:authz:route — ${new Date().toISOString()}, ${cpus().length} × ${cpus()[0]?.model ?? "?"}, Node ${process.version}; GET …/topics?limit=100, ${runs} each, alternating`,
    [
      [`the admin, every topic (total ${totals.admin}; reference)`, figures(unfiltered)],
      [`the team, its topics only (total ${totals.team})`, figures(filtered)],
    ],
  );
  console.log(`team / admin (medians): ${(median(filtered) / median(unfiltered)).toFixed(2)}× (target ≤ 1.1×)`);
} finally {
  await stop?.();
  await cluster.stop();
  await rm(dataDir, { recursive: true, force: true });
}
