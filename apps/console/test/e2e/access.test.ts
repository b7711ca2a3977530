import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import {
  describeViolations,
  freePort,
  launchBrowser,
  type OidcTestProvider,
  type SlapdServer,
  seriousAccessibilityViolations,
  startOidcProvider,
  startSlapd,
  TEST_OIDC_PASSWORD,
} from "@kcp/test-infra";
import { expect } from "chai";
import type { Browser, Page } from "playwright-core";

const CONSOLE_DIR = fileURLToPath(new URL("../../dist", import.meta.url));
const ADMIN = { username: "admin", password: "console-access-admin-password" };

async function expectAccessible(page: Page, what: string) {
  const violations = await seriousAccessibilityViolations(page);
  expect(describeViolations(violations), `axe on ${what}`).to.deep.equal([]);
}

/** No cluster is needed: access is the service's own; the OpenID provider (oidc-provider) and the directory (slapd) are real ones on loopback. */
describe("web console in Chromium: sign-in with an OpenID provider and an LDAP directory, My access, and the admin's Access page", function () {
  this.timeout(120_000);
  let idp: OidcTestProvider;
  let slapd: SlapdServer;
  let service: Standalone;
  let url: string;
  let dir: string;
  let browser: Browser;
  const errors: string[] = [];

  before(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    [idp, slapd] = await Promise.all([
      startOidcProvider({
        clients: [{ clientId: "kcp-console", redirectUris: [`${url}/api/v1/auth/sso/corp/callback`] }],
      }),
      startSlapd(),
    ]);
    dir = await mkdtemp(join(tmpdir(), "kcp-console-access-"));
    // The directory: a bind as the user at its DN, over StartTLS with the harness's CA; groups searched, nested.
    await writeFile(
      join(dir, "ldap.json"),
      JSON.stringify([
        {
          id: "dir",
          name: "Company directory",
          url: slapd.url,
          startTls: true,
          caFile: slapd.caFile,
          bind: { mode: "direct", dnTemplate: `uid={username},${slapd.directory.peopleDn}` },
          groups: { base: slapd.directory.groupsDn, nested: true },
        },
      ]),
    );
    await writeFile(
      join(dir, "providers.json"),
      JSON.stringify([
        {
          id: "corp",
          name: "Corp SSO",
          issuer: idp.issuer,
          allowHttp: true,
          clientId: "kcp-console",
          scopes: ["openid", "profile", "groups"],
        },
      ]),
    );
    const config = loadConfig(standaloneConfigSchema, {
      PORT: String(port),
      DATA_DIR: join(dir, "data"),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      CONSOLE_DIR,
      OIDC_PROVIDERS_FILE: join(dir, "providers.json"),
      OIDC_REDIRECT_BASE_URL: url,
      LDAP_PROVIDERS_FILE: join(dir, "ldap.json"),
    });
    service = await startStandalone(config, createLogger({ name: "console-access-e2e", level: "silent" }));
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    for (const component of service?.components ?? []) await component.stop();
    await idp?.stop();
    await slapd?.stop();
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  afterEach(() => {
    expect(errors, "console errors").to.deep.equal([]);
  });

  async function newPage(): Promise<Page> {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    page.on("console", (message) => {
      if (message.type() === "error" && !message.text().startsWith("Failed to load resource"))
        errors.push(message.text());
    });
    page.on("pageerror", (error) => errors.push(error.message));
    return page;
  }

  it("an admin sees 'local admin' on My access, adds a team's binding for a provider's group on Access, and it is listed", async () => {
    const page = await newPage();
    await page.goto(`${url}/my-access`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByRole("link", { name: "Sign in with Corp SSO" }).waitFor();
    await expectAccessible(page, "login with a provider");
    await page.getByLabel("Username").fill(ADMIN.username);
    await page.getByLabel("Password").fill(ADMIN.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(/\/my-access$/);
    expect(await page.getByTestId("access-origin").textContent()).to.equal("local admin");
    await page.getByText("None besides your local role (admin on every cluster and resource).").waitFor();
    await expectAccessible(page, "my access");

    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Access", exact: true }).click();
    await page.getByRole("heading", { name: "Access", exact: true }).waitFor();
    await page.getByText("No binding yet").waitFor();
    const form = page.getByRole("form", { name: "Add a binding" });
    // A label without its value is the form's to refuse, before anything is sent.
    await form.getByLabel("Source (provider id)").fill("corp");
    await form.getByLabel("Group", { exact: true }).fill("payments-team");
    await form.getByLabel("Role").selectOption("operator");
    await form.getByLabel("Clusters").selectOption("labels");
    await form.getByLabel("Labels (key=value, all of them)").fill("env");
    await form.getByRole("button", { name: "Add binding" }).click();
    expect(await form.getByRole("alert").textContent()).to.equal("Write each label as key=value (env)");
    // A pattern the service refuses comes back in its words.
    await form.getByLabel("Labels (key=value, all of them)").fill("env=prod");
    await form.getByLabel("Topics (optional patterns)").fill("pay*ments");
    await form.getByRole("button", { name: "Add binding" }).click();
    expect(await form.getByRole("alert").textContent()).to.match(/'\*' may stand only at the end/);
    await form.getByLabel("Topics (optional patterns)").fill("payments.*");
    await form.getByLabel("Consumer groups (optional patterns)").fill("payments-*");
    await form.getByLabel("Team (optional)").fill("payments");
    await form.getByRole("button", { name: "Add binding" }).click();
    const row = page
      .getByRole("table", { name: "Role bindings" })
      .getByRole("row", { name: /group corp:payments-team/ });
    await row.waitFor();
    expect(await row.getByRole("cell").allTextContents()).to.deep.equal([
      "group corp:payments-team",
      "operator",
      "clusters labelled env=prod",
      "topics payments.*; groups payments-*",
      "payments",
      "API",
      "Delete the binding of group corp:payments-team",
    ]);
    const team = page.getByRole("table", { name: "Teams" }).getByRole("row", { name: /payments/ });
    expect(await team.getByRole("cell").allTextContents()).to.deep.equal(["payments", "1", "group corp:payments-team"]);
    await expectAccessible(page, "access");
    await page.context().close();
  });

  it("a user of the OpenID provider signs in with its button, returns to the page it asked for, and sees its group's binding", async () => {
    const page = await newPage();
    await page.goto(`${url}/my-access`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByRole("link", { name: "Sign in with Corp SSO" }).click();
    await page.getByRole("heading", { name: "Sign in to the test provider" }).waitFor();
    await page.getByLabel("Username").fill("alice");
    await page.getByLabel("Password").fill(TEST_OIDC_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${url}/my-access`);
    expect(await page.getByTestId("access-origin").textContent()).to.equal("signed in through corp");
    expect(await page.getByTestId("access-groups").textContent()).to.equal("corp:payments-team, corp:developers");
    const row = page.getByRole("table", { name: "Bindings that apply to you" }).getByRole("row").nth(1);
    expect(await row.getByRole("cell").allTextContents()).to.deep.equal([
      "operator",
      "clusters labelled env=prod",
      "topics payments.*; groups payments-*",
      "payments",
    ]);
    // The header offers what the bindings give (operator somewhere), not the placeholder role of a provider's user.
    expect(await page.getByTestId("session-user").textContent()).to.equal("Signed in as corp:alice (operator)");
    // Access is the whole service's admins' page: not offered, and refused with the service's words if opened.
    expect(await page.getByRole("link", { name: "Access", exact: true }).count()).to.equal(0);
    await page.goto(`${url}/access`);
    await page.getByRole("alert").first().waitFor();
    expect(await page.getByRole("alert").first().textContent()).to.match(/needs the admin role/);
    // Logging out ends the session here, and offers the provider's end-session (its own page, its own session).
    await page.getByRole("button", { name: "Log out" }).click();
    const endSession = page.getByRole("link", { name: "Sign out of your identity provider too" });
    await endSession.waitFor();
    expect(await endSession.getAttribute("href")).to.satisfy((href: string) => href.startsWith(`${idp.issuer}/`));
    await page.context().close();
  });

  it("a directory user picks the directory on the login form, signs in with its username and password, and sees its groups", async () => {
    const dev1 = slapd.directory.users.dev1 as { password: string };
    const page = await newPage();
    await page.goto(`${url}/my-access`);
    await page.waitForURL(/\/login\?next=/);
    await page.getByLabel("Account").selectOption({ label: "Company directory" });
    await page.getByLabel("Username").fill("dev1");
    await page.getByLabel("Password").fill("not the password");
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    expect(await page.getByRole("alert").textContent()).to.match(/invalid|password|credentials/i);
    await page.getByLabel("Password").fill(dev1.password);
    await page.getByRole("button", { name: "Sign in", exact: true }).click();
    await page.waitForURL(`${url}/my-access`);
    expect(await page.getByTestId("access-origin").textContent()).to.equal("signed in through dir");
    // dev1 is a member of staging-operators, itself a member of developers: both groups, the nested one found.
    const groups = (await page.getByTestId("access-groups").textContent())?.split(", ").sort();
    expect(groups).to.deep.equal(["dir:developers", "dir:staging-operators"]);
    await page.getByText("No binding applies to you or your groups: ask an admin for one.").waitFor();
    expect(await page.getByTestId("session-user").textContent()).to.equal("Signed in as dir:dev1 (no role)");
    await page.context().close();
  });
});
