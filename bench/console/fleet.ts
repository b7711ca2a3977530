/**
 * bench/console, the fleet (issue "fleet scale"): the overview of 1,000 registered clusters, in Debian's Chromium
 * against a standalone service in this process. No Kafka runs: every cluster is registered through the API with
 * `skipTest` at an address nothing listens on (its one collection at registration finds it unreachable at once), then
 * its stored view is replaced by a synthetic one written straight into the service's embedded store — a snapshot of
 * 20 topics × 6 partitions on 3 brokers made unhealthy in the proportions below, its health derived from it by the
 * service's own rules (deriveHealth), a mix of statuses and issues: about 62 % ok, 20 % warning (under-replicated and
 * at min ISR, disk high), 10 % critical (a broker down, offline partitions, disk critical), 5 % unreachable, 3 %
 * unknown; 4 % of the views were written 3 h ago (stale: the interval is an hour). The clusters are named
 * `synthetic-NNNN` and labelled `synthetic=true` (so they are marked as such), with env, team and region labels.
 *
 * Measured, first with 10 clusters (the reference, same service, same page), then with 1,000:
 *  - the API from this process: `GET /api/v1/overview` unfiltered (every cluster, by name: no query) and as the
 *    console asks (the first page of 100, worst first), then filtered by labels, by health and by name; median and
 *    worst of `runs` × 2;
 *  - the console, by the page's own clock: navigation → the first cards and the counts by health shown (and the next
 *    frame); a name typed in the filter (its 250 ms typing pause included) → the list showing that one cluster; a
 *    health chip clicked → the list showing that status's clusters; median and worst of `runs`.
 * Target: usable in under 1 s (navigation → cards and counts; a filter → the list updated).
 *
 *   npm run bench:console -- --fleet [--fleet-clusters 1000 --fleet-reference 10 --fleet-runs 5]
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEFAULT_HEALTH_THRESHOLDS, deriveCapabilities, deriveHealth } from "@kcp/kafka";
import { createLogger, type Health, loadConfig, type Snapshot } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { apiClient, launchBrowser } from "@kcp/test-infra";
import type { Browser, Page } from "playwright-core";
import { percentile, table } from "../common/report.js";
import { syntheticSnapshot } from "../overview/synthetic-cluster.js";

export interface FleetOptions {
  consoleDir: string;
  /** Clusters registered in the end. */
  clusters: number;
  /** Clusters registered first, measured as the reference. */
  reference: number;
  runs: number;
}

const ms = (value: number) => `${value.toFixed(0)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);
const medianWorst = (values: number[]) => `${ms(median(values))} median, ${ms(Math.max(...values))} worst`;
const nameOf = (i: number) => `synthetic-${String(i).padStart(4, "0")}`;

type Scenario =
  | "ok"
  | "under_replicated"
  | "disk_high"
  | "broker_down"
  | "offline"
  | "disk_critical"
  | "unreachable"
  | "unknown";

/** Out of 100 clusters. */
const MIX: [Scenario, number][] = [
  ["ok", 62],
  ["under_replicated", 14],
  ["disk_high", 6],
  ["broker_down", 5],
  ["offline", 3],
  ["disk_critical", 2],
  ["unreachable", 5],
  ["unknown", 3],
];
/** The first ten: one of each kind at least, so the reference has every chip. */
const FIRST: Scenario[] = [
  "ok",
  "broker_down",
  "under_replicated",
  "ok",
  "unreachable",
  "ok",
  "disk_high",
  "unknown",
  "offline",
  "ok",
];
const ENVS = ["prod", "prod", "staging", "dev"];
const TEAMS = ["payments", "orders", "search", "identity", "analytics", "platform"];
const REGIONS = ["eu-west-1", "us-east-1", "ap-south-1"];

/** A small deterministic generator (mulberry32): the same fleet every run. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function scenarioOf(i: number, draw: number): Scenario {
  if (i < FIRST.length) return FIRST[i] as Scenario;
  let left = draw * 100;
  for (const [scenario, share] of MIX) {
    if (left < share) return scenario;
    left -= share;
  }
  return "ok";
}

/** The cluster's labels: env, team, region, and synthetic=true. */
function labelsOf(i: number): Record<string, string> {
  return {
    env: ENVS[i % ENVS.length] as string,
    team: TEAMS[Math.floor(i / 4) % TEAMS.length] as string,
    region: REGIONS[i % REGIONS.length] as string,
    synthetic: "true",
  };
}

/** The snapshot of `scenario`: bench/overview's healthy one, then broken as the scenario says. */
function snapshotOf(i: number, scenario: Scenario, next: () => number): Snapshot {
  const snapshot = syntheticSnapshot(i, 20, 6);
  const partitions = snapshot.topics.flatMap((t) => t.partitions);
  const some = (share: number) => partitions.filter(() => next() < share);
  const disk = (brokerId: number, usedShare: number) => {
    const broker = snapshot.brokers.find((b) => b.id === brokerId);
    if (!broker) return;
    const total = broker.diskTotalBytes ?? 1e12;
    broker.diskUsableBytes = total * (1 - usedShare);
    for (const dir of broker.logDirs ?? []) dir.usableBytes = (dir.totalBytes ?? total) * (1 - usedShare);
  };
  switch (scenario) {
    case "under_replicated":
      for (const p of some(0.2)) p.isr = p.isr.slice(0, 2);
      break;
    case "disk_high":
      disk(1 + (i % 3), 0.84);
      break;
    case "disk_critical":
      disk(1 + (i % 3), 0.93);
      break;
    case "broker_down": {
      const down = 1 + (i % 3);
      const broker = snapshot.brokers.find((b) => b.id === down);
      if (broker) broker.alive = false;
      for (const p of partitions) {
        p.isr = p.isr.filter((id) => id !== down);
        if (p.leader === down) p.leader = p.isr[0] ?? -1;
      }
      break;
    }
    case "offline":
      for (const p of some(0.05)) {
        p.leader = -1;
        p.isr = [];
      }
      for (const p of some(0.1)) p.isr = p.isr.slice(0, 1);
      break;
    default:
  }
  return snapshot;
}

/** Writes cluster `i`'s synthetic view into the service's store; answers its health status. */
async function writeView(service: Standalone, id: string, i: number): Promise<{ status: string; stale: boolean }> {
  const next = random(i + 1);
  const scenario = scenarioOf(i, next());
  const stale = i % 25 === 9;
  // Fresh views were collected a few seconds to a minute ago; stale ones 3 h ago (the interval is an hour).
  const updatedAt = new Date(Date.now() - (stale ? 3 * 3_600_000 : Math.floor(next() * 60_000)));
  const snapshot = snapshotOf(i, scenario, next);
  const health: Health =
    scenario === "unknown"
      ? { status: "unknown", issues: [] }
      : (deriveHealth(
          scenario === "unreachable" ? null : snapshot,
          DEFAULT_HEALTH_THRESHOLDS,
          updatedAt,
          "connect ECONNREFUSED 10.4.2.17:9092",
        ) as Health);
  const reachable = scenario !== "unreachable" && scenario !== "unknown";
  const apiVersions = new Map([...Array(93).keys()].map((key) => [key, { min: 0, max: 12 }]));
  const capabilities = deriveCapabilities({
    profile: { provider: "external", flavor: "oss" },
    snapshot: reachable ? snapshot : null,
    apiVersions: reachable ? apiVersions : null,
    authorizedOperations: null,
    ...(reachable ? {} : { unreachableReason: "connect ECONNREFUSED 10.4.2.17:9092" }),
  });
  await service.store.clusterViews.put({
    clusterId: id,
    ...(reachable ? { snapshot: snapshot as unknown as Record<string, unknown> } : {}),
    health: health as unknown as Record<string, unknown>,
    capabilities: capabilities as unknown as Record<string, unknown>,
    updatedAt,
  });
  return { status: health.status, stale };
}

/**
 * In the page, each frame from navigation start: when the first cluster card (its name a link), the counts on the
 * health chips and the total are all shown (and the cards drawn then), then when all `expected` cards of the page are
 * drawn; each at the next frame.
 */
const FIRST_CARDS_IN_PAGE = `(expected) => new Promise((resolve, reject) => {
  const result = {};
  const check = () => {
    if (performance.now() > 60000) return reject(new Error("the overview was not usable in 60 s: " + document.body.innerText.slice(0, 500)));
    const cards = document.querySelectorAll("li.card h2 a").length;
    const counts = document.querySelectorAll("fieldset button span.tabular-nums").length;
    const total = /^[0-9,]+ clusters?/.test(document.querySelector('[data-testid="overview-total"]')?.textContent ?? "");
    if (result.ms === undefined && cards > 0 && counts === 5 && total) {
      result.ms = -1;
      requestAnimationFrame(() => { result.ms = performance.now(); result.cards = document.querySelectorAll("li.card").length; });
    }
    if (result.ms !== undefined && result.ms > 0 && cards >= expected)
      return requestAnimationFrame(() => resolve({ ...result, all: performance.now() }));
    requestAnimationFrame(check);
  };
  check();
})`;

/**
 * In the page: the action ("name": the name filter given `arg` as typing does; "chip": the health chip `arg` clicked),
 * then each frame until the total reads `expected` and every card's badge (chip) or name (name) matches; resolves at
 * the next frame with the time from the action.
 */
const FILTER_IN_PAGE = `([action, arg, expected]) => new Promise((resolve, reject) => {
  const total = () => document.querySelector('[data-testid="overview-total"]')?.textContent ?? "";
  const cards = () => [...document.querySelectorAll("li.card")];
  const met = () => {
    if (!total().startsWith(expected)) return false;
    const all = cards();
    if (all.length === 0) return false;
    return action === "name"
      ? all.every((li) => li.querySelector("h2 a")?.textContent === arg)
      : all.every((li) => li.querySelector("h2 + span")?.textContent === arg);
  };
  let started = 0;
  const check = () => {
    if (performance.now() - started > 30000) return reject(new Error("the list did not update in 30 s: " + total()));
    if (!met()) return requestAnimationFrame(check);
    requestAnimationFrame(() => resolve(performance.now() - started));
  };
  if (action === "name") {
    const field = document.activeElement;
    const setValue = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, "value").set;
    started = performance.now();
    setValue.call(field, arg);
    field.dispatchEvent(new Event("input", { bubbles: true }));
  } else {
    const chip = [...document.querySelectorAll("fieldset button")].find((b) => b.querySelector("span")?.textContent === arg);
    started = performance.now();
    chip.click();
  }
  requestAnimationFrame(check);
})`;

interface PhaseFigures {
  clusters: number;
  statuses: Record<string, number>;
  stale: number;
  api: { label: string; times: number[]; bytes: number; total: number | undefined }[];
  firstCards: number[];
  allCards: number[];
  cardsShown: number;
  byName: number[];
  byChip: number[];
  chip: string;
  chipCount: number;
}

/** The chip the bench clicks: the worst status present. */
const CHIP_CHOICE = ["critical", "unreachable", "warning"];

async function measurePhase(
  page: Page,
  url: string,
  token: string,
  clusters: number,
  statuses: Record<string, number>,
  stale: number,
  runs: number,
): Promise<PhaseFigures> {
  const api = apiClient(url);
  const apiPaths: [string, string][] = [
    ["unfiltered: every cluster, by name (no query)", "/api/v1/overview"],
    ["unfiltered: the console's first page (100, worst first)", "/api/v1/overview?sort=worst&limit=100&offset=0"],
    [
      "labels=env=prod,team!=payments,synthetic (page of 100)",
      `/api/v1/overview?labels=${encodeURIComponent("env=prod,team!=payments,synthetic")}&sort=worst&limit=100&offset=0`,
    ],
    ["health=critical,unreachable (page of 100)", "/api/v1/overview?health=critical,unreachable&sort=worst&limit=100"],
    ["name=synthetic-000 (page of 100)", "/api/v1/overview?name=synthetic-000&sort=worst&limit=100&offset=0"],
  ];
  const apiFigures: PhaseFigures["api"] = [];
  for (const [label, path] of apiPaths) {
    const times: number[] = [];
    let bytes = 0;
    let total: number | undefined;
    for (let i = 0; i < runs * 2; i++) {
      const started = performance.now();
      const answer = await api<{ total?: number }>("GET", path, { token });
      times.push(performance.now() - started);
      if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
      bytes = answer.text.length;
      total = answer.body.total;
    }
    apiFigures.push({ label, times, bytes, total });
  }

  const firstCards: number[] = [];
  const allCards: number[] = [];
  let cardsShown = 0;
  for (let run = 0; run < runs; run++) {
    await page.goto(`${url}/`, { waitUntil: "commit" });
    const timing = (await page.evaluate(`(${FIRST_CARDS_IN_PAGE})(${Math.min(clusters, 100)})`)) as {
      ms: number;
      cards: number;
      all: number;
    };
    firstCards.push(timing.ms);
    allCards.push(timing.all);
    cardsShown = timing.cards;
  }
  const shownAll = /^[\d,]+ clusters?/.exec((await page.getByTestId("overview-total").textContent()) ?? "")?.[0] ?? "";
  const byName: number[] = [];
  for (let run = 0; run < runs; run++) {
    const name = nameOf((run * 7 + 3) % clusters);
    const field = page.getByLabel("Cluster name");
    await field.fill("");
    await totalShown(page, shownAll);
    await page.waitForTimeout(300);
    await field.focus();
    byName.push((await page.evaluate(`(${FILTER_IN_PAGE})(${JSON.stringify(["name", name, "1 cluster"])})`)) as number);
  }
  await page.getByLabel("Cluster name").fill("");
  await totalShown(page, shownAll);
  const chip = CHIP_CHOICE.find((s) => (statuses[s] ?? 0) > 0) ?? "ok";
  const chipCount = statuses[chip] ?? 0;
  const byChip: number[] = [];
  for (let run = 0; run < runs; run++) {
    await page.waitForTimeout(300);
    const expected = `${chipCount.toLocaleString("en")} cluster${chipCount === 1 ? "" : "s"}`;
    byChip.push((await page.evaluate(`(${FILTER_IN_PAGE})(${JSON.stringify(["chip", chip, expected])})`)) as number);
    await page.getByRole("button", { name: new RegExp(`^${chip}`) }).click();
    await totalShown(page, shownAll);
  }
  return {
    clusters,
    statuses,
    stale,
    api: apiFigures,
    firstCards,
    allCards,
    cardsShown,
    byName,
    byChip,
    chip,
    chipCount,
  };
}

/** Until the overview's total reads `prefix` ("1,000 clusters"), alone or followed by its stale count. */
async function totalShown(page: Page, prefix: string): Promise<void> {
  // A function of a string (waitForFunction's) is evaluated by the page, which its CSP refuses: evaluate polls instead.
  await page.evaluate(`new Promise((resolve, reject) => {
    const started = performance.now();
    const check = () => {
      const shown = document.querySelector('[data-testid="overview-total"]')?.textContent ?? "";
      if (shown === ${JSON.stringify(prefix)} || shown.startsWith(${JSON.stringify(`${prefix},`)})) return resolve(true);
      if (performance.now() - started > 30000) return reject(new Error("the total did not read ${prefix} in 30 s: " + shown));
      requestAnimationFrame(check);
    };
    check();
  })`);
}

async function signIn(browser: Browser, url: string, admin: { username: string; password: string }): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  await page.goto(`${url}/login`);
  await page.getByLabel("Username").fill(admin.username);
  await page.getByLabel("Password").fill(admin.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Clusters" }).waitFor();
  return page;
}

export async function fleetBench(options: FleetOptions): Promise<void> {
  const dataDir = await mkdtemp(join(tmpdir(), "kcp-bench-console-fleet-"));
  const admin = { username: "admin", password: "bench-console-admin" };
  const config = loadConfig(standaloneConfigSchema, {
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: admin.username,
    ADMIN_PASSWORD: admin.password,
    CONSOLE_DIR: options.consoleDir,
    // The registration's collection, then the next an hour later: none while the bench runs.
    COLLECT_INTERVAL_SECONDS: "3600",
    COLLECT_TIMEOUT_MS: "5000",
    COLLECT_CONCURRENCY: "16",
    // Registrations 16 at a time (each holds a connection-test slot while its first collection runs).
    CONNECTION_TESTS_PER_USER: "16",
  });
  const service = await startStandalone(config, createLogger({ name: "bench-console-fleet", level: "silent" }));
  const browser = await launchBrowser();
  try {
    const url = service.gateway.url;
    const api = apiClient(url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    const ids: string[] = [];
    const statuses: Record<string, number> = {};
    let stale = 0;
    /** Registers clusters up to `count` (16 at a time), then writes their synthetic views. */
    const grow = async (count: number) => {
      const started = performance.now();
      const from = ids.length;
      const next = { i: from };
      const registerOne = async () => {
        for (let i = next.i++; i < count; i = next.i++) {
          const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
            token,
            body: { name: nameOf(i), bootstrapServers: ["127.0.0.1:1"], labels: labelsOf(i), skipTest: true },
          });
          if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
          ids[i] = registered.body.cluster.id;
          if (i % 100 === 99)
            process.stderr.write(
              `bench-console fleet: ${i + 1} clusters registered (${((performance.now() - started) / 1000).toFixed(0)} s)\n`,
            );
        }
      };
      await Promise.all(Array.from({ length: 16 }, registerOne));
      const registeredIn = performance.now() - started;
      for (let i = from; i < count; i++) {
        const written = await writeView(service, ids[i] as string, i);
        statuses[written.status] = (statuses[written.status] ?? 0) + 1;
        if (written.stale) stale++;
      }
      process.stderr.write(
        `bench-console fleet: ${count} clusters (${((performance.now() - started) / 1000).toFixed(0)} s: registered in ${(registeredIn / 1000).toFixed(0)} s, then the views written)\n`,
      );
      // The overview is cached a second.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
    };

    await grow(options.reference);
    const page = await signIn(browser, url, admin);
    const reference = await measurePhase(page, url, token, ids.length, { ...statuses }, stale, options.runs);
    await grow(options.clusters);
    const fleet = await measurePhase(page, url, token, ids.length, { ...statuses }, stale, options.runs);
    // The counts the service answers at the end, against what was written: nothing overwrote the synthetic views.
    const end = await api<{ counts?: Record<string, number>; stale?: number }>(
      "GET",
      "/api/v1/overview?limit=1&labels=synthetic",
      { token },
    );
    await page.context().close();

    const mix = (figures: PhaseFigures) =>
      `${Object.entries(figures.statuses)
        .sort(([, a], [, b]) => b - a)
        .map(([status, n]) => `${n} ${status}`)
        .join(", ")}; ${figures.stale} stale`;
    const side = (pick: (f: PhaseFigures) => string) => `${pick(fleet)}   (${reference.clusters}: ${pick(reference)})`;
    table(
      `The overview of ${fleet.clusters} clusters, beside ${reference.clusters} (the same service and page; Chromium, ${new Date().toISOString()})`,
      [
        ["fleet as written", `${mix(fleet)}   (${reference.clusters}: ${mix(reference)})`],
        [
          "as the service counts it at the end",
          end.body.counts
            ? `${JSON.stringify(end.body.counts)}, ${end.body.stale} stale`
            : "(no counts: older service)",
        ],
        [
          "navigation → the first cards and the counts shown",
          `${side((f) => medianWorst(f.firstCards))} of ${fleet.firstCards.length}  (target < 1,000 ms)`,
        ],
        ["  cards drawn then", side((f) => String(f.cardsShown))],
        [
          "navigation → every card of the first page drawn (100; 10)",
          `${side((f) => medianWorst(f.allCards))} of ${fleet.allCards.length}`,
        ],
        [
          "a name typed → the list shows that cluster (250 ms typing pause included)",
          `${side((f) => medianWorst(f.byName))} of ${fleet.byName.length}  (target < 1,000 ms)`,
        ],
        [
          `the "${fleet.chip}" chip clicked → the list shows its ${fleet.chipCount} clusters`,
          `${medianWorst(fleet.byChip)} of ${fleet.byChip.length}   (${reference.clusters}: "${reference.chip}" ${reference.chipCount}: ${medianWorst(reference.byChip)})  (target < 1,000 ms)`,
        ],
      ],
    );
    table(
      `The API's own time, from this process (median and worst of ${options.runs * 2}; the answer's size and total)`,
      fleet.api.map((figure, i) => {
        const before = reference.api[i];
        const one = (f: PhaseFigures["api"][number]) =>
          `${medianWorst(f.times)}, ${(f.bytes / 1024).toFixed(0)} KiB, total ${f.total ?? "–"}`;
        return [`GET ${figure.label}`, `${one(figure)}   (${reference.clusters}: ${before ? one(before) : "–"})`];
      }),
    );
  } finally {
    await browser.close();
    for (const component of service.components) await component.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
