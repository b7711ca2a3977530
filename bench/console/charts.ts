/**
 * bench/console, the charts (issue 35): in Debian's Chromium against a standalone service in this process,
 *  - a topic's 30-day chart: the "Rate in and out" chart of the topic page switched to "Last 30 days", timed from the
 *    click until the chart's accessible name gives points from 20 to 31 days back and its canvas differs from the
 *    hour it drew before (uPlot drew the new points), and the next frame; beside it navigation → the same chart's
 *    first hour drawn (its name giving points, its canvas not blank, the next frame);
 *  - the overview of 100 clusters: navigation → every card shown (each cluster's name a link), and → the sparklines of
 *    every card on screen drawn (both of each card named with their latest value), and the next frame;
 * beside the API's own time for the requests behind them (from this process). Targets: under 300 ms to the 30-day
 * chart, under 1 s to the overview's sparklines.
 *
 * The history is written into the service's own store before the pages open, through HistoryBook.record and the
 * synthetic clusters of bench/history (collectedAt in the past): for the topic's cluster a collection every 10
 * minutes over the days before the last 24 h (each one begins a 10-minute span and so summarizes the one before, as
 * production does) and every 30 s over the last 24 h, oldest first (a summary's sweep deletes what expired by its
 * collection's time, never what is written after it); for the other clusters every 30 s over the last hours. All
 * clusters are registered on one real single-node Kafka (duplicate bootstrap addresses are accepted; their names
 * differ); their scheduled collections are an hour apart, so none runs during the bench (the registration's one
 * is removed from the history before the synthetic one is written).
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { HistoryBook } from "@kcp/history";
import { DEFAULT_HEALTH_THRESHOLDS, deriveHealth } from "@kcp/kafka";
import { createLogger, type Health, loadConfig, type Snapshot } from "@kcp/shared";
import { standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { apiClient, createTopic, launchBrowser, startCluster } from "@kcp/test-infra";
import type { Page } from "playwright-core";
import { percentile, table } from "../common/report.js";
import { type ClusterShape, SyntheticCluster } from "../history/synthetic.js";

export interface ChartsOptions {
  consoleDir: string;
  /** Clusters registered (the topic's cluster is the first). */
  clusters: number;
  /** Days of history of the topic's cluster (the last 24 h at 30 s, the days before every 10 minutes). */
  days: number;
  /** Hours of history of each other cluster, at 30 s. */
  overviewHours: number;
  /** The topic's cluster, simulated (as bench:history). */
  shape: ClusterShape;
  runs: number;
}

/**
 * A busy topic of bench/history (`orders.000.events` is idle there), `orders.001.events`, renamed: a page URL ending in a dot and letters or
 * digits is not given the console's index.html (console-site.ts takes it for a file), so a deep link to that topic's
 * page answers 404 — the bench opens a name without dots.
 */
const SYNTHETIC_TOPIC = "orders.001.events";
const TOPIC = "orders-001-events";
const TITLE = "Rate in and out";
/** The chart's lines (TopicCharts): drawn once both are answered. */
const FIGURES = ["topic.bytesInPerSec", "topic.bytesOutPerSec"];
const MINUTE = 60_000;
const SPAN = 10 * MINUTE;
const DAY = 86_400_000;
const OTHER_SHAPE: ClusterShape = { topics: 20, partitions: 3, brokers: 6, groups: 20, replicationFactor: 3 };

const ms = (value: number) => `${value.toFixed(0)} ms`;
const sorted = (values: number[]) => [...values].sort((a, b) => a - b);
const median = (values: number[]) => percentile(sorted(values), 50);
const medianWorst = (values: number[]) =>
  `${ms(median(values))} median, ${ms(Math.max(...values))} worst of ${values.length}`;

/** The snapshot with SYNTHETIC_TOPIC named TOPIC (its topic and its groups' lags). */
function renamed(snapshot: Snapshot): Snapshot {
  const name = (topic: string) => (topic === SYNTHETIC_TOPIC ? TOPIC : topic);
  const keys = <T>(record: Record<string, T> | undefined) =>
    record && Object.fromEntries(Object.entries(record).map(([key, value]) => [name(key), value]));
  return {
    ...snapshot,
    topics: snapshot.topics.map((t) => (t.name === SYNTHETIC_TOPIC ? { ...t, name: TOPIC } : t)),
    groups: snapshot.groups.map((g) => ({
      ...g,
      topics: g.topics?.map(name) ?? g.topics,
      ...(g.topicLags ? { topicLags: keys(g.topicLags) } : {}),
      ...(g.topicCommitted ? { topicCommitted: keys(g.topicCommitted) } : {}),
    })),
  };
}

/** A cluster's simulated history, written through the book as the collector writes it. */
class History {
  private previous: Snapshot | undefined;
  private last = 0;
  written = 0;
  private readonly cluster: SyntheticCluster;

  constructor(
    private readonly book: HistoryBook,
    readonly id: string,
    shape: ClusterShape,
  ) {
    this.cluster = new SyntheticCluster(shape);
  }

  private async record(at: number, seconds: number) {
    const snapshot = renamed(this.cluster.next(new Date(at), seconds));
    const health = deriveHealth(snapshot, DEFAULT_HEALTH_THRESHOLDS, new Date(at)) as Health;
    await this.book.record(this.id, { snapshot, health, ...(this.previous ? { previous: this.previous } : {}) });
    this.previous = snapshot;
    this.last = at;
    this.written++;
  }

  /** From `start` every `seconds` while before `until`, oldest first. */
  async fill(start: number, until: number, seconds: number) {
    let at = this.last === 0 ? start : this.last + seconds * 1000;
    for (; at < until; at += seconds * 1000) await this.record(at, this.last === 0 ? seconds : (at - this.last) / 1000);
  }

  /** Collections every 30 s up to now (time passes while the others are written). */
  catchUp() {
    return this.fill(Date.now() - 30_000, Date.now(), 30);
  }
}

/**
 * In the page, each frame until done: mode "hour", from navigation start until the chart titled `title` names its
 * points and its canvas is not blank; mode "month", from a click on its "Last 30 days" until its name gives points
 * from 20–31 days back and its canvas differs from what it showed before the click. Resolves at the next frame with
 * the time and the page's own timing of the series requests (Resource Timing).
 */
const CHART_IN_PAGE = `([title, mode, figures]) => new Promise((resolve, reject) => {
  const dayMonth = (d) => d.toLocaleString("en-GB", { day: "numeric", month: "short" });
  const old = Array.from({ length: 12 }, (_, i) => dayMonth(new Date(Date.now() - (20 + i) * 86400000)));
  const figure = () => [...document.querySelectorAll("figure")].find(
    (f) => f.querySelector("figcaption span")?.textContent === title);
  const drawing = () => figure()?.querySelector('[role="img"]');
  const hash = (canvas) => {
    const data = new Uint32Array(canvas.getContext("2d").getImageData(0, 0, canvas.width, canvas.height).data.buffer);
    let h = 0, inked = 0;
    for (let i = 0; i < data.length; i++) { h = (Math.imul(h, 31) + data[i]) | 0; if (data[i] !== 0) inked++; }
    return { h, inked };
  };
  const from = (label) => /points? from (.+?) to /.exec(label)?.[1];
  let before;
  let started = 0;
  const answered = () => series().filter((e) => e.startTime >= started);
  const met = () => {
    // Every line's answer in (Resource Timing has an entry once a response is whole), none drawn from a placeholder.
    const mine = answered();
    if (!figures.every((f) => mine.some((e) => new RegExp("figure=" + f.replace(".", "\\\\.") + "(&|$)").test(e.name))))
      return false;
    const element = drawing();
    const canvas = element?.querySelector("canvas");
    const label = element?.getAttribute("aria-label") ?? "";
    const first = from(label);
    if (!canvas || !first) return false;
    const drawn = hash(canvas);
    if (mode === "hour") return drawn.inked > 0;
    // Until both lines are the 30 days' (at most 300 points), one may still be the hour kept as a placeholder.
    const points = Number(/([0-9,]+) points? from/.exec(label)?.[1]?.replace(/,/g, "") ?? "0");
    return points <= 300 && old.some((d) => first.startsWith(d) && !/[0-9]/.test(first.charAt(d.length))) && drawn.h !== before;
  };
  const series = () => performance.getEntriesByType("resource").filter((e) => e.name.includes("/series?"));
  const check = () => {
    if (performance.now() - started > 60000) {
      const element = drawing();
      const canvas = element?.querySelector("canvas");
      return reject(new Error(title + " (" + mode + ") not drawn in 60 s: " + JSON.stringify({
        label: element?.getAttribute("aria-label"), canvas: canvas ? hash(canvas) : null, url: location.href,
        figures: [...document.querySelectorAll("figure")].map((f) => f.querySelector("figcaption span")?.textContent),
        text: document.body.innerText.slice(0, 600) })));
    }
    if (!met()) return requestAnimationFrame(check);
    requestAnimationFrame(() => {
      const at = performance.now();
      const requests = answered();
      resolve({
        ms: at - started,
        requests: requests.length,
        answered: Math.max(0, ...requests.map((e) => e.responseEnd - started)),
      });
    });
  };
  if (mode === "hour") return check();
  const canvas = drawing()?.querySelector("canvas");
  if (!canvas) return reject(new Error("no hour drawn before the switch"));
  before = hash(canvas).h;
  const button = [...figure().querySelectorAll("button")].find((b) => b.textContent === "Last 30 days");
  started = performance.now();
  button.click();
  requestAnimationFrame(check);
})`;

/**
 * In the page, each frame from navigation start: when every one of `clusters` cards shows its name as a link
 * (usable), then when both sparklines of every card on screen name their latest value (drawn); each at the next frame.
 */
const OVERVIEW_IN_PAGE = `(clusters) => new Promise((resolve, reject) => {
  const result = {};
  const cards = () => [...document.querySelectorAll("li.card")].filter((li) => li.querySelector("h2 a"));
  const onScreen = (li) => { const r = li.getBoundingClientRect(); return r.bottom > 0 && r.top < innerHeight; };
  const drawn = (li) => {
    const lines = [...li.querySelectorAll('svg[role="img"]')];
    return lines.length === 2 && lines.every((s) => (s.getAttribute("aria-label") ?? "").includes("last hour: latest"));
  };
  const check = () => {
    if (performance.now() > 60000) return reject(new Error("the overview was not drawn in 60 s: " + JSON.stringify(result)));
    const all = cards();
    if (result.usable === undefined && all.length === clusters) {
      requestAnimationFrame(() => { result.usable = performance.now(); });
    }
    const shown = all.filter(onScreen);
    if (result.usable !== undefined && shown.length > 0 && shown.every(drawn)) {
      return requestAnimationFrame(() => {
        const series = performance.getEntriesByType("resource").filter((e) => e.name.includes("/series?"));
        resolve({
          ...result,
          drawn: performance.now(),
          onScreen: shown.length,
          seriesRequests: series.length,
          seriesAnswered: Math.max(0, ...series.map((e) => e.responseEnd)),
        });
      });
    }
    requestAnimationFrame(check);
  };
  check();
})`;

interface ChartTiming {
  ms: number;
  requests: number;
  answered: number;
}
interface OverviewTiming {
  usable: number;
  drawn: number;
  onScreen: number;
  seriesRequests: number;
  seriesAnswered: number;
}

async function chartTiming(page: Page, mode: "hour" | "month"): Promise<ChartTiming> {
  return (await page.evaluate(`(${CHART_IN_PAGE})(${JSON.stringify([TITLE, mode, FIGURES])})`)) as ChartTiming;
}

/** The range the console asks for (rangeQuery: the last `seconds` to now, in whole minutes). */
function rangeOf(seconds: number) {
  const to = Math.ceil(Date.now() / MINUTE) * MINUTE;
  return { from: new Date(to - seconds * 1000).toISOString(), to: new Date(to).toISOString() };
}

export async function chartsBench(options: ChartsOptions): Promise<void> {
  const cluster = await startCluster({ topology: "single", name: "bench-console-charts" });
  const dataDir = await mkdtemp(join(tmpdir(), "kcp-bench-console-charts-"));
  try {
    await createTopic(cluster, { name: TOPIC, partitions: 10, replicationFactor: 1 });
    const admin = { username: "admin", password: "bench-console-admin" };
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      CONSOLE_DIR: options.consoleDir,
      // One collection at registration, the next an hour later: none while the bench runs.
      COLLECT_INTERVAL_SECONDS: "3600",
    });
    const service = await startStandalone(config, createLogger({ name: "bench-console-charts", level: "silent" }));
    const browser = await launchBrowser();
    try {
      const url = service.gateway.url;
      const api = apiClient(url);
      const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
      const registerStarted = performance.now();
      const ids: string[] = [];
      for (let i = 0; i < options.clusters; i++) {
        const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
          token,
          body: { name: `charts-${String(i).padStart(3, "0")}`, bootstrapServers: cluster.bootstrapServers },
        });
        if (registered.status !== 201) throw new Error(`register answered ${registered.status}: ${registered.text}`);
        ids.push(registered.body.cluster.id);
      }
      process.stderr.write(
        `bench-console: registered ${ids.length} clusters on one Kafka node (${((performance.now() - registerStarted) / 1000).toFixed(0)} s)\n`,
      );

      // The history, written oldest first through a book of this process into the service's store.
      const book = new HistoryBook(service.store.series);
      const writeStarted = performance.now();
      const histories: History[] = [];
      for (const [i, id] of ids.entries()) {
        await service.store.series.removeCluster(id);
        const history = new History(book, id, i === 0 ? options.shape : OTHER_SHAPE);
        histories.push(history);
        if (i === 0) continue;
        await history.fill(Date.now() - options.overviewHours * 3_600_000, Date.now(), 30);
        if (i % 20 === 0)
          process.stderr.write(
            `bench-console: ${i} clusters' history written (${((performance.now() - writeStarted) / 1000).toFixed(0)} s)\n`,
          );
      }
      const topicHistory = histories[0] as History;
      const now = Date.now();
      const start = Math.floor((now - options.days * DAY) / SPAN) * SPAN + SPAN + 3_000;
      process.stderr.write(`bench-console: writing ${options.days} days for ${TOPIC}'s cluster\n`);
      await topicHistory.fill(start, now - DAY, SPAN / 1000);
      const summarized = topicHistory.written;
      await topicHistory.fill(start, Date.now(), 30);
      process.stderr.write(
        `bench-console: ${topicHistory.written} collections of ${options.days} days written for ${TOPIC} (${((performance.now() - writeStarted) / 1000).toFixed(0)} s)\n`,
      );
      const writeSeconds = (performance.now() - writeStarted) / 1000;

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      const page = await context.newPage();
      await page.goto(`${url}/login`);
      await page.getByLabel("Username").fill(admin.username);
      await page.getByLabel("Password").fill(admin.password);
      await page.getByRole("button", { name: "Sign in" }).click();
      await page.getByRole("heading", { name: "Clusters" }).waitFor();

      // ---- the topic's chart: navigation → its hour drawn, then a click → its 30 days drawn ----
      await topicHistory.catchUp();
      const topicUrl = `${url}/clusters/${ids[0]}/topics/${encodeURIComponent(TOPIC)}`;
      const hour: ChartTiming[] = [];
      const month: ChartTiming[] = [];
      for (let run = 0; run < options.runs; run++) {
        await page.goto(topicUrl, { waitUntil: "commit" });
        hour.push(await chartTiming(page, "hour"));
        await page.getByRole("figure", { name: TITLE }).scrollIntoViewIfNeeded();
        await page.waitForTimeout(500);
        month.push(await chartTiming(page, "month"));
      }
      const monthLabel =
        (await page.getByRole("figure", { name: TITLE }).getByRole("img").first().getAttribute("aria-label")) ?? "";

      // ---- the API alone, the same requests ----
      const base = `/api/v1/clusters/${ids[0]}`;
      const seriesPath = (figure: string, range: { from: string; to: string }, entity?: string, step?: number) =>
        `${base}/series?figure=${figure}${entity ? `&entity=${encodeURIComponent(entity)}` : ""}&from=${range.from}&to=${range.to}${step ? `&step=${step}` : ""}`;
      const timedGet = async (path: string) => {
        const started = performance.now();
        const answer = await api<{ points?: unknown[]; resolution?: string }>("GET", path, { token });
        if (answer.status !== 200) throw new Error(`${path} answered ${answer.status}: ${answer.text}`);
        return { ms: performance.now() - started, body: answer.body };
      };
      const apiRuns = async (paths: string[], runs = 10) => {
        const times: number[] = [];
        let body: { points?: unknown[]; resolution?: string } = {};
        for (let i = 0; i < runs; i++) {
          const started = performance.now();
          const answers = await Promise.all(paths.map(timedGet));
          times.push(performance.now() - started);
          body = answers[0]?.body ?? {};
        }
        return { times, points: body.points?.length ?? 0, resolution: body.resolution ?? "?" };
      };
      const monthRange = rangeOf(30 * 86_400);
      const hourRange = rangeOf(3_600);
      const monthIn = await apiRuns([seriesPath("topic.bytesInPerSec", monthRange, TOPIC)]);
      const monthBoth = await apiRuns([
        seriesPath("topic.bytesInPerSec", monthRange, TOPIC),
        seriesPath("topic.bytesOutPerSec", monthRange, TOPIC),
      ]);
      const hourBoth = await apiRuns([
        seriesPath("topic.bytesInPerSec", hourRange, TOPIC),
        seriesPath("topic.bytesOutPerSec", hourRange, TOPIC),
      ]);
      const topicDetail = await apiRuns([`${base}/topics/${encodeURIComponent(TOPIC)}`]);

      // ---- the overview: navigation → every card shown, → the sparklines on screen drawn ----
      for (const history of histories) await history.catchUp();
      const overview: OverviewTiming[] = [];
      for (let run = 0; run < options.runs; run++) {
        await page.goto(`${url}/`, { waitUntil: "commit" });
        overview.push((await page.evaluate(`(${OVERVIEW_IN_PAGE})(${options.clusters})`)) as unknown as OverviewTiming);
      }
      const overviewApi = await apiRuns(["/api/v1/overview"]);
      const sparkRange = rangeOf(3_600);
      const sparkPath = (id: string, figure: string) =>
        `/api/v1/clusters/${id}/series?figure=${figure}&from=${sparkRange.from}&to=${sparkRange.to}&step=120`;
      const oneSpark = await apiRuns([sparkPath(ids[1] as string, "cluster.bytesInPerSec")]);
      const requested = overview[0]?.seriesRequests ?? 0;
      const burstPaths = ids
        .slice(0, Math.max(1, Math.ceil(requested / 2)))
        .flatMap((id) => [sparkPath(id, "cluster.bytesInPerSec"), sparkPath(id, "cluster.maxGroupLag")]);
      const burst = await apiRuns(burstPaths);

      const first = <T>(values: T[]) => values[0] as T;
      table(
        `Charts: a topic's 30 days and the overview of ${options.clusters} clusters (Kafka ${cluster.version}, one node; Chromium, ${new Date().toISOString()})`,
        [
          [
            "history written",
            `${TOPIC}'s cluster (${options.shape.topics} topics × ${options.shape.partitions} partitions, ${options.shape.brokers} brokers, ${options.shape.groups} groups): ${summarized} collections every 10 min then ${topicHistory.written - summarized} every 30 s over the last 24 h; ${options.clusters - 1} clusters × ${options.overviewHours} h at 30 s (${OTHER_SHAPE.topics} topics, ${OTHER_SHAPE.brokers} brokers); ${writeSeconds.toFixed(0)} s`,
          ],
          ["the 30-day chart as drawn", monthLabel.slice(0, 160)],
          [
            `"${TITLE}": click "Last 30 days" → drawn`,
            `${medianWorst(month.map((t) => t.ms))}; first ${ms(first(month).ms)}  (target < 300 ms)`,
          ],
          [
            "  of which its series requests answered (in the page, from the click)",
            `${medianWorst(month.map((t) => t.answered))} (${first(month).requests} requests)`,
          ],
          [
            `"${TITLE}": navigation → the last hour drawn`,
            `${medianWorst(hour.map((t) => t.ms))}; first ${ms(first(hour).ms)}`,
          ],
          [
            "overview: navigation → every card shown",
            `${medianWorst(overview.map((t) => t.usable))}; first ${ms(first(overview).usable)}`,
          ],
          [
            "overview: navigation → the sparklines of the cards on screen drawn",
            `${medianWorst(overview.map((t) => t.drawn))}; first ${ms(first(overview).drawn)}  (target < 1,000 ms)`,
          ],
          [
            "  cards on screen, series requests made by then",
            `${first(overview).onScreen}, ${first(overview).seriesRequests} (the cards within 200 px below fetch too); the last answered at ${ms(median(overview.map((t) => t.seriesAnswered)))} median`,
          ],
        ],
      );
      table("The API's own time for the same requests (median and worst of 10, from this process)", [
        [
          "GET series topic.bytesInPerSec, 30 days (no step, as the console)",
          `${medianWorst(monthIn.times)} (${monthIn.points} points, resolution ${monthIn.resolution})`,
        ],
        ["the same with topic.bytesOutPerSec, both at once (the chart's two)", medianWorst(monthBoth.times)],
        [
          "the two over the last hour",
          `${medianWorst(hourBoth.times)} (${hourBoth.points} points, resolution ${hourBoth.resolution})`,
        ],
        ["GET topics/{name} (the page's detail, from Kafka)", medianWorst(topicDetail.times)],
        [`GET overview (${options.clusters} clusters)`, medianWorst(overviewApi.times)],
        [
          "one sparkline's series (cluster.bytesInPerSec, last hour, step 120 s)",
          `${medianWorst(oneSpark.times)} (${oneSpark.points} points)`,
        ],
        [`${burstPaths.length} sparklines' series at once (as the page asks)`, medianWorst(burst.times)],
      ]);
    } finally {
      await browser.close();
      for (const component of service.components) await component.stop();
    }
  } finally {
    await cluster.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}
