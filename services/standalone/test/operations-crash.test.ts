import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Operation } from "@kcp/shared";
import { type Api, apiClient, getSharedCluster, type KafkaCluster, waitFor } from "@kcp/test-infra";
import { expect } from "chai";
import { cordonedBrokers } from "./operations-fixture.js";
import { type StandaloneProcess, startStandaloneProcess } from "./process.js";

type Reply = Operation & { error: { code: string; message: string } };

const BROKERS = [4, 5, 6];
const admin = { username: "admin", password: "crash-test-admin-password" };

describe("crash safety: a worker killed with SIGKILL mid-step; the next process resumes the operation", function () {
  this.timeout(300_000);
  let cluster: KafkaCluster;
  let dataDir: string;
  let running: StandaloneProcess | undefined;

  /** The standalone process on the same data folder; each step waits 2 s (a drill setting) so it can be killed mid-step. */
  async function start(): Promise<{ api: Api; token: string }> {
    running = await startStandaloneProcess({
      DATA_DIR: dataDir,
      ADMIN_USERNAME: admin.username,
      ADMIN_PASSWORD: admin.password,
      OPERATIONS_STEP_DELAY_MS: "2000",
      OPERATIONS_LEASE_MS: "3000",
    });
    const api = apiClient(running.url);
    const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: admin })).body.token;
    return { api, token };
  }

  const read = (api: Api, token: string, id: string) => api<Reply>("GET", `/api/v1/operations/${id}`, { token });

  before(async () => {
    cluster = await getSharedCluster("3c3b");
    dataDir = await mkdtemp(join(tmpdir(), "kcp-crash-"));
  });

  after(async () => {
    running?.child.kill("SIGKILL");
    await running?.exitCode;
    await rm(dataDir, { recursive: true, force: true });
  });

  it("cordons three brokers although the process died during the second step, and kept one operation active meanwhile", async () => {
    expect(await cordonedBrokers(cluster, BROKERS)).to.deep.equal([]);
    const first = await start();
    const registered = await first.api<{ cluster: { id: string } }>("POST", "/api/v1/clusters", {
      token: first.token,
      body: { name: "crash-3c3b", bootstrapServers: cluster.bootstrapServers },
    });
    expect(registered.status, registered.text).to.equal(201);
    const clusterId = registered.body.cluster.id;
    const planned = await first.api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token: first.token,
      body: { type: "cordonBrokers", params: { brokers: BROKERS } },
    });
    expect(planned.status, planned.text).to.equal(201);
    expect(planned.body.steps.map((s) => s.kind)).to.deep.equal([
      "setBrokerConfig",
      "setBrokerConfig",
      "setBrokerConfig",
    ]);
    const id = planned.body.id;
    expect(
      (await first.api("POST", `/api/v1/operations/${id}/confirm`, { token: first.token, body: {} })).status,
    ).to.equal(200);

    // One active operation per cluster: another confirmed plan waits its turn (409), unchanged.
    const observer = cluster.describe().nodes.find((n) => n.observer);
    const [host, port] = (observer?.endpoints.CONTROLLER ?? "").split(":");
    const other = await first.api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token: first.token,
      body: {
        type: "addControllers",
        params: {
          controllers: [{ nodeId: observer?.id, endpoints: [{ name: "CONTROLLER", host, port: Number(port) }] }],
        },
      },
    });
    expect(other.status, other.text).to.equal(201);
    const refused = await first.api<Reply>("POST", `/api/v1/operations/${other.body.id}/confirm`, {
      token: first.token,
      body: {},
    });
    expect(refused.status, refused.text).to.equal(409);
    expect(refused.body.error.message).to.match(/is (pending|running) on this cluster/);

    const removal = await first.api<Reply>("DELETE", `/api/v1/clusters/${clusterId}`, { token: first.token });
    expect(removal.status, removal.text).to.equal(409);
    expect(removal.body.error.message).to.match(/cancel it first/);

    const midStep = await waitFor("the second step running", async () => {
      const now = (await read(first.api, first.token, id)).body;
      return now.steps[1]?.status === "running" ? now : undefined;
    });
    running?.child.kill("SIGKILL");
    expect(await running?.exitCode).to.equal(null);
    expect(midStep.steps.map((s) => s.status)).to.deep.equal(["succeeded", "running", "pending"]);

    const second = await start();
    const done = await waitFor(
      "the operation to finish in the new process",
      async () => {
        const now = (await read(second.api, second.token, id)).body;
        return ["succeeded", "failed", "cancelled"].includes(now.status) ? now : undefined;
      },
      { timeoutMs: 60_000 },
    );
    expect(done.status, JSON.stringify(done.steps)).to.equal("succeeded");
    expect(done.steps.map((s) => s.status)).to.deep.equal(["succeeded", "succeeded", "succeeded"]);
    // The step that was running when the process died was run again, from where it was: same start time.
    expect(done.steps[1]?.startedAt).to.equal(midStep.steps[1]?.startedAt);
    expect(await cordonedBrokers(cluster, BROKERS)).to.deep.equal(BROKERS);
    expect((await read(second.api, second.token, other.body.id)).body.status).to.equal("planned");

    // Restore the shared cluster.
    const uncordon = await second.api<Reply>("POST", `/api/v1/clusters/${clusterId}/operations`, {
      token: second.token,
      body: { type: "uncordonBrokers", params: { brokers: BROKERS } },
    });
    expect(uncordon.status, uncordon.text).to.equal(201);
    await second.api("POST", `/api/v1/operations/${uncordon.body.id}/confirm`, { token: second.token, body: {} });
    await waitFor("uncordoned", async () =>
      (await read(second.api, second.token, uncordon.body.id)).body.status === "succeeded" ? true : undefined,
    );
    expect(await cordonedBrokers(cluster, BROKERS)).to.deep.equal([]);
  });
});
