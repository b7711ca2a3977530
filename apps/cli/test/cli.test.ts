import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import { createTopic, getSharedCluster, uniqueTopicName } from "@kcp/test-infra";
import { expect } from "chai";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const ADMIN = { username: "admin", password: "kcp-cli-admin-password" };

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe("kcp, the command line, as a process against the real service and Kafka", function () {
  this.timeout(180_000);
  let service: Standalone;
  let url: string;
  let folder: string;
  let configFile: string;
  let broker: number;
  /** Set while the test's broker is cordoned: the shared cluster is given back uncordoned even if the test fails. */
  let cordoned = false;
  const cluster = `cli-${Date.now().toString(36)}`;
  const topic = uniqueTopicName("cli");

  /** Runs kcp as a user would: its own process, its own config file, stdin as given. */
  function kcp(args: string[], input = "", env: Record<string, string> = {}): Promise<Result> {
    return new Promise((resolve, reject) => {
      const child = spawn(process.execPath, ["--conditions=source", "--import", "tsx", MAIN, ...args], {
        cwd: ROOT,
        env: { PATH: process.env.PATH ?? "", HOME: folder, KCP_CONFIG: configFile, ...env },
      });
      let stdout = "";
      let stderr = "";
      child.stdout.on("data", (chunk: Buffer) => {
        stdout += chunk.toString("utf8");
      });
      child.stderr.on("data", (chunk: Buffer) => {
        stderr += chunk.toString("utf8");
      });
      child.on("error", reject);
      child.on("close", (code) => resolve({ code, stdout, stderr }));
      child.stdin.end(input);
    });
  }

  before(async () => {
    // Three brokers: a broker can be cordoned (and uncordoned after) without leaving the cluster nowhere to place data.
    const kafka = await getSharedCluster("3c3b");
    broker = kafka.brokerIds.at(-1) ?? -1;
    folder = await mkdtemp(join(tmpdir(), "kcp-cli-"));
    configFile = join(folder, "config", "kcp", "config.json");
    const config = loadConfig(standaloneConfigSchema, {
      PORT: "0",
      DATA_DIR: join(folder, "data"),
      ADMIN_USERNAME: ADMIN.username,
      ADMIN_PASSWORD: ADMIN.password,
      COLLECT_TIMEOUT_MS: "15000",
    });
    service = await startStandalone(config, createLogger({ name: "kcp-cli-test", level: "silent" }));
    url = service.gateway.url;
    await createTopic(kafka, { name: topic, partitions: 3, replicationFactor: 1 });
    // Registered through the API: the command line reads and operates, registration is the console's or curl's.
    const login = await fetch(`${url}/api/v1/auth/login`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1" },
      body: JSON.stringify(ADMIN),
    });
    const { token } = (await login.json()) as { token: string };
    const registered = await fetch(`${url}/api/v1/clusters`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-service-request": "1", authorization: `Bearer ${token}` },
      body: JSON.stringify({ name: cluster, bootstrapServers: kafka.bootstrapServers }),
    });
    expect(registered.status).to.equal(201);
  });

  after(async () => {
    if (cordoned) await planConfirmWatch("uncordonBrokers", { brokers: [broker] }).catch(() => undefined);
    for (const component of service?.components ?? []) await component.stop();
    if (folder) await rm(folder, { recursive: true, force: true });
  });

  it("without a login: a refusal is exit 2 with the service's words; an unknown command is exit 1", async () => {
    const anonymous = await kcp(["clusters", "--url", url]);
    expect(anonymous.code).to.equal(2);
    expect(anonymous.stderr).to.match(/401 unauthenticated/);
    const unknown = await kcp(["frobnicate", "--url", url]);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.match(/Unknown command frobnicate/);
    const down = await kcp(["clusters", "--url", "http://127.0.0.1:9"]);
    expect(down.code, "nothing listens there").to.equal(3);
  });

  it("logs in with the password on stdin; the token is kept 0600 and never printed", async () => {
    const wrong = await kcp(["login", "--url", url, "--username", "admin"], "not the password\n");
    expect(wrong.code).to.equal(2);
    const result = await kcp(["login", "--url", url, "--username", "admin"], `${ADMIN.password}\n`);
    expect(result.code, result.stderr).to.equal(0);
    expect(result.stdout).to.match(/Logged in to .* as admin \(admin\)/);
    const saved = JSON.parse(await readFile(configFile, "utf8")) as { token: string; url: string };
    expect(saved.url).to.equal(url);
    expect((await stat(configFile)).mode & 0o777).to.equal(0o600);
    expect(result.stdout + result.stderr).to.not.include(saved.token);
  });

  it("lists clusters with health and topics, as tables and as JSON", async () => {
    const clusters = await kcp(["clusters"]);
    expect(clusters.code, clusters.stderr).to.equal(0);
    expect(clusters.stdout.split("\n")[0]).to.match(/^NAME\s+ID\s+STATUS\s+BROKERS/);
    expect(clusters.stdout).to.match(new RegExp(`^${cluster}\\s+\\S+\\s+(ok|warning|critical|unknown)\\s`, "m"));
    const topics = await kcp(["topics", cluster, "--search", topic]);
    expect(topics.code, topics.stderr).to.equal(0);
    expect(topics.stdout).to.match(new RegExp(`^${topic}\\s+3\\s+1\\s`, "m"));
    const json = await kcp(["topics", cluster, "--search", topic, "--json"]);
    expect(JSON.parse(json.stdout)).to.deep.include({ total: 1 });
    const missing = await kcp(["topics", "no-such-cluster"]);
    expect(missing.code).to.equal(1);
  });

  /** kcp plan, then kcp confirm, then kcp watch: answers the operation's id and what watch printed. */
  async function planConfirmWatch(type: string, params: object) {
    const planned = await kcp(["plan", cluster, type, "--params", JSON.stringify(params), "--json"]);
    expect(planned.code, planned.stderr).to.equal(0);
    const operation = JSON.parse(planned.stdout) as { id: string; status: string };
    expect(operation.status).to.equal("planned");
    const confirmed = await kcp(["confirm", operation.id]);
    expect(confirmed.code, confirmed.stderr).to.equal(0);
    return { id: operation.id, watched: await kcp(["watch", operation.id, "--interval-ms", "200"]) };
  }

  it("plans cordoning a broker, confirms it and watches it succeed; the audit log shows it; then uncordons", async () => {
    const people = await kcp(["plan", cluster, "cordonBrokers", "--params", `{"brokers":[${broker}]}`]);
    expect(people.code, people.stderr).to.equal(0);
    expect(people.stdout).to.match(/^Operation \S+ \(cordonBrokers\) planned: /);
    expect(people.stdout).to.match(/Confirm with: kcp confirm \S+$/m);
    const bad = await kcp(["plan", cluster, "cordonBrokers", "--params", "not json"]);
    expect(bad.code).to.equal(1);
    expect(bad.stderr).to.match(/--params must be a JSON object/);
    const refused = await kcp(["plan", cluster, "cordonBrokers", "--params", '{"brokers":[]}']);
    expect(refused.code, "the service refuses it").to.equal(2);

    cordoned = true;
    const cordon = await planConfirmWatch("cordonBrokers", { brokers: [broker] });
    expect(cordon.watched.code, cordon.watched.stdout + cordon.watched.stderr).to.equal(0);
    expect(cordon.watched.stdout.trim().split("\n").at(-1)).to.match(/^\[#+\] 100% succeeded$/);
    const audit = await kcp(["audit", "--action", "operation.confirm", "--json"]);
    const entries = (JSON.parse(audit.stdout) as { entries: { target?: string }[] }).entries;
    expect(entries.map((e) => e.target)).to.include(cordon.id);
    const uncordon = await planConfirmWatch("uncordonBrokers", { brokers: [broker] });
    expect(uncordon.watched.code, uncordon.watched.stdout).to.equal(0);
    cordoned = false;
  });

  it("the autopilot's veto: pauses the cluster with a reason, shows it, resumes; lists policies and anomalies", async () => {
    const paused = await kcp(["autopilot", "pause", cluster, "--reason", "cli drill"]);
    expect(paused.code, paused.stderr).to.equal(0);
    expect(paused.stdout).to.match(/cli drill/);
    const status = await kcp(["autopilot", "status", "--json"]);
    const parsed = JSON.parse(status.stdout) as { enabled: boolean; pauses: { reason: string; by: string }[] };
    expect(parsed).to.deep.include({ enabled: true });
    expect(parsed.pauses.map((p) => [p.reason, p.by])).to.deep.equal([["cli drill", ADMIN.username]]);
    const noReason = await kcp(["autopilot", "pause", cluster]);
    expect(noReason.code).to.equal(1);
    expect(noReason.stderr).to.match(/--reason/);
    const resumed = await kcp(["autopilot", "resume", cluster]);
    expect(resumed.code, resumed.stderr).to.equal(0);
    expect(resumed.stdout).to.match(/not paused/);
    const again = await kcp(["autopilot", "resume", cluster]);
    expect(again.code, "nothing paused: 404").to.equal(2);
    const policies = await kcp(["policies"]);
    expect(policies.code, policies.stderr).to.equal(0);
    expect(policies.stdout).to.match(/NAME\s+ENABLED\s+TRIGGER/);
    const anomalies = await kcp(["anomalies", cluster, "--state", "open", "--json"]);
    expect(anomalies.code, anomalies.stderr).to.equal(0);
    expect(JSON.parse(anomalies.stdout)).to.have.property("anomalies");
  });

  it("desired state from CI: diff exits 2 with changes, apply --yes applies and follows, diff exits 0 after; a deletion needs --name; broken YAML names its file", async () => {
    const prefix = uniqueTopicName("cli-desired");
    const dir = join(folder, "desired");
    await mkdir(dir, { recursive: true });
    const write = (deleted: boolean) =>
      writeFile(
        join(dir, "team.yaml"),
        [
          "kind: Scope",
          "topics:",
          `  prefixes: [${prefix}.]`,
          "---",
          "kind: Topic",
          `name: ${prefix}.events`,
          "partitions: 2",
          "replicationFactor: 1",
          "configs:",
          "  retention.ms: 3600000",
          ...(deleted ? ["deleted: true"] : []),
          "",
        ].join("\n"),
      );
    await write(false);
    const before = await kcp(["diff", cluster, "-f", dir]);
    expect(before.code, before.stderr).to.equal(2);
    expect(before.stdout).to.match(new RegExp(`\\+ topic\\s+${prefix}\\.events\\s+2 partitions, RF 1`));
    const applied = await kcp(["apply", cluster, "-f", dir, "--yes", "--interval-ms", "200"]);
    expect(applied.code, applied.stderr).to.equal(0);
    expect(applied.stdout).to.match(/succeeded/);
    const after = await kcp(["diff", cluster, "-f", dir]);
    expect(after.code, after.stderr).to.equal(0);
    expect(after.stdout).to.match(/No changes/);
    const drift = await kcp(["drift", cluster]);
    expect(drift.code, drift.stderr).to.equal(0);
    expect(drift.stdout).to.match(/No drift: the cluster is as last applied from .*team\.yaml/);
    // Export writes the scope as a file a team starts from: planned as written, it changes nothing.
    const exportedFile = join(folder, "exported.yaml");
    const exported = await kcp(["export", cluster, "--topic-prefixes", `${prefix}.`, "-o", exportedFile]);
    expect(exported.code, exported.stderr).to.equal(0);
    const text = await readFile(exportedFile, "utf8");
    expect(text).to.include(`name: ${prefix}.events`).and.include('retention.ms: "3600000"').and.not.include("deleted");
    expect((await kcp(["diff", cluster, "-f", exportedFile])).code).to.equal(0);
    await write(true);
    const unnamed = await kcp(["apply", cluster, "-f", dir, "--yes"]);
    expect(unnamed.code).to.equal(1);
    expect(unnamed.stderr).to.match(/Irreversible: apply again with --yes --name/);
    const deleted = await kcp(["apply", cluster, "-f", dir, "--yes", "--name", cluster, "--interval-ms", "200"]);
    expect(deleted.code, deleted.stderr).to.equal(0);
    expect((await kcp(["diff", cluster, "-f", dir])).code).to.equal(0);
    await writeFile(join(dir, "broken.yaml"), "kind: Topic\nname: [unclosed\n");
    const broken = await kcp(["diff", cluster, "-f", dir]);
    expect(broken.code).to.equal(1);
    expect(broken.stderr).to.include("broken.yaml, document 0");
  });

  it("logs out: the session ends on the service and the file is gone", async () => {
    const token = (JSON.parse(await readFile(configFile, "utf8")) as { token: string }).token;
    const result = await kcp(["logout"]);
    expect(result.code, result.stderr).to.equal(0);
    const after = await fetch(`${url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).to.equal(401);
    expect(await stat(configFile).catch(() => undefined)).to.equal(undefined);
  });
});
