import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { InProcessQueue } from "@kcp/queue";
import { createLogger, loadLdapProviders } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { type Api, apiClient, type SlapdServer, startSlapd } from "@kcp/test-infra";
import { expect } from "chai";
import { Client } from "ldapts";
import { LdapDirectory } from "../src/auth/ldap-directory.js";
import { startTestGateway, TEST_ADMIN, type TestGateway, testGatewayContext } from "./helpers.js";

/**
 * How long one LDAP login may wait for its server here: long enough for the requests made while one waits to be
 * answered first on a loaded machine.
 */
const LDAP_TIMEOUT_MS = 4000;

describe("LDAP login (a real slapd, StartTLS with the harness's CA)", function () {
  this.timeout(120_000);
  let slapd: SlapdServer;
  let frozen: SlapdServer;
  let gateway: TestGateway;
  let api: Api;
  let dir: string;
  let providersFile: string;

  const login = (provider: string, username: string, password: string) =>
    api<{ token: string; user: { username: string }; error?: { code: string; message: string } }>(
      "POST",
      `/api/v1/auth/ldap/${provider}/login`,
      { body: { username, password } },
    );
  const dev1 = () => slapd.directory.users.dev1 as { dn: string; password: string };
  const ops1 = () => slapd.directory.users.ops1 as { dn: string; password: string };
  const bindsOf = async (dn: string) => (await slapd.binds()).filter((b) => b === dn).length;

  /** A provider of the test directory: search-then-bind as the service account, or a bind at the user's DN. */
  const provider = (id: string, server: SlapdServer, mode: "search" | "direct", nested: boolean) => ({
    id,
    name: `Test directory (${mode})`,
    url: server.url,
    startTls: true,
    caFile: server.caFile,
    bind:
      mode === "search"
        ? {
            mode,
            bindDn: server.directory.serviceAccount.dn,
            bindPasswordFile: join(dir, `${id}.password`),
            userBase: server.directory.peopleDn,
            userFilter: "(&(objectClass=inetOrgPerson)(uid={username}))",
          }
        : { mode, dnTemplate: `uid={username},${server.directory.peopleDn}` },
    groups: { base: server.directory.groupsDn, nested },
  });

  before(async () => {
    [slapd, frozen] = await Promise.all([startSlapd(), startSlapd()]);
    dir = await mkdtemp(join(tmpdir(), "kcp-sso-ldap-"));
    await writeFile(join(dir, "corp.password"), `${slapd.directory.serviceAccount.password}\n`);
    await writeFile(join(dir, "frozen.password"), `${frozen.directory.serviceAccount.password}\n`);
    providersFile = join(dir, "providers.json");
    await writeFile(
      providersFile,
      JSON.stringify([
        provider("corp", slapd, "search", true),
        provider("direct", slapd, "direct", false),
        provider("frozen", frozen, "search", true),
        { ...provider("secure", slapd, "direct", true), url: slapd.ldapsUrl, startTls: false },
        // The right server, another CA: its certificate must not be accepted.
        { ...provider("wrong-ca", slapd, "direct", false), caFile: frozen.caFile },
      ]),
    );
    gateway = await startTestGateway(undefined, {
      LDAP_PROVIDERS_FILE: providersFile,
      LDAP_TIMEOUT_MS: String(LDAP_TIMEOUT_MS),
    });
    api = apiClient(gateway.gateway.url);
  });

  after(async () => {
    await gateway?.stop();
    await Promise.all([slapd?.stop(), frozen?.stop()]);
  });

  it("logs dev1 in over StartTLS by search-then-bind: a session like a password login's, its groups nested ones included", async () => {
    const answer = await login("corp", "dev1", dev1().password);
    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body.user.username).to.equal("corp:dev1");
    expect(answer.headers.get("set-cookie")).to.match(/^service_session=[^;]+;.*HttpOnly/i);
    const me = await api<{ user: { username: string } }>("GET", "/api/v1/auth/me", { token: answer.body.token });
    expect(me.status).to.equal(200);
    expect(me.body.user.username).to.equal("corp:dev1");
    const user = await gateway.store.users.findByUsername("corp:dev1");
    expect(user).to.include({ source: "corp" });
    // staging-operators holds dev1; developers holds staging-operators (nested, followed by the gateway on slapd).
    expect(user?.groups).to.deep.equal(["corp:developers", "corp:staging-operators"]);
    // slapd refuses every operation but StartTLS without TLS (security tls=1): these binds were made over TLS.
    expect(await bindsOf(slapd.directory.serviceAccount.dn)).to.be.greaterThan(0);
    expect(await bindsOf(dev1().dn)).to.be.greaterThan(0);
  });

  it("logs in over ldaps:// (TLS from the first byte) as well", async () => {
    const answer = await login("secure", "dev1", dev1().password);
    expect(answer.status, answer.text).to.equal(200);
    expect((await gateway.store.users.findByUsername("secure:dev1"))?.groups).to.deep.equal([
      "secure:developers",
      "secure:staging-operators",
    ]);
  });

  it("gives dev1 what its LDAP group is bound to: operator on the staging clusters, nothing of the prod admins'", async () => {
    const admin = await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN });
    const bind = (group: string, role: string, env: string) =>
      api("POST", "/api/v1/access/bindings", {
        token: admin.body.token,
        body: { subject: { kind: "group", source: "corp", group }, role, clusters: { labels: { env } } },
      });
    expect((await bind("staging-operators", "operator", "staging")).status).to.equal(201);
    expect((await bind("prod-admins", "admin", "prod")).status).to.equal(201);
    const session = await login("corp", "dev1", dev1().password);
    const me = await api<{ source?: string; role?: string; groups: string[]; bindings: Record<string, unknown>[] }>(
      "GET",
      "/api/v1/access/me",
      { token: session.body.token },
    );
    expect(me.status, me.text).to.equal(200);
    expect(me.body).to.include({ source: "corp" });
    expect(me.body.role, "a provider's user has no local role").to.equal(undefined);
    expect(me.body.groups).to.deep.equal(["corp:developers", "corp:staging-operators"]);
    expect(me.body.bindings.map((b) => [b.subject, b.role, b.clusters])).to.deep.equal([
      [{ kind: "group", source: "corp", group: "staging-operators" }, "operator", { labels: { env: "staging" } }],
    ]);
  });

  it("binds at the DN the template makes, and without nesting keeps the groups that name the user", async () => {
    const answer = await login("direct", "DEV1", dev1().password);
    expect(answer.status, answer.text).to.equal(200);
    expect(answer.body.user.username).to.equal("direct:dev1");
    expect((await gateway.store.users.findByUsername("direct:dev1"))?.groups).to.deep.equal([
      "direct:staging-operators",
    ]);
    const ops = await login("direct", "ops1", ops1().password);
    expect(ops.status, ops.text).to.equal(200);
    expect((await gateway.store.users.findByUsername("direct:ops1"))?.groups).to.deep.equal([
      "direct:developers",
      "direct:prod-admins",
    ]);
  });

  it("answers a wrong password and an unknown user alike: 401 invalid_credentials", async () => {
    for (const providerId of ["corp", "direct"]) {
      const wrong = await login(providerId, "dev1", `${dev1().password}x`);
      const unknown = await login(providerId, "nobody", dev1().password);
      expect([wrong.status, unknown.status]).to.deep.equal([401, 401]);
      expect(wrong.body.error?.code).to.equal("invalid_credentials");
      expect({ ...unknown.body.error, requestId: undefined }).to.deep.equal({
        ...wrong.body.error,
        requestId: undefined,
      });
    }
    expect((await login("nowhere", "dev1", dev1().password)).status).to.equal(404);
  });

  it("refuses LDAP injections in the username, even with a real user's password", async () => {
    const before = await bindsOf(dev1().dn);
    // Unescaped, `dev1*` and `*` would find dev1 (the first match), and `*)(uid=*` would change the filter's shape.
    for (const username of ["*)(uid=*", "*", "dev1*", "dev1)(|(uid=*", "uid=dev1,ou=people,dc=kcp,dc=test", "dev1\\"]) {
      for (const providerId of ["corp", "direct"]) {
        const answer = await login(providerId, username, dev1().password);
        expect(answer.status, `${providerId} ${username}: ${answer.text}`).to.equal(401);
        expect(answer.body.error?.code).to.equal("invalid_credentials");
      }
    }
    expect(await bindsOf(dev1().dn), "no injection reached dev1's entry").to.equal(before);
  });

  it("never sends an empty password to the server, which would take it as an unauthenticated bind and succeed", async () => {
    // The premise: this slapd, like Active Directory, lets a DN with an empty password bind (as anonymous).
    const raw = new Client({ url: slapd.url, timeout: 5000 });
    await raw.startTLS({ ca: [slapd.caPem], host: "127.0.0.1" });
    await raw.bind(dev1().dn, "");
    await raw.unbind();

    const before = await bindsOf(dev1().dn);
    const refused = await login("corp", "dev1", "");
    expect(refused.status).to.be.oneOf([400, 401]);
    expect(refused.body.token).to.equal(undefined);
    const [corp] = loadLdapProviders({ LDAP_PROVIDERS_FILE: providersFile });
    for (const p of [
      corp,
      { ...corp, bind: { mode: "direct", dnTemplate: `uid={username},${slapd.directory.peopleDn}` } },
    ]) {
      const answer = await new LdapDirectory(LDAP_TIMEOUT_MS).authenticate(p as NonNullable<typeof corp>, "dev1", "");
      expect(answer).to.deep.equal({ kind: "refused" });
    }
    expect(await bindsOf(dev1().dn)).to.equal(before);
  });

  it("throttles LDAP logins as password logins: five failures, then 429 even for the right password", async () => {
    for (let i = 0; i < 5; i++) expect((await login("corp", "ops1", `wrong-${i}`)).status).to.equal(401);
    const locked = await login("corp", "ops1", ops1().password);
    expect(locked.status).to.equal(429);
    expect(locked.headers.get("retry-after")).to.match(/^\d+$/);
    // The name is one whatever its case: the lock holds for OPS1 too; other providers' users are not locked.
    expect((await login("corp", "OPS1", ops1().password)).status).to.equal(429);
    expect((await login("direct", "ops1", ops1().password)).status).to.equal(200);
  });

  it("sends no password to a server whose certificate the configured CA does not sign", async () => {
    const before = await bindsOf(dev1().dn);
    const answer = await login("wrong-ca", "dev1", dev1().password);
    expect(answer.status, answer.text).to.equal(502);
    expect(answer.body.error?.code).to.equal("sso_unavailable");
    expect(await bindsOf(dev1().dn)).to.equal(before);
    const warning = gateway.logLines().find((line) => line.provider === "wrong-ca");
    expect(String(warning?.reason)).to.match(/certificate/i);
  });

  it("fails cleanly within its deadline when the server does not answer, and other requests are served meanwhile", async () => {
    frozen.freeze();
    const started = Date.now();
    let loginDone = false;
    const pending = login("frozen", "dev1", frozen.directory.users.dev1?.password ?? "").finally(() => {
      loginDone = true;
    });
    const other = await api<{ user: unknown }>("GET", "/api/v1/auth/session");
    expect(other.status).to.equal(200);
    expect(loginDone, "the session probe was answered while the LDAP login waited").to.equal(false);
    // One address does not pile logins up on a server that does not answer: two at once (LOGIN_CONCURRENT_PER_ADDRESS).
    const second = login("frozen", "ops1", "any-password");
    const third = await login("corp", "dev1", dev1().password);
    expect(third.status).to.equal(429);
    expect(loginDone, "the third login was refused while the first waited").to.equal(false);
    expect((await second).status).to.equal(502);
    const answer = await pending;
    const took = Date.now() - started;
    expect(answer.status, answer.text).to.equal(502);
    expect(answer.body.error?.code).to.equal("sso_unavailable");
    // The answer is the deadline's (the server, still frozen, never answered), not a wait without end.
    expect(took).to.be.at.least(LDAP_TIMEOUT_MS - 100);
    const reasons = gateway
      .logLines()
      .filter((line) => line.provider === "frozen")
      .map((line) => String(line.reason));
    expect(reasons).to.include(`no answer within ${LDAP_TIMEOUT_MS} ms`);
    expect(answer.text).to.not.include(frozen.directory.users.dev1?.password ?? "-");

    // A server that is gone: refused at once, the same answer.
    await frozen.kill();
    const gone = await login("frozen", "dev1", "some-password");
    expect(gone.status).to.equal(502);
    expect((await login("corp", "dev1", dev1().password)).status).to.equal(200);
  });

  it("refuses to start with plain ldap:// unless allowPlainLdap is written", async () => {
    const plain = { ...provider("plain", slapd, "direct", false), url: slapd.url, startTls: false };
    const file = join(dir, "plain.json");
    await writeFile(file, JSON.stringify([plain]));
    const store = new EmbeddedStore(await mkdtemp(join(tmpdir(), "kcp-sso-ldap-store-")));
    const queue = new InProcessQueue();
    try {
      const logger = createLogger({ name: "test", level: "silent" });
      expect(() => testGatewayContext(store, queue, logger, { LDAP_PROVIDERS_FILE: file })).to.throw(
        /plain ldap:\/\/ without StartTLS sends passwords in the clear/,
      );
      await writeFile(file, JSON.stringify([{ ...plain, allowPlainLdap: true }]));
      const context = testGatewayContext(store, queue, logger, { LDAP_PROVIDERS_FILE: file });
      expect(context.ldapLogin.providers()).to.deep.equal([{ id: "plain", name: "Test directory (direct)" }]);
      await context.kafkaClients.stop();
    } finally {
      await queue.stop();
      await store.stop();
    }
  });
});
