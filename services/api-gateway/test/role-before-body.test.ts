import { request } from "node:http";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { AUDIT_REQUEST_MAX_CHARS, REFUSED_EXCERPT_CHARS } from "../src/audit/audit-requests.js";
import { LOGIN_FAILURES_ACTION } from "../src/audit/login-failures.js";
import { DESIRED_STATE_PLAN_BODY_LIMIT_BYTES } from "../src/http/json-body.js";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

type Entry = { actor: string; action: string; target?: string; result: string; detail: Record<string, unknown> };

/**
 * A desired-state plan just under the plan's 16 MiB limit: files of 5,000 Topic documents, each with a few configs,
 * as a team's large files look.
 */
function largePlan(): Buffer {
  const files: string[] = [];
  let bytes = 64;
  for (let file = 0; bytes < DESIRED_STATE_PLAN_BODY_LIMIT_BYTES - 200_000; file++) {
    const documents: string[] = [];
    for (let i = 0; i < 5000 && bytes < DESIRED_STATE_PLAN_BODY_LIMIT_BYTES - 200_000; i++) {
      const document = JSON.stringify({
        kind: "Topic",
        name: `team-${file}.orders.${String(i).padStart(5, "0")}`,
        partitions: 6,
        replicationFactor: 3,
        configs: { "retention.ms": "604800000", "cleanup.policy": "delete", "max.message.bytes": "1048576" },
      });
      documents.push(document);
      bytes += document.length + 1;
    }
    files.push(`{"path":"teams/team-${file}.yaml","documents":[${documents.join(",")}]}`);
    bytes += 64;
  }
  return Buffer.from(`{"files":[${files.join(",")}],"createOperation":false}`);
}

interface EarlyAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
  /** Bytes of the body sent when the answer came. */
  sentWhenAnswered: number;
  /** Resolves once the server has closed the connection. */
  closed: Promise<void>;
}

/**
 * Sends a POST announcing all of `body`, but only its first `firstBytes` before waiting for an answer: a server that
 * answers before reading the body answers now; one that waits for the body never answers until the rest is sent (it is
 * sent after `waitMs`, so such a server's answer comes with `sentWhenAnswered` equal to the whole body).
 */
function sendUntilAnswered(
  url: string,
  headers: Record<string, string>,
  body: Buffer,
  firstBytes: number,
  waitMs: number,
): Promise<EarlyAnswer> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const req = request(url, {
      method: "POST",
      agent: false,
      headers: { "content-type": "application/json", "content-length": String(body.length), ...headers },
    });
    const closed = new Promise<void>((done) => req.once("close", () => done()));
    req.on("error", (error) => {
      // Writes after the server closed the connection following its answer.
      if (!answered) reject(error);
    });
    req.on("response", (res) => {
      answered = true;
      const sentWhenAnswered = sent;
      let text = "";
      res.on("data", (chunk: Buffer) => {
        text += chunk.toString("utf8");
      });
      res.on("end", () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, text, sentWhenAnswered, closed }),
      );
    });
    sent = firstBytes;
    req.write(body.subarray(0, firstBytes));
    setTimeout(() => {
      if (answered) return;
      sent = body.length;
      req.end(body.subarray(firstBytes));
    }, waitMs).unref();
  });
}

describe("gateway: a request below its route's role is refused before its body is read", () => {
  let test: TestGateway;
  let api: Api;
  let admin: string;
  let viewer: string;
  const plan = largePlan();
  const PLAN_PATH = "/api/v1/clusters/c1/desired-state/plan";

  const auditEntries = async () => (await test.store.audit.list({ limit: 1000 })) as unknown as Entry[];
  const login = async (username: string, password: string) =>
    (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: { username, password } })).body.token;

  before(async () => {
    test = await startTestGateway(undefined, { LOGIN_FAILURES_AUDITED_PER_MINUTE: "100000" });
    api = apiClient(test.gateway.url);
    admin = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    const created = await api("POST", "/api/v1/users", {
      token: admin,
      body: { username: "viewer-1", password: "viewer-1-password", role: "viewer" },
    });
    expect(created.status).to.equal(201);
    viewer = await login("viewer-1", "viewer-1-password");
  });
  after(() => test.stop());

  it("answers a viewer's 16 MiB plan 403 while 15 MiB of it are still unsent, closes the connection, and audits 1 line of it", async () => {
    expect(plan.length).to.be.above(DESIRED_STATE_PLAN_BODY_LIMIT_BYTES - 300_000);
    const firstBytes = 1024 * 1024;
    // 30 s: far beyond the answer of a gateway that does not wait for the body, however loaded the machine.
    const answer = await sendUntilAnswered(
      `${test.gateway.url}${PLAN_PATH}`,
      { authorization: `Bearer ${viewer}`, "x-service-request": "1", "x-request-id": "viewer-16-mib" },
      plan,
      firstBytes,
      30_000,
    );
    expect(answer.sentWhenAnswered, "the answer came before the body was sent").to.equal(firstBytes);
    expect(answer.status).to.equal(403);
    expect(JSON.parse(answer.text)).to.deep.equal({
      error: { code: "forbidden", message: "This action needs the operator role" },
    });
    // The rest is never read: the connection ends with the answer.
    expect(answer.headers.connection).to.equal("close");
    await answer.closed;

    const entry = (await auditEntries()).find((e) => e.action === "operation.plan" && e.actor === "viewer-1");
    expect(entry).to.include({ result: "denied" });
    expect(entry?.detail).to.deep.include({ status: 403, errorCode: "forbidden" });
    expect(entry?.detail.refusedRequest, "the size it announced, nothing of its content").to.deep.equal({
      bodyBytes: plan.length,
    });
    expect(JSON.stringify(entry).length).to.be.below(1000);
    expect((await fetch(`${test.gateway.url}/healthz`)).status).to.equal(200);
  });

  it("answers the same body without a session 401, before reading it, on the plan and on any other route", async () => {
    for (const path of [PLAN_PATH, "/api/v1/clusters", "/api/v1/users"]) {
      const answer = await sendUntilAnswered(
        `${test.gateway.url}${path}`,
        { "x-service-request": "1" },
        plan,
        64 * 1024,
        30_000,
      );
      expect(answer.sentWhenAnswered, path).to.equal(64 * 1024);
      expect(answer.status, path).to.equal(401);
      await answer.closed;
    }
  });

  it("reads a body only for a role the route allows: an operator's 2 MiB body on an admin route is 403, not 413 or 400", async () => {
    const operator = await api("POST", "/api/v1/users", {
      token: admin,
      body: { username: "operator-1", password: "operator-1-password", role: "operator" },
    });
    expect(operator.status).to.equal(201);
    const token = await login("operator-1", "operator-1-password");
    const tooLarge = `{"username":"x","padding":"${"x".repeat(2 * 1024 * 1024)}"}`;
    const response = await fetch(`${test.gateway.url}/api/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1", authorization: `Bearer ${token}` },
      body: tooLarge,
    });
    expect(response.status).to.equal(403);
    const asAdmin = await fetch(`${test.gateway.url}/api/v1/users`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1", authorization: `Bearer ${admin}` },
      body: tooLarge,
    });
    expect(asAdmin.status, "the admin's body is read: over 1 MiB").to.equal(413);
  });

  it("keeps a large request the route accepted as its digest, size and excerpt, never the whole body", async () => {
    // 1,000 config names of 200 characters: 200 KB that pass validation (the cluster does not exist: 404 after it).
    const names = Array.from({ length: 1000 }, (_, i) => `x.${String(i).padStart(4, "0")}.${"n".repeat(193)}`);
    const response = await api("PATCH", "/api/v1/clusters/no-such-cluster/topics/t/configs", {
      token: admin,
      body: { delete: names },
    });
    expect(response.status).to.equal(404);
    const entry = (await auditEntries()).find((e) => e.action === "topic.configs" && e.detail.status === 404);
    expect(entry?.detail).to.not.have.property("request");
    const digest = entry?.detail.requestDigest as { sha256: string; chars: number; bodyBytes: number; excerpt: string };
    expect(digest.sha256).to.match(/^[0-9a-f]{64}$/);
    expect(digest.chars).to.equal(JSON.stringify({ set: {}, delete: names }).length);
    expect(digest.chars).to.be.above(AUDIT_REQUEST_MAX_CHARS);
    expect(digest.bodyBytes).to.equal(JSON.stringify({ delete: names }).length);
    expect(digest.excerpt).to.equal(JSON.stringify({ set: {}, delete: names }).slice(0, REFUSED_EXCERPT_CHARS));
    expect(JSON.stringify(entry).length).to.be.below(1500);
  });

  it("keeps of an admitted body that fails validation only its size and a 256-character excerpt", async () => {
    const invalid = Buffer.from(JSON.stringify({ files: [], password: "never-in-audit", padding: "x".repeat(2e6) }));
    const response = await fetch(`${test.gateway.url}${PLAN_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1", authorization: `Bearer ${admin}` },
      body: invalid,
    });
    expect(response.status).to.equal(400);
    const entry = (await auditEntries()).find((e) => e.action === "operation.plan" && e.detail.status === 400);
    const refused = entry?.detail.refusedRequest as { bodyBytes: number; excerpt: string };
    expect(refused.bodyBytes).to.equal(invalid.length);
    expect(refused.excerpt).to.have.length(REFUSED_EXCERPT_CHARS);
    expect(refused.excerpt).to.match(/^\{"files":\[\],"password":"\[redacted\]","padding":"xxx/);
    expect(JSON.stringify(entry).length).to.be.below(1500);
  });

  it("keeps of an admitted body that is not JSON only its size", async () => {
    const malformed = `{"files":[],"password":"never-in-audit","padding":"${"x".repeat(2e6)}"`;
    const response = await fetch(`${test.gateway.url}${PLAN_PATH}`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1", authorization: `Bearer ${admin}` },
      body: malformed,
    });
    expect(response.status).to.equal(400);
    const entry = (await auditEntries()).find(
      (e) => e.action === "operation.plan" && e.detail.errorCode === "bad_request",
    );
    expect(entry?.detail.refusedRequest).to.deep.include({ bodyBytes: malformed.length });
    expect(JSON.stringify(entry)).to.not.include("never-in-audit");
    expect(JSON.stringify(entry).length).to.be.below(1500);
  });
});

describe("gateway: refused anonymous requests share the failed logins' audit budget", () => {
  /** A request from a chosen loopback source address (127.0.0.x are as many clients). */
  const from = (localAddress: string, url: string, method: string, headers: Record<string, string>, body?: string) =>
    new Promise<number>((resolve, reject) => {
      const req = request(url, {
        method,
        localAddress,
        agent: false,
        headers: {
          ...(body === undefined
            ? {}
            : { "content-type": "application/json", "content-length": Buffer.byteLength(body) }),
          ...headers,
        },
      });
      req.on("response", (res) => {
        res.resume();
        res.on("end", () => resolve(res.statusCode ?? 0));
      });
      req.on("error", reject);
      req.end(body);
    });

  it("writes the first 10 of an address's minute one by one and one summary of the rest, whatever was refused", async () => {
    const test = await startTestGateway();
    try {
      const url = test.gateway.url;
      const address = "127.0.0.21";
      const statuses: number[] = [];
      for (let i = 0; i < 40; i++) {
        const kind = i % 5;
        if (kind === 0)
          statuses.push(await from(address, `${url}/api/v1/clusters/c-${i}`, "DELETE", { "x-service-request": "1" }));
        else if (kind === 1)
          statuses.push(await from(address, `${url}/api/v1/users`, "POST", { "x-service-request": "1" }, "{}"));
        else if (kind === 2) statuses.push(await from(address, `${url}/api/v1/users`, "POST", {}, "{}"));
        else if (kind === 3)
          statuses.push(await from(address, `${url}/api/v1/nothing-${i}`, "POST", { "x-service-request": "1" }, "{}"));
        else
          statuses.push(
            await from(
              address,
              `${url}/api/v1/auth/login`,
              "POST",
              { "x-service-request": "1" },
              JSON.stringify({ username: TEST_ADMIN.username, password: `wrong-${i}` }),
            ),
          );
      }
      // 401 without a session (a wrong password too), 403 without the CSRF header, 404 an unknown route, 429 a locked login.
      expect([...new Set(statuses)].sort()).to.deep.equal([401, 403, 404, 429]);
      // Another address keeps its own budget.
      expect(await from("127.0.0.22", `${url}/api/v1/clusters/c-x`, "DELETE", { "x-service-request": "1" })).to.equal(
        401,
      );
      const ofAddress = async (ip: string) =>
        ((await test.store.audit.list({ limit: 1000 })) as unknown as Entry[]).filter(
          (e) => e.detail.clientAddress === ip,
        );
      expect(await ofAddress(address)).to.have.length(10);
      expect(await ofAddress("127.0.0.22")).to.have.length(1);

      // The window is a minute; stopping the gateway writes the summary of what it counted so far.
      await test.gateway.stop();
      const entries = await ofAddress(address);
      expect(entries).to.have.length(11);
      const summary = entries.find((e) => e.action === LOGIN_FAILURES_ACTION);
      expect(summary).to.include({ actor: "anonymous", result: "denied" });
      expect(summary?.detail).to.include({ clientAddress: address, audited: 10, counted: 30 });
    } finally {
      await test.stop();
    }
  });

  it("still audits every refusal of a request with a session: a viewer's 403s are not budgeted", async () => {
    const test = await startTestGateway(undefined, { LOGIN_FAILURES_AUDITED_PER_MINUTE: "2" });
    try {
      const api = apiClient(test.gateway.url);
      const admin = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN })).body.token;
      const viewer = { username: "viewer-2", password: "viewer-2-password" };
      const created = await api("POST", "/api/v1/users", { token: admin, body: { ...viewer, role: "viewer" } });
      expect(created.status).to.equal(201);
      const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: viewer })).body.token;
      for (let i = 0; i < 5; i++)
        expect((await api("DELETE", `/api/v1/clusters/c-${i}`, { token })).status).to.equal(403);
      const entries = (await test.store.audit.list({ limit: 1000 })) as unknown as Entry[];
      expect(entries.filter((e) => e.actor === "viewer-2" && e.action === "cluster.delete")).to.have.length(5);
    } finally {
      await test.stop();
    }
  });
});
