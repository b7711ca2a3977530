import { execFile } from "node:child_process";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import { request } from "node:https";
import { join } from "node:path";
import { promisify } from "node:util";
import { createLogger } from "@kcp/shared";
import { makeRunDir } from "@kcp/test-infra";
import { expect } from "chai";
import { agentConfigSchema, libsChecksum, type StartedAgent, startAgent } from "../src/index.js";
import { removeDir, TokenMinter } from "./helpers.js";

const run = promisify(execFile);
const logger = createLogger({ name: "node-agent-test", level: "silent" });

/** The API's edges in process, without Kafka: validation, errors, request ids, TLS. */
describe("node agent API (no Kafka)", () => {
  const minter = new TokenMinter("agent-h");
  let dir: string;
  let agent: StartedAgent;
  const configFor = (extra: Record<string, string> = {}) =>
    agentConfigSchema.parse({
      AGENT_ID: "agent-h",
      AGENT_PORT: "0",
      AGENT_STATE_DIR: join(dir, "state"),
      AGENT_PUBLIC_KEY: minter.publicKeyPem,
      AGENT_ARTIFACTS: `file://${join(dir, "artifacts")}`,
      LOG_LEVEL: "silent",
      ...extra,
    });

  beforeEach(async () => {
    dir = await makeRunDir("agent-http");
  });
  afterEach(async () => {
    for (const component of agent?.components ?? []) await component.stop();
    await removeDir(dir);
  });

  it("answers errors in the envelope with the service's codes, and echoes request ids", async () => {
    agent = await startAgent(configFor(), logger);
    const call = (method: string, path: string, body?: string, headers: Record<string, string> = {}) =>
      fetch(`${agent.url}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${minter.token({ method, path, ...(body === undefined ? {} : { body }) })}`,
          "content-type": "application/json",
          ...headers,
        },
        ...(body === undefined ? {} : { body }),
      });
    const unknown = await call("GET", "/v1/nodes/7", undefined, { "x-request-id": "req-1" });
    expect(unknown.status).to.equal(404);
    expect(unknown.headers.get("x-request-id")).to.equal("req-1");
    expect(await unknown.json()).to.have.nested.property("error.code", "not_found");
    const malformed = await call("POST", "/v1/installations", "{nope");
    expect(malformed.status).to.equal(400);
    expect(await malformed.json()).to.have.nested.property("error.code", "bad_request");
    const invalid = await call("POST", "/v1/installations", JSON.stringify({ version: "../../etc" }));
    expect(invalid.status).to.equal(400);
    expect(await invalid.json()).to.have.nested.property("error.code", "validation_failed");
    const extra = await call("POST", "/v1/nodes/1/stop", JSON.stringify({ timeoutMs: 5, force: true }));
    expect(await extra.json()).to.have.nested.property("error.code", "validation_failed");
    const notAvailable = await call("POST", "/v1/installations", JSON.stringify({ version: "4.3.1" }));
    expect(notAvailable.status).to.equal(422);
    expect(await notAvailable.json()).to.have.nested.property("error.code", "invalid_request");
    const noRoute = await call("GET", "/v2/nodes");
    expect(noRoute.status).to.equal(404);
    for (const id of ["x", "1e3", "0x5", "%205", "-1", "5.0", "+5", "2147483648"]) {
      // Refused before the token is looked at: a token for the node the id might be read as does not matter.
      const badId = await fetch(`${agent.url}/v1/nodes/${id}/start`, {
        method: "POST",
        headers: { authorization: `Bearer ${minter.token({ method: "POST", path: "/v1/nodes/5/start" })}` },
      });
      expect(badId.status, id).to.equal(400);
      expect(await badId.json(), id).to.have.nested.property("error.code", "validation_failed");
    }
    expect((await (await call("GET", "/v1/nodes")).json()) as unknown).to.deep.equal({ nodes: [] });
  });

  it("refuses a token signed for another method, path, node, body or scope, or replayed, changing nothing", async () => {
    // A folder source with a (fake) version 1.0.0: an accepted install shows in GET /v1/installations.
    const source = join(dir, "artifacts");
    await mkdir(join(source, "1.0.0", "libs"), { recursive: true });
    await writeFile(join(source, "1.0.0", "libs", "a.jar"), "ay");
    await writeFile(join(source, "1.0.0.sha512"), `${await libsChecksum(join(source, "1.0.0", "libs"))}\n`);
    agent = await startAgent(configFor(), logger);
    const send = (method: string, path: string, body: string | undefined, token: string) =>
      fetch(`${agent.url}${path}`, {
        method,
        headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
        ...(body === undefined ? {} : { body }),
      });
    const installed = async () => {
      const path = "/v1/installations";
      const answer = await send("GET", path, undefined, minter.token({ method: "GET", path }));
      return ((await answer.json()) as { installations: { version: string }[] }).installations.map((i) => i.version);
    };
    const install = { method: "POST", path: "/v1/installations", body: JSON.stringify({ version: "1.0.0" }) };
    const jti = "bound-to-one-install";
    const mismatched: Record<string, string> = {
      method: minter.token({ ...install, method: "PUT" }, { jti }),
      path: minter.token({ ...install, path: "/v1/nodes/1/version" }, { jti }),
      node: minter.token(install, { jti, nodeId: 1 }),
      body: minter.token({ ...install, body: JSON.stringify({ version: "1.0.1" }) }, { jti }),
      "body (same JSON, other bytes)": minter.token({ ...install, body: '{ "version": "1.0.0" }' }, { jti }),
      scope: minter.token(install, { jti, scope: "read" }),
      "a read token": minter.token({ method: "GET", path: "/v1/installations" }, { jti }),
    };
    for (const [what, token] of Object.entries(mismatched)) {
      const answer = await send(install.method, install.path, install.body, token);
      expect(answer.status, what).to.equal(401);
      expect(await answer.json(), what).to.deep.equal({
        error: { code: "unauthenticated", message: "Invalid command token" },
      });
    }
    expect(await installed()).to.deep.equal([]);
    // No refusal used the id up: the token signed for exactly this request installs, once; its replay is refused.
    const exact = minter.token(install, { jti });
    expect((await send(install.method, install.path, install.body, exact)).status).to.equal(200);
    expect(await installed()).to.deep.equal(["1.0.0"]);
    const replayed = await send(install.method, install.path, install.body, exact);
    expect(replayed.status).to.equal(401);
    // A node's commands likewise: a token for node 1's start does not start node 2 (neither exists: 401, not 404).
    const startOne = minter.token({ method: "POST", path: "/v1/nodes/1/start" });
    expect((await send("POST", "/v1/nodes/2/start", undefined, startOne)).status).to.equal(401);
    expect((await send("POST", "/v1/nodes/1/start", undefined, startOne)).status).to.equal(404);
  });

  it("serves HTTPS when a certificate and key are configured", async () => {
    await run(
      "openssl",
      [
        "req",
        "-x509",
        "-newkey",
        "ec",
        "-pkeyopt",
        "ec_paramgen_curve:prime256v1",
        "-nodes",
        "-days",
        "1",
        "-subj",
        "/CN=127.0.0.1",
        "-addext",
        "subjectAltName=IP:127.0.0.1",
        "-keyout",
        join(dir, "agent.key"),
        "-out",
        join(dir, "agent.crt"),
      ],
      { cwd: dir },
    );
    agent = await startAgent(
      configFor({ AGENT_TLS_CERT_FILE: join(dir, "agent.crt"), AGENT_TLS_KEY_FILE: join(dir, "agent.key") }),
      logger,
    );
    expect(agent.url).to.match(/^https:/);
    const ca = await readFile(join(dir, "agent.crt"));
    const body = await new Promise<string>((resolve, reject) => {
      const req = request(`${agent.url}/v1/health`, { ca }, (res) => {
        let text = "";
        res.on("data", (chunk: Buffer) => {
          text += chunk.toString();
        });
        res.on("end", () => resolve(text));
      });
      req.on("error", reject);
      req.end();
    });
    expect(JSON.parse(body)).to.deep.equal({ status: "ok", agentId: "agent-h" });
  });
});
