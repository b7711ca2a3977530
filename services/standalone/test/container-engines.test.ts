import { randomUUID } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type OperationDocument, stored } from "@kcp/operation-lifecycle";
import { createLogger, loadConfig, type Operation, type Step } from "@kcp/shared";
import { type Api, apiClient, ByteRecorder, getSharedCluster, type KafkaCluster, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { standaloneConfigSchema } from "../src/config.js";
import { type Standalone, startStandalone } from "../src/standalone.js";
import type { Reply } from "./service-fixture.js";

const ADMIN = { username: "admin", password: "container-engines-admin-password" };
/** The engine the deployment lists: a socket nobody serves (a listed engine that is down is simply unreachable). */
const LISTED_ENGINE = "unix:///run/kcp-container-engines-test/none.sock";

interface Running {
  service: Standalone;
  api: Api;
  token: string;
}

/** The standalone service on `dataDir` (kept between starts: the same store, the same generated secret key). */
async function start(dataDir: string, containerEngines: string): Promise<Running> {
  const config = loadConfig(standaloneConfigSchema, {
    PORT: "0",
    DATA_DIR: dataDir,
    ADMIN_USERNAME: ADMIN.username,
    ADMIN_PASSWORD: ADMIN.password,
    COLLECT_TIMEOUT_MS: "15000",
    // Collections only when the test asks (register, refresh): what the recorder saw is then what the test did.
    COLLECT_INTERVAL_SECONDS: "3600",
    // An operation written to the store is adopted within a second (the sweep looks twice per lease).
    OPERATIONS_LEASE_MS: "2000",
    CONTAINER_ENGINES: containerEngines,
  });
  const service = await startStandalone(config, createLogger({ name: "container-engines-test", level: "silent" }));
  const api = apiClient(service.gateway.url);
  const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: ADMIN })).body.token;
  return { service, api, token };
}

async function stop(running: Running | undefined): Promise<void> {
  for (const component of running?.service.components ?? []) await component.stop();
}

const lifecycleNote = (view: Reply) =>
  (view.capabilities as { notes: string[] }).notes.find((note) => note.startsWith("restartNodes:"));

const notListed = (engine: string) =>
  `restartNodes: not offered — container engine ${engine} is not listed in CONTAINER_ENGINES: nothing is sent to it`;

/**
 * CONTAINER_ENGINES lists the Docker Engine APIs the service may drive (an engine runs whatever it is asked as root on
 * its host). A server on 127.0.0.2 that only records bytes stands for an engine the list does not name: registration
 * naming it is refused, and a stored record naming it — changed behind the API, or whose engine was dropped from the
 * list since it was registered — is neither collected from nor acted on: the recorder receives nothing at all.
 */
describe("CONTAINER_ENGINES: no request to an engine the configuration does not list (standalone service, real Kafka)", function () {
  this.timeout(120_000);
  let kafka: KafkaCluster;
  let recorder: ByteRecorder;
  let engine: string;
  const dataDirs: string[] = [];
  let running: Running | undefined;

  const newDataDir = async () => {
    dataDirs.push(await mkdtemp(join(tmpdir(), "kcp-container-engines-")));
    return dataDirs.at(-1) as string;
  };
  const containerCluster = (name: string, engineUrl: string) => ({
    name,
    bootstrapServers: kafka.bootstrapServers,
    provider: "container",
    settings: { portBase: 19000, container: { engine: engineUrl, project: name } },
  });

  before(async () => {
    kafka = await getSharedCluster("single");
    recorder = await ByteRecorder.start("127.0.0.2");
    engine = `http://${recorder.address}`;
  });
  afterEach(async () => {
    await stop(running);
    running = undefined;
  });
  after(async () => {
    await recorder?.close();
    for (const dir of dataDirs) await rm(dir, { recursive: true, force: true });
  });

  it("refuses registering, testing or changing a cluster naming an engine not listed (422), sending it nothing", async () => {
    running = await start(await newDataDir(), LISTED_ENGINE);
    const { api, token } = running;
    for (const path of ["/api/v1/clusters", "/api/v1/clusters/test"]) {
      const refused = await api<Reply>("POST", path, { token, body: containerCluster("elsewhere", engine) });
      expect(refused.status, `${path}: ${refused.text}`).to.equal(422);
      expect(refused.body.error).to.deep.equal({
        code: "invalid_request",
        message: `Container engine ${engine} is not allowed here (CONTAINER_ENGINES lists the engines container clusters may name)`,
      });
    }
    const created = await api<Reply>("POST", "/api/v1/clusters", {
      token,
      body: containerCluster("listed", LISTED_ENGINE),
    });
    expect(created.status, created.text).to.equal(201);
    const id = (created.body.cluster as { id: string }).id;
    const moved = await api<Reply>("PATCH", `/api/v1/clusters/${id}`, {
      token,
      body: { settings: { portBase: 19000, container: { engine, project: "listed" } } },
    });
    expect(moved.status, moved.text).to.equal(422);
    const stored = await running.service.store.clusters.findById(id);
    expect(stored?.settings.container).to.include({ engine: LISTED_ENGINE });
    expect(recorder.connections, "nothing reached the engine not listed").to.equal(0);
  });

  it("neither collects from nor acts through an engine written into the stored record behind the API", async () => {
    running = await start(await newDataDir(), LISTED_ENGINE);
    const { api, token, service } = running;
    const created = await api<Reply>("POST", "/api/v1/clusters", {
      token,
      body: containerCluster("moved", LISTED_ENGINE),
    });
    expect(created.status, created.text).to.equal(201);
    const id = (created.body.cluster as { id: string }).id;
    const record = await service.store.clusters.findById(id);
    await service.store.clusters.update(id, {
      settings: { ...record?.settings, container: { engine, project: "moved" } },
    });

    // Collected: Kafka is read as usual; the engine is not asked, and the notes say why.
    const refreshed = await api<Reply>("POST", `/api/v1/clusters/${id}/refresh`, { token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    expect((refreshed.body.health as { status: string }).status).not.to.equal("unreachable");
    expect(lifecycleNote(refreshed.body)).to.equal(notListed(engine));

    // Node operations are refused when planning, with that reason.
    for (const request of [
      { type: "restartNodes", params: {} },
      { type: "upgradeVersion", params: { version: "4.4.0" } },
    ]) {
      const planned = await api<Reply>("POST", `/api/v1/clusters/${id}/operations`, { token, body: request });
      expect(planned.status, `${request.type}: ${planned.text}`).to.equal(422);
      expect(planned.body.error.code).to.equal("capability_unavailable");
      expect(planned.body.error.message).to.contain(`container engine ${engine} is not listed in CONTAINER_ENGINES`);
    }

    // A confirmed restart written to the store (as if planned before the change): the worker adopts it, and its node
    // step fails with the reason instead of calling the engine.
    const step = (index: number, name: string, kind: string): Step => ({
      index,
      name,
      kind,
      args: { nodeId: 1 },
      alwaysRun: false,
      status: "pending",
      startedAt: null,
      finishedAt: null,
    });
    const steps = [step(0, "Stop node 1", "stopNode"), step(1, "Start node 1", "startNode")];
    const document: OperationDocument = {
      summary: "Rolling restart of 1 node",
      params: {},
      plan: { summary: "Rolling restart of 1 node", warnings: [], irreversible: false },
      details: {},
      irreversible: false,
      currentStep: 0,
      requestedAction: null,
      error: null,
      createdBy: ADMIN.username,
      confirmedBy: ADMIN.username,
      startedAt: null,
      finishedAt: null,
      steps,
    };
    const operation = await service.store.operations.create({
      id: randomUUID(),
      clusterId: id,
      type: "restartNodes",
      expiresAt: new Date(Date.now() + 15 * 60_000),
      document: stored(document),
    });
    await service.store.operations.transition(operation.id, { from: ["planned"] }, { status: "pending" });
    const failed = await waitFor(
      "the adopted operation to end",
      async () => {
        const seen = await api<Operation>("GET", `/api/v1/operations/${operation.id}`, { token });
        return ["failed", "succeeded", "cancelled"].includes(seen.body.status) ? seen.body : undefined;
      },
      { timeoutMs: 30_000 },
    );
    expect(failed.status).to.equal("failed");
    expect(failed.steps[0]?.status).to.equal("failed");
    expect(failed.error).to.equal(
      `Step 1 (Stop node 1) failed: container engine ${engine} is not listed in CONTAINER_ENGINES: nothing is sent to it`,
    );
    expect(recorder.connections, "nothing reached the engine written behind the API").to.equal(0);
  });

  it("stops driving an engine dropped from CONTAINER_ENGINES after registration", async () => {
    const dataDir = await newDataDir();
    // Listed: the collector asks it at registration (the recorder sees the request, and closes the connection).
    running = await start(dataDir, `${LISTED_ENGINE},${engine}`);
    const created = await running.api<Reply>("POST", "/api/v1/clusters", {
      token: running.token,
      body: containerCluster("dropped", engine),
    });
    expect(created.status, created.text).to.equal(201);
    const id = (created.body.cluster as { id: string }).id;
    await waitFor("the collector's request at the engine", async () =>
      recorder.received("GET /v1.41/version") ? true : undefined,
    );
    await stop(running);

    // The same store, the engine no longer listed: nothing more reaches it.
    running = await start(dataDir, LISTED_ENGINE);
    const seen = recorder.connections;
    const refreshed = await running.api<Reply>("POST", `/api/v1/clusters/${id}/refresh`, { token: running.token });
    expect(refreshed.status, refreshed.text).to.equal(200);
    expect(lifecycleNote(refreshed.body)).to.equal(notListed(engine));
    const planned = await running.api<Reply>("POST", `/api/v1/clusters/${id}/operations`, {
      token: running.token,
      body: { type: "restartNodes", params: {} },
    });
    expect(planned.status, planned.text).to.equal(422);
    expect(planned.body.error.message).to.contain("is not listed in CONTAINER_ENGINES");
    expect(recorder.connections, "nothing more reached the dropped engine").to.equal(seen);
  });
});
