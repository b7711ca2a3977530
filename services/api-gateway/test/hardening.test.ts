import { request } from "node:http";
import { createServer, type Server, type Socket } from "node:net";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { REFUSED_EXCERPT_CHARS } from "../src/audit/audit-requests.js";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

type Entry = {
  actor: string;
  action: string;
  target?: string;
  result: string;
  detail: Record<string, unknown>;
};

/** A POST from a chosen loopback source address (127.0.0.2 is another client than 127.0.0.1). */
function postFrom(
  localAddress: string,
  url: string,
  body: unknown,
): Promise<{ status: number; headers: Record<string, unknown>; text: string }> {
  return new Promise((resolve, reject) => {
    const payload = JSON.stringify(body);
    const req = request(
      url,
      {
        method: "POST",
        localAddress,
        headers: { "content-type": "application/json", "x-service-request": "1", "content-length": payload.length },
      },
      (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString("utf8");
        });
        res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on("error", reject);
    req.end(payload);
  });
}

/** A loopback port that accepts connections and never says a word: a black-hole Kafka for the connection test. */
async function blackHole(): Promise<{ server: Server; address: string; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server = createServer((socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as { port: number };
  return {
    server,
    address: `127.0.0.1:${port}`,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

describe("gateway hardening: hostile requests answered cleanly, the service unharmed", function () {
  this.timeout(60_000);
  let test: TestGateway;
  let api: Api;
  let token: string;

  const auditEntries = async () =>
    (await test.store.audit.list({ limit: 1000 })).map((e) => e as unknown as Entry & { id: number });

  before(async () => {
    // Every refusal audited one by one here: the budget of refused anonymous requests is login-flood's and role-before-body's.
    test = await startTestGateway(undefined, {
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "1000",
      LOGIN_FAILURES_AUDITED_PER_MINUTE: "100000",
    });
    api = apiClient(test.gateway.url);
    token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN })).body.token;
  });
  after(() => test.stop());

  describe("deeply nested JSON", () => {
    const nested = (depth: number) => `{"a":${"[".repeat(depth)}${"]".repeat(depth)}}`;

    const postAsAdmin = (body: string) =>
      fetch(`${test.gateway.url}/api/v1/clusters`, {
        method: "POST",
        headers: { "content-type": "application/json", "x-service-request": "1", authorization: `Bearer ${token}` },
        body,
      });

    it("refuses a body nested 4,000 deep with 400 bad_request, audits it, and keeps serving", async () => {
      const response = await postAsAdmin(nested(4000));
      expect(response.status).to.equal(400);
      expect(await response.json()).to.deep.equal({
        error: { code: "bad_request", message: "The request body nests objects and arrays deeper than 32 levels" },
      });
      const entry = (await auditEntries()).find((e) => e.action === "cluster.register" && e.detail.status === 400);
      expect(entry).to.include({ actor: TEST_ADMIN.username, result: "failure" });
      expect(entry?.detail).to.deep.include({ status: 400, errorCode: "bad_request" });
      expect((await fetch(`${test.gateway.url}/healthz`)).status).to.equal(200);
    });

    it("accepts nesting up to the limit, and brackets inside strings do not count", async () => {
      const atLimit = await postAsAdmin(nested(31));
      expect(atLimit.status, "parsed, then validated").to.equal(400);
      expect(((await atLimit.json()) as { error: { code: string } }).error.code).to.equal("validation_failed");
      const inString = await postAsAdmin(JSON.stringify({ text: "[".repeat(5000) }));
      expect(((await inString.json()) as { error: { code: string } }).error.code).to.equal("validation_failed");
    });
  });

  describe("reserved keys (__proto__, constructor, prototype)", () => {
    /** Sends the JSON text as it is: a `__proto__` key in an object literal would set the prototype instead. */
    const send = (method: string, path: string, json: string) =>
      api<{ error: { code: string; message: string } }>(method, path, { token, body: JSON.parse(json) });

    it("refuses them in every map of a body with 400 validation_failed naming the key, never dropping it with 200", async () => {
      const cases: [string, string, string, string][] = [
        ["PATCH", "/api/v1/clusters/c1/topics/t/configs", '{"set":{"__proto__":"1"}}', "set.__proto__"],
        ["PATCH", "/api/v1/clusters/c1/topics/t/configs", '{"set":{"constructor":"1"}}', "set.constructor"],
        ["PATCH", "/api/v1/clusters/c1/brokers/1/configs", '{"set":{"prototype":"1"}}', "set.prototype"],
        ["POST", "/api/v1/clusters/c1/topics", '{"name":"t","configs":{"__proto__":"x"}}', "configs.__proto__"],
        [
          "POST",
          "/api/v1/clusters",
          '{"name":"a","bootstrapServers":["127.0.0.1:9"],"labels":{"__proto__":"x"}}',
          "labels.__proto__",
        ],
        [
          "POST",
          "/api/v1/clusters/test",
          '{"name":"a","bootstrapServers":["127.0.0.1:9"],"settings":{"constructor":{"x":1}}}',
          "settings.constructor",
        ],
        ["PATCH", "/api/v1/clusters/c1", '{"labels":{"team":"a","prototype":"b"}}', "labels.prototype"],
        [
          "PUT",
          "/api/v1/clusters/c1/quotas",
          '{"entity":[{"type":"user","name":"u"}],"set":{"__proto__":1}}',
          "set.__proto__",
        ],
      ];
      for (const [method, path, json, key] of cases) {
        const response = await send(method, path, json);
        expect(response.status, `${method} ${path} ${json}: ${response.text}`).to.equal(400);
        expect(response.body.error.code).to.equal("validation_failed");
        expect(response.body.error.message).to.contain(`${key}: is a reserved name`);
      }
    });
  });

  describe("the audit", () => {
    it("records an anonymous request as anonymous, whatever username its body names", async () => {
      const response = await api("DELETE", "/api/v1/clusters/c-1", { body: { username: "operator1" } });
      expect(response.status).to.equal(401);
      const entry = (await auditEntries()).find((e) => e.action === "cluster.delete" && e.target === "c-1");
      expect(entry).to.include({ actor: "anonymous", result: "denied" });
    });

    it("records a failed login under the username it tried when that is a user's", async () => {
      await api("POST", "/api/v1/auth/login", {
        body: { username: TEST_ADMIN.username, password: "wrong-password-1" },
      });
      const entry = (await auditEntries()).find((e) => e.action === "auth.login" && e.result === "denied");
      expect(entry).to.include({ actor: TEST_ADMIN.username });
      expect(JSON.stringify(entry)).to.not.include("wrong-password-1");
    });

    it("keeps only the size of a request refused before its body was read, and a short secret-free excerpt of an invalid one", async () => {
      const big = { password: "refused-secret-value", padding: "x".repeat(200_000) };
      const before = (await auditEntries()).length;
      for (let i = 0; i < 20; i++) await api("POST", "/api/v1/users", { body: big });
      expect((await api("POST", "/api/v1/users", { token, body: big })).status).to.equal(400);
      const entries = (await auditEntries()).slice(0, (await auditEntries()).length - before);
      expect(entries).to.have.length(21);
      const [invalid, ...anonymous] = entries;
      for (const entry of anonymous) {
        expect(entry).to.include({ actor: "anonymous", result: "denied" });
        expect(entry.detail).to.not.have.property("request");
        expect(entry.detail.refusedRequest).to.deep.equal({ bodyBytes: JSON.stringify(big).length });
      }
      expect(invalid).to.include({ actor: TEST_ADMIN.username, result: "failure" });
      const refused = invalid?.detail.refusedRequest as { bodyBytes: number; excerpt: string };
      expect(refused.bodyBytes).to.equal(JSON.stringify(big).length);
      expect(refused.excerpt.length).to.be.at.most(REFUSED_EXCERPT_CHARS);
      expect(refused.excerpt).to.include('"password":"[redacted]"');
      for (const entry of entries) expect(JSON.stringify(entry).length).to.be.below(1500);
    });

    it("keeps the validated request (minus secrets) of a request that passed validation", async () => {
      await api("POST", "/api/v1/users", {
        token,
        body: { username: "audited-user", password: "audited-password-1", role: "viewer" },
      });
      const entry = (await auditEntries()).find((e) => e.action === "user.create" && e.target === "audited-user");
      expect(entry?.detail.request).to.deep.equal({
        username: "audited-user",
        password: "[redacted]",
        role: "viewer",
        disabled: false,
      });
    });

    it("is written before the answer: the entry is in the store when the response arrives", async () => {
      const response = await api("POST", "/api/v1/users", {
        token,
        body: { username: "written-first", password: "written-first-pass", role: "viewer" },
      });
      expect(response.status).to.equal(201);
      const entries = await test.store.audit.list({ limit: 5 });
      expect(entries.map((e) => e.target)).to.include("written-first");
    });

    it("a failing audit store does not fail the request or the process: logged with the request id", async () => {
      const append = test.store.audit.append.bind(test.store.audit);
      test.store.audit.append = async () => {
        throw new Error("disk on fire");
      };
      try {
        const response = await api("POST", "/api/v1/auth/logout", {
          token: "not-a-session",
          headers: { "x-request-id": "audit-broken-1" },
        });
        expect(response.status).to.equal(401);
        expect(response.body).to.deep.equal({ error: { code: "unauthenticated", message: "Authentication required" } });
      } finally {
        test.store.audit.append = append;
      }
      const line = test.logLines().find((l) => l.requestId === "audit-broken-1" && l.level === 40);
      expect(line?.msg).to.match(/audit entry not written to the store/);
      expect((await fetch(`${test.gateway.url}/healthz`)).status).to.equal(200);
    });
  });

  describe("HTTP details", () => {
    it("answers a path with malformed percent-encoding with 400 bad_request", async () => {
      const response = await fetch(`${test.gateway.url}/api/v1/users/%E0%A4%A`, {
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.status).to.equal(400);
      expect(((await response.json()) as { error: { code: string } }).error.code).to.equal("bad_request");
    });

    it("refuses a body in a charset other than UTF-8 with 400 bad_request", async () => {
      const response = await fetch(`${test.gateway.url}/api/v1/auth/login`, {
        method: "POST",
        headers: { "content-type": "application/json; charset=utf-16le", "x-service-request": "1" },
        body: Buffer.from(JSON.stringify(TEST_ADMIN), "utf16le"),
      });
      expect(response.status).to.equal(400);
      expect(await response.json()).to.deep.equal({
        error: { code: "bad_request", message: "The request body must be UTF-8 JSON" },
      });
    });

    it("answers OPTIONS with 204, the path's methods in Allow, and no body", async () => {
      const response = await fetch(`${test.gateway.url}/api/v1/users/some-id`, { method: "OPTIONS" });
      expect(response.status).to.equal(204);
      expect(response.headers.get("allow")).to.equal("OPTIONS, PATCH");
      expect(await response.text()).to.equal("");
      const unknown = await fetch(`${test.gateway.url}/api/v1/nothing`, { method: "OPTIONS" });
      expect(unknown.status).to.equal(404);
      expect(((await unknown.json()) as { error: { code: string } }).error.code).to.equal("not_found");
    });

    it("takes the bearer scheme in any case (RFC 7235)", async () => {
      for (const scheme of ["bearer", "BEARER", "Bearer"]) {
        const response = await fetch(`${test.gateway.url}/api/v1/auth/me`, {
          headers: { authorization: `${scheme} ${token}` },
        });
        expect(response.status, scheme).to.equal(200);
      }
    });

    it("sends Cache-Control: no-store on the login answer and on API answers", async () => {
      const login = await api("POST", "/api/v1/auth/login", { body: TEST_ADMIN });
      expect(login.headers.get("cache-control")).to.equal("no-store");
      for (const path of ["/api/v1/auth/me", "/api/v1/overview", "/api/v1/nothing"]) {
        const response = await api("GET", path, { token });
        expect(response.headers.get("cache-control"), path).to.equal("no-store");
      }
    });

    it("answers 503 not_ready with Retry-After, not 500, while the store cannot be reached", async () => {
      const findActive = test.store.sessions.findActive.bind(test.store.sessions);
      test.store.sessions.findActive = async () => {
        throw Object.assign(new Error("connect ECONNREFUSED"), { name: "MongoServerSelectionError" });
      };
      try {
        const response = await api("GET", "/api/v1/auth/me", { token });
        expect(response.status).to.equal(503);
        expect(response.headers.get("retry-after")).to.equal("5");
        expect(response.body.error).to.deep.include({ code: "not_ready" });
      } finally {
        test.store.sessions.findActive = findActive;
      }
    });

    it("refuses a password of only spaces", async () => {
      const response = await api("POST", "/api/v1/users", {
        token,
        body: { username: "spacey", password: " ".repeat(16), role: "viewer" },
      });
      expect(response.status).to.equal(400);
      expect(response.body.error).to.deep.include({ code: "validation_failed" });
      expect((response.body.error as { message: string }).message).to.include("must not be only spaces");
      expect(await test.store.users.findByUsername("spacey")).to.equal(undefined);
    });
  });

  describe("connection tests", () => {
    it("lets one user run at most 2 at once (429 with Retry-After beyond), without holding up other users", async () => {
      const hole = await blackHole();
      try {
        const profile = { name: "black-hole", bootstrapServers: [hole.address] };
        const held = [0, 1].map(() => api("POST", "/api/v1/clusters/test", { token, body: profile }));
        await new Promise((resolve) => setTimeout(resolve, 300));
        const third = await api("POST", "/api/v1/clusters/test", { token, body: profile });
        expect(third.status).to.equal(429);
        expect(third.body.error).to.deep.include({ code: "too_many_attempts" });
        expect(third.headers.get("retry-after")).to.equal("5");

        await api("POST", "/api/v1/users", {
          token,
          body: { username: "other-operator", password: "other-operator-pw", role: "operator" },
        });
        const other = (
          await api<{ token: string }>("POST", "/api/v1/auth/login", {
            body: { username: "other-operator", password: "other-operator-pw" },
          })
        ).body.token;
        const elsewhere = api("POST", "/api/v1/clusters/test", { token: other, body: profile });
        await new Promise((resolve) => setTimeout(resolve, 300));
        await hole.close();
        const results = await Promise.all([...held, elsewhere]);
        for (const result of results) expect(result.status, result.text).to.equal(200);
      } finally {
        await hole.close().catch(() => undefined);
      }
    });
  });
});

describe("login admission: a flood of logins cannot starve the service", function () {
  this.timeout(60_000);
  let test: TestGateway;

  before(async () => {
    test = await startTestGateway(undefined, {
      LOGIN_CONCURRENT_PER_ADDRESS: "2",
      LOGIN_CONCURRENT_HASHES: "4",
      LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "1000",
    });
  });
  after(() => test.stop());

  it("refuses logins over an address's bound at once (429, Retry-After) while another address logs in", async () => {
    const url = `${test.gateway.url}/api/v1/auth/login`;
    const flood = Array.from({ length: 40 }, (_, i) =>
      postFrom("127.0.0.1", url, { username: `random-${i}-${Date.now()}`, password: "p".repeat(1024) }),
    );
    const real = postFrom("127.0.0.2", url, TEST_ADMIN);
    const [floodResults, realResult] = await Promise.all([Promise.all(flood), real]);
    expect(realResult.status, realResult.text).to.equal(200);
    const refused = floodResults.filter((r) => r.status === 429);
    const checked = floodResults.filter((r) => r.status === 401);
    expect(checked.length, "password checks run for the flood").to.be.at.least(2);
    expect(refused.length).to.be.at.least(30);
    for (const r of refused) {
      expect(r.headers["retry-after"]).to.equal("1");
      expect((JSON.parse(r.text) as { error: { code: string } }).error.code).to.equal("too_many_attempts");
    }
  });

  it("limits an address's logins per minute", async () => {
    const limited = await startTestGateway(undefined, { LOGIN_ATTEMPTS_PER_ADDRESS_PER_MINUTE: "3" });
    try {
      const url = `${limited.gateway.url}/api/v1/auth/login`;
      const statuses: number[] = [];
      let retryAfter: unknown;
      for (let i = 0; i < 4; i++) {
        const r = await postFrom("127.0.0.3", url, { username: `who-${i}`, password: "wrong-password-x" });
        statuses.push(r.status);
        retryAfter = r.headers["retry-after"];
      }
      expect(statuses).to.deep.equal([401, 401, 401, 429]);
      expect(Number(retryAfter)).to.be.within(1, 20);
      expect((await postFrom("127.0.0.4", url, TEST_ADMIN)).status, "another address").to.equal(200);
    } finally {
      await limited.stop();
    }
  });
});
