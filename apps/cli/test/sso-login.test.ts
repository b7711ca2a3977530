import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { freePort, type OidcTestProvider, type SlapdServer, startOidcProvider, startSlapd } from "@kcp/test-infra";
import { expect } from "chai";
import { run } from "../src/run.js";

const ADMIN = { username: "admin", password: "kcp-sso-login-admin-password" };

/**
 * kcp login --ldap and --sso, in this process against the real service on its embedded store, with the harness's real
 * OpenID provider (oidc-provider) and a real directory (slapd over StartTLS); the test plays the browser.
 */
describe("kcp login --ldap and --sso against the service, a real OpenID provider and a real slapd", function () {
  this.timeout(120_000);
  let idp: OidcTestProvider;
  let slapd: SlapdServer;
  let service: Standalone;
  let folder: string;
  let url: string;

  /** Runs kcp with its own config file; `onErr` sees each line it writes to standard error as it is written. */
  async function kcp(argv: string[], options: { stdin?: string; config: string; onErr?: (text: string) => void }) {
    const out: string[] = [];
    const err: string[] = [];
    const code = await run(argv, {
      env: { HOME: folder, KCP_CONFIG: join(folder, options.config) },
      out: (text) => out.push(text),
      err: (text) => {
        err.push(text);
        options.onErr?.(text);
      },
      stdin: async () => options.stdin ?? "",
      ask: async () => undefined,
    });
    return { code, out: out.join("\n"), err: err.join("\n") };
  }

  before(async () => {
    const port = await freePort();
    url = `http://127.0.0.1:${port}`;
    [idp, slapd] = await Promise.all([
      startOidcProvider({ clients: [{ clientId: "kcp-cli", redirectUris: [`${url}/api/v1/auth/sso/corp/callback`] }] }),
      startSlapd(),
    ]);
    folder = await mkdtemp(join(tmpdir(), "kcp-sso-login-"));
    await writeFile(
      join(folder, "ldap.json"),
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
      join(folder, "providers.json"),
      JSON.stringify([
        {
          id: "corp",
          name: "Corp SSO",
          issuer: idp.issuer,
          allowHttp: true,
          clientId: "kcp-cli",
          scopes: ["openid", "profile", "groups"],
        },
      ]),
    );
    const config = loadConfig(standaloneConfigSchema, {
      PORT: String(port),
      DATA_DIR: join(folder, "data"),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      OIDC_PROVIDERS_FILE: join(folder, "providers.json"),
      OIDC_REDIRECT_BASE_URL: url,
      LDAP_PROVIDERS_FILE: join(folder, "ldap.json"),
    });
    service = await startStandalone(config, createLogger({ name: "kcp-sso-login-test", level: "silent" }));
  });

  after(async () => {
    for (const component of service?.components ?? []) await component.stop();
    await idp?.stop();
    await slapd?.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("kcp auth providers lists the OpenID provider and the directory with the login that uses each", async () => {
    const listed = await kcp(["auth", "providers", "--url", url], { config: "providers.json" });
    expect(listed.code, listed.err).to.equal(0);
    expect(listed.out).to.include("kcp login --sso corp").and.include("kcp login --ldap dir --username NAME");
  });

  it("kcp login --ldap: a wrong password refused; the right one kept in the context; kcp access me shows the directory's groups", async () => {
    const dev1 = slapd.directory.users.dev1 as { password: string };
    const argv = ["login", "--url", url, "--ldap", "dir", "--username", "dev1"];
    const wrong = await kcp(argv, { stdin: "not the password\n", config: "ldap.json" });
    expect(wrong.code).to.equal(2);
    expect(wrong.err).to.include("invalid_credentials");
    const done = await kcp(argv, { stdin: `${dev1.password}\n`, config: "ldap.json" });
    expect(done.code, done.err).to.equal(0);
    expect(done.out).to.include(`Logged in to ${url} as dir:dev1`);
    const file = JSON.parse(await readFile(join(folder, "ldap.json"), "utf8")) as {
      contexts: Record<string, { username: string; token?: string }>;
    };
    expect(file.contexts.default?.username).to.equal("dir:dev1");
    expect(done.out, "the token is never printed").to.not.include(file.contexts.default?.token as string);
    const me = await kcp(["access", "me"], { config: "ldap.json" });
    expect(me.code, me.err).to.equal(0);
    // dev1 is a member of staging-operators, itself a member of developers: both groups, the nested one found.
    expect(me.out).to.include("dir:staging-operators").and.include("dir:developers");
  });

  it("kcp login --sso: the browser (played by the test) signs in at the provider and returns to kcp's listener; the next command uses the session", async () => {
    let announced: (address: string) => void = () => undefined;
    const address = new Promise<string>((resolve) => {
      announced = resolve;
    });
    const login = kcp(["login", "--url", url, "--sso", "corp", "--no-browser"], {
      config: "sso.json",
      onErr: (text) => {
        const found = /http:\/\/\S+\/start\?\S+/.exec(text)?.[0];
        if (found) announced(found);
      },
    });
    const start = new URL(await address);
    expect(start.origin).to.equal(url);
    expect(start.searchParams.get("cli")).to.match(/^\d+$/);
    expect(start.searchParams.get("challenge")).to.match(/^[A-Za-z0-9_-]{43}$/);
    // The browser: the start (its state cookie), the provider's login form, the callback, kcp's listener.
    const started = await fetch(start, { redirect: "manual" });
    expect(started.status).to.equal(302);
    const cookie = started.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0] ?? "")
      .find((pair) => pair.startsWith("service_sso_state="));
    const callback = await idp.signIn(started.headers.get("location") ?? "", "alice");
    expect(callback.origin).to.equal(url);
    const landed = await fetch(callback, { redirect: "manual", headers: { cookie: cookie ?? "" } });
    expect(landed.status, await landed.clone().text()).to.equal(302);
    const listener = new URL(landed.headers.get("location") ?? "");
    expect(listener.origin).to.equal(`http://127.0.0.1:${start.searchParams.get("cli")}`);
    const page = await fetch(listener);
    expect(page.status).to.equal(200);
    expect(await page.text()).to.include("You may close this window");
    const done = await login;
    expect(done.code, done.err).to.equal(0);
    expect(done.out).to.include(`Logged in to ${url} as corp:alice`);
    const me = await kcp(["access", "me"], { config: "sso.json" });
    expect(me.code, me.err).to.equal(0);
    expect(me.out).to.include("corp:alice").and.include("corp:payments-team");
    const session = await kcp(["session"], { config: "sso.json" });
    expect(session.code).to.equal(0);
    expect(session.out).to.include("Signed in to").and.include("corp:alice");
  });

  it("kcp login --sso refuses --username, and --ldap together with --sso, before anything is sent", async () => {
    const both = await kcp(["login", "--url", url, "--sso", "corp", "--ldap", "dir"], { config: "none.json" });
    expect(both.code).to.equal(1);
    expect(both.err).to.include("--ldap or --sso, not both");
    const named = await kcp(["login", "--url", url, "--sso", "corp", "--username", "x"], { config: "none.json" });
    expect(named.code).to.equal(1);
  });
});
