import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { request } from "node:https";
import { join } from "node:path";
import { promisify } from "node:util";
import { createLogger } from "@kcp/shared";
import { makeRunDir } from "@kcp/test-infra";
import { expect } from "chai";
import { agentConfigSchema, type StartedAgent, startAgent } from "../src/index.js";
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
        headers: { authorization: `Bearer ${minter.token()}`, "content-type": "application/json", ...headers },
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
    const badId = await call("GET", "/v1/nodes/x");
    expect(badId.status).to.equal(400);
    expect((await (await call("GET", "/v1/nodes")).json()) as unknown).to.deep.equal({ nodes: [] });
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
