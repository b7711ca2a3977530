import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import {
  apiClient,
  createTopic,
  freePort,
  getSharedCluster,
  type KafkaCluster,
  launchBrowser,
  type OidcTestProvider,
  startOidcProvider,
  TEST_OIDC_PASSWORD,
  uniqueTopicName,
  waitFor,
  withAdmin,
} from "@kcp/test-infra";
import { expect } from "chai";
import type { Browser, Page } from "playwright-core";

const CONSOLE_DIR = fileURLToPath(new URL("../../dist", import.meta.url));
const ADMIN = { username: "admin", password: "console-sso-team-admin-password" };

/**
 * The whole way of a team member, end to end: the real OpenID provider (oidc-provider) signs bob in on its own page,
 * his nested `realm_access.roles` claim gives him the group `corp:kafka-operators`, the bindings file binds that group
 * to operator on topics `payments.*` of the clusters labelled env=prod, and the shared Kafka is registered as such a
 * cluster. What he may and may not do there is checked in the console and in Kafka itself.
 */
describe("web console in Chromium: a provider's user whose nested role is bound to payments.* on prod clusters (real OpenID provider, real Kafka)", function () {
  this.timeout(120_000);
  let kafka: KafkaCluster;
  let idp: OidcTestProvider;
  let service: Standalone;
  let browser: Browser;
  let dir: string;
  let base: string;
  let clusterId: string;
  let adminToken: string;
  let page: Page;
  const clusterName = `sso-team-prod-${Date.now().toString(36)}`;
  const run = uniqueTopicName("e2e");
  const ours = `payments.orders-${run}`;
  const refused = `billing.orders-${run}`;
  const theirs = `billing.ledger-${run}`;
  const errors: string[] = [];

  const kafkaTopics = () => withAdmin(kafka, (admin) => admin.listTopics());

  before(async () => {
    // The service as `localhost` and the provider as `127.0.0.1`: the way back from the provider is cross-site, as
    // in production. The provider and Kafka start side by side.
    const port = await freePort();
    base = `http://localhost:${port}`;
    [kafka, idp] = await Promise.all([
      getSharedCluster("single"),
      startOidcProvider({
        clients: [
          {
            clientId: "kcp",
            clientSecret: "console-sso-team-secret-0123456789",
            redirectUris: [`${base}/api/v1/auth/sso/corp/callback`],
          },
        ],
      }),
    ]);
    dir = await mkdtemp(join(tmpdir(), "kcp-console-sso-team-"));
    await writeFile(join(dir, "client.secret"), "console-sso-team-secret-0123456789");
    await writeFile(
      join(dir, "providers.json"),
      JSON.stringify([
        {
          id: "corp",
          name: "Corp SSO",
          issuer: idp.issuer,
          allowHttp: true,
          clientId: "kcp",
          clientSecretFile: join(dir, "client.secret"),
          scopes: ["openid", "profile", "groups"],
          groupsClaim: "realm_access.roles",
        },
      ]),
    );
    // bob's realm role `kafka-operators`, as the provider's claim maps it: the group `corp:kafka-operators`.
    await writeFile(
      join(dir, "bindings.json"),
      JSON.stringify([
        {
          subject: { kind: "group", source: "corp", group: "kafka-operators" },
          role: "operator",
          clusters: { labels: { env: "prod" } },
          resources: { topics: ["payments.*"] },
          team: "payments",
        },
      ]),
    );
    const config = loadConfig(standaloneConfigSchema, {
      PORT: String(port),
      DATA_DIR: join(dir, "data"),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CONSOLE_DIR,
      COLLECT_TIMEOUT_MS: "15000",
      OIDC_PROVIDERS_FILE: join(dir, "providers.json"),
      OIDC_REDIRECT_BASE_URL: base,
      ACCESS_BINDINGS_FILE: join(dir, "bindings.json"),
    });
    // A billing.* topic that exists on the cluster (the team must not see it), made while the service and the browser start.
    [service, browser] = await Promise.all([
      startStandalone(config, createLogger({ name: "console-sso-team-e2e", level: "silent" })),
      launchBrowser(),
      createTopic(kafka, { name: theirs, partitions: 1, replicationFactor: 1 }),
    ]);
    const api = apiClient(base);
    adminToken = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN })).body.token;
    const registered = await api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token: adminToken,
      body: { name: clusterName, bootstrapServers: kafka.bootstrapServers, labels: { env: "prod" } },
    });
    expect(registered.status, registered.text).to.equal(201);
    clusterId = registered.body.cluster.id;
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
  });

  after(async () => {
    await browser?.close();
    for (const component of service?.components ?? []) await component.stop();
    await idp?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    expect(errors, "console errors").to.deep.equal([]);
  });

  it("bob signs in with the provider's button on its own page and lands on My access: his nested role as his group, its binding", async () => {
    await page.goto(`${base}/my-access`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByRole("link", { name: "Sign in with Corp SSO" }).click();
    await page.getByRole("heading", { name: "Sign in to the test provider" }).waitFor();
    expect(new URL(page.url()).origin).to.equal(idp.issuer);
    await page.getByLabel("Username").fill("bob");
    await page.getByLabel("Password").fill(TEST_OIDC_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${base}/my-access`);
    expect(await page.getByTestId("access-origin").textContent()).to.equal("signed in through corp");
    expect(await page.getByTestId("access-groups").textContent()).to.equal("corp:kafka-operators, corp:offline_access");
    const rows = page.getByRole("table", { name: "Bindings that apply to you" }).getByRole("row");
    expect(await rows.count(), "the header and one binding").to.equal(2);
    expect(await rows.nth(1).getByRole("cell").allTextContents()).to.deep.equal([
      "operator",
      "clusters labelled env=prod",
      "topics payments.*",
      "payments",
    ]);
    expect(await page.getByTestId("session-user").textContent()).to.equal("Signed in as corp:bob (operator)");
  });

  it("on the prod cluster's topics page he creates payments.orders-… through the form: it is listed, and Kafka has it", async () => {
    await page.goto(`${base}/`);
    await page.getByRole("link", { name: clusterName }).click();
    await page.getByRole("link", { name: "Topics" }).click();
    await page.getByRole("heading", { name: "Topics" }).waitFor();
    await page.getByRole("button", { name: "Create topic" }).click();
    await page.getByLabel("Topic name").fill(ours);
    await page.getByLabel(/Partitions/).fill("2");
    await page.getByLabel(/Replication factor/).fill("1");
    await page.getByRole("button", { name: "Create", exact: true }).click();
    await page.getByRole("heading", { name: ours }).waitFor();
    await waitFor(`${ours} in Kafka`, async () => ((await kafkaTopics()).includes(ours) ? true : undefined));
    await page.getByRole("link", { name: "All topics" }).click();
    await page.getByLabel("Search topics").fill(run);
    await page.getByRole("link", { name: ours }).waitFor();
    // The search matches billing.ledger-<run> too, on the cluster: the team's list and count leave it out.
    await page.getByText("1 topic", { exact: true }).waitFor();
  });

  it("billing.orders-… is refused with the service's words naming what would allow it, and Kafka does not have it", async () => {
    const refusal = page.waitForResponse(
      (response) => response.request().method() === "POST" && response.url().endsWith(`/clusters/${clusterId}/topics`),
    );
    await page.getByRole("button", { name: "Create topic" }).click();
    await page.getByLabel("Topic name").fill(refused);
    await page.getByRole("button", { name: "Create", exact: true }).click();
    expect((await refusal).status()).to.equal(403);
    expect(await page.getByRole("alert").textContent()).to.equal(
      `topic.create of topic ${refused} needs the operator role on it in cluster ${clusterName} ` +
        `(a binding on the whole cluster, or one whose topics patterns match ${refused})`,
    );
    const inKafka = await kafkaTopics();
    expect(inKafka).to.include(theirs);
    expect(inKafka).to.not.include(refused);
  });

  it("the topic list shows no billing.* topic, though the cluster has some; the admin's list has them", async () => {
    await page.getByRole("button", { name: "Cancel" }).click();
    await page.getByLabel("Search topics").fill("billing.");
    await page.getByText("0 topics", { exact: true }).waitFor();
    expect(await page.getByRole("link", { name: /^billing\./ }).count()).to.equal(0);
    // The same search as the admin, through the same service: the cluster's billing.* topics are there to hide.
    const everything = await apiClient(base)<{ topics: { name: string }[] }>(
      "GET",
      `/api/v1/clusters/${clusterId}/topics?search=${encodeURIComponent(run)}`,
      { token: adminToken },
    );
    expect(everything.body.topics.map((t) => t.name).sort()).to.deep.equal([theirs, ours]);
  });
});
