/**
 * bench/authz: what role bindings cost. (1) 1,000 bindings compiled into the access index (target ≤ 50 ms), beside
 * reading them from the embedded store. (2) A topic list of 10,000 names filtered for a team that sees 200 of them,
 * beside the same list unfiltered (target ≤ 1.1×): the pure part of the topic list route (its filter and page over the
 * cluster's names as listTopics does it; the Kafka reads of the page's 100 topics are the same either way). (3) The
 * gateway's per-request cost on the embedded store: GET /api/v1/access/me and GET /api/v1/auth/me for the admin,
 * with 1,000 bindings, beside the same with none (the bindings compiled once; each request reads the version).
 *
 *   npm run bench:authz [-- --bindings 1000 --topics 10000 --visible 200 --runs 200]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import {
  clusterAccess,
  compileBindings,
  createLogger,
  loadConfig,
  principalBindings,
  type RoleBindingSpec,
  visibleNames,
} from "@kcp/shared";
import { standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { EmbeddedStore } from "@kcp/store";
import { apiClient } from "@kcp/test-infra";
import { percentile, table } from "../common/report.js";

const { values } = parseArgs({
  options: {
    bindings: { type: "string", default: "1000" },
    topics: { type: "string", default: "10000" },
    visible: { type: "string", default: "200" },
    runs: { type: "string", default: "200" },
  },
});
const bindingCount = Number(values.bindings);
const topicCount = Number(values.topics);
const visibleCount = Number(values.visible);
const runs = Number(values.runs);

const ms = (value: number) => `${value.toFixed(3)} ms`;

/** Median and p95 of `runs` timed calls (after 10% warm-up runs). */
async function measure(work: () => unknown | Promise<unknown>, count = runs): Promise<{ median: number; p95: number }> {
  for (let i = 0; i < Math.max(1, Math.floor(count / 10)); i++) await work();
  const durations: number[] = [];
  for (let i = 0; i < count; i++) {
    const started = performance.now();
    await work();
    durations.push(performance.now() - started);
  }
  durations.sort((a, b) => a - b);
  return { median: percentile(durations, 50), p95: percentile(durations, 95) };
}
const shown = ({ median, p95 }: { median: number; p95: number }) => `median ${ms(median)}, p95 ${ms(p95)}`;

/**
 * 1,000 bindings as a service of many teams has them: per team, its group operator on its topics and groups in prod,
 * viewer on the whole of staging; some users with a role everywhere.
 */
function someBindings(count: number): (RoleBindingSpec & { id: string })[] {
  return Array.from({ length: count }, (_, n): RoleBindingSpec & { id: string } => {
    const team = `team-${Math.floor(n / 2)}`;
    if (n % 10 === 9)
      return { id: `b${n}`, subject: { kind: "user", username: `user-${n}` }, role: "viewer", clusters: { all: true } };
    return n % 2 === 0
      ? {
          id: `b${n}`,
          subject: { kind: "group", source: "corp", group: team },
          role: "operator",
          clusters: { labels: { env: "prod" } },
          resources: { topics: [`${team}.*`, `shared.${team}`], groups: [`${team}-*`] },
          team,
        }
      : {
          id: `b${n}`,
          subject: { kind: "group", source: "corp", group: team },
          role: "viewer",
          clusters: { labels: { env: "staging" } },
          team,
        };
  });
}

const specs = someBindings(bindingCount);
const machine = `${cpus().length} × ${cpus()[0]?.model ?? "unknown CPU"}, Node ${process.version}`;
process.stdout.write(`bench:authz on ${machine}, ${new Date().toISOString()}\n`);

// (1) Compiling the bindings, beside reading them from the embedded store.
const dir = await mkdtemp(join(tmpdir(), "kcp-bench-authz-"));
const store = new EmbeddedStore(join(dir, "store"));
await store.roleBindings.replaceFileBindings(specs.map(({ id: _id, ...spec }) => spec));
const stored = await store.roleBindings.list();
const compile = await measure(() => compileBindings(stored), 50);
const read = await measure(() => store.roleBindings.list(), 50);
const version = await measure(() => store.roleBindings.version(), 2000);
const session = await measure(() => store.sessions.findActive("no-such-session", new Date()), 2000);
table(`(1) ${bindingCount} bindings compiled (target ≤ 50 ms)`, [
  ["compileBindings", shown(compile)],
  ["reference: reading them from the embedded store (list)", shown(read)],
  ["the per-request version read (embedded store)", shown(version)],
  ["reference: the per-request session lookup (embedded store)", shown(session)],
]);
await store.stop();

// (2) A topic list of 10,000 names for a team that sees 200: the filter and the page as listTopics makes them.
const index = compileBindings(specs);
const teamTopics = Array.from({ length: visibleCount }, (_, n) => `team-7.topic-${String(n).padStart(4, "0")}`);
const others = Array.from(
  { length: topicCount - visibleCount },
  (_, n) => `team-${1000 + (n % 300)}.topic-${String(n).padStart(5, "0")}`,
);
const layouts = [...teamTopics, ...others].sort().map((name) => ({ name, internal: false }));
const prod = { id: "c1", labels: { env: "prod" } };
const member = {
  username: "dev",
  bindings: principalBindings(index, "dev", ["corp:team-7", "corp:team-8", "corp:team-9"]),
};
const page = (visible: (name: string) => boolean) => {
  const matching = layouts.filter((t) => !t.internal && visible(t.name));
  return { page: matching.slice(0, 100), total: matching.length };
};
const everything = () => true;
const check = page(visibleNames(clusterAccess(member, prod), "topics"));
if (check.total !== visibleCount) throw new Error(`the team sees ${check.total} topics, not ${visibleCount}`);
const unfiltered = await measure(() => page(everything), 1000);
const filtered = await measure(() => page(visibleNames(clusterAccess(member, prod), "topics")), 1000);
// For comparison: the same names matched by one matcher merging the bindings' patterns (one set, one prefix list).
const merged = (() => {
  const matchers = clusterAccess(member, prod).narrowed.flatMap((b) =>
    b.resources?.topics ? [b.resources.topics] : [],
  );
  const literals = new Set(matchers.flatMap((m) => [...m.literals]));
  const prefixes = matchers.flatMap((m) => m.prefixes);
  return (name: string) => literals.has(name) || prefixes.some((prefix) => name.startsWith(prefix));
})();
if (page(merged).total !== visibleCount) throw new Error("the merged matcher sees another set");
const mergedTime = await measure(() => page(merged), 1000);
const wholeAdmin = { username: "admin", role: "admin" as const };
const admin = await measure(() => page(visibleNames(clusterAccess(wholeAdmin, prod), "topics")), 1000);
table(`(2) a list of ${topicCount} topics, first page of 100 (target: filtered ≤ 1.1× unfiltered)`, [
  ["reference: unfiltered (no bindings asked)", shown(unfiltered)],
  [`a team member who sees ${visibleCount} (3 groups, their bindings' patterns)`, shown(filtered)],
  ["an admin (a role on the whole cluster: every name)", shown(admin)],
  ["ratio, team member / unfiltered (medians)", `${(filtered.median / unfiltered.median).toFixed(2)}×`],
  ["for comparison: one merged matcher of the same patterns", shown(mergedTime)],
]);

// (3) The gateway's per-request cost on the embedded store, with the bindings and without.
async function requests(withBindings: boolean) {
  const data = await mkdtemp(join(dir, withBindings ? "with-" : "without-"));
  const adminUser = { username: "admin", password: "bench-authz-admin" };
  const config = loadConfig(standaloneConfigSchema, {
    PORT: "0",
    DATA_DIR: data,
    ADMIN_USERNAME: adminUser.username,
    ADMIN_PASSWORD: adminUser.password,
  });
  const service = await startStandalone(config, createLogger({ name: "bench-authz", level: "silent" }));
  try {
    if (withBindings) await service.store.roleBindings.replaceFileBindings(specs.map(({ id: _id, ...spec }) => spec));
    const api = apiClient(service.gateway.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: adminUser })).body.token;
    const get = (path: string) => async () => {
      const response = await api("GET", path, { token });
      if (response.status !== 200) throw new Error(`${path} answered ${response.status}: ${response.text}`);
    };
    return { session: await measure(get("/api/v1/auth/me")), access: await measure(get("/api/v1/access/me")) };
  } finally {
    for (const component of service.components) await component.stop();
  }
}
const without = await requests(false);
const withAll = await requests(true);
table(`(3) requests through the gateway on the embedded store (HTTP on loopback, ${runs} each)`, [
  ["reference: GET /auth/me, no bindings", shown(without.session)],
  [`GET /auth/me, ${bindingCount} bindings`, shown(withAll.session)],
  ["GET /access/me, no bindings", shown(without.access)],
  [`GET /access/me, ${bindingCount} bindings (picked from those the access book read)`, shown(withAll.access)],
]);
await rm(dir, { recursive: true, force: true });
