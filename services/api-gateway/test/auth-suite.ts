import { BullMqQueue } from "@kcp/queue";
import { createLogger, type Role } from "@kcp/shared";
import { type Api, apiClient, startRedis } from "@kcp/test-infra";
import { expect } from "chai";
import { type AuthFixture, startAuthFixture } from "./auth-fixture.js";
import { startGatewayOver, TEST_ADMIN, testRouteTable } from "./helpers.js";

type Principal = "anonymous" | Role;
const PRINCIPALS: Principal[] = ["anonymous", "viewer", "operator", "admin"];
const RANK: Record<Principal, number> = { anonymous: 0, viewer: 1, operator: 2, admin: 3 };
const PASSWORD = "correct-horse-battery-staple";

async function waitFor<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Authentication, roles, CSRF, sessions, throttling and audit, against real gateways on the given adapters. */
export function describeAuthSuite(kind: "embedded" | "distributed"): void {
  describe(`auth and audit (${kind})`, function () {
    this.timeout(120_000);
    let fixture: AuthFixture;
    let api: Api;
    let api2: Api;
    let adminToken: string;
    let userIds: Record<string, string>;

    const login = async (client: Api, username: string, password = PASSWORD) =>
      client<{ token: string }>("POST", "/api/v1/auth/login", { body: { username, password } });
    const tokenOf = async (username: string, password = PASSWORD) => (await login(api, username, password)).body.token;
    const createUser = async (username: string, role: Role, password = PASSWORD) => {
      const created = await api<{ user: { id: string } }>("POST", "/api/v1/users", {
        token: adminToken,
        body: { username, password, role },
      });
      expect(created.status, created.text).to.equal(201);
      return created.body.user.id;
    };
    const auditEntries = async () =>
      (await api<{ entries: Record<string, unknown>[] }>("GET", "/api/v1/audit?limit=1000", { token: adminToken })).body
        .entries;

    before(async () => {
      // The per-instance admission limits (per address, in memory) are lifted: this suite tests the per-user throttle
      // shared through the store, with every request from 127.0.0.1 (hardening.test.ts tests the admission).
      fixture = await startAuthFixture(kind, 2, "false", {
        LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "100000",
        LOGIN_CONCURRENT_PER_ADDRESS: "1000",
        LOGIN_CONCURRENT_HASHES: "1000",
      });
      api = apiClient(fixture.gateways[0]?.url ?? "");
      api2 = apiClient(fixture.gateways[1]?.url ?? "");
      adminToken = await tokenOf(TEST_ADMIN.username, TEST_ADMIN.password);
      userIds = {
        viewer: await createUser("vera", "viewer"),
        operator: await createUser("otto", "operator"),
      };
    });
    after(() => fixture?.stop());

    it("logs in with a session token and the service_session cookie (HttpOnly, SameSite=Strict, Path=/)", async () => {
      const response = await login(api, "vera");
      expect(response.status).to.equal(200);
      const body = response.body as unknown as {
        user: { username: string; role: string };
        expiresAt: string;
        token: string;
      };
      expect(body.user).to.include({ username: "vera", role: "viewer" });
      expect(body.user).to.not.have.property("passwordHash");
      const hours = (Date.parse(body.expiresAt) - Date.now()) / 3_600_000;
      expect(hours).to.be.within(11.9, 12);
      const cookie = response.headers.get("set-cookie") ?? "";
      expect(cookie).to.include(`service_session=${body.token}`).and.include("HttpOnly").and.include("SameSite=Strict");
      expect(cookie).to.include("Path=/").and.include("Expires=").and.not.include("Secure");
    });

    it("accepts the session as a cookie or a Bearer token, on every instance", async () => {
      const token = await tokenOf("otto");
      const viaCookie = await api("GET", "/api/v1/auth/me", { cookie: `service_session=${token}` });
      const viaBearer = await api2("GET", "/api/v1/auth/me", { token });
      expect(viaCookie.body).to.have.nested.property("user.username", "otto");
      expect(viaBearer.body).to.have.nested.property("user.username", "otto");
    });

    it("guards every route of the table by role, and answers unknown routes 404 for everyone", async () => {
      const routes = testRouteTable(fixture.store, fixture.queue);
      const accounts: Record<Principal, { username: string; password: string } | undefined> = {
        anonymous: undefined,
        viewer: { username: "vera", password: PASSWORD },
        operator: { username: "otto", password: PASSWORD },
        admin: { username: TEST_ADMIN.username, password: TEST_ADMIN.password },
      };
      // One session per principal; the logout route revokes the one it is called with, so it gets a fresh one.
      const sessions = new Map<Principal, string>();
      const sessionOf = async (principal: Principal, fresh: boolean) => {
        const account = accounts[principal];
        if (!account) return undefined;
        const kept = fresh ? undefined : sessions.get(principal);
        if (kept) return kept;
        const token = await tokenOf(account.username, account.password);
        if (!fresh) sessions.set(principal, token);
        return token;
      };
      for (const spec of routes) {
        for (const principal of PRINCIPALS) {
          const token = await sessionOf(principal, spec.path === "/api/v1/auth/logout");
          const path = spec.path.replace(/:[a-z]+/gi, "nonexistent");
          const response = await api(spec.method, path, {
            ...(token ? { token } : {}),
            ...(spec.method === "GET" ? {} : { body: {} }),
          });
          const where = `${spec.method} ${spec.path} as ${principal}: ${response.status} ${response.text}`;
          if (spec.role === "anonymous") expect(response.status, where).to.not.be.oneOf([401, 403]);
          else if (principal === "anonymous") expect(response.status, where).to.equal(401);
          else if (RANK[principal] < RANK[spec.role]) expect(response.status, where).to.equal(403);
          else expect(response.status, where).to.not.be.oneOf([401, 403]);
        }
      }
      for (const principal of PRINCIPALS) {
        const account = accounts[principal];
        const token = account ? await tokenOf(account.username, account.password) : undefined;
        for (const method of ["GET", "POST", "DELETE"]) {
          const response = await api(method, "/api/v1/no-such-route", token ? { token } : {});
          expect(response.status, `${method} as ${principal}`).to.equal(404);
        }
      }
    });

    it("refuses a non-GET request without X-Service-Request: 1, login included", async () => {
      const noHeader = await api("POST", "/api/v1/auth/login", {
        csrf: false,
        body: { username: "vera", password: PASSWORD },
      });
      expect(noHeader.status).to.equal(403);
      expect(noHeader.body).to.deep.equal({
        error: { code: "csrf_header_required", message: "Non-GET requests must carry the header X-Service-Request: 1" },
      });
      const wrongValue = await api("PATCH", `/api/v1/users/${userIds.viewer}`, {
        csrf: false,
        token: adminToken,
        headers: { "x-service-request": "true" },
        body: { role: "admin" },
      });
      expect(wrongValue.status).to.equal(403);
      expect((await fixture.store.users.findById(userIds.viewer as string))?.role).to.equal("viewer");
    });

    it("revokes a session on logout, on every instance at once", async () => {
      const token = await tokenOf("vera");
      expect((await api2("GET", "/api/v1/auth/me", { token })).status).to.equal(200);
      expect((await api("POST", "/api/v1/auth/logout", { token })).status).to.equal(200);
      const after = await api2("GET", "/api/v1/auth/me", { token });
      expect(after.status).to.equal(401);
      expect(after.body).to.have.nested.property("error.code", "unauthenticated");
    });

    it("probes the session without an error: the user of a valid session, null without one or after logout", async () => {
      const token = await tokenOf("vera");
      const signedIn = await api2<{ user: { username: string } | null }>("GET", "/api/v1/auth/session", { token });
      expect([signedIn.status, signedIn.body.user?.username]).to.deep.equal([200, "vera"]);
      const none = await api2<{ user: null }>("GET", "/api/v1/auth/session");
      expect([none.status, none.body.user]).to.deep.equal([200, null]);
      expect((await api("POST", "/api/v1/auth/logout", { token })).status).to.equal(200);
      const revoked = await api2<{ user: null }>("GET", "/api/v1/auth/session", { token });
      expect([revoked.status, revoked.body.user]).to.deep.equal([200, null]);
    });

    it("accepts an API token as Bearer on every instance; revoked on one, it is refused on the other at once", async () => {
      const created = await api<{ token: { id: string }; secret: string }>("POST", "/api/v1/tokens", {
        token: adminToken,
        body: { name: "automation", role: "operator" },
      });
      expect(created.status, created.text).to.equal(201);
      const { secret, token } = created.body;
      const me = await api2("GET", "/api/v1/auth/me", { token: secret });
      expect(me.body).to.have.nested.property("user.role", "operator");
      const listed = await api2("GET", "/api/v1/tokens", { token: adminToken });
      expect(listed.text).to.include(token.id).and.not.include(secret);
      expect((await api("DELETE", `/api/v1/tokens/${token.id}`, { token: adminToken })).status).to.equal(200);
      const after = await api2("GET", "/api/v1/auth/me", { token: secret });
      expect(after.status).to.equal(401);
      expect(after.body).to.have.nested.property("error.code", "unauthenticated");
    });

    it("refuses a disabled user at once and at login, and a changed password revokes the old sessions", async () => {
      const id = await createUser("dora", "operator");
      const token = await tokenOf("dora");
      await api("PATCH", `/api/v1/users/${id}`, { token: adminToken, body: { disabled: true } });
      expect((await api2("GET", "/api/v1/auth/me", { token })).status).to.equal(401);
      const refused = await login(api, "dora");
      expect(refused.status).to.equal(401);
      expect(refused.body).to.have.nested.property("error.code", "invalid_credentials");

      await api("PATCH", `/api/v1/users/${id}`, { token: adminToken, body: { disabled: false } });
      const before = await tokenOf("dora");
      const changed = await api("PATCH", `/api/v1/users/${id}`, {
        token: adminToken,
        body: { password: "a-new-password-1" },
      });
      expect(changed.status).to.equal(200);
      expect((await api("GET", "/api/v1/auth/me", { token: before })).status).to.equal(401);
      expect((await login(api, "dora", "a-new-password-1")).status).to.equal(200);
    });

    it("throttles: five failures, then 429 with Retry-After even for the right password, on every instance", async () => {
      await createUser("tina", "viewer");
      for (let i = 0; i < 5; i++) {
        const failed = await login(i % 2 ? api2 : api, "tina", `wrong-password-${i}`);
        expect(failed.status).to.equal(401);
        expect(failed.body).to.have.nested.property("error.code", "invalid_credentials");
      }
      for (const client of [api, api2]) {
        const locked = await login(client, "tina");
        expect(locked.status).to.equal(429);
        expect(locked.body).to.have.nested.property("error.code", "too_many_attempts");
        expect(Number(locked.headers.get("retry-after"))).to.be.within(55, 60);
      }
      // Another username from the same address is not locked.
      expect((await login(api, "vera")).status).to.equal(200);
    });

    it("doubles the lockout on a further failure after it ends, and a success resets the count", async () => {
      await createUser("lars", "viewer");
      const key = "lars|127.0.0.1";
      const now = Date.now();
      for (let i = 0; i < 5; i++) {
        await fixture.store.loginAttempts.record(key, { at: new Date(now - 70_000 + i * 1000), succeeded: false });
      }
      expect((await login(api, "lars", "still-wrong-pass")).status).to.equal(401);
      const locked = await login(api, "lars");
      expect(locked.status).to.equal(429);
      expect(Number(locked.headers.get("retry-after"))).to.be.within(115, 120);

      await createUser("rosa", "viewer");
      for (let i = 0; i < 4; i++) await login(api, "rosa", "wrong-password-x");
      expect((await login(api, "rosa")).status).to.equal(200);
      for (let i = 0; i < 4; i++) expect((await login(api, "rosa", "wrong-password-y")).status).to.equal(401);
      expect((await login(api, "rosa")).status).to.equal(200);
    });

    it("evaluates at most five of 50 wrong passwords sent at once: 5 × 401, 45 × 429 with Retry-After", async () => {
      await createUser("wanda", "viewer");
      const answers = await Promise.all(
        Array.from({ length: 50 }, (_, i) => login(i % 2 ? api2 : api, "wanda", `wrong-password-${i}`)),
      );
      const statuses = answers.map((a) => a.status);
      expect(
        statuses.filter((s) => s === 401),
        statuses.join(","),
      ).to.have.lengthOf(5);
      expect(
        statuses.filter((s) => s === 429),
        statuses.join(","),
      ).to.have.lengthOf(45);
      for (const refused of answers.filter((a) => a.status === 429)) {
        expect(refused.body).to.have.nested.property("error.code", "too_many_attempts");
        expect(Number(refused.headers.get("retry-after"))).to.be.within(1, 60);
      }
      expect((await login(api, "wanda")).status).to.equal(429);
    });

    it("refuses the right password sent while 39 wrong ones are in flight", async () => {
      await createUser("walt", "viewer");
      const wrong = Array.from({ length: 39 }, (_, i) => login(i % 2 ? api2 : api, "walt", `wrong-password-${i}`));
      // While the wrong ones are being hashed: five of them are already counted.
      // the whole test: 3 s on the embedded store, 6 s on FerretDB at load 40 (6 Dec 2026); ×2.5 margin
      await waitFor(
        "five counted attempts",
        async () => {
          const attempts = await fixture.store.loginAttempts.since("walt|127.0.0.1", new Date(Date.now() - 60_000));
          return attempts.length >= 5 ? true : undefined;
        },
        15_000,
      );
      const right = await login(api, "walt");
      const statuses = (await Promise.all(wrong)).map((a) => a.status);
      expect(right.status, right.text).to.equal(429);
      expect(
        statuses.filter((s) => s === 401),
        statuses.join(","),
      ).to.have.lengthOf(5);
      expect(
        statuses.filter((s) => s === 429),
        statuses.join(","),
      ).to.have.lengthOf(34);
    });

    it("throttles usernames case-sensitively: five failures for Bob do not lock bob", async () => {
      await createUser("Bob", "viewer", "bob-upper-password");
      await createUser("bob", "viewer");
      for (let i = 0; i < 5; i++) expect((await login(api, "Bob", `wrong-password-${i}`)).status).to.equal(401);
      expect((await login(api, "Bob", "bob-upper-password")).status).to.equal(429);
      expect((await login(api, "bob")).status).to.equal(200);
    });

    it("answers an unknown user exactly like a wrong password", async () => {
      const unknown = await login(api, "nobody-here", "whatever-password");
      const wrong = await login(api, "otto", "whatever-password");
      expect(unknown.status).to.equal(401);
      expect(unknown.body).to.deep.equal(wrong.body);
    });

    it("validates user requests, names the field, and changes nothing", async () => {
      const before = (await fixture.store.users.list()).length;
      const cases: [unknown, RegExp][] = [
        [{ username: "shorty", password: "short", role: "viewer" }, /password: must be at least 12/],
        [{ username: "x", password: PASSWORD, role: "viewer" }, /username/],
        [{ username: "rolf", password: PASSWORD, role: "root" }, /role/],
        [{ username: "rolf", password: PASSWORD, role: "viewer", isAdmin: true }, /isAdmin/],
      ];
      for (const [body, message] of cases) {
        const response = await api<{ error: { code: string; message: string } }>("POST", "/api/v1/users", {
          token: adminToken,
          body,
        });
        expect(response.status).to.equal(400);
        expect(response.body.error.code).to.equal("validation_failed");
        expect(response.body.error.message).to.match(message);
      }
      expect((await fixture.store.users.list()).length).to.equal(before);
    });

    it("manages users: duplicates, unknown ids, and the last admin", async () => {
      const duplicate = await api("POST", "/api/v1/users", {
        token: adminToken,
        body: { username: "vera", password: PASSWORD, role: "viewer" },
      });
      expect(duplicate.status).to.equal(409);
      expect(duplicate.body).to.have.nested.property("error.code", "already_exists");
      expect(
        (await api("PATCH", "/api/v1/users/nope", { token: adminToken, body: { role: "admin" } })).status,
      ).to.equal(404);
      const list = await api<{ users: { username: string }[] }>("GET", "/api/v1/users", { token: adminToken });
      expect(list.body.users.map((u) => u.username)).to.include.members(["admin", "vera", "otto"]);
      const adminId = (await fixture.store.users.findByUsername("admin"))?.id;
      const lastAdmin = await api("PATCH", `/api/v1/users/${adminId}`, { token: adminToken, body: { role: "viewer" } });
      expect(lastAdmin.status).to.equal(422);
      expect((await fixture.store.users.findByUsername("admin"))?.role).to.equal("admin");
    });

    it("keeps one enabled admin when two admins disable each other at once (one 200, one 422), every time", async () => {
      const enabledAdmins = async () =>
        (await fixture.store.users.list()).filter((u) => u.role === "admin" && !u.disabled);
      const adminId = (await fixture.store.users.findByUsername(TEST_ADMIN.username))?.id as string;
      for (let round = 0; round < 4; round++) {
        await fixture.store.users.update(adminId, { disabled: false });
        const ids = [await createUser(`amy-${round}`, "admin"), await createUser(`ben-${round}`, "admin")];
        const tokens = [await tokenOf(`amy-${round}`), await tokenOf(`ben-${round}`)];
        // The two are the only enabled admins (the others are disabled in the store, behind the API's back).
        for (const other of await enabledAdmins()) {
          if (!ids.includes(other.id)) await fixture.store.users.update(other.id, { disabled: true });
        }
        // With a new password, both requests are past authentication while the passwords are hashed, then both
        // write: the guard decides. Without, the first may finish before the second is authenticated: then the
        // second admin, disabled by then, gets 401.
        const withPassword = round % 2 === 0;
        const body = withPassword ? { disabled: true, password: "a-new-password-2" } : { disabled: true };
        const answers = await Promise.all([
          api("PATCH", `/api/v1/users/${ids[1]}`, { token: tokens[0], body }),
          api2("PATCH", `/api/v1/users/${ids[0]}`, { token: tokens[1], body }),
        ]);
        const statuses = answers.map((a) => a.status).sort();
        if (withPassword) expect(statuses, `round ${round}`).to.deep.equal([200, 422]);
        else expect(String(statuses), `round ${round}`).to.be.oneOf(["200,401", "200,422"]);
        const refused = answers.find((a) => a.status === 422);
        if (refused) {
          expect(refused.body).to.deep.equal({
            error: { code: "invalid_request", message: "This is the last enabled admin: keep one" },
          });
        }
        expect(await enabledAdmins(), `round ${round}`).to.have.lengthOf(1);
      }
      await fixture.store.users.update(adminId, { disabled: false });
    });

    it("audits mutating requests and logins: success, failure and denial, without secrets", async () => {
      await createUser("audrey", "viewer", "audrey-secret-password");
      await login(api, "audrey", "audrey-wrong-password");
      const viewerToken = await tokenOf("vera");
      await api("POST", "/api/v1/users", {
        token: viewerToken,
        body: { username: "mallory", password: PASSWORD, role: "admin" },
      });
      const entries = await waitFor("the audit entries", async () => {
        const all = await auditEntries();
        const wanted = [
          all.find((e) => e.action === "user.create" && e.target === "audrey"),
          all.find((e) => e.action === "auth.login" && e.actor === "audrey" && e.result === "denied"),
          all.find((e) => e.action === "user.create" && e.actor === "vera"),
        ];
        return wanted.every(Boolean) ? (wanted as Record<string, unknown>[]) : undefined;
      });
      const [created, failedLogin, forbidden] = entries;
      expect(created).to.include({ actor: "admin", result: "success" });
      expect(created?.detail).to.deep.include({ clientAddress: "127.0.0.1", status: 201 });
      expect(created?.detail).to.have.nested.property("request.password", "[redacted]");
      expect(created?.detail).to.have.nested.property("request.username", "audrey");
      expect(failedLogin?.detail).to.include({ errorCode: "invalid_credentials" });
      expect(forbidden).to.include({ result: "denied" });
      expect(forbidden?.detail).to.include({ errorCode: "forbidden" });
      const ids = (await auditEntries()).map((e) => e.id as number);
      expect(ids).to.deep.equal([...ids].sort((a, b) => b - a));
    });

    it("never shows a secret in a response, a log line or an audit entry", async () => {
      const secrets = ["S3cret-Login-Value-001", "S3cret-Create-Value-002", "S3cret-Update-Value-003"];
      await login(api, "vera", secrets[0]);
      const id = await createUser("sam", "viewer", secrets[1]);
      await api("PATCH", `/api/v1/users/${id}`, { token: adminToken, body: { password: secrets[2] } });
      await login(api, "sam", secrets[2]);
      await api("POST", "/api/v1/users", {
        token: adminToken,
        body: { username: "bad name", password: secrets[0], role: "viewer" },
      });
      await waitFor("the audit of the update", async () =>
        (await auditEntries()).some((e) => e.action === "user.update" && e.target === "sam") ? true : undefined,
      );
      const everything = [
        ...api.responses.map((r) => r.text),
        ...api.responses.map((r) => r.headers.get("set-cookie") ?? ""),
        fixture.logs(),
        JSON.stringify(await auditEntries()),
      ].join("\n");
      for (const secret of secrets) expect(everything).to.not.include(secret);
    });

    if (kind === "distributed") {
      it("does not lose an audit event when the queue is down: the gateway writes it to the store", async () => {
        // A gateway of its own whose queue's Redis goes away (the fixture's audit service keeps its own Redis).
        const redis = await startRedis();
        const logger = createLogger({ name: "lost-queue", level: "silent" });
        const queue = new BullMqQueue({ url: redis.url, prefix: "lost-audit", logger, closeTimeoutMs: 1000 });
        const gateway = await startGatewayOver(
          fixture.store,
          queue,
          logger,
          { ADMIN_USERNAME: TEST_ADMIN.username, ADMIN_PASSWORD: TEST_ADMIN.password },
          { shutdownTimeoutMs: 1000 },
        );
        try {
          await redis.stop();
          const created = await apiClient(gateway.url)("POST", "/api/v1/users", {
            token: adminToken,
            body: { username: "quentin", password: PASSWORD, role: "viewer" },
          });
          expect(created.status).to.equal(201);
          const entry = await waitFor("the audit entry", async () =>
            (await fixture.store.audit.list({ limit: 50 })).find(
              (e) => e.action === "user.create" && e.target === "quentin",
            ),
          );
          expect(entry).to.include({ actor: "admin", result: "success" });
        } finally {
          await gateway.stop();
          await queue.stop();
        }
      });
    }
  });
}
