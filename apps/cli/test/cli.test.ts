import { spawn } from "node:child_process";
import { mkdir, mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { createLogger, loadConfig } from "@kcp/shared";
import { type Standalone, standaloneConfigSchema, startStandalone } from "@kcp/standalone";
import {
  CLUSTER_START_TIMEOUT_MS,
  commitGroupOffsets,
  createTopic,
  getSharedCluster,
  type KafkaCluster,
  nodeBundle,
  uniqueTopicName,
} from "@kcp/test-infra";
import { expect } from "chai";
import type { StoredConfig } from "../src/config-store.js";

const MAIN = fileURLToPath(new URL("../src/main.ts", import.meta.url));
const ROOT = fileURLToPath(new URL("../../..", import.meta.url));
const ADMIN = { username: "admin", password: "kcp-cli-admin-password" };

interface Result {
  code: number | null;
  stdout: string;
  stderr: string;
}

describe("kcp, the command line, as a process against the real service and Kafka", function () {
  // its longest test: 26 s at load 40 (6 Dec 2026; a quiet machine needs less); ×4 margin
  this.timeout(120_000);
  let service: Standalone;
  let url: string;
  let folder: string;
  let configFile: string;
  let broker: number;
  let kafka: KafkaCluster;
  /** The SASL cluster (an authorizer, SCRAM): registered by kcp itself, for ACLs and SCRAM users, then forgotten. */
  let secure: KafkaCluster;
  const secureName = `cli-secure-${Date.now().toString(36)}`;
  /** Set while the test's broker is cordoned: the shared cluster is given back uncordoned even if the test fails. */
  let cordoned = false;
  /** Set while kcp's registration of the secure cluster stands: it is forgotten even if a test fails. */
  let secureRegistered = false;
  const cluster = `cli-${Date.now().toString(36)}`;
  const topic = uniqueTopicName("cli");

  /** Runs kcp as a user would: its own process, its own config file, stdin as given. */
  function kcp(args: string[], input = "", env: Record<string, string> = {}): Promise<Result> {
    return nodeBundle(MAIN).then((bundle) => spawnKcp(process.execPath, [bundle, ...args], input, env));
  }

  function spawnKcp(command: string, args: string[], input = "", env: Record<string, string> = {}): Promise<Result> {
    return new Promise((resolve, reject) => {
      const child = spawn(command, args, {
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

  before(async function () {
    // The shared clusters' start: the harness's own bound (every attempt), so that a start that fails says why.
    this.timeout(CLUSTER_START_TIMEOUT_MS);
    // Three brokers: a broker can be cordoned (and uncordoned after) without leaving the cluster nowhere to place data.
    [kafka, secure] = await Promise.all([getSharedCluster("3c3b"), getSharedCluster("secure")]);
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
    if (secureRegistered) await kcp(["clusters", "forget", secureName, "--name", secureName]).catch(() => undefined);
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
    const file = JSON.parse(await readFile(configFile, "utf8")) as StoredConfig;
    expect(file.currentContext, "the first login goes into the context 'default'").to.equal("default");
    const saved = file.contexts.default ?? { url: "", token: "" };
    expect(saved.url).to.equal(url);
    expect((await stat(configFile)).mode & 0o777).to.equal(0o600);
    expect(result.stdout + result.stderr).to.not.include(saved.token);
    const contexts = await kcp(["config", "get-contexts", "--json"]);
    expect(contexts.stdout)
      .to.include(url)
      .and.not.include(saved.token ?? "");
  });

  it("lists clusters with health and topics, as tables and as JSON; kcp top's one frame, a series", async () => {
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
    // kcp top as a script runs it (stdout a pipe): one frame, exit 0; a figure's history as JSON.
    const top = await kcp(["top", cluster]);
    expect(top.code, top.stderr).to.equal(0);
    expect(top.stdout.split("\n")[0]).to.match(new RegExp(`^${cluster}  [A-Z]+  brokers `));
    expect(top.stdout)
      .to.match(/^(BROKER\s+HOST\s+DISK USED|DISK: no broker)/m)
      .and.not.include("q or Ctrl-C");
    const series = await kcp(["series", cluster, "cluster.dataBytes", "--json"]);
    expect(series.code, series.stderr).to.equal(0);
    expect(JSON.parse(series.stdout)).to.deep.include({ figure: "cluster.dataBytes", unit: "bytes" });
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
    // Export writes the scope as a file a team starts from: planned as written, it changes nothing (written over the
    // team's own file: a file of another path claiming the applied scope is refused, each resource has one owner).
    const exportedFile = join(dir, "team.yaml");
    const exported = await kcp(["export", cluster, "--topic-prefixes", `${prefix}.`, "-o", exportedFile]);
    expect(exported.code, exported.stderr).to.equal(0);
    const text = await readFile(exportedFile, "utf8");
    expect(text).to.include(`name: ${prefix}.events`).and.include('retention.ms: "3600000"').and.not.include("deleted");
    const exportedDiff = await kcp(["diff", cluster, "-f", exportedFile]);
    expect(exportedDiff.code, exportedDiff.stdout + exportedDiff.stderr).to.equal(0);
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

  /** kcp's --json answer, parsed, after checking it exited 0. */
  async function json<T>(args: string[], input = "", env: Record<string, string> = {}): Promise<T> {
    const result = await kcp([...args, "--json"], input, env);
    expect(result.code, `kcp ${args.join(" ")}: ${result.stderr}`).to.equal(0);
    return JSON.parse(result.stdout) as T;
  }

  it("topics: create, describe, configs set/get/delete, grow, and delete only with the name typed back", async () => {
    const name = uniqueTopicName("cli-topic");
    const created = await kcp([
      "topics",
      "create",
      cluster,
      name,
      "--partitions",
      "2",
      "--replication-factor",
      "1",
      "--config",
      "retention.ms=3600000",
    ]);
    expect(created.code, created.stderr).to.equal(0);
    expect(created.stdout).to.match(new RegExp(`^Created topic ${name} \\(\\S+\\)$`, "m"));
    const described = await json<{ partitions: unknown[]; configs: Record<string, string> }>([
      "topics",
      "describe",
      cluster,
      name,
    ]);
    expect(described.partitions).to.have.length(2);
    expect(described.configs).to.include({ "retention.ms": "3600000" });
    expect((await kcp(["topics", "describe", cluster, name])).stdout).to.match(/^PARTITION\s+LEADER\s+REPLICAS\s+ISR/m);
    const set = await kcp(["topics", "configs", "set", cluster, name, "cleanup.policy=compact"]);
    expect(set.code, set.stderr).to.equal(0);
    expect(set.stdout).to.equal(`${name}: cleanup.policy set to compact\n`);
    const got = await kcp(["topics", "configs", "get", cluster, name]);
    expect(got.stdout)
      .to.match(/^cleanup\.policy\s+compact\s+topic\s+no$/m)
      .and.match(/^retention\.ms\s+3600000\s+topic/m);
    expect((await kcp(["topics", "configs", "delete", cluster, name, "cleanup.policy"])).code).to.equal(0);
    const after = await json<{ configs: { name: string; value: string; source: string }[] }>([
      "topics",
      "configs",
      "get",
      cluster,
      name,
    ]);
    expect(after.configs.find((c) => c.name === "cleanup.policy"))
      .to.include({ value: "delete" })
      .and.not.include({ source: "topic" });
    const grown = await kcp(["topics", "grow", cluster, name, "--partitions", "3"]);
    expect(grown.stdout).to.equal(`${name} now has 3 partitions\n`);
    const unnamed = await kcp(["topics", "delete", cluster, name]);
    expect(unnamed.code, "no name typed back, no terminal to ask").to.equal(1);
    expect(unnamed.stderr).to.include(`--name ${name}`);
    const wrong = await kcp(["topics", "delete", cluster, name, "--name", `${name}-not`]);
    expect(wrong.code, "the service refuses another name").to.equal(2);
    expect(wrong.stderr).to.include("confirmation_mismatch");
    const deleted = await kcp(["topics", "delete", cluster, name, "--name", name]);
    expect(deleted.code, deleted.stderr).to.equal(0);
    expect((await kcp(["topics", cluster, "--search", name, "--json"])).stdout).to.match(/"total": 0/);
    const brokerConfigs = await kcp(["brokers", "configs", "get", cluster, String(broker), "--all"]);
    expect(brokerConfigs.code, brokerConfigs.stderr).to.equal(0);
    expect(brokerConfigs.stdout).to.match(/^log\.retention\.hours\s+/m);
  });

  it("a cluster registered by kcp, the SASL password from stdin (never an argument), shown and refreshed", async () => {
    const superUser = secure.spec.credentials?.superUser ?? { username: "", password: "" };
    const bootstrap = (secure.describe().listeners.SASL_PLAINTEXT ?? []).join(",");
    const args = [
      "clusters",
      "register",
      "--name",
      secureName,
      "--bootstrap",
      bootstrap,
      "--protocol",
      "SASL_PLAINTEXT",
    ];
    const sasl = ["--sasl-mechanism", "SCRAM-SHA-512", "--sasl-username", superUser.username, "--password-stdin"];
    const wrong = await kcp([...args, ...sasl], "not-the-password\n");
    expect(wrong.code, "its connection test fails: the service could not reach Kafka (502)").to.equal(3);
    expect(wrong.stderr).to.match(/\(50\d /);
    const registered = await kcp([...args, ...sasl, "--label", "team=cli"], `${superUser.password}\n`);
    expect(registered.code, registered.stderr).to.equal(0);
    secureRegistered = true;
    expect(registered.stdout).to.match(new RegExp(`^Registered ${secureName} \\(\\S+\\)`));
    expect(registered.stdout + registered.stderr).to.not.include(superUser.password);
    const shown = await kcp(["clusters", "refresh", secureName]);
    expect(shown.code, shown.stderr).to.equal(0);
    expect(shown.stdout).to.include("security:    SASL_PLAINTEXT SCRAM-SHA-512").and.include("secrets set: password");
    const overview = await kcp(["overview"]);
    expect(overview.stdout)
      .to.match(new RegExp(`^${secureName}\\s+\\S+\\s+1/1\\s`, "m"))
      .and.match(/^2 clusters: /m);
    const view = await json<{ cluster: { labels: Record<string, string> } }>(["clusters", "show", secureName]);
    expect(view.cluster.labels).to.deep.equal({ team: "cli" });
    const changed = await kcp(["clusters", "change", secureName, "--label", "team=cli", "--label", "env=test"]);
    expect(changed.code, changed.stderr).to.equal(0);
  });

  it("ACLs and quotas: created, listed and deleted round trips", async () => {
    const principal = `User:${uniqueTopicName("cli-acl")}`;
    const binding = [
      "--principal",
      principal,
      "--operation",
      "READ",
      "--resource-type",
      "TOPIC",
      "--resource",
      "orders.",
      "--pattern",
      "PREFIXED",
    ];
    const created = await kcp(["acls", "create", secureName, ...binding]);
    expect(created.code, created.stderr).to.equal(0);
    const listed = await kcp(["acls", "list", secureName, "--principal", principal]);
    expect(listed.stdout).to.match(
      new RegExp(`^${principal}\\s+ALLOW\\s+READ\\s+TOPIC:orders\\.\\s+PREFIXED\\s+\\*$`, "m"),
    );
    const deleted = await kcp(["acls", "delete", secureName, ...binding]);
    expect(deleted.stdout).to.match(/^Deleted 1 binding\(s\):/);
    expect(await json(["acls", "list", secureName, "--principal", principal])).to.deep.include({ total: 0 });
    const user = uniqueTopicName("cli-quota");
    const set = await kcp([
      "quotas",
      "set",
      secureName,
      "--entity",
      `user=${user}`,
      "producer_byte_rate=1048576",
      "consumer_byte_rate=2048",
    ]);
    expect(set.code, set.stderr).to.equal(0);
    const quotas = await json<{ quotas: { entity: { name: string | null }[]; quotas: Record<string, number> }[] }>([
      "quotas",
      "list",
      secureName,
    ]);
    expect(quotas.quotas.find((q) => q.entity[0]?.name === user)?.quotas).to.deep.equal({
      producer_byte_rate: 1048576,
      consumer_byte_rate: 2048,
    });
    const removed = await kcp([
      "quotas",
      "remove",
      secureName,
      "--entity",
      `user=${user}`,
      "producer_byte_rate",
      "consumer_byte_rate",
    ]);
    expect(removed.stdout).to.equal(`user=${user}: no quota left\n`);
    const bad = await kcp(["quotas", "set", secureName, "--entity", `user=${user}`, "producer_byte_rate=fast"]);
    expect(bad.code).to.equal(1);
  });

  it("a SCRAM user set with the password from stdin (never an argument), listed, then deleted", async () => {
    const user = uniqueTopicName("cli-scram");
    const password = "cli-scram-password-42";
    const set = await kcp(
      ["scram-users", "set", secureName, user, "--mechanism", "SCRAM-SHA-256", "--iterations", "4096"],
      `${password}\n`,
    );
    expect(set.code, set.stderr).to.equal(0);
    expect(set.stdout).to.equal(`${user}: SCRAM-SHA-256 (4096 iterations)\n`);
    expect(set.stdout + set.stderr).to.not.include(password);
    const one = await json<{ credentials: { mechanism: string; iterations: number }[] }>([
      "scram-users",
      "show",
      secureName,
      user,
    ]);
    expect(one.credentials).to.deep.equal([{ mechanism: "SCRAM-SHA-256", iterations: 4096 }]);
    const listed = await kcp(["scram-users", "list", secureName]);
    expect(listed.stdout).to.match(new RegExp(`^${user}\\s+SCRAM-SHA-256 \\(4096\\)$`, "m"));
    const noPassword = await kcp(["scram-users", "set", secureName, user]);
    expect(noPassword.code, "nothing on stdin").to.equal(1);
    const deleted = await kcp(["scram-users", "delete", secureName, user, "--mechanism", "SCRAM-SHA-256"]);
    expect(deleted.stdout).to.equal(`${user}: no credential left\n`);
  });

  it("produces and browses messages; a group's offsets reset previewed (nothing changes), then applied with --yes", async () => {
    const name = uniqueTopicName("cli-messages");
    expect(
      (await kcp(["topics", "create", cluster, name, "--partitions", "1", "--replication-factor", "1"])).code,
    ).to.equal(0);
    const one = await kcp(["produce", cluster, name, "--key", "k-1", "--header", "source=cli", "--value", '{"n":1}']);
    expect(one.code, one.stderr).to.equal(0);
    expect(one.stdout).to.equal(`Produced to ${name}-0 at offset 0\n`);
    const lines = await kcp(["produce", cluster, name, "--lines"], "second\nthird\n");
    expect(lines.stdout.trim().split("\n")).to.have.length(2);
    const page = await json<{
      messages: { offset: number; key: { data: unknown }; value: { encoding: string; data: unknown } }[];
    }>(["browse", cluster, name, "--from", "beginning"]);
    expect(page.messages.map((m) => m.value.data)).to.deep.equal([{ n: 1 }, "second", "third"]);
    const table = await kcp(["browse", cluster, name, "--from", "beginning", "--filter", "k-1"]);
    expect(table.stdout).to.match(/^0\s+0\s+\S+\s+k-1\s+\{"n":1\}\s+source=cli$/m);

    const group = `${name}-group`;
    await commitGroupOffsets(kafka, group, name, { 0: 0 });
    const described = await kcp(["groups", "describe", cluster, group]);
    expect(described.stdout).to.match(new RegExp(`^${name}\\s+0\\s+0\\s+3\\s+3\\s`, "m"));
    const preview = await kcp(["groups", "reset", cluster, group, "--topic", name, "--to", "latest"]);
    expect(preview.code, preview.stderr).to.equal(0);
    expect(preview.stdout)
      .to.match(/^Preview \(nothing changed\):/)
      .and.match(new RegExp(`^${name}\\s+0\\s+0\\s+3$`, "m"));
    const unchanged = await json<{ partitions: { committed: number }[] }>(["groups", "describe", cluster, group]);
    expect(unchanged.partitions[0]?.committed, "a preview commits nothing").to.equal(0);
    const applied = await kcp([
      "groups",
      "reset",
      cluster,
      group,
      "--topic",
      name,
      "--to",
      "shift",
      "--offset",
      "2",
      "--yes",
    ]);
    expect(applied.code, applied.stderr).to.equal(0);
    expect(applied.stdout).to.include(`Reset ${group}:`);
    const moved = await json<{ partitions: { committed: number; lag: number }[] }>([
      "groups",
      "describe",
      cluster,
      group,
    ]);
    expect(moved.partitions[0]).to.include({ committed: 2, lag: 1 });
    expect((await kcp(["topics", "delete", cluster, name, "--name", name])).code).to.equal(0);
  });

  it("an API token: created (its secret shown once), used as KCP_TOKEN without a login, revoked", async () => {
    const created = await json<{ token: { id: string; role: string }; secret: string }>([
      "tokens",
      "create",
      "cli-ci",
      "--role",
      "viewer",
      "--expires-in-days",
      "1",
    ]);
    expect(created.token.role).to.equal("viewer");
    const noLogin = { KCP_CONFIG: join(folder, "no-login.json"), KCP_URL: url };
    const asToken = await kcp(["whoami"], "", { ...noLogin, KCP_TOKEN: created.secret });
    expect(asToken.code, asToken.stderr).to.equal(0);
    expect(asToken.stdout, "the token's role, not its owner's").to.match(/^admin: viewer at /);
    const valid = await kcp(["session"], "", { ...noLogin, KCP_TOKEN: created.secret });
    expect([valid.code, valid.stdout.trim()], valid.stderr).to.deep.equal([0, `Signed in to ${url} as admin (viewer)`]);
    const clusters = await kcp(["clusters"], "", { ...noLogin, KCP_TOKEN: created.secret });
    expect(clusters.stdout).to.include(cluster);
    const viewer = await kcp(["topics", "create", cluster, uniqueTopicName("cli-viewer")], "", {
      ...noLogin,
      KCP_TOKEN: created.secret,
    });
    expect(viewer.code, "a viewer token may not create").to.equal(2);
    const listed = await kcp(["tokens", "list"]);
    expect(listed.stdout).to.match(new RegExp(`^cli-ci\\s+${created.token.id}\\s+admin\\s+viewer\\s`, "m"));
    expect(listed.stdout).to.not.include(created.secret);
    expect((await kcp(["tokens", "revoke", created.token.id])).code).to.equal(0);
    const revoked = await kcp(["clusters"], "", { ...noLogin, KCP_TOKEN: created.secret });
    expect(revoked.code).to.equal(2);
    const ended = await kcp(["session"], "", { ...noLogin, KCP_TOKEN: created.secret });
    expect(ended.code, "a revoked token: not signed in").to.equal(2);
    expect(ended.stdout).to.match(/^Not signed in to /);
  });

  it("users (admin): created with the password from stdin, changed, listed", async () => {
    const username = `cli-user-${Date.now().toString(36)}`;
    const created = await kcp(["users", "create", username, "--role", "viewer"], "a-long-enough-password-1\n");
    expect(created.code, created.stderr).to.equal(0);
    const changed = await kcp(["users", "change", username, "--role", "operator", "--disable"]);
    expect(changed.stdout).to.equal(`Changed ${username}: operator, disabled\n`);
    expect((await kcp(["users", "list"])).stdout).to.match(new RegExp(`^${username}\\s+operator\\s+yes\\s`, "m"));
  });

  it("installs as a command: npm pack of apps/cli, installed into a temporary prefix, runs kcp --help and a real command", async () => {
    const bundled = await spawnKcp(process.execPath, [join(ROOT, "apps/cli/scripts/bundle.mjs")]);
    expect(bundled.code, bundled.stderr).to.equal(0);
    const packDir = join(folder, "pack");
    await mkdir(packDir, { recursive: true });
    const npm = process.platform === "win32" ? "npm.cmd" : "npm";
    const packed = await spawnKcp(npm, ["pack", "--pack-destination", packDir, "--workspace", "@kcp/cli", "--json"]);
    expect(packed.code, packed.stderr).to.equal(0);
    const [info] = JSON.parse(packed.stdout) as { filename: string; files: { path: string }[] }[];
    expect(info?.files.map((f) => f.path).sort()).to.deep.equal(["README.md", "dist/kcp.mjs", "package.json"]);
    const prefix = join(folder, "prefix");
    const installed = await spawnKcp(npm, [
      "install",
      "--global",
      "--prefix",
      prefix,
      "--offline",
      "--no-audit",
      "--no-fund",
      join(packDir, info?.filename ?? ""),
    ]);
    expect(installed.code, installed.stderr).to.equal(0);
    const bin = join(prefix, "bin", "kcp");
    const help = await spawnKcp(bin, ["--help"]);
    expect(help.code, help.stderr).to.equal(0);
    expect(help.stdout).to.include("kcp topics create CLUSTER TOPIC");
    const real = await spawnKcp(bin, ["topics", cluster, "--search", topic], "", { KCP_CONFIG: configFile });
    expect(real.code, real.stderr).to.equal(0);
    expect(real.stdout).to.match(new RegExp(`^${topic}\\s+3\\s+1\\s`, "m"));
  });

  it("forgets the cluster kcp registered, only with its name typed back", async () => {
    const unnamed = await kcp(["clusters", "forget", secureName]);
    expect(unnamed.code).to.equal(1);
    const wrong = await kcp(["clusters", "forget", secureName, "--name", "prod"]);
    expect(wrong.code).to.equal(1);
    expect(wrong.stderr).to.include(`is not the cluster's (${secureName})`);
    const forgot = await kcp(["clusters", "forget", secureName, "--name", secureName]);
    expect(forgot.code, forgot.stderr).to.equal(0);
    secureRegistered = false;
    expect((await kcp(["clusters"])).stdout).to.not.include(secureName);
  });

  it("logs out: the session ends on the service and the file is gone", async () => {
    const token = (JSON.parse(await readFile(configFile, "utf8")) as StoredConfig).contexts.default?.token;
    const result = await kcp(["logout"]);
    expect(result.code, result.stderr).to.equal(0);
    const after = await fetch(`${url}/api/v1/auth/me`, { headers: { authorization: `Bearer ${token}` } });
    expect(after.status).to.equal(401);
    expect(await stat(configFile).catch(() => undefined)).to.equal(undefined);
  });
});
