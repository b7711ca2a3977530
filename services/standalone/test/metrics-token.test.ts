import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { METRICS_OPEN_WARNING } from "@kcp/shared";
import { getSharedMongo, type RedisServer, startRedis } from "@kcp/test-infra";
import { expect } from "chai";
import {
  mainOf,
  runStandaloneToExit,
  type StandaloneProcess,
  startServiceProcess,
  startStandaloneProcess,
} from "./process.js";

describe("METRICS_TOKEN: /metrics of a service started on its own needs the bearer token", function () {
  this.timeout(120_000);
  const token = randomBytes(24).toString("base64url");
  let folder: string;
  let redis: RedisServer;
  let service: StandaloneProcess;

  before(async () => {
    folder = await mkdtemp(join(tmpdir(), "kcp-metrics-token-"));
    const tokenFile = join(folder, "metrics-token");
    await writeFile(tokenFile, `${token}\n`, { mode: 0o600 });
    redis = await startRedis();
    const mongo = await getSharedMongo();
    service = await startServiceProcess(mainOf("audit"), {
      STORE: "mongo",
      MONGO_URL: `${mongo.url}metrics_token_${Date.now()}`,
      QUEUE: "bullmq",
      REDIS_URL: redis.url,
      QUEUE_PREFIX: `metrics-token-${Date.now()}`,
      METRICS_TOKEN_FILE: tokenFile,
    });
  });

  after(async () => {
    service?.child.kill("SIGTERM");
    await service?.exitCode;
    await redis?.stop();
    await rm(folder, { recursive: true, force: true });
  });

  it("answers 401 without the token or with another, 200 with it (from METRICS_TOKEN_FILE); the probes stay open", async () => {
    const scrape = (authorization?: string) =>
      fetch(`${service.url}/metrics`, authorization ? { headers: { authorization } } : {});
    for (const authorization of [undefined, "Bearer wrong-token-of-the-right-size", `Bearer ${token.slice(1)}`]) {
      const refused = await scrape(authorization);
      expect(refused.status, authorization).to.equal(401);
      expect(refused.headers.get("www-authenticate")).to.equal('Bearer realm="metrics"');
      expect(await refused.json()).to.deep.equal({
        error: { code: "unauthenticated", message: "/metrics needs Authorization: Bearer with the METRICS_TOKEN" },
      });
    }
    const scraped = await scrape(`Bearer ${token}`);
    expect(scraped.status).to.equal(200);
    expect(await scraped.text()).to.match(/kcp_nodejs_version_info\{[^}]*service="audit"/);
    expect((await fetch(`${service.url}/healthz`)).status).to.equal(200);
    expect(service.stdout()).to.not.include(token);
    expect(service.stdout(), "with a token, no warning").to.not.include(METRICS_OPEN_WARNING);
  });

  it("without a token /metrics stays open, and the process says so at start in a warn line", async () => {
    const open = await startStandaloneProcess({ DATA_DIR: join(folder, "open"), ADMIN_PASSWORD: "an-admin-password" });
    try {
      const warnings = open
        .stdout()
        .split("\n")
        .filter((line) => line.includes(METRICS_OPEN_WARNING))
        .map((line) => JSON.parse(line) as { level: number | string });
      expect(warnings, open.stdout()).to.have.length(1);
      expect(warnings[0]?.level).to.be.oneOf([40, "warn"]);
      expect((await fetch(`${open.url}/metrics`)).status).to.equal(200);
    } finally {
      open.child.kill("SIGTERM");
      await open.exitCode;
    }
  });

  it("refuses to start with a token too short or unreadable, naming the variable and never the value", async () => {
    const short = await runStandaloneToExit({ METRICS_TOKEN: "short-secret" });
    expect(short.code).to.equal(1);
    expect(short.output).to.match(/METRICS_TOKEN: must be 16 to 1024 characters/);
    expect(short.output).to.not.include("short-secret");
    const both = await runStandaloneToExit({ METRICS_TOKEN: token, METRICS_TOKEN_FILE: "/nonexistent" });
    expect(both.code).to.equal(1);
    expect(both.output).to.match(/METRICS_TOKEN_FILE: set METRICS_TOKEN or METRICS_TOKEN_FILE, not both/);
    expect(both.output).to.not.include(token);
    const missing = await runStandaloneToExit({
      DATA_DIR: join(folder, "data"),
      PORT: "0",
      METRICS_TOKEN_FILE: join(folder, "absent"),
    });
    expect(missing.code).to.equal(1);
    expect(missing.output).to.match(/METRICS_TOKEN_FILE .*absent cannot be read: ENOENT/);
  });
});
