import { ContainerSettingSchema } from "@kcp/shared";
import { expect } from "chai";
import type { ContainerInspect } from "../src/container/engine.js";
import { containerSpec, formatFlags, NODE_SCRIPT, nodeProperties } from "../src/container/node-container.js";
import { nodeStatusOf } from "../src/container/node-status.js";
import { tarFiles, untarFiles } from "../src/container/tar.js";
import { ContainerEngine, ContainerNodeLifecycle, providerNodes } from "../src/index.js";

const inspect = (state: Partial<ContainerInspect["State"]>): ContainerInspect => ({
  Id: "c1",
  Name: "/orders-node-2",
  State: {
    Status: "running",
    Running: true,
    Pid: 4242,
    ExitCode: 0,
    StartedAt: "2026-11-27T10:00:00.000000000Z",
    FinishedAt: "0001-01-01T00:00:00Z",
    ...state,
  },
  Config: {
    Image: "kcp-kafka:4.3.1",
    Labels: {
      "io.kcp.project": "orders",
      "io.kcp.node-id": "2",
      "io.kcp.roles": "broker,controller",
      "io.kcp.version": "4.3.1",
      "io.kcp.cluster-id": "abc",
    },
    Env: [],
    Cmd: [],
  },
});

describe("container provider (pure parts)", () => {
  it("a running container is a running node with its pid, start and uptime; no problem", () => {
    const status = nodeStatusOf(inspect({}), new Date("2026-11-27T10:01:00Z"));
    expect(status).to.deep.equal({
      nodeId: 2,
      roles: ["broker", "controller"],
      version: "4.3.1",
      configuredVersion: "4.3.1",
      state: "running",
      pid: 4242,
      startedAt: "2026-11-27T10:00:00.000Z",
      uptimeSeconds: 60,
      lastExit: null,
      clusterId: "abc",
      problem: null,
    });
  });

  it("a controlled stop (143) is no problem; a kill from outside (137) or a crash is, with the signal", () => {
    const ended = (ExitCode: number) =>
      nodeStatusOf(inspect({ Status: "exited", Running: false, Pid: 0, ExitCode, FinishedAt: "2026-11-27T10:05:00Z" }));
    expect(ended(143)).to.include({ state: "stopped", pid: null, startedAt: null, problem: null });
    expect(ended(143).lastExit).to.deep.equal({ code: 143, signal: "SIGTERM", at: "2026-11-27T10:05:00.000Z" });
    expect(ended(137).problem).to.equal("its container ended with exit code 137 (SIGKILL)");
    expect(ended(1).problem).to.equal("its container ended with exit code 1");
    // Created, never started: stopped, never ended.
    expect(nodeStatusOf(inspect({ Status: "created", Running: false, Pid: 0 }))).to.include({
      state: "stopped",
      lastExit: null,
      problem: null,
    });
  });

  it("the container: the version's image, the node script, the volume at /var/lib/kcp, never restarted by the engine", () => {
    const node = {
      nodeId: 4,
      roles: ["broker" as const],
      clusterId: "abc",
      version: "4.4.0",
      config: { listeners: "PLAINTEXT://127.0.0.1:19041" },
    };
    const setting = { project: "orders", network: "host" as const, stopTimeoutSeconds: 90 };
    const spec = containerSpec(setting, node, "kcp-kafka:4.4.0");
    expect(spec.Image).to.equal("kcp-kafka:4.4.0");
    expect(spec.Cmd).to.deep.equal(["/bin/sh", "-c", NODE_SCRIPT]);
    expect(spec.Env).to.deep.equal(["KCP_CLUSTER_ID=abc", "KCP_FORMAT_FLAGS=", "KCP_JVM_OPTIONS=-Xms256m -Xmx1g"]);
    expect(spec.HostConfig).to.deep.equal({
      NetworkMode: "host",
      Mounts: [{ Type: "volume", Source: "orders-node-4-data", Target: "/var/lib/kcp" }],
      RestartPolicy: { Name: "no" },
    });
    expect(spec.StopTimeout).to.equal(90);
    expect(spec.Labels).to.include({ "io.kcp.node-id": "4", "io.kcp.version": "4.4.0", "io.kcp.roles": "broker" });
    const published = containerSpec({ ...setting, network: "published" }, node, "kcp-kafka:4.4.0");
    expect(published.HostConfig.NetworkMode).to.equal("bridge");
    expect(published.HostConfig.PortBindings).to.deep.equal({ "19041/tcp": [{ HostIp: "", HostPort: "19041" }] });
  });

  it("storage is formatted by the quorum mode's flags; the node's id, roles and data folder are the provider's", () => {
    expect(formatFlags({ controllerMode: "initial-controllers", initialControllers: "1@h:9093:AAAA" })).to.equal(
      "--initial-controllers 1@h:9093:AAAA",
    );
    expect(formatFlags({ controllerMode: "observer" })).to.equal("--no-initial-controllers");
    expect(formatFlags({ controllerMode: "standalone" })).to.equal("--standalone");
    expect(formatFlags({})).to.equal("");
    expect(
      nodeProperties({
        nodeId: 3,
        roles: ["broker", "controller"],
        config: { "log.dir": "/elsewhere", "metadata.log.dir": "/meta", "num.partitions": "3" },
      }),
    ).to.deep.equal({
      "num.partitions": "3",
      "node.id": "3",
      "process.roles": "broker,controller",
      "log.dirs": "/var/lib/kcp/data",
    });
  });

  it("network published: the node binds every interface and advertises the address it was given", () => {
    const node = {
      nodeId: 1,
      roles: ["broker" as const],
      config: { listeners: "PLAINTEXT://kafka-host:19011,CONTROLLER://kafka-host:19012" },
    };
    expect(nodeProperties(node, "published")).to.include({
      listeners: "PLAINTEXT://0.0.0.0:19011,CONTROLLER://0.0.0.0:19012",
      "advertised.listeners": "PLAINTEXT://kafka-host:19011,CONTROLLER://kafka-host:19012",
    });
    expect(nodeProperties(node, "host").listeners).to.equal(node.config.listeners);
  });

  it("a container is created only with JVM options of the allow-list: another is refused naming it, before the engine is asked", async () => {
    // An engine that does not exist: any call to it would be `capability_unavailable`, not the refusal.
    const container = ContainerSettingSchema.parse({
      engine: "unix:///nonexistent/kcp-engine.sock",
      project: "orders",
    });
    const nodes = new ContainerNodeLifecycle({ container, portBase: 19000 }, new ContainerEngine(container.engine));
    const node = {
      nodeId: 4,
      roles: ["broker" as const],
      clusterId: "abc",
      version: "4.3.1",
      config: { listeners: "PLAINTEXT://127.0.0.1:19040" },
    };
    const refused = await nodes
      .provision({ ...node, jvmOptions: ["-Xmx1g", "-XX:OnOutOfMemoryError=touch /tmp/x"] })
      .then(
        () => undefined,
        (error: Error & { code?: string }) => ({ code: error.code, message: error.message }),
      );
    expect(refused).to.deep.equal({
      code: "invalid_request",
      message:
        "node 4: -XX:OnOutOfMemoryError is not an allowed JVM option (allowed: -Xms, -Xmx, -Xmn, -Xss, listed -XX flags and -D properties; docs/node-agent.md)",
    });
    const allowed = await nodes.provision({ ...node, jvmOptions: ["-Xmx1g", "-XX:+UseG1GC"] }).then(
      () => undefined,
      (error: Error & { code?: string }) => error.code,
    );
    expect(allowed, "an allowed list goes on to the engine").to.equal("capability_unavailable");
  });

  it("tar: the files written are the files read back", () => {
    const archive = tarFiles([
      { name: "server.properties", content: "a=1\nb=x\\=y\n", mode: 0o600 },
      { name: "other", content: "é".repeat(600) },
    ]);
    expect(archive.length % 512).to.equal(0);
    const files = untarFiles(archive);
    expect(files.get("server.properties")).to.equal("a=1\nb=x\\=y\n");
    expect(files.get("other")).to.equal("é".repeat(600));
  });

  it("the view's provider nodes are the engine's containers of the project", () => {
    const nodes = [{ nodeId: 1, version: "4.3.1", state: "running" as const }];
    expect(providerNodes({ kind: "container", project: "orders", nodes })).to.deep.equal(nodes);
    expect(providerNodes({ kind: "container", project: "orders", nodes: null, problem: "down" })).to.equal(undefined);
  });
});
