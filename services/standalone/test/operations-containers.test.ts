import { containerName } from "@kcp/providers";
import { containerNodePorts, type Operation } from "@kcp/shared";
import { createTopic, startLoad, uniqueTopicName, waitFor, watchIsr } from "@kcp/test-infra";
import { expect } from "chai";
import { autopilotRestartsKilledNode } from "./autopilot-fixture.js";
import { type ContainerCluster, startContainerCluster } from "./container-fixture.js";
import { expectNothingLost, operationRunner } from "./operations-fixture.js";
import { startTestService, type TestService } from "./service-fixture.js";

type Reply = Operation & { error: { code: string; message: string } };

interface View {
  health: { status: string; issues: { code: string; message: string }[] };
  capabilities: Record<string, unknown> & { notes: string[] };
  snapshot: {
    providerNodes?: { nodeId: number; version: string; state: string }[];
    features: { name: string; finalized: number }[];
  };
}

/**
 * The container provider end to end: a real Kafka cluster of three combined nodes, each a
 * container of the harness's Podman run through the Docker Engine API (images built from Debian's packages and Kafka's
 * jars), registered with the standalone service as provider `container`. Operations roll it under load, upgrade it
 * 4.3.1 → 4.4.0 on the same volumes, add a broker, and bring back a container killed from outside.
 */
describe("operations: the container provider on a real 3-node cluster run by Podman", function () {
  this.timeout(1_200_000);
  let cluster: ContainerCluster;
  let service: TestService;
  let clusterId: string;
  let ops: ReturnType<typeof operationRunner>;

  before(async () => {
    cluster = await startContainerCluster("ops", { version: "4.3.1", versions: ["4.4.0"], spareNodes: 1 });
    service = await startTestService("operations-containers", {
      CONTAINER_ENGINES: cluster.settings.container.engine,
      OPERATIONS_ROLL_SAFETY_WAIT_MS: "120000",
      OPERATIONS_NODE_HEALTHY_WAIT_MS: "180000",
    });
    clusterId = await service.register({
      name: "containers",
      bootstrapServers: cluster.bootstrapServers,
      provider: "container",
      settings: cluster.settings,
    });
    ops = operationRunner(service, clusterId);
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  const view = async () =>
    (await service.api<View>("POST", `/api/v1/clusters/${clusterId}/refresh`, { token: service.token })).body;
  const statuses = async (ids = cluster.nodeIds) =>
    new Map(await Promise.all(ids.map(async (id) => [id, await cluster.lifecycle.status(id)] as const)));

  /** Runs `plan` under continuous load on a new RF 3 topic (min ISR 2) and checks nothing acknowledged was lost. */
  async function underLoad(plan: Record<string, unknown>, confirmName?: string) {
    const topic = await createTopic(cluster.clients, {
      name: uniqueTopicName("containers"),
      partitions: 6,
      replicationFactor: 3,
      configs: { "min.insync.replicas": "2" },
    });
    const load = await startLoad(cluster.clients, topic, { batchSize: 10, intervalMs: 100 });
    await waitFor("load flowing", async () => (load.progress().acknowledged >= 100 ? true : undefined));
    const isr = watchIsr(cluster.clients, topic, 2);
    const planned = await ops.plan(plan);
    expect(planned.status, planned.text).to.equal(201);
    const done = await ops.runToEnd(planned.body.id, confirmName).finally(() => isr.stop());
    const { below } = await isr.stop();
    const result = await load.stop();
    expectNothingLost(result, 300);
    expect(below, "polls with a partition below min ISR").to.deep.equal([]);
    return { planned: planned.body, done, result };
  }

  it("an engine CONTAINER_ENGINES does not list is refused at registration; nothing is registered", async () => {
    const refused = await service.api<{ error: { code: string; message: string } }>("POST", "/api/v1/clusters", {
      token: service.token,
      body: {
        name: "elsewhere",
        bootstrapServers: cluster.bootstrapServers,
        provider: "container",
        settings: {
          ...cluster.settings,
          container: { ...cluster.settings.container, engine: "unix:///run/docker.sock" },
        },
      },
    });
    expect(refused.status).to.equal(422);
    expect(refused.body.error).to.deep.equal({
      code: "invalid_request",
      message:
        "Container engine unix:///run/docker.sock is not allowed here (CONTAINER_ENGINES lists the engines container clusters may name)",
    });
    const list = await service.api<{ items: { name: string }[] }>("GET", "/api/v1/clusters", { token: service.token });
    expect(JSON.stringify(list.body)).to.not.include("elsewhere");
  });

  it("the collector reads the engine: every node's container in the view, node operations offered", async () => {
    const seen = await view();
    expect(seen.snapshot.providerNodes).to.deep.equal(
      [1, 2, 3].map((nodeId) => ({ nodeId, version: "4.3.1", state: "running" })),
    );
    for (const flag of ["restartNodes", "upgradeVersion", "provisionNodes"])
      expect(seen.capabilities[flag], `${flag}: ${seen.capabilities.notes.join("; ")}`).to.equal(true);
    expect(seen.capabilities.scaleNodePools).to.equal(false);
  });

  it("restartNodes rolls every container under load: each restarted once, nothing acknowledged lost, never below min ISR", async () => {
    const before = await statuses();
    const { planned, result } = await underLoad({ type: "restartNodes", params: {} });
    expect(planned.steps.filter((s) => s.kind === "stopNode")).to.have.length(3);
    const after = await statuses();
    for (const [id, status] of after) {
      expect(status.state, `node ${id}`).to.equal("running");
      expect(Date.parse(status.startedAt ?? ""), `node ${id} restarted`).to.be.greaterThan(
        Date.parse(before.get(id)?.startedAt ?? ""),
      );
    }
    console.log(`      rolled 3 containers: ${result.acknowledged} records acknowledged and read back`);
  });

  it("upgradeVersion to 4.4.1, whose image is not on the engine, is refused when planning (422 version_unavailable naming the image); nothing pulled or planned", async () => {
    const refused = await ops.plan({ type: "upgradeVersion", params: { version: "4.4.1" } });
    expect(refused.status, refused.text).to.equal(422);
    expect(refused.body.error).to.deep.equal({
      code: "version_unavailable",
      message:
        "image localhost/kcp-test/kafka:4.4.1 of Kafka 4.4.1 is not on the container engine: pull or load it there, then plan again (planning pulls no image)",
    });
    const images = await cluster.engine.podman(["images", "--format", "{{.Repository}}:{{.Tag}}"]);
    expect(images.split("\n")).not.to.include("localhost/kcp-test/kafka:4.4.1");
    const listed = await service.api<{ operations: Operation[] }>("GET", `/api/v1/clusters/${clusterId}/operations`, {
      token: service.token,
    });
    expect(listed.body.operations.filter((o) => o.type === "upgradeVersion")).to.deep.equal([]);
  });

  it("upgradeVersion 4.3.1 → 4.4.0 under load: each container replaced by the 4.4.0 image on its volume, one at a time, features finalized", async () => {
    const metadataBefore = (await view()).snapshot.features.find((f) => f.name === "metadata.version")?.finalized;
    const { planned, done, result } = await underLoad(
      { type: "upgradeVersion", params: { version: "4.4.0", finalize: true } },
      "containers",
    );
    expect(planned.steps.map((s) => s.kind).slice(0, 6)).to.deep.equal([
      "installVersion",
      "rollSafetyCheck",
      "stopNode",
      "switchVersion",
      "startNode",
      "waitNodeHealthy",
    ]);
    expect(planned.steps[0]?.name).to.equal("Make sure the container engine has the image of Kafka 4.4.0");
    for (const [id, status] of await statuses()) {
      expect([status.state, status.version], `node ${id}`).to.deep.equal(["running", "4.4.0"]);
      const image = await cluster.engine.podman([
        "inspect",
        "--format",
        "{{.ImageName}}",
        containerName(cluster.settings.container.project, id),
      ]);
      expect(image.trim()).to.equal("localhost/kcp-test/kafka:4.4.0");
    }
    // Stopped one at a time: each node's switch happened while the others ran.
    const switches = done.steps.filter((s) => s.kind === "switchVersion").map((s) => Date.parse(s.finishedAt ?? ""));
    expect(switches).to.have.length(3);
    const metadataAfter = (await view()).snapshot.features.find((f) => f.name === "metadata.version")?.finalized;
    expect(metadataAfter).to.be.greaterThan(metadataBefore ?? Number.POSITIVE_INFINITY);
    console.log(`      upgraded 3 containers: ${result.acknowledged} records acknowledged and read back`);
  });

  it("provisionNodes adds a broker: node 4 a new container on the ports the port base gives it, registered and unfenced", async () => {
    const planned = await ops.plan({ type: "provisionNodes", params: { role: "broker", count: 1 } });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.steps.map((s) => [s.kind, (s.args as { nodeId: number }).nodeId])).to.deep.equal([
      ["provisionNode", 4],
      ["startNode", 4],
      ["waitNodeHealthy", 4],
    ]);
    await ops.runToEnd(planned.body.id);
    const status = await cluster.lifecycle.status(4);
    expect([status.state, status.version, status.roles]).to.deep.equal(["running", "4.4.0", ["broker"]]);
    const config = await cluster.lifecycle.config(4);
    const port = containerNodePorts(cluster.settings.portBase, 4)[0];
    expect(config.listeners).to.equal(`PLAINTEXT://127.0.0.1:${port}`);
    expect(config["process.roles"]).to.equal("broker");
    await cluster.waitUntilReady([1, 2, 3, 4]);
    const seen = await view();
    expect(seen.snapshot.providerNodes?.find((n) => n.nodeId === 4)).to.deep.equal({
      nodeId: 4,
      version: "4.4.0",
      state: "running",
    });
  });

  it("a version switch interrupted after the old container was renamed aside (a worker killed) is settled: the node gets its container back", async () => {
    const name = containerName(cluster.settings.container.project, 3);
    await cluster.lifecycle.stop(3);
    await cluster.engine.podman(["rename", name, `${name}-replaced-1`]);
    const status = await cluster.lifecycle.status(3);
    expect([status.state, status.version]).to.deep.equal(["stopped", "4.4.0"]);
    expect((await cluster.engine.podman(["ps", "-a", "--format", "{{.Names}}"])).split("\n")).to.include(name);
    expect((await cluster.lifecycle.start(3)).state).to.equal("running");
    await cluster.waitUntilReady([1, 2, 3, 4]);
  });

  it("a container killed from outside shows as down in the view and health; restartNodes brings it back", async () => {
    await cluster.engine.podman(["kill", containerName(cluster.settings.container.project, 2)]);
    const down = await waitFor(
      "node 2 down in the view",
      async () => {
        const seen = await view();
        const node = seen.snapshot.providerNodes?.find((n) => n.nodeId === 2);
        const issue = seen.health.issues.find((i) => ["broker_down", "broker_fenced"].includes(i.code));
        return node?.state === "stopped" && issue ? { seen, issue } : undefined;
      },
      { timeoutMs: 60_000, intervalMs: 2_000 },
    );
    expect(down.issue.message).to.match(/\b2\b/);
    expect(down.seen.health.status).to.not.equal("healthy");
    const status = await cluster.lifecycle.status(2);
    expect(status.problem).to.match(/exit code 137 \(SIGKILL\)/);

    const planned = await ops.plan({ type: "restartNodes", params: { nodes: [2] } });
    expect(planned.status, planned.text).to.equal(201);
    await ops.runToEnd(planned.body.id);
    expect((await cluster.lifecycle.status(2)).state).to.equal("running");
    await waitFor(
      "health without a down broker",
      async () => {
        const seen = await view();
        return seen.health.issues.some((i) => ["broker_down", "broker_fenced"].includes(i.code)) ? undefined : true;
      },
      { timeoutMs: 60_000, intervalMs: 2_000 },
    );
  });

  it("autopilot: a container killed with podman kill under load; a broker_down policy in auto mode restarts it through the engine by itself; nothing acknowledged is lost", async () => {
    const times = await autopilotRestartsKilledNode({
      service,
      clusterId,
      settings: cluster.settings,
      clients: cluster.clients,
      nodeId: 3,
      kill: async () => {
        await cluster.engine.podman(["kill", containerName(cluster.settings.container.project, 3)]);
      },
      startedAt: async () => (await cluster.lifecycle.status(3)).startedAt,
    });
    console.log(
      `      autopilot: container 3 killed → restart started ${(times.startedMs / 1000).toFixed(1)} s, healthy again ${(times.healthyMs / 1000).toFixed(1)} s; ${times.acknowledged} messages acknowledged and consumed`,
    );
  });
});

/**
 * migrateQuorum on a container cluster with a static quorum (the quorum migration's configuration
 * rewrite): each container's server.properties, on its volume, loses controller.quorum.voters for
 * controller.quorum.bootstrap.servers while the node runs, and the roll restarts it with the new file.
 */
describe("operations: migrateQuorum on a static-quorum cluster run as containers", function () {
  this.timeout(900_000);
  let cluster: ContainerCluster;
  let service: TestService;

  before(async () => {
    cluster = await startContainerCluster("static", { version: "4.3.1", quorum: "static" });
    service = await startTestService("operations-containers-static", {
      CONTAINER_ENGINES: cluster.settings.container.engine,
      OPERATIONS_ROLL_SAFETY_WAIT_MS: "120000",
      OPERATIONS_NODE_HEALTHY_WAIT_MS: "180000",
    });
  });

  after(async () => {
    await service?.stop();
    await cluster?.stop();
  });

  it("rewrites each container's configuration on its volume and rolls it: kraft.version 1, every node restarted once", async () => {
    const clusterId = await service.register({
      name: "containers-static",
      bootstrapServers: cluster.bootstrapServers,
      provider: "container",
      settings: cluster.settings,
    });
    const ops = operationRunner(service, clusterId);
    const before = new Map(
      await Promise.all(cluster.nodeIds.map(async (id) => [id, await cluster.lifecycle.status(id)] as const)),
    );
    expect((await cluster.lifecycle.config(1))["controller.quorum.voters"]).to.be.a("string");
    const planned = await ops.plan({ type: "migrateQuorum", params: {} });
    expect(planned.status, planned.text).to.equal(201);
    expect((await ops.confirm(planned.body.id, "containers-static")).status).to.equal(200);
    const done = await waitFor(
      "the migration to end",
      async () => {
        const now = (await service.api<Reply>("GET", `/api/v1/operations/${planned.body.id}`, { token: service.token }))
          .body;
        return ["succeeded", "failed", "cancelled", "paused"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 600_000, intervalMs: 1_000 },
    );
    expect(done.status, JSON.stringify(done.steps.filter((s) => s.status !== "succeeded"))).to.equal("succeeded");
    expect(done.steps.filter((s) => s.kind === "setNodeConfig")).to.have.length(3);
    for (const id of cluster.nodeIds) {
      const config = await cluster.lifecycle.config(id);
      expect(config["controller.quorum.voters"], `node ${id}`).to.equal(undefined);
      expect(config["controller.quorum.bootstrap.servers"]?.split(","), `node ${id}`).to.have.length(3);
      const status = await cluster.lifecycle.status(id);
      expect(status.state).to.equal("running");
      expect(Date.parse(status.startedAt ?? "")).to.be.greaterThan(Date.parse(before.get(id)?.startedAt ?? ""));
    }
    const view = await service.api<{ snapshot: { features: { name: string; finalized: number }[] } }>(
      "POST",
      `/api/v1/clusters/${clusterId}/refresh`,
      { token: service.token },
    );
    expect(view.body.snapshot.features.find((f) => f.name === "kraft.version")?.finalized).to.equal(1);
  });
});
