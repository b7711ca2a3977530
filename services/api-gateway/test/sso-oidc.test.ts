import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { hashToken } from "@kcp/shared";
import { type OidcTestProvider, startOidcProvider, type TamperMode } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, type TestGateway } from "./helpers.js";

/** Where the providers send the browser back (the gateway's public address as configured; never a request's Host). */
const BASE = "http://kcp.test";
/** How long one call to a provider may take here. */
const OIDC_TIMEOUT_MS = 1500;
const CLIENT_SECRET = "kcp-test-client-secret-0123456789";

interface Landing {
  status: number;
  location: string | null;
  /** The `service_session` cookie's value, when one was set. */
  session?: string;
  body: { location?: string; error?: { code: string; message: string } };
}

describe("single sign-on with OpenID Connect (a real oidc-provider, the gateway on the embedded store)", function () {
  this.timeout(120_000);
  let idp: OidcTestProvider;
  let gateway: TestGateway;
  let providersFile: string;

  const url = (path: string) => `${gateway.gateway.url}${path}`;
  const cookieOf = (response: Response, name: string) =>
    response.headers
      .getSetCookie()
      .map((line) => line.split(";", 1)[0] ?? "")
      .find((pair) => pair.startsWith(`${name}=`) && pair.length > name.length + 1)
      ?.slice(name.length + 1);

  /** The start: the gateway's redirect to the provider, and the browser's binding cookie. */
  async function start(provider: string, returnTo?: string) {
    const query = returnTo === undefined ? "" : `?returnTo=${encodeURIComponent(returnTo)}`;
    const response = await fetch(url(`/api/v1/auth/sso/${provider}/start${query}`), { redirect: "manual" });
    expect(response.status, await response.clone().text()).to.equal(302);
    const location = response.headers.get("location") ?? "";
    const state = cookieOf(response, "service_sso_state");
    expect(state).to.be.a("string");
    return { location, state: state as string };
  }

  /** The provider's redirect brought to the gateway, as the browser would (with the binding cookie when given). */
  async function land(callback: URL, state?: string): Promise<Landing> {
    expect(callback.origin).to.equal(BASE);
    const response = await fetch(url(`${callback.pathname}${callback.search}`), {
      redirect: "manual",
      headers: state === undefined ? {} : { cookie: `service_sso_state=${state}` },
    });
    const session = cookieOf(response, "service_session");
    return {
      status: response.status,
      location: response.headers.get("location"),
      ...(session ? { session } : {}),
      body: (await response.json()) as Landing["body"],
    };
  }

  /** A whole sign-in: start, the provider's login form posted as `account`, the callback. */
  async function signIn(provider: string, account: string, returnTo?: string) {
    const started = await start(provider, returnTo);
    const callback = await idp.signIn(started.location, account);
    return { ...(await land(callback, started.state)), callback, state: started.state };
  }

  const me = async (session: string) => {
    const response = await fetch(url("/api/v1/auth/me"), { headers: { cookie: `service_session=${session}` } });
    return { status: response.status, body: (await response.json()) as { user?: { username: string } } };
  };

  before(async () => {
    const redirectUris = ["corp", "realm", "public"].map((id) => `${BASE}/api/v1/auth/sso/${id}/callback`);
    idp = await startOidcProvider({
      clients: [
        { clientId: "kcp", clientSecret: CLIENT_SECRET, redirectUris },
        { clientId: "kcp-public", redirectUris },
      ],
    });
    const dir = await mkdtemp(join(tmpdir(), "kcp-sso-oidc-"));
    await writeFile(join(dir, "client.secret"), `${CLIENT_SECRET}\n`, { mode: 0o600 });
    const common = { issuer: idp.issuer, allowHttp: true, scopes: ["openid", "profile", "groups"] };
    const secret = { clientId: "kcp", clientSecretFile: join(dir, "client.secret") };
    providersFile = join(dir, "providers.json");
    await writeFile(
      providersFile,
      JSON.stringify([
        { id: "corp", name: "Corp SSO", ...common, ...secret, groupsClaim: "groups", refreshSeconds: 60 },
        { id: "realm", name: "Keycloak realm", ...common, ...secret, groupsClaim: "realm_access.roles" },
        { id: "public", name: "Public client", ...common, clientId: "kcp-public" },
      ]),
    );
    // A directory beside them, for the providers' list (never reached here).
    await writeFile(
      join(dir, "ldap.json"),
      JSON.stringify([
        {
          id: "directory",
          name: "Company directory",
          url: "ldaps://127.0.0.1:1",
          bind: { mode: "direct", dnTemplate: "uid={username},ou=people,dc=example,dc=com" },
          groups: { base: "ou=groups,dc=example,dc=com" },
        },
      ]),
    );
    gateway = await startTestGateway(undefined, {
      LDAP_PROVIDERS_FILE: join(dir, "ldap.json"),
      OIDC_PROVIDERS_FILE: providersFile,
      OIDC_REDIRECT_BASE_URL: BASE,
      OIDC_TIMEOUT_MS: String(OIDC_TIMEOUT_MS),
    });
  });

  it("refuses starts from one address past the login's rate (each keeps a record in the store)", async () => {
    const limited = await startTestGateway(undefined, {
      OIDC_PROVIDERS_FILE: providersFile,
      OIDC_REDIRECT_BASE_URL: BASE,
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "3",
    });
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(`${limited.gateway.url}/api/v1/auth/sso/corp/start`, { redirect: "manual" });
        statuses.push(response.status);
        if (response.status === 429) expect(response.headers.get("retry-after")).to.match(/^\d+$/);
      }
      expect(statuses).to.deep.equal([302, 302, 302, 429]);
    } finally {
      await limited.stop();
    }
  });

  after(async () => {
    await gateway?.stop();
    await idp?.stop();
  });

  afterEach(async () => {
    idp.thaw();
    await idp.tamper("none");
  });

  it("lists the OpenID and LDAP providers for the console's sign-in, without anything of their configuration", async () => {
    const response = await fetch(url("/api/v1/auth/providers"));
    expect(await response.json()).to.deep.equal({
      providers: [
        { id: "corp", name: "Corp SSO", kind: "oidc" },
        { id: "realm", name: "Keycloak realm", kind: "oidc" },
        { id: "public", name: "Public client", kind: "oidc" },
        { id: "directory", name: "Company directory", kind: "ldap" },
      ],
    });
  });

  it("sends the browser to the provider with PKCE S256, state, nonce and the configured redirect URI", async () => {
    const { location, state } = await start("corp", "/clusters");
    const sent = new URL(location);
    expect(sent.origin).to.equal(idp.issuer);
    expect(sent.searchParams.get("client_id")).to.equal("kcp");
    expect(sent.searchParams.get("redirect_uri")).to.equal(`${BASE}/api/v1/auth/sso/corp/callback`);
    expect(sent.searchParams.get("code_challenge_method")).to.equal("S256");
    expect(sent.searchParams.get("code_challenge")).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.searchParams.get("state")).to.equal(state);
    expect(sent.searchParams.get("nonce")).to.match(/^[A-Za-z0-9_-]{43}$/);
    expect(sent.searchParams.get("scope")).to.equal("openid profile groups");
    expect(sent.searchParams.has("client_secret")).to.equal(false);
    expect((await fetch(url("/api/v1/auth/sso/nobody/start"), { redirect: "manual" })).status).to.equal(404);
  });

  it("signs alice in with her flat groups claim: a session as a password login makes, back where she started", async () => {
    const landed = await signIn("corp", "alice", "/clusters/c1?tab=topics");
    expect(landed.status, JSON.stringify(landed.body)).to.equal(302);
    expect(landed.location).to.equal("/clusters/c1?tab=topics");
    expect(landed.session).to.be.a("string");
    expect(await me(landed.session as string)).to.deep.include({ status: 200 });
    expect((await me(landed.session as string)).body.user?.username).to.equal("corp:alice");
    const user = await gateway.store.users.findByUsername("corp:alice");
    expect(user).to.deep.include({ source: "corp", groups: ["corp:payments-team", "corp:developers"] });
    const session = await gateway.store.sessions.findActive(hashToken(landed.session as string), new Date());
    expect(session?.federation?.provider).to.equal("corp");
    expect(session?.federation?.tokens?.blob).to.be.a("string").and.not.include("refresh");
    const entries = await gateway.store.audit.list({ limit: 20 });
    const entry = entries.find((e) => e.action === "auth.login" && e.target === "corp:alice");
    expect(entry).to.deep.include({ result: "success" });
    expect(JSON.stringify(entry)).to.not.include(landed.session as string);
  });

  it("signs bob in with Keycloak's nested realm_access.roles claim", async () => {
    const landed = await signIn("realm", "bob");
    expect(landed.status, JSON.stringify(landed.body)).to.equal(302);
    expect(landed.location).to.equal("/");
    const user = await gateway.store.users.findByUsername("realm:bob");
    expect(user?.groups).to.deep.equal(["realm:kafka-operators", "realm:offline_access"]);
  });

  it("signs in through a public client (PKCE without a client secret)", async () => {
    const landed = await signIn("public", "alice");
    expect(landed.status, JSON.stringify(landed.body)).to.equal(302);
    expect((await gateway.store.users.findByUsername("public:alice"))?.groups).to.have.lengthOf(2);
  });

  it("refuses a provider's user at the password login, as a wrong password", async () => {
    await signIn("corp", "alice");
    const response = await fetch(url("/api/v1/auth/login"), {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1" },
      body: JSON.stringify({ username: "corp:alice", password: "" }),
    });
    expect(response.status).to.equal(400);
    for (const password of ["x", "correct horse battery staple"]) {
      const refused = await fetch(url("/api/v1/auth/login"), {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-request": "1" },
        body: JSON.stringify({ username: "corp:alice", password }),
      });
      expect(refused.status).to.equal(401);
      expect(((await refused.json()) as Landing["body"]).error?.code).to.equal("invalid_credentials");
    }
  });

  it("refuses a replayed state: the callback works once", async () => {
    const first = await signIn("corp", "alice");
    expect(first.status).to.equal(302);
    const again = await land(first.callback, first.state);
    expect(again.status).to.equal(401);
    expect(again.body.error?.code).to.equal("sso_failed");
    expect(again.body.error?.message).to.include("unknown, used or expired");
    expect(again.session).to.equal(undefined);
  });

  it("refuses a replayed authorization code under a fresh state", async () => {
    const first = await signIn("corp", "alice");
    expect(first.status).to.equal(302);
    const fresh = await start("corp");
    const replay = new URL(first.callback);
    replay.searchParams.set("state", fresh.state);
    const landed = await land(replay, fresh.state);
    expect(landed.status).to.equal(401);
    expect(landed.body.error?.code).to.equal("sso_failed");
    expect(landed.session).to.equal(undefined);
  });

  it("refuses a callback in a browser that did not start the sign-in (login CSRF), and uses the sign-in up", async () => {
    const started = await start("corp");
    const callback = await idp.signIn(started.location, "alice");
    const elsewhere = await land(callback);
    expect(elsewhere.status).to.equal(401);
    expect(elsewhere.body.error?.message).to.include("another browser");
    expect((await land(callback, started.state)).status).to.equal(401);
  });

  it("refuses a sign-in the provider refused (the user cancelled), naming the provider's error", async () => {
    const started = await start("corp");
    const answer = new URL(`${BASE}/api/v1/auth/sso/corp/callback`);
    answer.search = new URLSearchParams({ error: "access_denied", state: started.state, iss: idp.issuer }).toString();
    const landed = await land(answer, started.state);
    expect(landed.status).to.equal(401);
    expect(landed.body.error?.message).to.include("the provider answered access_denied");
  });

  const tampering: [TamperMode, string][] = [
    ["aud", "wrong aud"],
    ["iss", "another issuer"],
    ["expired", "an expired ID token"],
    ["nonce", "another nonce"],
    ["foreign-key", "a signature by a key not in the JWKS"],
    ["alg-none", "an unsigned ID token (alg none)"],
  ];
  for (const [mode, what] of tampering) {
    it(`refuses ${what} from the provider's token endpoint`, async () => {
      await idp.tamper(mode);
      const landed = await signIn("corp", "alice");
      expect(landed.status, JSON.stringify(landed.body)).to.equal(401);
      expect(landed.body.error?.code).to.equal("sso_failed");
      expect(landed.session).to.equal(undefined);
    });
  }

  it("returns only to a path of this service (no open redirect)", async () => {
    for (const returnTo of ["//evil.example/x", "https://evil.example/", "/\\evil.example", "javascript:alert(1)"]) {
      const landed = await signIn("corp", "alice", returnTo);
      expect(landed.status).to.equal(302);
      expect(landed.location, returnTo).to.equal("/");
    }
  });

  it("keeps the first 1,000 of 10,000 groups", async () => {
    const startedAt = performance.now();
    const landed = await signIn("corp", "carol");
    const ms = performance.now() - startedAt;
    expect(landed.status, JSON.stringify(landed.body)).to.equal(302);
    const groups = (await gateway.store.users.findByUsername("corp:carol"))?.groups ?? [];
    expect(groups).to.have.lengthOf(1000);
    expect(groups[0]).to.equal("corp:team-0");
    expect(groups[999]).to.equal("corp:team-999");
    expect((await me(landed.session as string)).status).to.equal(200);
    expect(ms).to.be.below(10_000);
  });

  it("fails cleanly within its bound when the provider does not answer, other requests unaffected", async () => {
    const started = await start("corp");
    const callback = await idp.signIn(started.location, "alice");
    idp.freeze();
    const before = performance.now();
    const landing = land(callback, started.state).then((landed) => ({ landed, ms: performance.now() - before }));
    const health = await fetch(url("/healthz"));
    const healthMs = performance.now() - before;
    expect(health.status).to.equal(200);
    expect(healthMs).to.be.below(OIDC_TIMEOUT_MS);
    const { landed, ms } = await landing;
    expect(landed.status).to.equal(502);
    expect(landed.body.error?.code).to.equal("sso_unavailable");
    expect(ms)
      .to.be.at.least(OIDC_TIMEOUT_MS - 100)
      .and.below(OIDC_TIMEOUT_MS * 3);
  });

  it("reads the groups again by the refresh token once the refresh interval has passed", async () => {
    const landed = await signIn("corp", "alice");
    const tokenHash = hashToken(landed.session as string);
    await idp.setClaims("alice", { preferred_username: "alice", groups: ["billing-team"] });
    // Not due yet: the groups of the sign-in stay.
    expect((await me(landed.session as string)).status).to.equal(200);
    expect((await gateway.store.users.findByUsername("corp:alice"))?.groups).to.deep.equal([
      "corp:payments-team",
      "corp:developers",
    ]);
    const session = await gateway.store.sessions.findActive(tokenHash, new Date());
    const federation = session?.federation;
    if (!federation) throw new Error("no federation");
    await gateway.store.sessions.updateFederation(tokenHash, {
      ...federation,
      checkedAt: new Date(Date.now() - 61_000),
    });
    expect((await me(landed.session as string)).status).to.equal(200);
    expect((await gateway.store.users.findByUsername("corp:alice"))?.groups).to.deep.equal(["corp:billing-team"]);
    const checked = await gateway.store.sessions.findActive(tokenHash, new Date());
    expect(checked?.federation?.checkedAt.getTime()).to.be.above(Date.now() - 10_000);
    await idp.setClaims("alice", { preferred_username: "alice", groups: ["payments-team", "developers"] });
  });

  it("keeps a session's groups while the provider does not answer a refresh, and asks again a minute later", async () => {
    const landed = await signIn("corp", "alice");
    const tokenHash = hashToken(landed.session as string);
    const federation = (await gateway.store.sessions.findActive(tokenHash, new Date()))?.federation;
    if (!federation) throw new Error("no federation");
    await gateway.store.sessions.updateFederation(tokenHash, {
      ...federation,
      checkedAt: new Date(Date.now() - 61_000),
    });
    idp.freeze();
    expect((await me(landed.session as string)).status).to.equal(200);
    const checkedAt = (await gateway.store.sessions.findActive(tokenHash, new Date()))?.federation?.checkedAt;
    // Due again 60 s after the failed attempt, not a whole interval later.
    expect(checkedAt?.getTime()).to.be.below(Date.now());
  });

  it("logs out, offering the provider's end-session URL", async () => {
    const landed = await signIn("corp", "alice");
    const response = await fetch(url("/api/v1/auth/logout"), {
      method: "POST",
      headers: { cookie: `service_session=${landed.session}`, "x-service-request": "1" },
    });
    const body = (await response.json()) as { loggedOut: boolean; endSessionUrl?: string };
    expect(body.loggedOut).to.equal(true);
    expect(body.endSessionUrl).to.equal(`${idp.issuer}/session/end?client_id=kcp`);
    expect((await me(landed.session as string)).status).to.equal(401);
  });
});
