import { existsSync } from "node:fs";
import { mkdir, readdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { createLogger } from "@kcp/shared";
import { makeRunDir } from "@kcp/test-infra";
import { expect } from "chai";
import { agentConfigSchema, libsChecksum, type StartedAgent, startAgent } from "../src/index.js";
import { log4jOptions } from "../src/jvm.js";
import {
  authorizerProblem,
  bareKey,
  classesProblem,
  jaasProblem,
  keyProblem,
  propertyKind,
} from "../src/property-rules.js";
import { PathRoots, resolveExisting } from "../src/roots.js";
import { removeDir, TokenMinter } from "./helpers.js";

const logger = createLogger({ name: "node-agent-test", level: "silent" });
const CLUSTER_ID = "MkU3OEVBNTcwNTJENDM2Qg";
const PLAIN = "org.apache.kafka.common.security.plain.PlainLoginModule";

/** What reaches a Kafka host through the agent is allow-listed: the rules on their own, no server. */
describe("node agent host rules (pure)", () => {
  it("tells a key's kind by its shape, with or without a listener and mechanism prefix", () => {
    const kinds: Record<string, string> = {
      "authorizer.class.name": "authorizer",
      "sasl.kerberos.kinit.cmd": "command",
      "listener.name.sasl_plaintext.gssapi.sasl.kerberos.kinit.cmd": "command",
      "principal.builder.class": "classes",
      "listener.name.sasl_ssl.plain.sasl.server.callback.handler.class": "classes",
      "listener.name.sasl_ssl.oauthbearer.sasl.login.class": "classes",
      "metric.reporters": "classes",
      "kafka.metrics.reporters": "classes",
      "group.consumer.assignors": "classes",
      "security.providers": "classes",
      "remote.log.storage.manager.class.path": "classpath",
      "sasl.jaas.config": "jaas",
      "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config": "jaas",
      "config.providers": "config-provider",
      "config.providers.file.class": "config-provider",
      "ssl.keystore.location": "file",
      "listener.name.ssl.ssl.truststore.location": "file",
      "sasl.kerberos.keytab": "file",
      "sasl.oauthbearer.assertion.file": "file",
      "sasl.oauthbearer.jwks.endpoint.url": "url",
      "listener.name.sasl_ssl.oauthbearer.sasl.oauthbearer.token.endpoint.url": "url",
      "log.dirs": "plain",
      "num.io.threads": "plain",
      listeners: "plain",
    };
    for (const [key, kind] of Object.entries(kinds)) expect(propertyKind(key), key).to.equal(kind);
  });

  it("accepts Kafka's own classes and login modules only; a JAAS refusal never quotes the value", () => {
    expect(classesProblem("authorizer.class.name", "org.apache.kafka.metadata.authorizer.StandardAuthorizer")).to.equal(
      undefined,
    );
    expect(classesProblem("metric.reporters", "org.apache.kafka.common.metrics.JmxReporter, ")).to.equal(undefined);
    expect(classesProblem("metric.reporters", "")).to.equal(undefined);
    expect(classesProblem("group.consumer.assignors", "uniform,range")).to.equal(undefined);
    expect(
      classesProblem("metric.reporters", "org.apache.kafka.common.metrics.JmxReporter,com.evil.Reporter"),
    ).to.equal("names class com.evil.Reporter, which is not one of Kafka's own the agent accepts");
    expect(classesProblem("security.providers", "com.evil.Provider")).to.match(/accepts none/);
    for (const value of [
      `${PLAIN} required username="admin" password="s3cret" user_admin="s3cret";`,
      "org.apache.kafka.common.security.scram.ScramLoginModule required;",
      'org.apache.kafka.common.security.oauthbearer.OAuthBearerLoginModule required unsecuredLoginStringClaim_sub="admin";',
    ])
      expect(jaasProblem(value), value).to.equal(undefined);
    const refused = {
      'com.sun.security.auth.module.Krb5LoginModule required useKeyTab="true" keyTab="/etc/k.keytab";':
        /Krb5LoginModule/,
      [`${PLAIN} required password=s3cret;`]: /key="value"/,
      [`${PLAIN} required password="s3cret"; ${PLAIN} required;`]: /one login module/,
      [`${PLAIN} required password="a\\"b";`]: /key="value"/,
      [`${PLAIN} required`]: /one login module/,
    };
    for (const [value, reason] of Object.entries(refused)) {
      const problem = jaasProblem(value);
      expect(problem, value).to.match(reason);
      expect(problem, value).not.to.contain("s3cret");
    }
  });

  it("keys are an allow-list: Kafka's own broker properties, alone or after a listener (and mechanism) prefix", () => {
    for (const key of [
      "num.io.threads",
      "sasl.kerberos.kinit.cmd",
      "super.users",
      "listener.name.sasl_ssl.ssl.keystore.location",
      "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config",
      "listener.name.sasl_plaintext.sasl.enabled.mechanisms",
    ])
      expect(keyProblem(key), key).to.equal(undefined);
    expect(bareKey("listener.name.sasl_ssl.oauthbearer.sasl.jaas.config")).to.equal("sasl.jaas.config");
    for (const key of [
      "com.evil.hook",
      "num.io.thread",
      "NUM.IO.THREADS",
      "listener.name.x.evil.sasl.jaas.config",
      "listener.name.x.com.evil.hook",
      "rsm.config.anything",
    ])
      expect(keyProblem(key), key).to.match(/is not a Kafka broker property this agent accepts/);
  });

  it("authorizer.class.name: only Kafka's own authorizers; empty is refused (it would turn off every ACL)", () => {
    expect(authorizerProblem("org.apache.kafka.metadata.authorizer.StandardAuthorizer")).to.equal(undefined);
    expect(authorizerProblem("")).to.match(/must name an authorizer: empty would turn off every ACL/);
    expect(authorizerProblem("  ")).to.match(/must name an authorizer/);
    expect(authorizerProblem("org.apache.kafka.common.metrics.JmxReporter")).to.match(
      /names class org\.apache\.kafka\.common\.metrics\.JmxReporter, which is not one of Kafka's own authorizers/,
    );
  });

  it("resolves the links of a path's existing part; roots refuse what lies outside, through a link too", async () => {
    const dir = await makeRunDir("agent-roots");
    try {
      const root = join(dir, "root");
      await mkdir(join(root, "inside"), { recursive: true });
      await mkdir(join(dir, "outside"));
      await symlink(join(dir, "outside"), join(root, "escape"));
      await symlink(join(root, "inside"), join(dir, "alias"));
      expect(await resolveExisting(join(root, "escape", "a", "b"))).to.equal(join(dir, "outside", "a", "b"));
      const roots = await PathRoots.of([root], "data");
      await roots.check(join(root, "inside", "node-1"), "log.dirs");
      await roots.check(root, "log.dirs");
      await roots.check(join(dir, "alias", "node-2"), "log.dirs");
      const refusal = (path: string) =>
        roots.check(path, "log.dirs").then(
          () => undefined,
          (error: Error & { code?: string }) => `${error.code}: ${error.message}`,
        );
      expect(await refusal(join(root, "escape", "node-1"))).to.equal(
        `invalid_request: log.dirs: ${join(root, "escape", "node-1")} is not under the agent's data roots (${root}), its links resolved`,
      );
      expect(await refusal("/")).to.match(/^invalid_request: log.dirs: \/ must be an absolute, normalized path/);
      for (const path of [`${root}/../outside`, `${root}//x`, `${root}/x/`, `${root}/./x`, "relative/x", `${root}2/x`])
        expect(await refusal(path), path).to.match(/^invalid_request: log.dirs: /);
      const none = await PathRoots.of([], "file");
      expect(
        await none.check("/etc/kafka/keystore.p12", "ssl.keystore.location").then(
          () => undefined,
          (error: Error) => error.message,
        ),
      ).to.equal("ssl.keystore.location: this agent accepts no file (none of its roots is set)");
    } finally {
      await removeDir(dir);
    }
  });

  it("gives an installation without a logging configuration the agent's own", async () => {
    const dir = await makeRunDir("agent-logging");
    try {
      expect(log4jOptions(join(dir, "jars-only"), "/state/logging/log4j2.properties")).to.deep.equal([
        "-Dlog4j2.configurationFile=/state/logging/log4j2.properties",
      ]);
      await mkdir(join(dir, "release", "config"), { recursive: true });
      await writeFile(join(dir, "release", "config", "log4j2.yaml"), "Configuration: {}\n");
      expect(log4jOptions(join(dir, "release"), "/state/logging/log4j2.properties")).to.deep.equal([
        `-Dlog4j2.configurationFile=${join(dir, "release", "config", "log4j2.yaml")}`,
      ]);
    } finally {
      await removeDir(dir);
    }
  });
});

/**
 * The agent in process (no Kafka: the storage tool is `false`, so a request the rules accept ends at "kafka-storage
 * format failed", one they refuse never gets that far): JVM options, data dirs, code- and file-loading properties,
 * strictly parsed keys, the artifacts endpoint.
 */
describe("node agent host rules (in process)", () => {
  const minter = new TokenMinter("agent-r");
  let dir: string;
  let root: string;
  let agent: StartedAgent;

  const send = async (method: string, path: string, body?: unknown) => {
    const text = body === undefined ? undefined : typeof body === "string" ? body : JSON.stringify(body);
    const response = await fetch(`${agent.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${minter.token({ method, path, ...(text === undefined ? {} : { body: text }) })}`,
        "content-type": "application/json",
      },
      ...(text === undefined ? {} : { body: text }),
    });
    return {
      status: response.status,
      body: (await response.json()) as Record<string, unknown> & { error: { code: string; message: string } },
    };
  };

  const provision = (id: number, config: Record<string, string>, jvmOptions?: string[]) =>
    send("PUT", `/v1/nodes/${id}`, {
      roles: ["broker"],
      clusterId: CLUSTER_ID,
      version: "1.0.0",
      config,
      ...(jvmOptions ? { jvmOptions } : {}),
    });

  /** Whether the agent wrote anything of node `id` (its folder, its record). */
  const nothingOf = async (id: number) => {
    expect(existsSync(join(dir, "state", "nodes", String(id))), `node ${id}'s folder`).to.equal(false);
    const nodes = await send("GET", "/v1/nodes");
    expect((nodes.body.nodes as { nodeId: number }[]).map((n) => n.nodeId)).not.to.include(id);
  };

  before(async () => {
    dir = await makeRunDir("agent-rules");
    root = join(dir, "data-root");
    // A link inside the data root to a folder outside it.
    await mkdir(root, { recursive: true });
    await mkdir(join(dir, "elsewhere"));
    await symlink(join(dir, "elsewhere"), join(root, "escape"));
    // A folder source with a (fake) version 1.0.0, installed: a provision the rules accept goes on to the format.
    const source = join(dir, "artifacts");
    await mkdir(join(source, "1.0.0", "libs"), { recursive: true });
    await writeFile(join(source, "1.0.0", "libs", "a.jar"), "ay");
    await writeFile(join(source, "1.0.0.sha512"), `${await libsChecksum(join(source, "1.0.0", "libs"))}\n`);
    await mkdir(join(source, "2.0.0", "libs"), { recursive: true });
    // Node 1 as provisioned earlier (a record in the state folder), for the configuration changes.
    await mkdir(join(dir, "state", "nodes", "1"), { recursive: true });
    const config = { "log.dirs": join(root, "node-1"), "node.id": "1", "process.roles": "broker" };
    await writeFile(
      join(dir, "state", "nodes", "1", "node.json"),
      JSON.stringify({
        nodeId: 1,
        roles: ["broker"],
        clusterId: CLUSTER_ID,
        configuredVersion: "1.0.0",
        controllerMode: null,
        jvmOptions: [],
        config,
        provisionHash: "earlier",
        provisionedAt: new Date().toISOString(),
        desired: "stopped",
        process: null,
        lastExit: null,
        restarts: [],
      }),
    );
    agent = await startAgent(
      agentConfigSchema.parse({
        AGENT_ID: "agent-r",
        AGENT_PORT: "0",
        AGENT_STATE_DIR: join(dir, "state"),
        AGENT_PUBLIC_KEY: minter.publicKeyPem,
        AGENT_ARTIFACTS: `file://${source}`,
        AGENT_DATA_ROOTS: root,
        AGENT_JAVA: "false",
        LOG_LEVEL: "silent",
      }),
      logger,
    );
    expect((await send("POST", "/v1/installations", { version: "1.0.0" })).status).to.equal(200);
  });

  after(async () => {
    for (const component of agent?.components ?? []) await component.stop();
    await removeDir(dir);
  });

  it("refuses a provision whose JVM options name a command (-XX:OnOutOfMemoryError): 400 naming it, nothing written, nothing run", async () => {
    const marker = join(dir, "pwned");
    const answer = await provision(5, { "log.dirs": join(root, "node-5") }, [
      "-Xmx8m",
      `-XX:OnOutOfMemoryError=touch ${marker}`,
    ]);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(400);
    expect(answer.body.error).to.deep.equal({
      code: "validation_failed",
      message:
        "jvmOptions.1: -XX:OnOutOfMemoryError is not an allowed JVM option (allowed: -Xms, -Xmx, -Xmn, -Xss, listed -XX flags and -D properties; docs/node-agent.md)",
    });
    await nothingOf(5);
    expect(existsSync(join(root, "node-5"))).to.equal(false);
    expect(existsSync(marker)).to.equal(false);
    for (const option of ["-javaagent:/tmp/a.jar", "-Dlog4j2.configurationFile=/tmp/x", "@/tmp/args", "-cp"]) {
      const refused = await provision(5, { "log.dirs": join(root, "node-5") }, [option]);
      expect(refused.status, option).to.equal(400);
      expect(refused.body.error.message, option).to.match(/^jvmOptions\.0: .* is not an allowed JVM option/);
    }
    await nothingOf(5);
  });

  it("takes the allowed JVM options and Kafka's own classes: the request goes on to the storage format", async () => {
    const answer = await provision(
      6,
      {
        "log.dirs": `${join(root, "node-6", "a")},${join(root, "node-6", "b")}`,
        "metadata.log.dir": join(root, "node-6", "meta"),
        "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
        "metric.reporters": "org.apache.kafka.common.metrics.JmxReporter",
        "listener.name.sasl_plaintext.plain.sasl.jaas.config": `${PLAIN} required username="admin" password="admin-secret" user_admin="admin-secret";`,
        "listener.name.sasl_plaintext.scram-sha-256.sasl.jaas.config":
          "org.apache.kafka.common.security.scram.ScramLoginModule required;",
        "sasl.enabled.mechanisms": "PLAIN,SCRAM-SHA-256",
      },
      ["-Xms128m", "-Xmx384m", "-XX:+UseSerialGC", "-XX:TieredStopAtLevel=1", "-Xss512k", "-Djava.awt.headless=true"],
    );
    expect(answer.status, JSON.stringify(answer.body)).to.equal(422);
    expect(answer.body.error.message).to.match(/^kafka-storage format failed/);
  });

  it("refuses data and log dirs outside AGENT_DATA_ROOTS (422 naming the rule), through a link too; nothing written", async () => {
    const cases: [Record<string, string>, RegExp][] = [
      [{ "log.dirs": "/" }, /^log\.dirs: \/ must be an absolute, normalized path/],
      [{ "log.dirs": join(dir, "elsewhere", "node-7") }, /^log\.dirs: .* is not under the agent's data roots/],
      [{ "log.dirs": `${root}/../elsewhere/node-7` }, /^log\.dirs: .* must be an absolute, normalized path/],
      [
        { "log.dirs": join(root, "escape", "node-7") },
        /^log\.dirs: .* is not under the agent's data roots .*its links resolved$/,
      ],
      [{ "log.dir": "/var/lib/kafka" }, /^log\.dir: \/var\/lib\/kafka is not under the agent's data roots/],
      [
        { "log.dirs": join(root, "node-7"), "metadata.log.dir": "/etc" },
        /^metadata\.log\.dir: \/etc is not under the agent's data roots/,
      ],
    ];
    for (const [config, message] of cases) {
      const answer = await provision(7, config);
      expect(answer.status, JSON.stringify(config)).to.equal(422);
      expect(answer.body.error.code).to.equal("invalid_request");
      expect(answer.body.error.message, JSON.stringify(config)).to.match(message);
    }
    await nothingOf(7);
    expect(await readdir(join(dir, "elsewhere"))).to.deep.equal([]);
  });

  it("refuses properties that load code, read files or fetch URLs; a refused JAAS config is never echoed", async () => {
    const base = { "log.dirs": join(root, "node-8") };
    const cases: [Record<string, string>, string][] = [
      [{ "authorizer.class.name": "com.evil.Authorizer" }, "authorizer.class.name names class com.evil.Authorizer"],
      [
        { "authorizer.class.name": "" },
        "authorizer.class.name must name an authorizer: empty would turn off every ACL",
      ],
      [
        { "sasl.kerberos.kinit.cmd": "/bin/sh -c 'touch /tmp/owned'" },
        "sasl.kerberos.kinit.cmd is refused: it makes Kafka run a command on the host",
      ],
      [{ "com.evil.hook": "x" }, "com.evil.hook is not a Kafka broker property this agent accepts"],
      [
        { "listener.name.sasl_ssl.plain.sasl.server.callback.handler.class": "com.evil.Handler" },
        "listener.name.sasl_ssl.plain.sasl.server.callback.handler.class names class com.evil.Handler",
      ],
      [{ "metric.reporters": "com.evil.Reporter" }, "metric.reporters names class com.evil.Reporter"],
      [
        { "remote.log.storage.manager.class.path": "/tmp/evil/*" },
        "remote.log.storage.manager.class.path must be empty",
      ],
      [
        { "sasl.jaas.config": 'com.evil.LoginModule required password="s3cret";' },
        "sasl.jaas.config names login module com.evil.LoginModule",
      ],
      [
        { "sasl.jaas.config": `${PLAIN} required password=s3cret;` },
        'sasl.jaas.config must be one login module with key="value"',
      ],
      [{ "config.providers": "file" }, "config.providers is refused"],
      [
        { "config.providers.file.class": "org.apache.kafka.common.config.provider.FileConfigProvider" },
        "config.providers.file.class is refused",
      ],
      [{ "ssl.keystore.location": "/etc/shadow" }, "ssl.keystore.location names a file outside AGENT_FILE_ROOTS"],
      [
        { "sasl.oauthbearer.jwks.endpoint.url": "http://169.254.169.254/latest/meta-data" },
        "sasl.oauthbearer.jwks.endpoint.url names a URL of http://169.254.169.254, which is not one of AGENT_FETCH_URLS",
      ],
      [
        { "sasl.oauthbearer.token.endpoint.url": "file:///etc/passwd" },
        "sasl.oauthbearer.token.endpoint.url names a URL",
      ],
    ];
    for (const [config, message] of cases) {
      const answer = await provision(8, { ...base, ...config });
      expect(answer.status, JSON.stringify(config)).to.equal(422);
      expect(answer.body.error.code).to.equal("invalid_request");
      expect(answer.body.error.message, JSON.stringify(config)).to.contain(message);
      expect(answer.body.error.message).not.to.contain("s3cret");
    }
    await nothingOf(8);
  });

  it("refuses keys an object map would drop or misread (__proto__, constructor): 400, never dropped", async () => {
    for (const key of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
      const body = `{"roles":["broker"],"clusterId":"${CLUSTER_ID}","version":"1.0.0","config":{"log.dirs":"${join(root, "node-9")}","${key}":"x"}}`;
      const answer = await send("PUT", "/v1/nodes/9", body);
      expect(answer.status, key).to.equal(400);
      expect(answer.body.error.code, key).to.equal("validation_failed");
      expect(answer.body.error.message, key).to.match(new RegExp(`^config\\.${key}: `));
      const patch = await send("PATCH", "/v1/nodes/1/config", `{"set":{"${key}":"x"}}`);
      expect(patch.status, key).to.equal(400);
    }
    await nothingOf(9);
  });

  it("PATCH config refuses log.dirs=/ and the other rules, changing nothing; allowed keys are set", async () => {
    const before = await send("GET", "/v1/nodes/1/config");
    const file = join(dir, "state", "nodes", "1", "server.properties");
    const refused: Record<string, string>[] = [
      { "log.dirs": "/" },
      { "log.dirs": join(root, "escape", "node-1") },
      { "metadata.log.dir": "/tmp" },
      { "authorizer.class.name": "com.evil.Authorizer" },
      { "authorizer.class.name": "" },
      { "sasl.kerberos.kinit.cmd": "/usr/bin/kinit" },
      { "ssl.truststore.location": "/etc/passwd" },
    ];
    for (const set of refused) {
      const answer = await send("PATCH", "/v1/nodes/1/config", { set });
      expect(answer.status, JSON.stringify(set)).to.equal(422);
      expect(answer.body.error.code).to.equal("invalid_request");
    }
    expect((await send("GET", "/v1/nodes/1/config")).body).to.deep.equal(before.body);
    expect(existsSync(file)).to.equal(false);
    const allowed = await send("PATCH", "/v1/nodes/1/config", {
      set: {
        "log.dirs": join(root, "node-1", "a"),
        "authorizer.class.name": "org.apache.kafka.metadata.authorizer.StandardAuthorizer",
      },
    });
    expect(allowed.status, JSON.stringify(allowed.body)).to.equal(200);
    expect(await readFile(file, "utf8")).to.contain(`log.dirs=${join(root, "node-1", "a")}\n`);
  });

  it("answers whether a version can be installed: installed, available from the source, or why not", async () => {
    expect((await send("GET", "/v1/artifacts/1.0.0")).body).to.deep.equal({
      version: "1.0.0",
      installed: true,
      available: true,
    });
    expect((await send("GET", "/v1/artifacts/9.9.9")).body).to.deep.equal({
      version: "9.9.9",
      installed: false,
      available: false,
      reason: "the artifact source has no 9.9.9/libs",
    });
    expect((await send("GET", "/v1/artifacts/2.0.0")).body).to.deep.equal({
      version: "2.0.0",
      installed: false,
      available: false,
      reason: "the artifact source has no checksum of 2.0.0 (2.0.0.sha512)",
    });
    const bad = await send("GET", "/v1/artifacts/..%2F..%2Fetc");
    expect(bad.status).to.equal(400);
    expect(bad.body.error.code).to.equal("validation_failed");
  });

  it("writes its own bounded logging configuration for installations without one", async () => {
    const config = await readFile(join(dir, "state", "logging", "log4j2.properties"), "utf8");
    expect(config).to.contain("appender.file.type = RollingFile");
    expect(config).to.contain("appender.file.policies.size.size = 10MB");
    expect(config).to.contain("appender.file.strategy.max = 3");
    expect(config).to.contain("appender.file.fileName = $" + "{sys:kafka.logs.dir}/server.log");
  });
});
