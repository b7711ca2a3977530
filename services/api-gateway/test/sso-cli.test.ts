import { createHash, randomBytes } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { hashToken } from "@kcp/shared";
import { type OidcTestProvider, startOidcProvider } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, type TestGateway } from "./helpers.js";

/** Where the provider sends the browser back (the gateway's public address as configured). */
const BASE = "http://kcp.test";
const CLIENT_SECRET = "kcp-test-client-secret-0123456789";
/** The port the command line's listener would wait on: nothing listens there, the test reads the redirect. */
const CLI_PORT = 48123;

interface Answer {
  status: number;
  location: string | null;
  cookies: string[];
  body: { token?: string; user?: { username: string }; error?: { code: string; message: string } };
}

/** A PKCE verifier and its S256 challenge, as kcp login --sso makes them. */
function pkcePair() {
  const verifier = randomBytes(32).toString("base64url");
  return { verifier, challenge: createHash("sha256").update(verifier).digest("base64url") };
}

/**
 * The command line's sign-in through OpenID Connect (kcp login --sso): the start with its loopback port and S256
 * challenge, the callback's one-time code sent to 127.0.0.1 only, and the code's exchange for a session; against a real
 * oidc-provider, the gateway on the embedded store.
 */
describe("single sign-on for the command line: loopback redirect and one-time code (a real oidc-provider)", function () {
  this.timeout(120_000);
  let idp: OidcTestProvider;
  let gateway: TestGateway;

  const url = (path: string) => `${gateway.gateway.url}${path}`;
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0] ?? "")
      .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1)
      ?.slice(name.length + 1);

  async function answer(response: Response): Promise<Answer> {
    return {
      status: response.status,
      location: response.headers.get("location"),
      cookies: response.headers.getSetCookie().map((line) => line.split("=", 1)[0] ?? ""),
      body: (await response.json()) as Answer["body"],
    };
  }

  const startQuery = (query: Record<string, string>) =>
    fetch(url(`/api/v1/auth/sso/corp/start?${new URLSearchParams(query)}`), { redirect: "manual" });

  /** The browser's part: the start with `cli` and `challenge`, the provider's login form, the callback with its cookie. */
  async function browser(challenge: string, account = "alice") {
    const started = await startQuery({ cli: String(CLI_PORT), challenge });
    expect(started.status, await started.clone().text()).to.equal(302);
    const state = cookieOf(started, "service_sso_state") as string;
    const callback = await idp.signIn(started.headers.get("location") ?? "", account);
    expect(callback.origin).to.equal(BASE);
    const landed = await fetch(url(`${callback.pathname}${callback.search}`), {
      redirect: "manual",
      headers: { cookie: `service_sso_state=${state}` },
    });
    return { landed: await answer(landed), callback, state };
  }

  /** The browser's part through to the listener's code. */
  async function codeFor(challenge: string, account = "alice") {
    const { landed } = await browser(challenge, account);
    expect(landed.status, JSON.stringify(landed.body)).to.equal(302);
    const redirect = new URL(landed.location ?? "");
    expect(`${redirect.origin}${redirect.pathname}`).to.equal(`http://127.0.0.1:${CLI_PORT}/callback`);
    return redirect.searchParams.get("code") as string;
  }

  const exchange = async (code: string, verifier: string) =>
    answer(
      await fetch(url("/api/v1/auth/sso/cli-token"), {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-request": "1" },
        body: JSON.stringify({ code, verifier }),
      }),
    );

  /** The sessions the store keeps, read beside the gateway. */
  function sessionCount(): number {
    const db = new DatabaseSync(gateway.store.path, { readOnly: true });
    try {
      return Number((db.prepare("SELECT COUNT(*) AS n FROM sessions").get() as { n: number }).n);
    } finally {
      db.close();
    }
  }

  before(async () => {
    idp = await startOidcProvider({
      clients: [
        { clientId: "kcp", clientSecret: CLIENT_SECRET, redirectUris: [`${BASE}/api/v1/auth/sso/corp/callback`] },
      ],
    });
    const dir = await mkdtemp(join(tmpdir(), "kcp-sso-cli-"));
    await writeFile(join(dir, "client.secret"), `${CLIENT_SECRET}\n`, { mode: 0o600 });
    await writeFile(
      join(dir, "providers.json"),
      JSON.stringify([
        {
          id: "corp",
          name: "Corp SSO",
          issuer: idp.issuer,
          allowHttp: true,
          scopes: ["openid", "profile", "groups"],
          clientId: "kcp",
          clientSecretFile: join(dir, "client.secret"),
          groupsClaim: "groups",
        },
      ]),
    );
    gateway = await startTestGateway(undefined, {
      OIDC_PROVIDERS_FILE: join(dir, "providers.json"),
      OIDC_REDIRECT_BASE_URL: BASE,
    });
  });

  after(async () => {
    await gateway?.stop();
    await idp?.stop();
  });

  it("sends the code to 127.0.0.1 only, sets no session cookie, and the code with its verifier gives a new session", async () => {
    const { verifier, challenge } = pkcePair();
    const { landed } = await browser(challenge);
    expect(landed.status).to.equal(302);
    expect(landed.location).to.match(new RegExp(`^http://127\\.0\\.0\\.1:${CLI_PORT}/callback\\?code=[A-Za-z0-9_-]+$`));
    expect(landed.cookies, "the browser gets no session").to.not.include("service_session");
    const code = new URL(landed.location ?? "").searchParams.get("code") as string;
    const before = sessionCount();
    const session = await exchange(code, verifier);
    expect(session.status, JSON.stringify(session.body)).to.equal(200);
    expect(session.body.user?.username).to.equal("corp:alice");
    expect(session.cookies, "the command line keeps its token; no cookie").to.deep.equal([]);
    expect(sessionCount()).to.equal(before + 1);
    const kept = await gateway.store.sessions.findActive(hashToken(session.body.token as string), new Date());
    expect(kept?.federation?.provider, "its groups are refreshed like a browser's session").to.equal("corp");
    const me = await fetch(url("/api/v1/auth/me"), { headers: { authorization: `Bearer ${session.body.token}` } });
    expect(((await me.json()) as Answer["body"]).user?.username).to.equal("corp:alice");
    const entries = await gateway.store.audit.list({ limit: 20 });
    const entry = entries.find(
      (e) => e.action === "auth.login" && (e.detail as { read?: { cli?: boolean } }).read?.cli === true,
    );
    expect(entry).to.deep.include({ result: "success", target: "corp:alice" });
    expect((entry?.detail as { read?: unknown } | undefined)?.read).to.deep.equal({ provider: "corp", cli: true });
    for (const secret of [code, verifier, session.body.token as string])
      expect(JSON.stringify(entries)).to.not.include(secret);
  });

  it("refuses a replayed code: it gives one session, once", async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    expect((await exchange(code, verifier)).status).to.equal(200);
    const before = sessionCount();
    const replay = await exchange(code, verifier);
    expect(replay.status).to.equal(401);
    expect(replay.body.error?.code).to.equal("sso_failed");
    expect(replay.body.error?.message).to.include("unknown, used or expired");
    expect(replay.body.token).to.equal(undefined);
    expect(sessionCount()).to.equal(before);
  });

  it("refuses a wrong verifier, and the code is used up by the attempt", async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    const before = sessionCount();
    const wrong = await exchange(code, pkcePair().verifier);
    expect(wrong.status).to.equal(401);
    expect(wrong.body.error?.code).to.equal("sso_failed");
    expect(wrong.body.error?.message).to.include("verifier does not match");
    expect((await exchange(code, verifier)).status, "no second try").to.equal(401);
    expect(sessionCount()).to.equal(before);
  });

  it("refuses a code older than two minutes", async () => {
    const { verifier, challenge } = pkcePair();
    const code = await codeFor(challenge);
    // The code's record as it is three minutes later (the store still keeping it): the service checks its age itself.
    const key = `cli-code:${hashToken(code)}`;
    const record = await gateway.store.ssoLogins.consume(key, new Date());
    expect(record?.grant, "the code is kept with its user").to.not.equal(undefined);
    const aged = { ...(record as NonNullable<typeof record>), createdAt: new Date(Date.now() - 3 * 60_000) };
    expect(await gateway.store.ssoLogins.create(aged, 10_000)).to.equal(true);
    const before = sessionCount();
    const late = await exchange(code, verifier);
    expect(late.status).to.equal(401);
    expect(late.body.error?.code).to.equal("sso_failed");
    expect(late.body.error?.message).to.include("unknown, used or expired");
    expect(sessionCount()).to.equal(before);
  });

  it("refuses a cli port out of 1024-65535, or without its challenge, before anything is kept", async () => {
    const { challenge } = pkcePair();
    for (const query of <Record<string, string>[]>[
      { cli: "80", challenge },
      { cli: "0", challenge },
      { cli: "65536", challenge },
      { cli: "8080.5", challenge },
      { cli: "", challenge },
      { cli: "evil.example:80", challenge },
      { cli: "8080" },
      { challenge },
      { cli: "8080", challenge: "short" },
    ]) {
      const refused = await answer(await startQuery(query));
      expect(refused.status, JSON.stringify(query)).to.equal(400);
      expect(refused.body.error?.code).to.equal("validation_failed");
      expect(refused.location).to.equal(null);
      expect(refused.cookies, "no sign-in is bound to the browser").to.deep.equal([]);
    }
  });

  it("still binds the browser: a callback without the state cookie sends no code anywhere", async () => {
    const { challenge } = pkcePair();
    const started = await startQuery({ cli: String(CLI_PORT), challenge });
    const callback = await idp.signIn(started.headers.get("location") ?? "", "alice");
    const landed = await answer(await fetch(url(`${callback.pathname}${callback.search}`), { redirect: "manual" }));
    expect(landed.status).to.equal(401);
    expect(landed.body.error?.message).to.include("another browser");
    expect(landed.location).to.equal(null);
  });

  it("refuses a malformed exchange as the schema says, and an unknown code as sso_failed", async () => {
    const malformed = await exchange("", "x");
    expect(malformed.status).to.equal(400);
    const unknown = await exchange("no-such-code", pkcePair().verifier);
    expect(unknown.status).to.equal(401);
    expect(unknown.body.error?.code).to.equal("sso_failed");
  });
});
