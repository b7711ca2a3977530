import { expect } from "chai";
import { DESIRED_STATE_PLAN_BODY_LIMIT_BYTES } from "../src/http/json-body.js";
import { JSON_BODY_LIMIT_BYTES } from "../src/index.js";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

describe("gateway: error envelope and request ids", () => {
  let test: TestGateway;
  let session: Record<string, string>;
  before(async () => {
    test = await startTestGateway();
    const response = await post("/api/v1/auth/login", JSON.stringify(TEST_ADMIN));
    session = { authorization: `Bearer ${((await response.json()) as { token: string }).token}` };
  });
  after(() => test.stop());

  const post = (path: string, body: string, headers: Record<string, string> = {}) =>
    fetch(`${test.gateway.url}${path}`, {
      method: "POST",
      body,
      headers: { "content-type": "application/json", "x-service-request": "1", ...headers },
    });

  it("answers an unknown route with 404 not_found in the envelope", async () => {
    const response = await fetch(`${test.gateway.url}/api/v1/nothing-here`);
    expect(response.status).to.equal(404);
    expect(response.headers.get("content-type")).to.match(/^application\/json/);
    expect(await response.json()).to.deep.equal({
      error: { code: "not_found", message: "No route for GET /api/v1/nothing-here" },
    });
  });

  it("answers malformed JSON with 400 bad_request, without quoting the body", async () => {
    const response = await post("/api/v1/clusters", '{"name": "x", "secrets": {"password": "hunter2-secret"', session);
    expect(response.status).to.equal(400);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).to.equal("bad_request");
    expect(JSON.stringify(body)).to.not.include("hunter2");
  });

  it("answers a body that is not JSON with 400 bad_request", async () => {
    const response = await post("/api/v1/clusters", "name=x", {
      ...session,
      "content-type": "application/x-www-form-urlencoded",
    });
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).to.equal("bad_request");
  });

  it("answers a body over 1 MiB with 413 payload_too_large", async () => {
    const big = JSON.stringify({ value: "x".repeat(JSON_BODY_LIMIT_BYTES) });
    const response = await post("/api/v1/clusters", big, session);
    expect(response.status).to.equal(413);
    expect(((await response.json()) as { error: { code: string } }).error.code).to.equal("payload_too_large");
  });

  it("accepts a body just under the limit (it reaches the route's validation)", async () => {
    const body = JSON.stringify({ value: "x".repeat(JSON_BODY_LIMIT_BYTES - 100) });
    const response = await post("/api/v1/clusters", body, session);
    expect(response.status).to.equal(400);
    expect(((await response.json()) as { error: { code: string } }).error.code).to.equal("validation_failed");
  });

  it("reads no body before the route's role check: without a session, malformed or too large is 401", async () => {
    for (const body of ['{"name": "x"', "x".repeat(JSON_BODY_LIMIT_BYTES + 1)]) {
      const response = await post("/api/v1/clusters", body);
      expect(response.status).to.equal(401);
    }
  });

  describe("a desired-state plan's own body limit (16 MiB: a team's files), read only for an operator or above", () => {
    const twoMiB = JSON.stringify({ files: [], padding: "x".repeat(2 * 1024 * 1024) });
    const errorOf = async (response: Response) =>
      ((await response.json()) as { error: { code: string; message: string } }).error;
    it("accepts 2 MiB on POST /clusters/{id}/desired-state/plan (it reaches the route's validation)", async () => {
      const response = await post("/api/v1/clusters/c1/desired-state/plan", twoMiB, session);
      expect(response.status).to.equal(400);
      expect((await errorOf(response)).code).to.equal("validation_failed");
    });

    it("answers a plan without a session 401 before reading its body (2 MiB that is not even JSON)", async () => {
      const response = await post("/api/v1/clusters/c1/desired-state/plan", `{${"x".repeat(2 * 1024 * 1024)}`);
      expect(response.status).to.equal(401);
      expect((await errorOf(response)).code).to.equal("unauthenticated");
    });

    it("refuses the same 2 MiB on any other route with 413 payload_too_large, naming 1 MiB", async () => {
      for (const path of ["/api/v1/clusters", "/api/v1/clusters/c1/operations"]) {
        const response = await post(path, twoMiB, session);
        expect(response.status, path).to.equal(413);
        expect(await errorOf(response), path).to.deep.equal({
          code: "payload_too_large",
          message: `The request body is larger than ${JSON_BODY_LIMIT_BYTES} bytes`,
        });
      }
      const unknown = await post("/api/v1/clusters/c1/desired-state/plan/extra", twoMiB, session);
      expect(unknown.status, "no route: its body is never read").to.equal(404);
    });

    it("refuses a plan over 16 MiB with 413 payload_too_large, naming its own limit", async () => {
      const body = JSON.stringify({ files: [], padding: "x".repeat(DESIRED_STATE_PLAN_BODY_LIMIT_BYTES) });
      const response = await post("/api/v1/clusters/c1/desired-state/plan", body, session);
      expect(response.status).to.equal(413);
      expect((await errorOf(response)).message).to.equal(
        `The request body is larger than ${DESIRED_STATE_PLAN_BODY_LIMIT_BYTES} bytes`,
      );
    });

    it("still refuses a plan nested deeper than 32 levels before parsing it (400 bad_request)", async () => {
      const deep = `${"[".repeat(40)}${"]".repeat(40)}`;
      const response = await post(
        "/api/v1/clusters/c1/desired-state/plan",
        JSON.stringify({ files: [], deep: "" }).replace('""', deep),
        session,
      );
      expect(response.status).to.equal(400);
      expect((await errorOf(response)).code).to.equal("bad_request");
    });
  });

  it("puts a fresh X-Request-Id on every response, errors included", async () => {
    const first = await fetch(`${test.gateway.url}/healthz`);
    const second = await fetch(`${test.gateway.url}/missing`);
    const ids = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    for (const id of ids) expect(id).to.match(/^[0-9a-f-]{36}$/);
    expect(ids[0]).to.not.equal(ids[1]);
  });

  it("echoes a well-formed incoming X-Request-Id and replaces a malformed one", async () => {
    const echoed = await fetch(`${test.gateway.url}/healthz`, { headers: { "x-request-id": "trace-42" } });
    expect(echoed.headers.get("x-request-id")).to.equal("trace-42");
    const replaced = await fetch(`${test.gateway.url}/healthz`, { headers: { "x-request-id": "bad id\twith tab" } });
    expect(replaced.headers.get("x-request-id")).to.match(/^[0-9a-f-]{36}$/);
  });

  it("logs each request with its request id, and never the body", async () => {
    await post("/api/v1/login-like", JSON.stringify({ password: "hunter2-secret" }), { "x-request-id": "log-me-1" });
    const line = test.logLines().find((entry) => entry.requestId === "log-me-1");
    expect(line).to.include({ method: "POST", path: "/api/v1/login-like", status: 404 });
    expect(JSON.stringify(test.logLines())).to.not.include("hunter2");
  });

  it("logs probes (/healthz, /readyz, /metrics) at debug level only: at info they leave no line", async () => {
    for (const path of ["/healthz", "/readyz", "/metrics"])
      await fetch(`${test.gateway.url}${path}`, { headers: { "x-request-id": `probe-${path.slice(1)}` } });
    await fetch(`${test.gateway.url}/api/v1/clusters`, { headers: { "x-request-id": "not-a-probe" } });
    const ids = test.logLines().map((entry) => entry.requestId);
    expect(ids).to.include("not-a-probe");
    expect(ids).to.not.include.members(["probe-healthz", "probe-readyz", "probe-metrics"]);
    expect(ids.filter((id) => String(id).startsWith("probe-"))).to.deep.equal([]);
  });

  it("sets security headers (helmet) and hides the framework", async () => {
    const response = await fetch(`${test.gateway.url}/healthz`);
    expect(response.headers.get("x-content-type-options")).to.equal("nosniff");
    expect(response.headers.get("x-powered-by")).to.equal(null);
  });
});
