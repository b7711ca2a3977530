import { mkdir, readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { freePort, makeRunDir, resolveKafka, runKafkaTool, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import {
  type AgentProcess,
  buildArtifactSource,
  killPids,
  removeDir,
  startAgentProcess,
  TokenMinter,
} from "./helpers.js";
import { kafkaUuid } from "./kafka-uuid.js";

const VERSION = "4.3.1";
const OTHER_VERSION = "4.2.2";
const AGENT_ID = "agent-test-1";

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * The agent as a real process driving a real Kafka 4.3.1 node (from the harness's Maven jars, installed through a
 * checksummed `file://` source): install, provision, start, serve, restart, its own SIGKILL, tokens, formatting rules.
 */
describe("node agent with real Kafka", function () {
  this.timeout(180_000);
  const minter = new TokenMinter(AGENT_ID);
  const nodePids = new Set<number>();
  const killNodesOnExit = () => killPids(nodePids);
  let work: string;
  let artifacts: Awaited<ReturnType<typeof buildArtifactSource>>;
  let agent: AgentProcess | undefined;
  let env: Record<string, string>;
  let dataDir: string;
  let bootstrap: string;
  let clusterId: string;
  let provisionBody: Record<string, unknown>;

  /** One request; its token signed for exactly it unless one is given (a captured or forged one). */
  const call = async (method: string, path: string, body?: unknown, token?: string): Promise<Answer> => {
    const text = body === undefined ? undefined : JSON.stringify(body);
    const response = await fetch(`${agent?.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token ?? minter.token({ method, path, ...(text === undefined ? {} : { body: text }) })}`,
        ...(text === undefined ? {} : { "content-type": "application/json" }),
      },
      ...(text === undefined ? {} : { body: text }),
    });
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
  const ok = async (method: string, path: string, body?: unknown) => {
    const answer = await call(method, path, body);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body;
  };
  const track = (status: Record<string, unknown>) => {
    if (typeof status.pid === "number") nodePids.add(status.pid);
    return status;
  };
  const kafkaTopics = async (args: string[]) =>
    runKafkaTool(
      await resolveKafka(VERSION),
      "org.apache.kafka.tools.TopicCommand",
      ["--bootstrap-server", bootstrap, ...args],
      work,
    );

  before(async () => {
    process.on("exit", killNodesOnExit);
    work = await makeRunDir("agent-it");
    artifacts = await buildArtifactSource([VERSION, OTHER_VERSION], ["9.9.9"]);
    env = {
      AGENT_ID,
      AGENT_STATE_DIR: join(work, "state"),
      AGENT_PUBLIC_KEY: minter.publicKeyPem,
      AGENT_ARTIFACTS: artifacts.url,
      AGENT_DATA_ROOTS: join(work, "data"),
      AGENT_PORT: String(await freePort()),
    };
    agent = await startAgentProcess(env, work);
    dataDir = join(work, "data", "node-1");
    const [plaintext, controller] = [await freePort(), await freePort()];
    bootstrap = `127.0.0.1:${plaintext}`;
    clusterId = kafkaUuid();
    const listeners = `PLAINTEXT://127.0.0.1:${plaintext},CONTROLLER://127.0.0.1:${controller}`;
    provisionBody = {
      roles: ["broker", "controller"],
      clusterId,
      version: VERSION,
      controllerMode: "standalone",
      jvmOptions: ["-Xms128m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k"],
      config: {
        listeners,
        "advertised.listeners": listeners,
        "listener.security.protocol.map": "PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT",
        "controller.listener.names": "CONTROLLER",
        "inter.broker.listener.name": "PLAINTEXT",
        "controller.quorum.bootstrap.servers": `127.0.0.1:${controller}`,
        "log.dirs": dataDir,
        "num.network.threads": "2",
        "num.io.threads": "2",
        "offsets.topic.num.partitions": "5",
        "offsets.topic.replication.factor": "1",
        "transaction.state.log.replication.factor": "1",
        "transaction.state.log.min.isr": "1",
        "share.coordinator.state.topic.replication.factor": "1",
        "share.coordinator.state.topic.min.isr": "1",
        "group.initial.rebalance.delay.ms": "0",
      },
    };
  });

  after(async () => {
    try {
      if (agent && !agent.process.hasExited()) {
        for (const id of [1]) await call("POST", `/v1/nodes/${id}/stop`, { timeoutMs: 20_000 }).catch(() => undefined);
      }
    } finally {
      killPids(nodePids);
      process.off("exit", killNodesOnExit);
      await agent?.process.kill();
      await removeDir(work);
      await removeDir(artifacts.root);
    }
  });

  it("answers its health without a token, and nothing else", async () => {
    const health = await fetch(`${agent?.url}/v1/health`);
    expect(await health.json()).to.deep.equal({ status: "ok", agentId: AGENT_ID });
    const anonymous = await fetch(`${agent?.url}/v1/nodes`);
    expect(anonymous.status).to.equal(401);
    expect(((await anonymous.json()) as { error: { code: string } }).error.code).to.equal("unauthenticated");
  });

  it("installs a version from the folder source once, verified; a wrong checksum installs nothing", async () => {
    const installed = await ok("POST", "/v1/installations", { version: VERSION });
    expect(installed).to.deep.equal({
      version: VERSION,
      path: join(env.AGENT_STATE_DIR as string, "installations", VERSION),
      sha512: artifacts.checksums[VERSION],
    });
    expect(await ok("POST", "/v1/installations", { version: VERSION })).to.deep.equal(installed);
    const bad = await call("POST", "/v1/installations", { version: "9.9.9" });
    expect(bad.status).to.equal(422);
    expect(bad.body).to.have.nested.property("error.code", "invalid_request");
    expect(await readdir(join(env.AGENT_STATE_DIR as string, "installations"))).to.deep.equal([VERSION]);
    expect(await ok("GET", "/v1/installations")).to.deep.equal({ installations: [installed] });
    const missing = await call("PUT", "/v1/nodes/1/version", { version: "9.9.9" });
    expect(missing.status).to.equal(404); // no node 1 yet
  });

  it("provisions a node once: the same request twice formats once, another request is a conflict", async () => {
    const first = await ok("PUT", "/v1/nodes/1", provisionBody);
    expect(first).to.include({ nodeId: 1, state: "stopped", version: VERSION, configuredVersion: VERSION, pid: null });
    const meta = await readFile(join(dataDir, "meta.properties"), "utf8");
    const metaTime = (await stat(join(dataDir, "meta.properties"))).mtimeMs;
    expect(meta).to.contain(`cluster.id=${clusterId}`);
    const again = await ok("PUT", "/v1/nodes/1", provisionBody);
    expect(again.nodeId).to.equal(1);
    expect(await readFile(join(dataDir, "meta.properties"), "utf8")).to.equal(meta);
    expect((await stat(join(dataDir, "meta.properties"))).mtimeMs).to.equal(metaTime);
    const other = await call("PUT", "/v1/nodes/1", { ...provisionBody, version: OTHER_VERSION });
    expect(other.status).to.equal(409);
  });

  it("starts the node (twice: one process) and Kafka serves", async () => {
    const started = track(await ok("POST", "/v1/nodes/1/start"));
    expect(started).to.include({ state: "running", version: VERSION });
    expect(started.pid).to.be.a("number");
    const again = await ok("POST", "/v1/nodes/1/start");
    expect(again.pid).to.equal(started.pid);
    const cmdline = await readFile(`/proc/${started.pid}/cmdline`, "utf8");
    expect(cmdline).to.contain("kafka.Kafka");
    await waitFor("the node to create a topic", async () => {
      await kafkaTopics(["--create", "--topic", "agent-a", "--partitions", "1", "--replication-factor", "1"]);
      return true;
    });
    expect(await kafkaTopics(["--list"])).to.contain("agent-a");
    // The installation is jars alone: Kafka logs with the agent's own configuration, into the node's logs folder.
    const logging = join(env.AGENT_STATE_DIR as string, "logging", "log4j2.properties");
    expect(cmdline.split("\0")).to.include(`-Dlog4j2.configurationFile=${logging}`);
    const serverLog = await readFile(join(env.AGENT_STATE_DIR as string, "nodes", "1", "logs", "server.log"), "utf8");
    expect(serverLog).to.contain("Kafka Server started");
    // The installation's first start dumps its class data when the JVM exits: the agent names the file, in its state.
    const classData = join(env.AGENT_STATE_DIR as string, "class-data");
    const dump = cmdline.split("\0").find((arg) => arg.startsWith("-XX:ArchiveClassesAtExit="));
    expect(dump?.startsWith(`-XX:ArchiveClassesAtExit=${classData}/kafka-${VERSION}-`), dump).to.equal(true);
    expect(dump).to.match(/-[0-9a-f]{16}-[0-9a-f]{12}\.jsa\.\d+\.\d+\.tmp$/);
    expect(cmdline).to.not.contain("SharedArchiveFile");
  });

  it("refuses forged, expired, replayed and wrongly addressed tokens with 401, changing nothing", async () => {
    const before = await ok("GET", "/v1/nodes/1");
    const now = Math.floor(Date.now() / 1000);
    const stop = { method: "POST", path: "/v1/nodes/1/stop", body: JSON.stringify({ timeoutMs: 1000 }) };
    // A stop token sent with another body than it was signed for is refused.
    const otherBody = minter.token(stop);
    expect((await call("POST", "/v1/nodes/1/stop", { timeoutMs: 2000 }, otherBody)).status).to.equal(401);
    const tokens = {
      forged: new TokenMinter(AGENT_ID).token(stop),
      expired: minter.token(stop, { iat: now - 90, exp: now - 30 }),
      otherAudience: minter.token(stop, { aud: "agent-test-2" }),
    };
    for (const [what, token] of Object.entries(tokens)) {
      const answer = await call("POST", "/v1/nodes/1/stop", { timeoutMs: 1000 }, token);
      expect(answer.status, what).to.equal(401);
      expect(answer.body, what).to.deep.equal({ error: { code: "unauthenticated", message: "Invalid command token" } });
    }
    expect(await ok("GET", "/v1/nodes/1")).to.include({
      state: "running",
      pid: before.pid,
      startedAt: before.startedAt,
    });
    // A token is good for one request: the same read again is refused.
    const readOnce = minter.token({ method: "GET", path: "/v1/nodes/1" });
    expect((await call("GET", "/v1/nodes/1", undefined, readOnce)).status).to.equal(200);
    const replay = await call("GET", "/v1/nodes/1", undefined, readOnce);
    expect(replay.status).to.equal(401);
    const after = await ok("GET", "/v1/nodes/1");
    expect(after).to.include({ state: "running", pid: before.pid, startedAt: before.startedAt });
    const log = await readFile(agent?.logFile as string, "utf8");
    for (const token of [otherBody, readOnce, ...Object.values(tokens)]) expect(log).not.to.contain(token);
  });

  it("a token captured from GET /v1/nodes provisions and starts nothing: refused for PUT /v1/nodes/5 and its start", async () => {
    const captured = minter.token({ method: "GET", path: "/v1/nodes" });
    const provision = await call(
      "PUT",
      "/v1/nodes/5",
      { ...provisionBody, jvmOptions: ["-XX:OnOutOfMemoryError=touch /tmp/kcp-pwned"] },
      captured,
    );
    expect(provision.status, JSON.stringify(provision.body)).to.equal(401);
    expect(provision.body).to.deep.equal({ error: { code: "unauthenticated", message: "Invalid command token" } });
    const start = await call("POST", "/v1/nodes/5/start", undefined, captured);
    expect(start.status, JSON.stringify(start.body)).to.equal(401);
    expect((await call("GET", "/v1/nodes/5")).status).to.equal(404);
    expect(((await ok("GET", "/v1/nodes")).nodes as { nodeId: number }[]).map((n) => n.nodeId)).to.deep.equal([1]);
    // What it was signed for it still does, once.
    expect((await call("GET", "/v1/nodes", undefined, captured)).status).to.equal(200);
  });

  it("restarts once per restartId; status tells pid, uptime and the last exit", async () => {
    const before = await ok("GET", "/v1/nodes/1");
    const restarted = track(await ok("POST", "/v1/nodes/1/restart", { restartId: "r-1", timeoutMs: 60_000 }));
    expect(restarted.state).to.equal("running");
    expect(restarted.pid).to.not.equal(before.pid);
    expect(restarted.lastExit).to.have.property("at");
    const again = await ok("POST", "/v1/nodes/1/restart", { restartId: "r-1" });
    expect(again.pid).to.equal(restarted.pid);
    expect(again.startedAt).to.equal(restarted.startedAt);
    await new Promise((r) => setTimeout(r, 1100));
    const status = await ok("GET", "/v1/nodes/1");
    expect(status.uptimeSeconds).to.be.at.least(1);
    expect((await ok("GET", "/v1/nodes")).nodes).to.have.length(1);
    await waitFor("the restarted node to serve", async () =>
      (await kafkaTopics(["--list"])).includes("agent-a") ? true : undefined,
    );
  });

  it("maps the class-data archive the first start dumped from the restart on; a request naming one is refused", async () => {
    const status = await ok("GET", "/v1/nodes/1");
    const args = (await readFile(`/proc/${status.pid}/cmdline`, "utf8")).split("\0");
    const classData = join(env.AGENT_STATE_DIR as string, "class-data");
    const archives = (await readdir(classData)).filter((name) => name.endsWith(".jsa"));
    expect(archives, "one archive, no dump or claim left")
      .to.have.length(1)
      .and.to.deep.equal(await readdir(classData));
    const archive = join(classData, archives[0] as string);
    expect(args).to.include(`-XX:SharedArchiveFile=${archive}`);
    expect(args.some((arg) => arg.startsWith("-XX:ArchiveClassesAtExit"))).to.equal(false);
    // The JVM uses it (an archive it cannot use is left unmapped), and the node serves (the restart test above).
    expect(await readFile(`/proc/${status.pid}/maps`, "utf8")).to.contain(archive);
    const named = await call("PUT", "/v1/nodes/2", {
      ...provisionBody,
      jvmOptions: ["-Xmx384m", `-XX:SharedArchiveFile=${archive}`],
    });
    expect(named.status, JSON.stringify(named.body)).to.equal(400);
    expect(named.body).to.nested.include({ "error.code": "validation_failed" });
    expect(JSON.stringify(named.body)).to.contain("-XX:SharedArchiveFile is not an allowed JVM option");
    expect((await call("GET", "/v1/nodes/2")).status).to.equal(404);
  });

  it("keeps the node running across a SIGKILL of the agent and re-adopts it with the same pid", async () => {
    const before = await ok("GET", "/v1/nodes/1");
    await agent?.process.kill();
    expect(await kafkaTopics(["--list"])).to.contain("agent-a"); // served while no agent runs
    agent = await startAgentProcess(env, work);
    const after = await ok("GET", "/v1/nodes/1");
    expect(after).to.include({ state: "running", pid: before.pid, startedAt: before.startedAt, version: VERSION });
    await kafkaTopics(["--create", "--topic", "agent-b", "--partitions", "1", "--replication-factor", "1"]);
  });

  it("finds and adopts the node's JVM when its record lost the pid (the agent died between spawn and save)", async () => {
    const before = await ok("GET", "/v1/nodes/1");
    await agent?.process.kill();
    const file = join(env.AGENT_STATE_DIR as string, "nodes", "1", "node.json");
    const record = JSON.parse(await readFile(file, "utf8")) as Record<string, unknown>;
    await writeFile(file, JSON.stringify({ ...record, process: null }));
    agent = await startAgentProcess(env, work);
    const after = await ok("GET", "/v1/nodes/1");
    expect(after).to.include({ state: "running", pid: before.pid, version: VERSION });
    expect(Math.abs(Date.parse(after.startedAt as string) - Date.parse(before.startedAt as string))).to.be.below(2000);
    expect(await ok("POST", "/v1/nodes/1/start", {})).to.include({ pid: before.pid });
  });

  it("stops the adopted node (twice: once), starts it again, and reports a node that should run but does not", async () => {
    const stopped = await ok("POST", "/v1/nodes/1/stop", { timeoutMs: 60_000 });
    expect(stopped).to.include({
      state: "stopped",
      pid: null,
      startedAt: null,
      uptimeSeconds: null,
      desiredState: "stopped",
    });
    expect(stopped.lastExit).to.include({ signal: "SIGTERM" });
    expect(await ok("POST", "/v1/nodes/1/stop", {})).to.deep.include({ state: "stopped", lastExit: stopped.lastExit });
    const started = track(await ok("POST", "/v1/nodes/1/start", {}));
    expect(started.state).to.equal("running");
    // A crash (kill -9 behind the agent's back): reported, not restarted.
    killPids([started.pid as number]);
    const reported = await waitFor("the agent to notice the crash", async () => {
      const status = await ok("GET", "/v1/nodes/1");
      return status.state === "stopped" ? status : undefined;
    });
    expect(reported).to.include({ desiredState: "running", pid: null });
    expect(reported.problem).to.be.a("string");
    track(await ok("POST", "/v1/nodes/1/start", {}));
    await waitFor("the node to serve again", async () =>
      (await kafkaTopics(["--list"])).includes("agent-b") ? true : undefined,
    );
  });

  it("changes keys of server.properties for the next start", async () => {
    const answer = await ok("PATCH", "/v1/nodes/1/config", {
      set: { "num.partitions": "3", "ssl.key.password": "s3cret" },
      delete: ["group.initial.rebalance.delay.ms"],
    });
    const config = answer.config as Record<string, string>;
    expect(config["num.partitions"]).to.equal("3");
    expect(config["ssl.key.password"]).to.equal("[redacted]");
    expect(config).not.to.have.property("group.initial.rebalance.delay.ms");
    const file = await readFile(join(env.AGENT_STATE_DIR as string, "nodes", "1", "server.properties"), "utf8");
    expect(file).to.contain("num.partitions=3\n");
    expect(file).not.to.contain("group.initial.rebalance.delay.ms");
    const both = await call("PATCH", "/v1/nodes/1/config", { set: { a: "1" }, delete: ["a"] });
    expect(both.status).to.equal(400);
    const unset = await ok("PATCH", "/v1/nodes/1/config", { delete: ["ssl.key.password"] });
    expect(unset.config).not.to.have.property("ssl.key.password");
  });

  it("switches the version of the next start; an install beside the running version leaves it untouched", async () => {
    const installations = join(env.AGENT_STATE_DIR as string, "installations");
    const running = await readdir(join(installations, VERSION, "libs"));
    const notInstalled = await call("PUT", "/v1/nodes/1/version", { version: OTHER_VERSION });
    expect(notInstalled.status).to.equal(422);
    const installed = await ok("POST", "/v1/installations", { version: OTHER_VERSION });
    expect(installed.sha512).to.equal(artifacts.checksums[OTHER_VERSION]);
    expect(await readdir(join(installations, VERSION, "libs"))).to.deep.equal(running);
    const switched = await ok("PUT", "/v1/nodes/1/version", { version: OTHER_VERSION });
    expect(switched).to.include({ state: "running", version: VERSION, configuredVersion: OTHER_VERSION });
    // Back: 4.3's metadata is not for a 4.2 broker, and this test does not restart on it.
    expect(await ok("PUT", "/v1/nodes/1/version", { version: VERSION })).to.include({ configuredVersion: VERSION });
  });

  it("kills a node that does not stop within the timeout (SIGKILL)", async () => {
    const stopped = await ok("POST", "/v1/nodes/1/stop", { timeoutMs: 0 });
    expect(stopped).to.include({ state: "stopped", pid: null });
    expect(stopped.lastExit).to.include({ signal: "SIGKILL" });
  });

  it("never formats a data dir that holds data", async () => {
    const meta = await readFile(join(dataDir, "meta.properties"), "utf8");
    // Another node id and cluster on node 1's data dir: refused.
    const stolen = await call("PUT", "/v1/nodes/2", {
      ...provisionBody,
      clusterId: kafkaUuid(),
      config: { ...(provisionBody.config as object), "log.dirs": dataDir },
    });
    expect(stolen.status).to.equal(409);
    // A folder with files but no meta.properties: refused too.
    const junk = join(work, "data", "junk");
    await mkdir(junk, { recursive: true });
    await writeFile(join(junk, "00000000000000000000.log"), "data");
    const withFiles = await call("PUT", "/v1/nodes/3", {
      ...provisionBody,
      config: { ...(provisionBody.config as object), "log.dirs": junk },
    });
    expect(withFiles.status).to.equal(409);
    expect(await readdir(junk)).to.deep.equal(["00000000000000000000.log"]);
    expect(await readFile(join(dataDir, "meta.properties"), "utf8")).to.equal(meta);
    expect((await ok("GET", "/v1/nodes")).nodes).to.have.length(1);
  });
});
