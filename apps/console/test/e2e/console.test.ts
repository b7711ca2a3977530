import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import {
  apiClient,
  commitGroupOffsets,
  describeViolations,
  getSharedCluster,
  type KafkaCluster,
  kafkaToolOn,
  launchBrowser,
  screenshot,
  seriousAccessibilityViolations,
  startStrimziOperatorDouble,
  uniqueTopicName,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import type { Browser, Locator, Page } from "playwright-core";

const CONSOLE_DIR = fileURLToPath(new URL("../../dist", import.meta.url));
const ADMIN = { username: "admin", password: "console-e2e-admin-password" };
const VIEWER = { username: "viewer1", password: "console-e2e-viewer-password" };

async function signIn(page: Page, url: string, user: { username: string; password: string }) {
  await page.goto(`${url}/`);
  await page.waitForURL(/\/login/);
  await page.getByLabel("Username").fill(user.username);
  await page.getByLabel("Password").fill(user.password);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("heading", { name: "Clusters" }).waitFor();
}

async function expectAccessible(page: Page, what: string) {
  const violations = await seriousAccessibilityViolations(page);
  expect(describeViolations(violations), `axe on ${what}`).to.deep.equal([]);
}

describe("web console in Chromium against the real service and Kafka", function () {
  this.timeout(120_000);
  let kafka: KafkaCluster;
  let service: Standalone;
  let url: string;
  let dataDir: string;
  let browser: Browser;
  let token: string;
  const errors: string[] = [];

  before(async () => {
    kafka = await getSharedCluster("single");
    dataDir = await mkdtemp(join(tmpdir(), "kcp-console-e2e-"));
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CONSOLE_DIR,
      COLLECT_TIMEOUT_MS: "15000",
    });
    service = await startStandalone(config, createLogger({ name: "console-e2e", level: "silent" }));
    url = service.gateway.url;
    const api = apiClient(url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN })).body.token;
    const created = await api("POST", "/api/v1/users", { token, body: { ...VIEWER, role: "viewer" } });
    expect(created.status, created.text).to.equal(201);
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    for (const component of service?.components ?? []) await component.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  /** The API answers the browser logged as failed (4xx, 5xx), for the tests that expect none. */
  const failedLoads: string[] = [];

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // A CSP refusal or an uncaught error is a bug the user would meet: collect them all. (Failed API answers are
    // logged by Chromium too; the tests check that the page shows them.)
    page.on("console", (message) => {
      if (message.type() !== "error") return;
      if (!message.text().startsWith("Failed to load resource")) errors.push(message.text());
    });
    // Chromium logs every failed answer as an error ("Failed to load resource"): kept with its URL.
    page.on("response", (response) => {
      if (response.status() >= 400) failedLoads.push(`${response.status()} ${new URL(response.url()).pathname}`);
    });
    page.on("response", (response) => {
      if (response.status() === 404 && !response.url().includes("/api/")) errors.push(`404 ${response.url()}`);
    });
    page.on("pageerror", (error) => errors.push(error.message));
    return page;
  }

  const cluster = `e2e-${Date.now().toString(36)}`;
  const topic = uniqueTopicName("console");
  const group = `console-group-${Date.now().toString(36)}`;

  it("signs in (a page without a session goes to the login), shows the user and role, and the login page passes axe", async () => {
    const page = await newPage();
    failedLoads.length = 0;
    await page.goto(`${url}/clusters/new`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    // A first visit without a session asks whether there is one; the answer is no error (nothing for the browser to log).
    expect(failedLoads, "failed requests of a first visit").to.deep.equal([]);
    await expectAccessible(page, "login");
    await screenshot(page, "login");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill("wrong password");
    await page.getByRole("button", { name: "Sign in" }).click();
    expect(await page.getByRole("alert").textContent()).to.match(/invalid|password|credentials/i);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(/\/clusters\/new$/);
    expect(await page.getByTestId("session-user").textContent()).to.equal("Signed in as admin (admin)");
    await page.context().close();
  });

  it("API reference: every operation of the live document, open without a session, filtered by its URL, passes axe", async () => {
    const page = await newPage();
    await page.goto(`${url}/login`);
    await page.getByRole("link", { name: "API reference" }).click();
    await page.waitForURL(/\/api-reference$/);
    await page.getByRole("heading", { name: "API reference" }).waitFor();
    const document = (await (await fetch(`${url}/api/v1/openapi.json`)).json()) as {
      paths: Record<string, Record<string, { operationId: string }>>;
    };
    const ids = Object.values(document.paths).flatMap((methods) => Object.values(methods).map((o) => o.operationId));
    const shown = await page.locator("details[id] > summary code.font-semibold").count();
    expect(shown, "one entry per operation").to.equal(ids.length);
    await page.locator("#planOperation > summary").click();
    await page.locator("#planOperation").getByText("planOperation · lowest role: operator").waitFor();
    await page.locator("#planOperation").getByRole("link", { name: "PlanOperationRequest" }).waitFor();
    await expectAccessible(page, "API reference");
    await screenshot(page, "api-reference");
    await page.getByLabel("Filter operations").fill("topics");
    await page.waitForURL(/\/api-reference\?q=topics$/);
    expect(await page.locator("#listTopics").count()).to.equal(1);
    expect(await page.locator("#listUsers").count(), "filtered out").to.equal(0);
    await page.reload();
    expect(await page.getByLabel("Filter operations").inputValue(), "the filter is in the URL").to.equal("topics");
    await page.context().close();
  });

  it("registers a cluster through the form and shows its brokers, quorum, features and capabilities", async () => {
    const page = await newPage();
    await signIn(page, url, ADMIN);
    await page.getByRole("link", { name: "Register a cluster" }).click();
    await expectAccessible(page, "register a cluster");
    await page.getByLabel("Name").fill(cluster);
    await page.getByLabel(/Bootstrap servers/).fill("127.0.0.1:1");
    await page.getByRole("button", { name: "Register" }).click();
    expect(await page.getByRole("alert").textContent(), "an unreachable address is refused, readably").to.match(/./);
    await page.getByLabel(/Bootstrap servers/).fill(kafka.bootstrapServers.join(","));
    await page.getByRole("button", { name: "Register" }).click();
    await page.getByRole("heading", { name: cluster }).waitFor();
    await page.getByRole("heading", { name: "Brokers" }).waitFor();
    const brokerRows = await page.getByRole("table").first().locator("tbody tr").count();
    expect(brokerRows).to.equal(kafka.brokerIds.length);
    await page.getByRole("heading", { name: "Capabilities" }).waitFor();
    await expectAccessible(page, "cluster");
    await screenshot(page, "cluster");
    await page.goto(`${url}/`);
    await page.getByRole("link", { name: cluster }).waitFor();
    await expectAccessible(page, "overview");
    await screenshot(page, "overview");
    // Filters: a part of the name (any case), then the health chips (each with its count); the URL keeps them.
    const status = (await page.locator("li.card h2 + span").first().textContent()) ?? "";
    await page
      .locator("li.card")
      .getByText(/^collected \d.* ago/)
      .waitFor();
    const other = status === "critical" ? "ok" : "critical";
    await page.getByLabel("Cluster name").fill("no-such-cluster");
    await page.getByText("No cluster matches these filters.").waitFor();
    await page.getByLabel("Cluster name").fill(cluster.slice(4).toUpperCase());
    await page.getByRole("link", { name: cluster }).waitFor();
    await page.waitForURL(/[?&]q=/);
    await page.getByRole("button", { name: `${other} 0`, exact: true }).click();
    await page.getByText("No cluster matches these filters.").waitFor();
    await page.getByRole("button", { name: `${status} 1`, exact: true }).click();
    await page.getByRole("link", { name: cluster }).waitFor();
    await page.waitForURL(new RegExp(`[?&]health=[^&]*${status}`));
    await page.reload();
    await page.getByRole("link", { name: cluster }).waitFor();
    expect(await page.getByLabel("Cluster name").inputValue(), "the filter is in the URL").to.equal(
      cluster.slice(4).toUpperCase(),
    );
    expect(await page.getByRole("button", { name: `${other} 0`, exact: true }).getAttribute("aria-pressed")).to.equal(
      "true",
    );
    await expectAccessible(page, "overview, filtered");
    // A selector the service refuses: its words under the field, the last list kept.
    await page.getByLabel("Labels").fill("env=prod,a b");
    expect(await page.getByRole("alert").textContent()).to.match(/labels: "a b" is not key/);
    await page.getByRole("link", { name: cluster }).waitFor();
    await page.context().close();
  });

  it("an operator-managed cluster shows what its Strimzi operator reports: readiness, node pools and conditions", async () => {
    const strimzi = await startStrimziOperatorDouble(kafka, kafka.version);
    try {
      const registered = await apiClient(url)<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
        token,
        body: {
          name: `strimzi-${cluster}`,
          bootstrapServers: kafka.bootstrapServers,
          provider: "operator-managed",
          settings: { kubernetes: { namespace: strimzi.namespace, kafka: strimzi.name } },
          secrets: { kubeconfig: strimzi.server.kubeconfig },
        },
      });
      expect(registered.status, registered.text).to.equal(201);
      const page = await newPage();
      await signIn(page, url, ADMIN);
      await page.goto(`${url}/clusters/${registered.body.cluster.id}`);
      await page.getByRole("heading", { name: "Strimzi operator" }).waitFor();
      expect(await page.getByText(`${strimzi.namespace}/orders: ready`).count()).to.equal(1);
      const pools = page.getByRole("table", { name: "Node pools" });
      expect(await pools.locator("tbody tr").allInnerTexts()).to.deep.equal([
        "brokers\tbroker\t3\t3\t4, 5, 6",
        "controllers\tcontroller\t3\t3\t1, 2, 3",
      ]);
      await expectAccessible(page, "operator-managed cluster");
      await page.context().close();
      // The other tests of this file find their cluster by name on the overview: leave only theirs.
      const forgotten = await apiClient(url)("DELETE", `/api/v1/clusters/${registered.body.cluster.id}`, { token });
      expect(forgotten.status, forgotten.text).to.equal(200);
    } finally {
      await strimzi.stop();
    }
  });

  it("creates a topic, produces a message and browses it back; kafka-topics sees the topic", async () => {
    const page = await newPage();
    await signIn(page, url, ADMIN);
    await page.getByRole("link", { name: cluster }).click();
    await page.getByRole("link", { name: "Topics" }).click();
    await page.getByRole("button", { name: "Create topic" }).click();
    await page.getByLabel("Topic name").fill(topic);
    await page.getByLabel(/Partitions/).fill("3");
    await page.getByLabel(/Replication factor/).fill("1");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByRole("heading", { name: topic }).waitFor();
    const described = await kafkaToolOn(kafka, "org.apache.kafka.tools.TopicCommand", ["--describe", "--topic", topic]);
    expect(described).to.include("PartitionCount: 3");
    await page.getByLabel("Key (optional)").fill("k1");
    await page.getByLabel("Value", { exact: true }).fill("hello from the console");
    await page.getByRole("button", { name: "Produce" }).click();
    const written = (await page.getByText(/Written to partition \d+ at offset 0/).textContent()) ?? "";
    expect(written).to.match(/offset 0/);
    // The partitions table shows each end offset as Kafka has it: 1 where the message went, 0 elsewhere (not "–").
    const endOffsets = page.locator('section[aria-labelledby="partitions"] tbody tr td:nth-child(5)');
    const target = Number(/partition (\d+)/.exec(written)?.[1]);
    await endOffsets.nth(target).filter({ hasText: /^1$/ }).waitFor();
    expect(await endOffsets.allInnerTexts()).to.deep.equal([0, 1, 2].map((p) => (p === target ? "1" : "0")));
    await page.getByRole("button", { name: "Read messages" }).click();
    await page.getByRole("cell", { name: "hello from the console" }).waitFor();
    expect(await page.getByRole("cell", { name: "k1", exact: true }).count()).to.equal(1);
    await page.getByLabel("Config", { exact: true }).fill("retention.ms");
    await page.getByLabel("New value").fill("3600000");
    await page.getByRole("button", { name: "Set on the topic" }).click();
    await page.getByRole("row", { name: "retention.ms 3600000 topic", exact: true }).waitFor();
    const described2 = await kafkaToolOn(kafka, "kafka.admin.ConfigCommand", [
      "--describe",
      "--entity-type",
      "topics",
      "--entity-name",
      topic,
    ]);
    expect(described2).to.include("retention.ms=3600000");
    await expectAccessible(page, "topic");
    await screenshot(page, "topic");
    await page.getByRole("link", { name: "All topics" }).click();
    await page.getByLabel("Search topics").fill(topic);
    await page.getByRole("link", { name: topic }).waitFor();
    // The count follows the filtered answer, which can land just after the link (kept from the unfiltered list).
    await page.getByText("1 topic", { exact: true }).waitFor();
    await page.waitForURL(new RegExp(`[?&]q=${topic}`));
    await expectAccessible(page, "topics");
    await screenshot(page, "topics");
    await page.context().close();
  });

  it("lists the group with its lag, previews a reset to latest, then resets: the lag is 0 and Kafka agrees", async () => {
    await commitGroupOffsets(kafka, group, topic, { 0: 0, 1: 0, 2: 0 });
    const id = await clusterIdByName();
    const refreshed = await apiClient(url)("POST", `/api/v1/clusters/${id}/refresh`, { token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    const page = await newPage();
    await signIn(page, url, ADMIN);
    await page.goto(`${url}/clusters/${id}`);
    await page.getByRole("link", { name: "Consumer groups" }).click();
    await page.getByLabel("Search groups").fill(group);
    const row = page.getByRole("listitem").filter({ hasText: group });
    await row.waitFor();
    expect(await row.textContent())
      .to.match(/classic|consumer/)
      .and.match(/Empty/)
      .and.match(/1$/);
    await expectAccessible(page, "groups");
    await screenshot(page, "groups");
    await page.getByRole("link", { name: group }).click();
    await page.getByText(/total lag 1/).waitFor();
    expect(
      await page.getByRole("button", { name: "Reset offsets" }).isDisabled(),
      "no reset before a preview",
    ).to.equal(true);
    await page.getByLabel("Reset to").selectOption("latest");
    await page.getByRole("button", { name: "Preview" }).click();
    await page.getByText("Preview: nothing has changed yet").waitFor();
    expect(await page.getByRole("cell", { name: "1", exact: true }).count()).to.be.at.least(1);
    await page.getByText(/total lag 1/).waitFor();
    await expectAccessible(page, "group");
    await screenshot(page, "group");
    await page.getByRole("button", { name: "Reset offsets" }).click();
    await page.getByText(/Offsets reset for 3 partition/).waitFor();
    await page.getByText(/total lag 0/).waitFor();
    const described = await kafkaToolOn(kafka, "org.apache.kafka.tools.consumer.group.ConsumerGroupCommand", [
      "--describe",
      "--group",
      group,
    ]);
    const lags = described
      .split("\n")
      .filter((line) => line.includes(topic))
      .map((line) => line.trim().split(/\s+/)[5]);
    expect(lags).to.deep.equal(["0", "0", "0"]);
    await page.context().close();
  });

  it("charts: overview sparklines, the cluster's, topic's and group's history and spread, each named with a table of its data, keyboard-reachable, axe-clean in both themes", async function () {
    this.timeout(300_000);
    const id = await clusterIdByName();
    const api = apiClient(url);
    // The history grows by one point per collection (the rates are measured between two): collect until the
    // throughput, the topic's rate and the group's lag each have two points in the last hour.
    const points = async (figure: string, entity?: string) => {
      const query = new URLSearchParams({ figure, ...(entity ? { entity } : {}) });
      const answer = await api<{ points: unknown[] }>("GET", `/api/v1/clusters/${id}/series?${query}`, { token });
      expect(answer.status, answer.text).to.equal(200);
      return answer.body.points.length;
    };
    await waitFor(
      "two points of history",
      async () => {
        const refreshed = await api("POST", `/api/v1/clusters/${id}/refresh`, { token });
        expect(refreshed.status, refreshed.text).to.equal(200);
        const counts = await Promise.all([
          points("cluster.bytesInPerSec"),
          points("topic.bytesInPerSec", topic),
          points("group.lag", group),
        ]);
        if (counts.every((n) => n >= 2)) return true;
        return undefined;
      },
      { timeoutMs: 240_000, intervalMs: 5_000 },
    );
    const view = (
      await api<{ snapshot: { brokers: { id: number; replicas: number; leaders: number }[] } }>(
        "GET",
        `/api/v1/clusters/${id}`,
        { token },
      )
    ).body;

    const page = await newPage();
    await signIn(page, url, ADMIN);
    /** axe in the light theme, then in the dark one (with a screenshot of `shown`), then back. */
    const bothThemes = async (what: string, shown?: Locator) => {
      await expectAccessible(page, what);
      await page.getByRole("button", { name: "Switch to the dark theme" }).click();
      await expectAccessible(page, `${what}, dark theme`);
      await shown?.scrollIntoViewIfNeeded();
      await screenshot(page, `${what.replaceAll(" ", "-")}-dark`);
      await page.getByRole("button", { name: "Switch to the light theme" }).click();
    };
    /** A chart: its figure (named by its caption), the drawing named by what it shows, the table of its data. */
    const chart = (title: string | RegExp) => {
      const figure = page.getByRole("figure", { name: title, exact: true });
      return { figure, drawing: figure.getByRole("img"), rows: figure.getByRole("table").locator("tbody tr") };
    };

    // Overview: each card's last hour, fetched once the card is in view.
    const card = page.getByRole("listitem").filter({ has: page.getByRole("link", { name: cluster, exact: true }) });
    await card.getByRole("img", { name: new RegExp(`^Throughput in of ${cluster}, last hour: latest`) }).waitFor();
    await card.getByRole("img", { name: new RegExp(`^Worst group lag of ${cluster}, last hour: latest`) }).waitFor();
    // The card asks for 2-minute steps: the collections of this test may all fall into one.
    const cardTable = card.getByRole("table", { name: `Throughput in of ${cluster}, last hour` });
    expect(await cardTable.locator("tbody tr").count()).to.be.at.least(1);
    await bothThemes("overview sparklines", card);

    // Cluster: throughput over time (uPlot on a canvas), then per broker disk (or data), replicas and leaders.
    await page.goto(`${url}/clusters/${id}`);
    const throughput = chart("Throughput in and out");
    await throughput.drawing.and(page.getByRole("img", { name: /points? from/ })).waitFor();
    await throughput.figure.locator("canvas").first().waitFor();
    const named = (await throughput.drawing.getAttribute("aria-label")) ?? "";
    const shown = Number(/: (\d+) points? from/.exec(named)?.[1]);
    expect(shown, named).to.be.at.least(2);
    expect(await throughput.rows.count(), "the table holds every point drawn").to.equal(shown);
    expect(await throughput.figure.getByRole("table").locator("thead th").allInnerTexts()).to.deep.equal([
      "Time",
      "In",
      "Out",
    ]);
    // The range switch and the table toggle are buttons, reached and pressed from the keyboard.
    const lastDay = throughput.figure.getByRole("button", { name: "Last day" });
    await lastDay.focus();
    await page.keyboard.press("Enter");
    expect(await lastDay.getAttribute("aria-pressed")).to.equal("true");
    await throughput.drawing.and(page.getByRole("img", { name: /points? from/ })).waitFor();
    const disk = chart(/^(Disk used|Data) per broker$/);
    expect(await disk.rows.count()).to.equal(kafka.brokerIds.length);
    expect(await disk.drawing.getAttribute("aria-label")).to.match(/mean .*, band .* to .*, \d+ outside it/);
    const replicas = chart("Partitions (replicas) per broker");
    const leaders = chart("Leaders per broker");
    const byBroker = (figure: "replicas" | "leaders") =>
      [...view.snapshot.brokers].sort((a, b) => a.id - b.id).map((b) => `Broker ${b.id}\t${b[figure]}`);
    expect(await replicas.rows.allInnerTexts(), "the table is the snapshot's").to.deep.equal(byBroker("replicas"));
    expect(await leaders.rows.allInnerTexts()).to.deep.equal(byBroker("leaders"));
    const toggle = leaders.figure.getByRole("button", { name: "Show as table" });
    // Visually hidden (a 1-pixel clip, as sr-only) but in the accessibility tree; shown by the toggle.
    const region = leaders.figure.getByRole("region", { name: "Leaders per broker, as a table" });
    const width = async () => (await region.boundingBox())?.width ?? 0;
    expect(await width(), "hidden but for screen readers").to.be.at.most(1);
    await toggle.focus();
    await page.keyboard.press("Space");
    expect(await toggle.getAttribute("aria-pressed")).to.equal("true");
    expect(await width(), "shown").to.be.above(100);
    await throughput.figure.getByRole("button", { name: "Last hour" }).click();
    await throughput.figure.scrollIntoViewIfNeeded();
    await screenshot(page, "cluster-charts");
    await bothThemes("cluster charts", throughput.figure);

    // Topic: rate and size over time, size per partition and leaders per broker from the topic's detail.
    await page.goto(`${url}/clusters/${id}/topics/${topic}`);
    const rate = chart("Rate in and out");
    await rate.drawing.and(page.getByRole("img", { name: /points? from/ })).waitFor();
    await rate.figure.locator("canvas").first().waitFor();
    const size = chart("Size");
    await size.drawing.and(page.getByRole("img", { name: /points? from .* Size: latest \d/ })).waitFor();
    expect(await size.rows.count()).to.be.at.least(2);
    const perPartition = chart("Size per partition");
    expect((await perPartition.rows.allInnerTexts()).map((row) => row.split("\t")[0])).to.deep.equal([
      "Partition 0",
      "Partition 1",
      "Partition 2",
    ]);
    const led = chart("Partitions led per broker");
    const ledCounts = (await led.rows.allInnerTexts()).map((row) => Number(row.split("\t")[1]));
    expect(
      ledCounts.reduce((a, b) => a + b, 0),
      "every partition's leader counted",
    ).to.equal(3);
    await rate.figure.scrollIntoViewIfNeeded();
    await screenshot(page, "topic-charts");
    await bothThemes("topic charts", rate.figure);

    // Group: lag over time, total and per topic; the list's sparkline of the last hour.
    await page.goto(`${url}/clusters/${id}/groups/${group}`);
    const lag = chart("Lag, total and per topic");
    await lag.drawing.and(page.getByRole("img", { name: /points? from/ })).waitFor();
    await lag.figure.locator("canvas").first().waitFor();
    expect(await lag.figure.getByRole("table").locator("thead th").allInnerTexts()).to.deep.equal([
      "Time",
      "Total",
      topic,
    ]);
    expect(await lag.rows.count()).to.be.at.least(2);
    // The offsets were reset to the end: no partition lags now, and the page says so rather than drawing nothing.
    await page.getByText("No partition of the group lags.").waitFor();
    await lag.figure.scrollIntoViewIfNeeded();
    await screenshot(page, "group-charts");
    await bothThemes("group charts", lag.figure);
    // The list: the group's last hour as a sparkline where the service has more than one point of it (lagRecent is
    // in 2-minute steps: this test's collections may all fall into one).
    const listed = await api<{ groups: { id: string; lagRecent?: number[] }[] }>(
      "GET",
      `/api/v1/clusters/${id}/groups?search=${group}`,
      { token },
    );
    const recent = listed.body.groups.find((g) => g.id === group)?.lagRecent ?? [];
    await page.goto(`${url}/clusters/${id}/groups`);
    await page.getByLabel("Search groups").fill(group);
    const row = page.getByRole("listitem").filter({ hasText: group });
    await row.waitFor();
    const sparkline = row.getByRole("img", { name: new RegExp(`^Lag of ${group} over the last hour: latest \\d`) });
    if (recent.length > 1) await sparkline.waitFor();
    else expect(await sparkline.count(), "no line from a single point").to.equal(0);
    await bothThemes("groups with sparklines");
    // A lag that grows for 21 minutes, as the service reports it from an older history than this test can wait for:
    // the service's own answer with the two fields of a growing lag added to this group, as GET /groups carries them.
    await page.route(`**/api/v1/clusters/${id}/groups?**`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { groups: Record<string, unknown>[] };
      for (const g of body.groups) {
        if (g.id !== group) continue;
        g.lagRecent = [0, 120, 900, 2_400, 3_150];
        g.lagGrowth = { growingForSeconds: 1_260, perSecond: 2.5 };
      }
      await route.fulfill({ response, json: body });
    });
    await page.reload();
    await page.getByLabel("Search groups").fill(group);
    await row
      .getByRole("img", { name: `Lag of ${group} over the last hour: latest 3150, lowest 0, highest 3150` })
      .waitFor();
    await row.getByText("growing for 21 min at 2.5 msg/s").waitFor();
    expect(await row.textContent(), "the total lag stays last in the row").to.match(/0$/);
    await bothThemes("groups with a growing lag", row);
    await page.unroute(`**/api/v1/clusters/${id}/groups?**`);
    await page.context().close();
  });

  it("a viewer sees the same pages without any write action", async () => {
    const page = await newPage();
    await signIn(page, url, VIEWER);
    expect(await page.getByTestId("session-user").textContent()).to.equal("Signed in as viewer1 (viewer)");
    expect(await page.getByRole("link", { name: "Register a cluster" }).count()).to.equal(0);
    await page.getByRole("link", { name: cluster }).click();
    await page.getByRole("link", { name: "Topics" }).click();
    await page.getByRole("link", { name: topic }).waitFor();
    expect(await page.getByRole("button", { name: "Create topic" }).count()).to.equal(0);
    await page.getByRole("link", { name: topic }).click();
    await page.getByRole("heading", { name: "Browse messages" }).waitFor();
    expect(await page.getByRole("button", { name: "Delete topic" }).count()).to.equal(0);
    expect(await page.getByRole("button", { name: "Produce" }).count()).to.equal(0);
    expect(await page.getByRole("button", { name: "Set on the topic" }).count()).to.equal(0);
    // Every page has its URL: the back button returns to the list.
    await page.goBack();
    await page.getByRole("heading", { name: "Topics" }).waitFor();
    // The dark theme: chosen once, kept across reloads, and as readable (axe checks colour contrast too).
    await page.getByRole("button", { name: "Switch to the dark theme" }).click();
    await page.reload();
    await page.getByRole("heading", { name: "Topics" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.classList.contains("dark"))).to.equal(true);
    await expectAccessible(page, "topics, dark theme");
    await screenshot(page, "topics-dark");
    await page.context().close();
  });

  it("a viewer given operator on some topics by a binding is offered Create topic; outside its patterns the refusal names the binding that would allow it", async () => {
    const team = `pay-${Date.now().toString(36)}`;
    const ann = { username: `ann-${team}`, password: "console-e2e-ann-password" };
    const api = apiClient(url);
    expect((await api("POST", "/api/v1/users", { token, body: { ...ann, role: "viewer" } })).status).to.equal(201);
    const bound = await api("POST", "/api/v1/access/bindings", {
      token,
      body: {
        subject: { kind: "user", username: ann.username },
        role: "operator",
        clusters: { all: true },
        resources: { topics: [`${team}.*`] },
      },
    });
    expect(bound.status, bound.text).to.equal(201);
    const page = await newPage();
    await signIn(page, url, ann);
    expect(await page.getByTestId("session-user").textContent()).to.equal(`Signed in as ${ann.username} (operator)`);
    await page.getByRole("link", { name: cluster }).click();
    await page.getByRole("link", { name: "Topics" }).click();
    await page.getByRole("button", { name: "Create topic" }).click();
    await page.getByLabel("Topic name").fill(`billing-${team}.orders`);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    expect(await page.getByRole("alert").textContent()).to.match(
      new RegExp(
        `needs the operator role on it in cluster ${cluster} \\(a binding on the whole cluster, or one whose topics? patterns match billing-${team}\\.orders\\)`,
      ),
    );
    await page.getByLabel("Topic name").fill(`${team}.orders`);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByRole("heading", { name: `${team}.orders` }).waitFor();
    await page.context().close();
  });

  it("deletes the topic only once its name is typed exactly; kafka-topics no longer lists it", async () => {
    const page = await newPage();
    await signIn(page, url, ADMIN);
    await page.goto(`${url}/clusters/${await clusterIdByName()}/topics/${topic}`);
    await page.getByRole("button", { name: "Delete topic" }).click();
    const confirm = page.getByRole("button", { name: "Deleting the topic" });
    await page.getByLabel("Name to confirm").fill(`${topic}-wrong`);
    expect(await confirm.isDisabled()).to.equal(true);
    await page.getByLabel("Name to confirm").fill(topic);
    await confirm.click();
    await page.getByRole("heading", { name: "Topics" }).waitFor();
    const listed = await kafkaToolOn(kafka, "org.apache.kafka.tools.TopicCommand", ["--list"]);
    expect(listed.split("\n")).to.not.include(topic);
    await page.context().close();
  });

  it("ACLs, quotas and SCRAM users: changes reach Kafka (its own tools agree); a refusal is shown as the service words it", async () => {
    const id = await clusterIdByName();
    const page = await newPage();
    await signIn(page, url, ADMIN);
    await page.goto(`${url}/clusters/${id}/acls`);
    await page.getByLabel("Resource name").fill("console-acl-topic");
    await page.getByLabel("Principal").fill("User:console-alice");
    await page.getByRole("button", { name: "Add ACL" }).click();
    // This broker has no authorizer: Kafka refuses ACLs, and the page says so in the service's words.
    expect(await page.getByRole("alert").first().textContent()).to.include("SECURITY_DISABLED");
    expect(await page.getByRole("cell", { name: "User:console-alice" }).count()).to.equal(0);
    await expectAccessible(page, "ACLs");

    await page.goto(`${url}/clusters/${id}/quotas`);
    await page.getByLabel(/Entity name/).fill("console-bob");
    await page.getByLabel("Value").fill("2048");
    await page.getByRole("button", { name: "Set quota" }).click();
    await page.getByRole("cell", { name: "producer_byte_rate = 2048" }).waitFor();
    const quotas = await kafkaToolOn(kafka, "kafka.admin.ConfigCommand", [
      "--describe",
      "--entity-type",
      "users",
      "--entity-name",
      "console-bob",
    ]);
    expect(quotas).to.include("producer_byte_rate=2048");
    await expectAccessible(page, "quotas");

    await page.goto(`${url}/clusters/${id}/scram-users`);
    await page.getByLabel("User", { exact: true }).fill("console-carol");
    await page.getByLabel(/Password/).fill("console-carol-secret");
    await page.getByRole("button", { name: "Set credential" }).click();
    await page.getByRole("cell", { name: "console-carol", exact: true }).waitFor();
    expect(await page.content()).to.not.include("console-carol-secret");
    await expectAccessible(page, "SCRAM users");
    await page.context().close();
  });

  it("autopilot: an admin creates a policy from a template, pauses the cluster's autopilot with a reason and resumes it; the pages pass axe", async () => {
    const id = await clusterIdByName();
    const page = await newPage();
    await signIn(page, url, ADMIN);
    await page.getByRole("link", { name: "Autopilot" }).click();
    await page.getByTestId("autopilot-enabled").waitFor();
    await page.getByLabel("Template").selectOption({ label: "Elect preferred leaders when leadership drifts" });
    expect(await page.getByLabel("Policy name").inputValue()).to.equal("prefer-leaders");
    await page.getByLabel("Policy name").fill("console-leaders");
    await page.getByLabel("Covers").selectOption({ label: cluster });
    await page.getByLabel("Mode").selectOption("observe");
    await page.getByLabel(/Window days/).fill("sat,sun");
    await page.getByLabel("Time zone").fill("Europe/Berlin");
    await page.getByRole("button", { name: "Create policy" }).click();
    await page.getByRole("cell", { name: "console-leaders", exact: true }).waitFor();
    await page.getByRole("cell", { name: /windows sat,sun 02:00–06:00 \(Europe\/Berlin\)/ }).waitFor();
    await expectAccessible(page, "autopilot");
    await screenshot(page, "autopilot");
    // A bad window is refused by the service, in its words, and nothing is created.
    await page.getByLabel("Policy name").fill("console-bad-zone");
    await page.getByLabel("Time zone").fill("Mars/Olympus");
    await page.getByRole("button", { name: "Create policy" }).click();
    expect(await page.getByRole("alert").first().textContent()).to.match(/time zone/);
    expect(await page.getByRole("cell", { name: "console-bad-zone", exact: true }).count()).to.equal(0);

    await page.goto(`${url}/clusters/${id}`);
    await page.getByTestId("autopilot-running").waitFor();
    await page.getByLabel("Reason").fill("console drill");
    await page.getByRole("button", { name: "Pause the autopilot for this cluster" }).click();
    expect(await page.getByTestId("autopilot-paused").textContent()).to.include("console drill");
    await expectAccessible(page, "cluster with the autopilot paused");
    await page.getByRole("button", { name: "Resume the autopilot for this cluster" }).click();
    await page.getByTestId("autopilot-running").waitFor();
    const status = await apiClient(url)<{ pauses: unknown[] }>("GET", "/api/v1/autopilot", { token });
    expect(status.body.pauses).to.deep.equal([]);

    await page.goto(`${url}/autopilot`);
    await page.getByRole("button", { name: "Delete console-leaders" }).click();
    await page.getByRole("cell", { name: "console-leaders", exact: true }).waitFor({ state: "detached" });
    await page.context().close();
  });

  it("audit log, users and API tokens: a token's secret is shown once, works as Bearer, and is revoked", async () => {
    const page = await newPage();
    await signIn(page, url, ADMIN);
    await page.getByRole("link", { name: "Audit log" }).click();
    await page.getByLabel("Action").fill("topic.create");
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("cell", { name: topic }).first().waitFor();
    await expectAccessible(page, "audit log");
    await screenshot(page, "audit");

    await page.getByRole("link", { name: "Users" }).click();
    await page.getByRole("cell", { name: VIEWER.username, exact: true }).waitFor();
    await expectAccessible(page, "users");

    await page.getByRole("link", { name: "API tokens" }).click();
    await page.getByLabel("Token name").fill("console-ci");
    await page.getByRole("button", { name: "Create token" }).click();
    const secret = (await page.getByTestId("token-secret").textContent()) ?? "";
    expect(secret).to.match(/^kcp_/);
    const asBearer = await apiClient(url)("GET", "/api/v1/clusters", { token: secret });
    expect(asBearer.status).to.equal(200);
    await expectAccessible(page, "API tokens");
    await page.reload();
    await page.getByRole("cell", { name: "console-ci", exact: true }).waitFor();
    expect(await page.getByTestId("token-secret").count(), "the secret is not shown again").to.equal(0);
    await page.getByRole("button", { name: "Revoke console-ci" }).click();
    await page.getByRole("cell", { name: "console-ci", exact: true }).waitFor({ state: "detached" });
    expect((await apiClient(url)("GET", "/api/v1/clusters", { token: secret })).status).to.equal(401);
    await page.context().close();
  });

  it("draws the autopilot's anomalies as a timeline on the cluster page (bars to cleared or now, marks of what was done), with its table, from the keyboard, axe-clean in both themes", async () => {
    const id = await clusterIdByName();
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    const anomaly = (over: Record<string, unknown>) => ({
      clusterId: id,
      message: "seen by the e2e test",
      facts: {},
      lastSeenAt: ago(0),
      clearedAt: null,
      events: [],
      ...over,
    });
    // The anomalies the service would answer for a cluster the autopilot watched: a single broker of a test cluster
    // has none to show, so this page's request is answered with three of the service's own shape.
    const anomalies = [
      anomaly({
        id: "a-disk",
        code: "disk_high",
        subject: "broker 1",
        brokerId: 1,
        firstSeenAt: ago(5),
        events: [
          { at: ago(5), policy: "disk-guard", kind: "observed" },
          { at: ago(4), policy: "disk-guard", kind: "proposed", operationId: "op-1" },
          { at: ago(3), policy: "disk-guard", kind: "acted", operationId: "op-1" },
        ],
      }),
      anomaly({
        id: "a-leaders",
        code: "leader_imbalance",
        subject: "cluster",
        firstSeenAt: ago(20),
        lastSeenAt: ago(18),
        clearedAt: ago(18),
        events: [
          {
            at: ago(19),
            policy: "leaders",
            kind: "refused",
            reason: { code: "paused", message: "the autopilot is paused for this cluster" },
          },
        ],
      }),
      anomaly({
        id: "a-down",
        code: "broker_down",
        subject: "broker 2",
        brokerId: 2,
        firstSeenAt: ago(72),
        lastSeenAt: ago(48),
        clearedAt: ago(48),
        events: [{ at: ago(70), policy: "restart", kind: "acted" }],
      }),
    ];
    const page = await newPage();
    await page.route(`${url}/api/v1/clusters/${id}/anomalies?*`, (route) =>
      route.fulfill({ status: 200, contentType: "application/json", body: JSON.stringify({ anomalies }) }),
    );
    await signIn(page, url, ADMIN);
    await page.goto(`${url}/clusters/${id}`);
    const figure = page.getByRole("figure", { name: "Anomaly timeline", exact: true });
    const drawing = figure.getByRole("img");
    await drawing.waitFor();
    expect(await drawing.getAttribute("aria-label")).to.equal(
      "Anomaly timeline: last 24 h, 2 anomalies, 1 still open; 1 acted, 1 proposed, 1 refused",
    );
    const rows = figure.getByRole("table").locator("tbody tr");
    // Anomaly, first seen, cleared, seen for, what the autopilot did: the two of the last 24 h, newest first.
    const cells = (await rows.allInnerTexts()).map((row) => row.split("\t"));
    expect(cells.map((row) => [row[0], row[2] === "still seen" ? "still seen" : "cleared", row[3]])).to.deep.equal([
      ["disk_high broker 1", "still seen", "5 h"],
      ["leader_imbalance cluster", "cleared", "2 h"],
    ]);
    expect(await rows.nth(0).locator("td").nth(4).textContent()).to.match(
      /disk-guard: proposed; .* disk-guard: acted$/,
    );
    expect(await rows.nth(1).locator("td").nth(4).textContent()).to.match(/leaders: refused$/);
    // The bars: the open one runs to now (the right edge), the cleared one stops where it cleared.
    const timeline = figure.getByTestId("anomaly-timeline");
    expect(await timeline.getByText("open, 5 h").count()).to.equal(1);
    expect(await timeline.getByText("cleared, 2 h").count()).to.equal(1);
    await figure.scrollIntoViewIfNeeded();
    await screenshot(page, "cluster-anomalies");
    // The range switch from the keyboard: the last 7 days add the broker that was down three days ago.
    const week = figure.getByRole("button", { name: "Last 7 days" });
    await week.focus();
    await page.keyboard.press("Enter");
    expect(await week.getAttribute("aria-pressed")).to.equal("true");
    expect(await drawing.getAttribute("aria-label")).to.equal(
      "Anomaly timeline: last 7 days, 3 anomalies, 1 still open; 2 acted, 1 proposed, 1 refused",
    );
    expect(await rows.count()).to.equal(3);
    const toggle = figure.getByRole("button", { name: "Show as table" });
    await toggle.focus();
    await page.keyboard.press("Space");
    expect(await toggle.getAttribute("aria-pressed")).to.equal("true");
    await figure.getByRole("region", { name: "Anomaly timeline, as a table" }).waitFor();
    await page.keyboard.press("Space");
    // The list below it is still there, newest first.
    await page.getByRole("table", { name: "Anomalies" }).waitFor();
    await expectAccessible(page, "anomaly timeline");
    await page.getByRole("button", { name: "Switch to the dark theme" }).click();
    await expectAccessible(page, "anomaly timeline, dark theme");
    await screenshot(page, "cluster-anomalies-dark");
    await page.getByRole("button", { name: "Switch to the light theme" }).click();
    await page.context().close();
  });

  it("logs out: the session ends and every page asks to sign in again; no page logged an error", async () => {
    const page = await newPage();
    await signIn(page, url, ADMIN);
    failedLoads.length = 0;
    await page.getByRole("button", { name: "Log out" }).click();
    await page.waitForURL(/\/login/);
    await page.goto(`${url}/`);
    await page.waitForURL(/\/login/);
    await page.getByRole("heading", { name: "Sign in" }).waitFor();
    expect(failedLoads, "failed requests of a logout and the visit after it").to.deep.equal([]);
    const me = await page.request.get(`${url}/api/v1/auth/me`);
    expect(me.status()).to.equal(401);
    await page.context().close();
    expect(errors, "console errors and CSP refusals in the browser").to.deep.equal([]);
  });

  async function clusterIdByName(): Promise<string> {
    const response = await apiClient(url)("GET", "/api/v1/clusters", { token });
    const body = response.body as unknown as { clusters: { cluster: { id: string; name: string } }[] };
    const found = body.clusters.find((c) => c.cluster.name === cluster);
    if (!found) throw new Error(`cluster ${cluster} is not registered`);
    return found.cluster.id;
  }
});
