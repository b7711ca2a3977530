import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { freePort, launchBrowser, type OidcTestProvider, startOidcProvider, TEST_OIDC_PASSWORD } from "@kcp/test-infra";
import { expect } from "chai";
import type { Browser } from "playwright-core";

const CONSOLE_DIR = fileURLToPath(new URL("../../dist", import.meta.url));

describe("web console: single sign-on through a real OpenID provider in Chromium", function () {
  this.timeout(180_000);
  let idp: OidcTestProvider;
  let service: Standalone;
  let browser: Browser;
  let dataDir: string;
  let base: string;

  before(async () => {
    // The service as `localhost` and the provider as `127.0.0.1`: two sites, so the browser's way back from the
    // provider is a cross-site navigation, as in production.
    const port = await freePort();
    base = `http://localhost:${port}`;
    idp = await startOidcProvider({
      clients: [
        {
          clientId: "kcp",
          clientSecret: "console-sso-secret-0123456789",
          redirectUris: [`${base}/api/v1/auth/sso/corp/callback`],
        },
      ],
    });
    dataDir = await mkdtemp(join(tmpdir(), "kcp-console-sso-"));
    await writeFile(join(dataDir, "client.secret"), "console-sso-secret-0123456789");
    await writeFile(
      join(dataDir, "providers.json"),
      JSON.stringify([
        {
          id: "corp",
          name: "Corp SSO",
          issuer: idp.issuer,
          allowHttp: true,
          clientId: "kcp",
          clientSecretFile: join(dataDir, "client.secret"),
          scopes: ["openid", "profile", "groups"],
          groupsClaim: "realm_access.roles",
        },
      ]),
    );
    const config = loadConfig(standaloneConfigSchema, {
      PORT: String(port),
      DATA_DIR: dataDir,
      ADMIN_USERNAME: "admin",
      ADMIN_PASSWORD: "console-sso-admin-password",
      CONSOLE_DIR,
      OIDC_PROVIDERS_FILE: join(dataDir, "providers.json"),
      OIDC_REDIRECT_BASE_URL: base,
    });
    service = await startStandalone(config, createLogger({ name: "console-sso-e2e", level: "silent" }));
    browser = await launchBrowser();
  });

  after(async () => {
    await browser?.close();
    for (const component of service?.components ?? []) await component.stop();
    await idp?.stop();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it("signs bob in through the provider's login page and lands signed in, with his nested realm roles as groups", async () => {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
    const page = await context.newPage();
    // What the console's "Sign in with Corp SSO" button links to.
    await page.goto(`${base}/api/v1/auth/sso/corp/start?returnTo=${encodeURIComponent("/audit")}`);
    expect(new URL(page.url()).origin).to.equal(idp.issuer);
    await page.getByLabel("Username").fill("bob");
    await page.getByLabel("Password").fill(TEST_OIDC_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.waitForURL(`${base}/audit`);
    // The console's own session probe finds the session the callback made: its header names the user.
    await page.getByText("Signed in as corp:bob").waitFor();
    // The binding cookie of the sign-in is gone; the session cookie is HttpOnly and SameSite=Strict.
    const cookies = await context.cookies(base);
    expect(cookies.map((c) => c.name)).to.deep.equal(["service_session"]);
    expect(cookies[0]).to.deep.include({ httpOnly: true, sameSite: "Strict" });
    const me = await page.request.get(`${base}/api/v1/auth/me`);
    expect(me.status()).to.equal(200);
    expect(((await me.json()) as { user: { username: string } }).user.username).to.equal("corp:bob");
    const user = await service.store.users.findByUsername("corp:bob");
    expect(user?.groups).to.deep.equal(["corp:kafka-operators", "corp:offline_access"]);
    await context.close();
  });
});
