import { randomBytes } from "node:crypto";
import {
  type Api,
  apiClient,
  getSharedCluster,
  getSharedMongo,
  getSharedRedis,
  type KafkaCluster,
  startCluster,
} from "@kcp/test-infra";
import { expect } from "chai";
import { summed } from "./fleet-fixture.js";
import { mainOf, type StandaloneProcess, startServiceProcess } from "./process.js";

type View = { cluster: { id: string; name: string }; updatedAt: string; health: { status: string } };
/** One collection of a cluster as its stored view shows it: when it began (the view's updatedAt), what it found. */
type Seen = { at: number; status: string };

const INTERVAL_S = 5;
const INTERVAL = INTERVAL_S * 1000;
/** Each watch spans six intervals. */
const WINDOW = 6 * INTERVAL;
const admin = { username: "admin", password: "fleet-collectors-admin" };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Three collector processes (and a gateway) on one FerretDB store and one Redis, five clusters registered (the run's
 * shared `single` twice under two names, the shared `secure` through its PLAINTEXT and its SCRAM listener, and a
 * single-node cluster of this file that is frozen, then stopped), each collected every COLLECT_INTERVAL_SECONDS=5 (plus
 * its fixed jitter of up to 10 %), one collection at a time per process (COLLECT_CONCURRENCY=1: the tightest case).
 *
 * A cluster's collections are read from its stored view, polled through the gateway's overview: each distinct
 * `updatedAt` is one collection (the collector's clock when it began), with the health it stored. The cadence is judged
 * on those timestamps only (gaps between consecutive collections), never on how long the test waited.
 */
describe("fleet scale: three collector processes share the clusters' collections, each cluster about once per interval, a dead cluster holding no other back", function () {
  this.timeout(420_000);
  let doomed: KafkaCluster;
  let env: Record<string, string>;
  const processes: Record<string, StandaloneProcess> = {};
  const collectors = ["collector-1", "collector-2", "collector-3"];
  let api: Api;
  let token: string;
  const ids: Record<string, string> = {};
  let frozen = false;

  const start = async (name: string, service: string) => {
    processes[name] = await startServiceProcess(mainOf(service), env);
  };

  /** Polls every cluster's view until `ms` have passed: the distinct collections each showed, by cluster id. */
  async function watch(ms: number): Promise<{ from: number; to: number; seen: Map<string, Seen[]> }> {
    const byCluster = new Map<string, Map<string, string>>();
    const from = Date.now();
    const to = from + ms;
    while (Date.now() < to) {
      const answer = await api<{ clusters: View[] }>("GET", "/api/v1/overview", { token });
      expect(answer.status, answer.text).to.equal(200);
      for (const view of answer.body.clusters) {
        const seen = byCluster.get(view.cluster.id) ?? new Map<string, string>();
        seen.set(view.updatedAt, view.health.status);
        byCluster.set(view.cluster.id, seen);
      }
      await sleep(400);
    }
    const seen = new Map<string, Seen[]>();
    for (const [id, views] of byCluster)
      seen.set(
        id,
        [...views]
          .map(([at, status]) => ({ at: Date.parse(at), status }))
          .filter((s) => s.at >= from && s.at <= to)
          .sort((a, b) => a.at - b.at),
      );
    return { from, to, seen };
  }

  /** Each collector's collections of each cluster so far (kcp_collection_duration_seconds_count, both outcomes). */
  async function countsByProcess(): Promise<Record<string, Record<string, number>>> {
    const result: Record<string, Record<string, number>> = {};
    for (const name of collectors) {
      const text = await (await fetch(`${processes[name]?.url}/metrics`)).text();
      result[name] = Object.fromEntries(
        Object.values(ids).map((id) => [id, summed(text, "kcp_collection_duration_seconds_count", { cluster: id })]),
      );
    }
    return result;
  }

  const total = (counts: Record<string, Record<string, number>>, id: string) =>
    Object.values(counts).reduce((sum, byCluster) => sum + (byCluster[id] ?? 0), 0);

  /**
   * About once per interval: consecutive collections at least half an interval apart (never twice in one interval,
   * the jitter being at most a tenth of it) and less than two intervals apart (none skipped), from the window's start
   * to its end.
   */
  function expectCadence(name: string, window: { from: number; to: number }, seen: Seen[]) {
    const times = seen.map((s) => s.at);
    const gaps = times.slice(1).map((t, i) => t - (times[i] as number));
    const said = `${name}: gaps ${gaps.map((g) => (g / 1000).toFixed(2)).join(", ")} s, first ${(((times[0] ?? window.to) - window.from) / 1000).toFixed(2)} s after the start, last ${((window.to - (times.at(-1) ?? window.from)) / 1000).toFixed(2)} s before the end`;
    expect(times.length, said).to.be.within(Math.floor(WINDOW / (1.1 * INTERVAL)) - 1, WINDOW / INTERVAL + 1);
    for (const gap of gaps) expect(gap, said).to.be.within(INTERVAL / 2, 2 * INTERVAL);
    expect((times[0] as number) - window.from, said).to.be.below(2 * INTERVAL);
    expect(window.to - (times.at(-1) as number), said).to.be.below(2 * INTERVAL);
  }

  before(async () => {
    let single: KafkaCluster;
    let secure: KafkaCluster;
    let redis: { url: string };
    let mongo: { url: string };
    [single, secure, redis, mongo, doomed] = await Promise.all([
      getSharedCluster("single"),
      getSharedCluster("secure"),
      getSharedRedis(),
      getSharedMongo(),
      startCluster({ topology: "single", name: "fleet-doomed" }),
    ]);
    const stamp = Date.now();
    env = {
      STORE: "mongo",
      MONGO_URL: `${mongo.url}fleet_collectors_${stamp}`,
      QUEUE: "bullmq",
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `fleet-collectors-${stamp}`,
      SECRET_KEY: randomBytes(32).toString("hex"),
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      COLLECT_INTERVAL_SECONDS: String(INTERVAL_S),
      COLLECT_TIMEOUT_MS: "8000",
      COLLECT_CONCURRENCY: "1",
    };
    await start("gateway", "api-gateway");
    await Promise.all(collectors.map((name) => start(name, "collector")));
    api = apiClient((processes.gateway as StandaloneProcess).url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const superUser = secure.spec.credentials?.superUser ?? { username: "", password: "" };
    const clusters: Record<string, Record<string, unknown>> = {
      "single-a": { bootstrapServers: single.bootstrapServers },
      "single-b": { bootstrapServers: single.bootstrapServers },
      "secure-plain": { bootstrapServers: secure.describe().listeners.PLAINTEXT },
      "secure-scram": {
        bootstrapServers: secure.describe().listeners.SASL_PLAINTEXT,
        security: { protocol: "SASL_PLAINTEXT", saslMechanism: "SCRAM-SHA-512", username: superUser.username },
        secrets: { password: superUser.password },
      },
      doomed: { bootstrapServers: doomed.bootstrapServers },
    };
    for (const [name, profile] of Object.entries(clusters)) {
      const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
        token,
        body: { name: `fleet-${name}`, ...profile },
      });
      expect(registered.status, registered.text).to.equal(201);
      ids[name] = registered.body.cluster.id;
    }
  });

  after(async () => {
    if (frozen) {
      try {
        process.kill(doomed.node(1).pid as number, "SIGCONT");
      } catch {}
    }
    for (const running of Object.values(processes)) running.child.kill("SIGKILL");
    await Promise.all(Object.values(processes).map((p) => p.exitCode));
    await doomed?.stop();
  });

  it("every cluster is collected about once per interval over six intervals, and the collections spread over more than one process", async () => {
    const before = await countsByProcess();
    const window = await watch(WINDOW);
    const after = await countsByProcess();
    for (const [name, id] of Object.entries(ids)) {
      const seen = window.seen.get(id) ?? [];
      expectCadence(name, window, seen);
      expect(
        seen.filter((s) => s.status === "unreachable"),
        `${name}: every collection reached it`,
      ).to.deep.equal([]);
      // The collectors' own count agrees with the views, but for the edges: the counts are read just before the
      // window and just after it, and a collection counts when it ends while its view shows when it began.
      expect(total(after, id) - total(before, id), `${name}: counted by the collectors`).to.be.within(
        seen.length - 1,
        seen.length + 2,
      );
    }
    const busy = collectors.filter((name) =>
      Object.values(ids).some((id) => (after[name]?.[id] ?? 0) > (before[name]?.[id] ?? 0)),
    );
    expect(busy.length, JSON.stringify(after)).to.be.at.least(2);
  });

  /** Every cluster but the doomed one keeps its cadence over the window, never unreachable. */
  function othersKeepCadence(window: Awaited<ReturnType<typeof watch>>): void {
    for (const [name, id] of Object.entries(ids)) {
      if (name === "doomed") continue;
      const seen = window.seen.get(id) ?? [];
      expectCadence(name, window, seen);
      expect(
        seen.filter((s) => s.status === "unreachable"),
        name,
      ).to.deep.equal([]);
    }
  }

  it("a frozen cluster (its broker's JVM stopped with SIGSTOP: connections open, nothing answers): its collections time out while the others keep their cadence", async () => {
    process.kill(doomed.node(1).pid as number, "SIGSTOP");
    frozen = true;
    const window = await watch(WINDOW);
    // Every collection begun in the window began after the freeze: each unreachable, at least two of them.
    const dead = window.seen.get(ids.doomed as string) ?? [];
    expect(dead.length, JSON.stringify(dead)).to.be.at.least(2);
    for (const s of dead) expect(s.status).to.equal("unreachable");
    // Each attempt ran to its deadline (COLLECT_TIMEOUT_MS=8000) before the next began (one at a time per cluster).
    const deadGaps = dead.slice(1).map((s, i) => s.at - (dead[i] as Seen).at);
    for (const gap of deadGaps) expect(gap, JSON.stringify(deadGaps)).to.be.at.least(8000);
    othersKeepCadence(window);
  });

  it("a stopped broker (the cluster's one node shut down): its collections are refused at once and keep the cadence, as the others do", async () => {
    process.kill(doomed.node(1).pid as number, "SIGCONT");
    frozen = false;
    await doomed.node(1).stop();
    const window = await watch(WINDOW);
    // Refused at once, the dead cluster keeps its own cadence too: each attempt unreachable.
    const dead = window.seen.get(ids.doomed as string) ?? [];
    expectCadence("doomed", window, dead);
    for (const s of dead) expect(s.status).to.equal("unreachable");
    othersKeepCadence(window);
  });
});
