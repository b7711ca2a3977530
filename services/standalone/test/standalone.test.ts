import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { EMBEDDED_DATABASE_FILE } from "@kcp/store";
import { expect } from "chai";
import { runStandaloneToExit, type StandaloneProcess, startStandaloneProcess } from "./process.js";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe("standalone process", function () {
  this.timeout(60_000);
  let dataDir: string;
  let running: StandaloneProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "kcp-standalone-"));
  });
  afterEach(async () => {
    running?.child.kill("SIGKILL");
    running = undefined;
    await rm(dataDir, { recursive: true, force: true });
  });

  it("starts on the embedded store and the in-process queue, and is ready", async () => {
    running = await startStandaloneProcess({ DATA_DIR: dataDir });
    const ready = await fetch(`${running.url}/readyz`);
    expect(ready.status).to.equal(200);
    expect(await ready.json()).to.deep.equal({ status: "ready", checks: { store: { ok: true }, queue: { ok: true } } });
    expect(existsSync(join(dataDir, EMBEDDED_DATABASE_FILE))).to.equal(true);
  });

  it("on SIGTERM finishes the request in flight, then exits 0", async () => {
    running = await startStandaloneProcess({ DATA_DIR: dataDir });
    const body = JSON.stringify({ name: "in-flight" });
    const { port } = new URL(running.url);
    const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = request(
        {
          host: "127.0.0.1",
          port,
          method: "POST",
          path: "/api/v1/in-flight",
          headers: {
            "content-type": "application/json",
            "content-length": Buffer.byteLength(body),
            "x-service-request": "1",
          },
        },
        (res) => {
          let text = "";
          res.on("data", (chunk: Buffer) => {
            text += chunk.toString("utf8");
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, body: text }));
        },
      );
      req.on("error", reject);
      req.write(body.slice(0, 5));
      // The request is now in flight: the server waits for the rest of the body.
      setTimeout(() => {
        running?.child.kill("SIGTERM");
        setTimeout(() => req.end(body.slice(5)), 500);
      }, 200);
    });

    const answered = await response;
    expect(answered.status).to.equal(404);
    expect(JSON.parse(answered.body)).to.have.nested.property("error.code", "not_found");
    expect(await running.exitCode).to.equal(0);
    expect(running.stdout()).to.include('"msg":"shutting down"').and.include('"msg":"stopped"');
  });

  it("on SIGTERM answers a request on a keep-alive connection idle since just before, with Connection: close", async () => {
    running = await startStandaloneProcess({ DATA_DIR: dataDir });
    const { port } = new URL(running.url);
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (path: string) =>
      new Promise<{ status: number; connection: string | undefined; socket: unknown }>((resolve, reject) => {
        const req = request({ host: "127.0.0.1", port, path, agent }, (res) => {
          res.resume();
          res.on("end", () =>
            resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, socket: req.socket }),
          );
        });
        req.on("error", reject);
        req.end();
      });
    try {
      const first = await get("/healthz");
      expect(first.connection).to.equal("keep-alive");
      running.child.kill("SIGTERM");
      await sleep(200);
      // The same idle connection: a service that closed its idle connections at once would reset this request.
      const second = await get("/healthz");
      expect(second.socket, "the keep-alive connection reused").to.equal(first.socket);
      expect(second.status).to.equal(200);
      expect(second.connection).to.equal("close");
    } finally {
      agent.destroy();
    }
    expect(await running.exitCode).to.equal(0);
  });

  it("closes a request that never finishes after SHUTDOWN_TIMEOUT_MS, and still exits 0", async () => {
    running = await startStandaloneProcess({ DATA_DIR: dataDir, SHUTDOWN_TIMEOUT_MS: "300" });
    const { port } = new URL(running.url);
    const outcome = new Promise<string>((resolve) => {
      const req = request({
        host: "127.0.0.1",
        port,
        // Login reads its body before any session (it is how one gets a session): a body that never comes holds it.
        method: "POST",
        path: "/api/v1/auth/login",
        headers: { "content-type": "application/json", "content-length": 1000, "x-service-request": "1" },
      });
      req.on("response", () => resolve("answered"));
      req.on("error", (error) => resolve(`closed: ${error.message}`));
      req.write("{");
    });
    await sleep(200);
    running.child.kill("SIGTERM");
    expect(await outcome).to.match(/^closed/);
    expect(await running.exitCode).to.equal(0);
    expect(running.stdout()).to.include("shutdown timeout");
  });

  it("refuses new connections once shutdown began", async () => {
    running = await startStandaloneProcess({ DATA_DIR: dataDir });
    const url = running.url;
    running.child.kill("SIGINT");
    expect(await running.exitCode).to.equal(0);
    await sleep(50);
    let refused = false;
    try {
      await fetch(`${url}/healthz`);
    } catch {
      refused = true;
    }
    expect(refused).to.equal(true);
  });

  it("creates the first admin with a generated password, logged once, that logs in", async () => {
    running = await startStandaloneProcess({ DATA_DIR: dataDir, ADMIN_USERNAME: "root-admin" });
    const line = running
      .stdout()
      .split("\n")
      .find((l) => l.includes("generated password"));
    const password = /generated password (\S+)/.exec(line ?? "")?.[1] ?? "";
    expect(password).to.have.length.greaterThan(16);
    const login = await fetch(`${running.url}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1" },
      body: JSON.stringify({ username: "root-admin", password }),
    });
    expect(login.status).to.equal(200);
    running.child.kill("SIGTERM");
    await running.exitCode;

    running = await startStandaloneProcess({ DATA_DIR: dataDir, ADMIN_USERNAME: "root-admin" });
    expect(running.stdout()).to.not.include("generated password");
  });

  it("exits 1 with a message naming each invalid variable", async () => {
    const { code, output } = await runStandaloneToExit({ DATA_DIR: dataDir, PORT: "eighty", QUEUE: "kafka" });
    expect(code).to.equal(1);
    expect(output).to.include("Invalid configuration").and.include("PORT").and.include("QUEUE");
  });
});
