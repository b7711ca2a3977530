import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, type DesiredStatePlanResponse, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import {
  apiClient,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  launchBrowser,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import type { Browser, Page } from "playwright-core";

const CONSOLE_DIR = fileURLToPath(new URL("../../dist", import.meta.url));
const ADMIN = { username: "admin", password: "console-four-eyes-admin-password" };

describe("web console: a plan awaiting four-eyes approval in Chromium (real Kafka)", function () {
  this.timeout(180_000);
  let kafka: KafkaCluster;
  let service: Standalone;
  let url: string;
  let dataDir: string;
  let browser: Browser;
  let clusterId: string;
  const clusterName = `four-eyes-e2e-${Date.now().toString(36)}`;
  const tokens: Record<string, string> = {};
  const api = () => apiClient(url);

  before(async () => {
    kafka = await getSharedCluster("single");
    dataDir = await mkdtemp(join(tmpdir(), "kcp-console-four-eyes-"));
    const rulesFile = join(dataDir, "approval-rules.json");
    await writeFile(rulesFile, JSON.stringify([{ name: "prod", clusters: { labels: { env: "prod" } } }]));
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: dataDir,
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CONSOLE_DIR,
      COLLECT_TIMEOUT_MS: "15000",
      APPROVAL_RULES_FILE: rulesFile,
    });
    service = await startStandalone(config, createLogger({ name: "console-four-eyes-e2e", level: "silent" }));
    url = service.gateway.url;
    const admin = (await api()<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN })).body.token;
    const registered = await api()<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token: admin,
      body: { name: clusterName, bootstrapServers: kafka.bootstrapServers, labels: { env: "prod" } },
    });
    expect(registered.status, registered.text).to.equal(201);
    clusterId = registered.body.cluster.id;
    for (const username of ["ann", "bob"]) {
      const password = `${username}-password-1`;
      const created = await api()("POST", "/api/v1/users", {
        token: admin,
        body: { username, password, role: "operator" },
      });
      expect(created.status, created.text).to.equal(201);
      tokens[username] = (
        await api()<{ token: string }>("POST", "/api/v1/auth/login", { body: { username, password } })
      ).body.token;
    }
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    for (const component of service?.components ?? []) await component.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  async function pageOf(username: string, path: string): Promise<Page> {
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(`${url}/login`);
    await page.getByLabel("Username").fill(username);
    await page.getByLabel("Password").fill(`${username}-password-1`);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Clusters" }).waitFor();
    await page.goto(`${url}${path}`);
    await page.getByTestId("status").waitFor();
    return page;
  }

  it("the planner sees 'Awaiting approval by another operator' and no enabled confirm; a second operator confirms it", async () => {
    const topic = await createTopic(kafka, { name: uniqueTopicName("console-four-eyes"), partitions: 1 });
    const file = { path: "four-eyes.yaml", documents: [{ kind: "Scope", topics: { names: [topic] }, prune: true }] };
    const plan = await waitFor("ann's plan to delete the topic", async () => {
      const answer = await api()<DesiredStatePlanResponse>("POST", `/api/v1/clusters/${clusterId}/desired-state/plan`, {
        token: tokens.ann as string,
        body: { files: [file] },
      });
      expect(answer.status, answer.text).to.equal(200);
      return answer.body.operation ? answer.body.operation : undefined;
    });

    const ann = await pageOf("ann", `/operations/${plan.id}`);
    const awaiting = ann.getByTestId("awaiting-approval");
    await awaiting.waitFor();
    expect(await awaiting.textContent())
      .to.include("Awaiting approval by another operator")
      .and.include("not you");
    expect(await ann.getByRole("button", { name: "Confirm (irreversible)…" }).isDisabled()).to.equal(true);
    await ann.context().close();

    const bob = await pageOf("bob", `/operations/${plan.id}`);
    expect(await bob.getByTestId("awaiting-approval").textContent()).to.not.include("not you");
    await bob.getByRole("button", { name: "Confirm (irreversible)…" }).click();
    await bob.getByLabel("Name to confirm").fill(clusterName);
    await bob.getByRole("button", { name: "Running this irreversible operation" }).click();
    await bob.getByTestId("status").filter({ hasText: "succeeded" }).waitFor({ timeout: 60_000 });
    expect(await bob.getByTestId("approved").textContent()).to.include("planned by ann, approved by bob");
    expect(await withAdmin(kafka, async (admin) => (await admin.listTopics()).includes(topic))).to.equal(false);
    await bob.context().close();
  });
});
