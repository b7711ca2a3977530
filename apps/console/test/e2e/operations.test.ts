import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import {
  apiClient,
  createTopic,
  describeViolations,
  getSharedCluster,
  type KafkaCluster,
  launchBrowser,
  partitionFromTool,
  reassignPartition,
  screenshot,
  seriousAccessibilityViolations,
  uniqueTopicName,
  votersFromTool,
  waitFor,
} from "@kcp/test-infra";
import { expect } from "chai";
import type { Browser, Page } from "playwright-core";

const CONSOLE_DIR = fileURLToPath(new URL("../../dist", import.meta.url));
const ADMIN = { username: "admin", password: "console-ops-admin-password" };

describe("web console: operations planned, confirmed and followed in Chromium on a real 3c3b", function () {
  this.timeout(180_000);
  let kafka: KafkaCluster;
  let service: Standalone;
  let url: string;
  let dataDir: string;
  let browser: Browser;
  let clusterId: string;
  let token: string;
  const clusterName = `ops-e2e-${Date.now().toString(36)}`;

  before(async () => {
    kafka = await getSharedCluster("3c3b");
    dataDir = await mkdtemp(join(tmpdir(), "kcp-console-ops-"));
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CONSOLE_DIR,
      COLLECT_TIMEOUT_MS: "15000",
    });
    service = await startStandalone(config, createLogger({ name: "console-ops-e2e", level: "silent" }));
    url = service.gateway.url;
    const api = apiClient(url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token,
      body: { name: clusterName, bootstrapServers: kafka.bootstrapServers },
    });
    expect(registered.status, registered.text).to.equal(201);
    clusterId = registered.body.cluster.id;
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    for (const component of service?.components ?? []) await component.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function signedInPage(): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Clusters" }).waitFor();
    return page;
  }

  /** The type chosen, then its fields (drawn from the service's schema) filled: `select`s by value, others as typed. */
  async function planFromForm(page: Page, type: string, fields: Record<string, string>) {
    await page.goto(`${url}/clusters/${clusterId}/operations`);
    await page.getByLabel("Operation type").selectOption(type);
    for (const [name, value] of Object.entries(fields)) {
      const field = page.getByLabel(new RegExp(`^${name}( \\(required\\))?$`));
      if ((await field.evaluate((element) => element.tagName)) === "SELECT") await field.selectOption(value);
      else await field.fill(value);
    }
    await page.getByRole("button", { name: "Plan (dry run)" }).click();
    await page.getByTestId("status").waitFor();
  }

  it("plans a preferred leader election (dry run, countdown), confirms it and follows it to success; Kafka agrees", async () => {
    const topic = await createTopic(kafka, {
      name: uniqueTopicName("console-elect"),
      partitions: 1,
      replicationFactor: 3,
    });
    const [first, ...rest] = (await partitionFromTool(kafka, topic)).replicas;
    await reassignPartition(kafka, topic, 0, [...rest, first as number]);
    const preferred = rest[0] as number;
    await waitFor("the new replica order", async () =>
      (await partitionFromTool(kafka, topic)).replicas[0] === preferred ? true : undefined,
    );
    const page = await signedInPage();
    await page.goto(`${url}/clusters/${clusterId}/operations`);
    await page.getByRole("heading", { name: "Plan an operation" }).waitFor();
    await expectAccessible(page, "operations");
    await planFromForm(page, "electLeaders", {
      electionType: "preferred",
      partitions: JSON.stringify([{ topic, partition: 0 }]),
    });
    expect(await page.getByTestId("status").textContent()).to.equal("planned");
    await page.getByText("Preferred leader election for 1 partition(s)").first().waitFor();
    await page.getByText(/The plan expires in 1[45] min/).waitFor();
    expect((await partitionFromTool(kafka, topic)).leader, "a plan changes nothing").to.not.equal(preferred);
    await expectAccessible(page, "planned operation");
    await screenshot(page, "operation-planned");
    await page.getByRole("button", { name: "Confirm and run" }).click();
    await page.getByTestId("status").filter({ hasText: "succeeded" }).waitFor({ timeout: 60_000 });
    await page.getByRole("heading", { name: "Steps (1 of 1 done)" }).waitFor();
    expect((await partitionFromTool(kafka, topic)).leader).to.equal(preferred);
    await screenshot(page, "operation-succeeded");
    await page.context().close();
  });

  it("shows a desired-state plan as a diff before confirm: + created, ~ before → after, - deleted (irreversible)", async () => {
    const topic = uniqueTopicName("diff-orders");
    const grown = await createTopic(kafka, {
      name: uniqueTopicName("diff-grown"),
      partitions: 1,
      replicationFactor: 1,
      configs: { "retention.ms": "604800000" },
    });
    const gone = await createTopic(kafka, { name: uniqueTopicName("diff-gone"), partitions: 1, replicationFactor: 1 });
    const planned = await apiClient(url)<{ operation?: { id: string } }>(
      "POST",
      `/api/v1/clusters/${clusterId}/desired-state/plan`,
      {
        token,
        body: {
          files: [
            {
              path: "team.yaml",
              documents: [
                { kind: "Scope", topics: { prefixes: ["diff-"] } },
                {
                  kind: "Topic",
                  name: topic,
                  partitions: 3,
                  replicationFactor: 1,
                  configs: { "retention.ms": "86400000" },
                },
                {
                  kind: "Topic",
                  name: grown,
                  partitions: 2,
                  replicationFactor: 1,
                  configs: { "retention.ms": "86400000" },
                },
                { kind: "Topic", name: gone, partitions: 1, replicationFactor: 1, deleted: true },
              ],
            },
          ],
        },
      },
    );
    expect(planned.status, planned.text).to.equal(200);
    const op = planned.body.operation?.id;
    expect(op, planned.text).to.be.a("string");
    const page = await signedInPage();
    await page.goto(`${url}/operations/${op}`);
    const changes = page.getByRole("region", { name: "Changes (4)" });
    await changes.getByText(`+ topic ${topic}`, { exact: true }).waitFor();
    await changes.getByText("+ config retention.ms = 86400000").waitFor();
    await changes.getByText(`~ topic ${grown}`, { exact: true }).waitFor();
    await changes.getByText("~ partitions 1 → 2").waitFor();
    await changes.getByText("~ config retention.ms 604800000 → 86400000").waitFor();
    const deletion = changes.getByRole("listitem").filter({ hasText: `- topic ${gone}` });
    expect(await deletion.textContent()).to.contain("irreversible");
    expect(await changes.getByRole("listitem").filter({ hasText: "1 topic created" }).count()).to.equal(1);
    await expectAccessible(page, "desired-state plan");
    // The same lines in the dark theme: as readable (axe checks colour contrast too).
    await page.getByRole("button", { name: "Switch to the dark theme" }).click();
    await expectAccessible(page, "desired-state plan, dark theme");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("status").filter({ hasText: "cancelled" }).waitFor();
    await page.context().close();
  });

  it("draws a rebalance's plan as before → after bars per broker (data, replicas, leaders) with the lower bound, each with its table, axe-clean in both themes", async () => {
    const [crowded] = [...kafka.brokerIds].sort((a, b) => a - b);
    const partitions = 6;
    const topic = await createTopic(kafka, {
      name: uniqueTopicName("console-crowded"),
      partitions,
      replicationFactor: 1,
    });
    // Every replica of the topic on one broker: the plan has something to even out.
    for (let partition = 0; partition < partitions; partition++) {
      await reassignPartition(kafka, topic, partition, [crowded as number]);
      await waitFor("the replica on the crowded broker", async () =>
        (await partitionFromTool(kafka, topic, partition)).replicas[0] === crowded ? true : undefined,
      );
    }
    // The plan starts from the latest collection: one that has seen the replicas there.
    const refreshed = await apiClient(url)("POST", `/api/v1/clusters/${clusterId}/refresh`, { token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    const page = await signedInPage();
    await page.goto(`${url}/clusters/${clusterId}/operations`);
    await page.getByLabel("Operation type").selectOption("rebalance");
    await page.getByRole("button", { name: "Plan (dry run)" }).click();
    await page.getByTestId("status").or(page.getByRole("alert")).first().waitFor();
    expect(await page.getByRole("alert").allInnerTexts(), "the plan is made").to.deep.equal([]);
    expect(await page.getByTestId("status").textContent()).to.equal("planned");
    const operation = (
      await apiClient(url)<{ plan: { before: { brokers: { id: number; replicas: number }[] } } }>(
        "GET",
        `/api/v1/operations/${page.url().split("/").at(-1)}`,
        { token },
      )
    ).body;
    const ids = operation.plan.before.brokers.map((b) => b.id).sort((a, b) => a - b);
    for (const title of ["Data", "Replicas", "Leaders"]) {
      const figure = page.getByRole("figure", { name: `${title} per broker, before → after`, exact: true });
      await figure.getByRole("img").waitFor();
      const rows = await figure.getByRole("table").locator("tbody tr").allInnerTexts();
      expect(rows.map((row) => row.split("\t")[0])).to.deep.equal(ids.map((id) => `Broker ${id}`));
      expect(await figure.getByRole("table").locator("thead th").allInnerTexts()).to.deep.equal([
        "",
        "Before",
        "After",
      ]);
    }
    const replicas = page.getByRole("figure", { name: "Replicas per broker, before → after", exact: true });
    const crowdedRow = (await replicas.getByRole("table").locator("tbody tr").allInnerTexts()).find((row) =>
      row.startsWith(`Broker ${crowded}\t`),
    );
    const [, before, after] = crowdedRow?.split("\t").map(Number) ?? [];
    expect(after, "fewer replicas on the crowded broker").to.be.below(before as number);
    const bound = page.getByRole("figure", { name: "Data to move against the lower bound", exact: true });
    expect(await bound.getByRole("img").getAttribute("aria-label")).to.match(/the least any plan must move \d/);
    await replicas.scrollIntoViewIfNeeded();
    await screenshot(page, "operation-rebalance-plan");
    await expectAccessible(page, "rebalance plan");
    await page.getByRole("button", { name: "Switch to the dark theme" }).click();
    await expectAccessible(page, "rebalance plan, dark theme");

    // While it runs: the bytes moved, sampled by the page at each poll, against the plan's line, with the ETA. These
    // empty partitions move in a blink, so the service's answer is shown as a running operation copying 1 GiB would
    // report it (the details the data-moving steps write), a little more copied at each poll.
    const op = page.url().split("/").at(-1) as string;
    let polls = 0;
    await page.route(`**/api/v1/operations/${op}`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as Record<string, unknown>;
      polls++;
      const moved = Math.min(1024 ** 3, polls * 64 * 1024 ** 2);
      await route.fulfill({
        response,
        json: {
          ...body,
          status: "running",
          startedAt: new Date(Date.now() - 20_000).toISOString(),
          details: {
            bytesTotal: 1024 ** 3,
            bytesMoved: moved,
            movesDone: 1,
            movesTotal: 5,
            movesInFlight: 2,
            measuredBytesPerSec: 64 * 1024 ** 2,
            etaSeconds: Math.round((1024 ** 3 - moved) / (64 * 1024 ** 2)),
            etaSource: "measured",
            plannedSeconds: 30,
          },
        },
      });
    });
    await page.reload();
    const movement = page.getByRole("figure", { name: "Data moved against the plan", exact: true });
    await movement.getByRole("img", { name: /: [3-9] points from/ }).waitFor();
    expect(await movement.getByRole("table").locator("thead th").allInnerTexts()).to.deep.equal([
      "Time",
      "Moved",
      "Planned",
    ]);
    await waitFor("two samples of the data moved", async () => {
      const rows = await movement.getByRole("table").locator("tbody tr").allInnerTexts();
      const moved = rows.map((row) => row.split("\t")[1]).filter((cell) => cell !== "–");
      return moved.length >= 2 ? moved : undefined;
    });
    await movement.getByText(/ETA: about \d+ s left/).waitFor();
    await movement.locator("canvas").first().waitFor();
    await movement.scrollIntoViewIfNeeded();
    await screenshot(page, "operation-data-movement-dark");
    await expectAccessible(page, "data movement, dark theme");
    await page.getByRole("button", { name: "Switch to the light theme" }).click();
    await expectAccessible(page, "data movement");
    await page.unroute(`**/api/v1/operations/${op}`);
    await page.reload();
    await page.getByTestId("status").filter({ hasText: "planned" }).waitFor();
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("status").filter({ hasText: "cancelled" }).waitFor();
    await page.context().close();
  });

  it("an irreversible plan confirmed with a wrong cluster name is refused with the service's message and stays planned", async () => {
    const [voter] = (await votersFromTool(kafka)).slice(-1);
    const page = await signedInPage();
    await planFromForm(page, "removeVoters", {
      voters: JSON.stringify([{ nodeId: voter?.id, directoryId: voter?.directoryId }]),
    });
    expect(await page.getByTestId("status").textContent()).to.equal("planned");
    expect(await page.getByRole("button", { name: "Confirm and run" }).count(), "no one-click confirm").to.equal(0);
    await page.getByRole("button", { name: "Confirm (irreversible)…" }).click();
    await page.getByLabel("Name to confirm").fill(`${clusterName}-wrong`);
    await page.getByRole("button", { name: "Running this irreversible operation" }).click();
    expect(await page.getByRole("alert").textContent()).to.match(/name/i);
    await page.reload();
    expect(await page.getByTestId("status").textContent()).to.equal("planned");
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByTestId("status").filter({ hasText: "cancelled" }).waitFor();
    expect((await votersFromTool(kafka)).map((v) => v.id)).to.include(voter?.id);
    await page.context().close();
  });

  it("says under each list field what it takes (4, 5 or [4, 5]), reads [1] as the list of 1, and refuses what is neither in the form without a request", async () => {
    const page = await signedInPage();
    const planRequests: unknown[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST" && request.url().endsWith(`/api/v1/clusters/${clusterId}/operations`))
        planRequests.push(request.postDataJSON());
    });
    await page.goto(`${url}/clusters/${clusterId}/operations`);
    await page.getByLabel("Operation type").selectOption("cordonBrokers");
    const field = (name: string) => page.getByLabel(new RegExp(`^${name}( \\(required\\))?$`));
    /** The texts the field is described by (its hint, its description, what was refused), in order. */
    const describedBy = (name: string) =>
      field(name).evaluate((element) =>
        (element.getAttribute("aria-describedby") ?? "")
          .split(" ")
          .filter(Boolean)
          .map((id) => document.getElementById(id)?.textContent ?? ""),
      );
    expect((await describedBy("brokers"))[0]).to.equal("A list of whole numbers: 4, 5 or [4, 5]");
    expect((await describedBy("logDirs"))[0]).to.equal('A list, separated by commas or spaces: a, b or ["a", "b"]');
    // Each hint stands right under its own field, in its column: not under the neighbour.
    for (const name of ["brokers", "logDirs"]) {
      const input = await field(name).boundingBox();
      const hint = await page.getByTestId(`param-${name}-format`).boundingBox();
      expect(hint, name).to.not.equal(null);
      expect(input, name).to.not.equal(null);
      if (!hint || !input) continue;
      expect(hint.x, `${name}: same column`).to.be.closeTo(input.x, 1);
      expect(hint.y - (input.y + input.height), `${name}: right under the field`).to.be.within(0, 12);
    }
    expect(await field("brokers").getAttribute("placeholder"), "no format hidden in a placeholder").to.equal(null);

    // What is neither a list nor a JSON array: refused under the field, nothing sent.
    await page.getByLabel("Operation type").selectOption("drainBrokers");
    await field("brokers").fill("[1");
    await page.getByRole("button", { name: "Plan (dry run)" }).click();
    await page
      .getByText("Not a list: the brackets do not hold a JSON array. A list of whole numbers: 4, 5 or [4, 5].", {
        exact: true,
      })
      .waitFor();
    expect(await field("brokers").getAttribute("aria-invalid")).to.equal("true");
    expect((await describedBy("brokers")).at(-1)).to.match(/^Not a list/);
    expect(await page.getByRole("alert").textContent()).to.equal(
      "Not sent: correct brokers (what is wrong is said under each).",
    );
    await expectAccessible(page, "a refused list field");
    await field("brokers").fill("four");
    await page.getByRole("button", { name: "Plan (dry run)" }).click();
    await page
      .getByText('"four" is not a whole number. A list of whole numbers: 4, 5 or [4, 5].', { exact: true })
      .waitFor();
    expect(planRequests, "nothing sent while a field is refused").to.deep.equal([]);

    // As the API writes it: a JSON array is the same list as "4, 5".
    const [broker] = [...kafka.brokerIds].sort((a, b) => b - a);
    await field("brokers").fill(`[${broker}]`);
    expect(await field("brokers").getAttribute("aria-invalid"), "the refusal goes with the edit").to.equal(null);
    await page.getByRole("button", { name: "Plan (dry run)" }).click();
    await waitFor("the plan request", async () => (planRequests.length > 0 ? true : undefined));
    expect(planRequests[0]).to.deep.include({ type: "drainBrokers", params: { brokers: [broker] } });
    await page.getByTestId("status").or(page.getByRole("alert")).first().waitFor();
    const alert = page.getByRole("alert");
    if ((await alert.count()) > 0) expect(await alert.first().textContent(), "not a null sent").to.not.match(/null/);
    if ((await page.getByTestId("status").count()) > 0) {
      await page.getByRole("button", { name: "Cancel" }).click();
      await page.getByTestId("status").filter({ hasText: "cancelled" }).waitFor();
    }
    await page.context().close();
  });

  it("shows the cluster's desired state on its page: the files applied, no drift, then a config changed by hand as drift", async () => {
    const topic = uniqueTopicName("drift-orders");
    const api = apiClient(url);
    const planned = await api<{ operation?: { id: string } }>(
      "POST",
      `/api/v1/clusters/${clusterId}/desired-state/plan`,
      {
        token,
        body: {
          files: [
            {
              path: "drift-team.yaml",
              documents: [
                { kind: "Scope", topics: { prefixes: ["drift-"] } },
                {
                  kind: "Topic",
                  name: topic,
                  partitions: 1,
                  replicationFactor: 1,
                  configs: { "retention.ms": "86400000" },
                },
              ],
            },
          ],
        },
      },
    );
    expect(planned.status, planned.text).to.equal(200);
    const op = planned.body.operation?.id as string;
    const confirmed = await api("POST", `/api/v1/operations/${op}/confirm`, { token, body: {} });
    expect(confirmed.status, confirmed.text).to.be.oneOf([200, 202]);
    await waitFor(
      "the apply",
      async () => {
        const status = (await api<{ status: string }>("GET", `/api/v1/operations/${op}`, { token })).body.status;
        if (status === "failed" || status === "cancelled") throw new Error(`the apply ${status}`);
        return status === "succeeded" ? true : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 1_000 },
    );
    const page = await signedInPage();
    const driftRequests: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/desired-state/drift")) driftRequests.push(request.url());
    });
    await page.goto(`${url}/clusters/${clusterId}`);
    const panel = page.getByRole("region", { name: "Desired state" });
    await panel.getByText("No drift: the cluster is as the applied files declare.").waitFor();
    const file = panel.getByRole("table", { name: "Files applied" }).locator("tbody tr");
    expect((await file.allInnerTexts())[0]).to.match(/^drift-team\.yaml\t.+\tadmin\t/);
    expect(driftRequests, "one request").to.have.length(1);
    await expectAccessible(page, "desired state without drift");

    // A config changed out of band (here through the service's own topic configs, as anyone with operator may).
    const changed = await api("PATCH", `/api/v1/clusters/${clusterId}/topics/${topic}/configs`, {
      token,
      body: { set: { "retention.ms": "3600000" } },
    });
    expect(changed.status, changed.text).to.equal(200);
    await panel.getByRole("button", { name: "Check again" }).click();
    await panel.getByText("Drift: applying the files again would make 1 change.").waitFor();
    const drift = panel.getByRole("region", { name: /^Drift \(1\)/ });
    await drift.getByText(`~ topic ${topic}`, { exact: true }).waitFor();
    await drift.getByText("~ config retention.ms 3600000 → 86400000").waitFor();
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "cluster-desired-state");
    await expectAccessible(page, "desired state with drift");
    await page.getByRole("button", { name: "Switch to the dark theme" }).click();
    await expectAccessible(page, "desired state with drift, dark theme");
    await page.getByRole("button", { name: "Switch to the light theme" }).click();
    await page.context().close();
  });
});

async function expectAccessible(page: Page, what: string) {
  const violations = await seriousAccessibilityViolations(page);
  expect(describeViolations(violations), `axe on ${what}`).to.deep.equal([]);
}
