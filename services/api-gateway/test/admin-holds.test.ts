import { randomUUID } from "node:crypto";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

type Envelope = { error: { code: string; message: string } };

/** What an admin set up — a policy's label scope, an autopilot pause — an operator cannot undo by another route. */
describe("what an admin set up, an operator cannot undo", () => {
  let test: TestGateway;
  let api: Api;
  let admin: string;
  let operator: string;
  let clusterId: string;

  const as = <T = Envelope>(token: string, method: string, path: string, body?: unknown) =>
    api<T>(method, path, { token, ...(body === undefined ? {} : { body }) });

  before(async () => {
    test = await startTestGateway();
    api = apiClient(test.gateway.url);
    admin = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN })).body.token;
    const olga = { username: "olga", password: "operator-password-1" };
    expect((await as(admin, "POST", "/api/v1/users", { ...olga, role: "operator" })).status).to.equal(201);
    operator = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: olga })).body.token;
    const cluster = await test.store.clusters.create({
      name: `gold-${randomUUID().slice(0, 8)}`,
      profile: {
        provider: "external",
        flavor: "oss",
        bootstrapServers: ["127.0.0.1:1"],
        security: { protocol: "PLAINTEXT", saslMechanism: "" },
        secretsSet: [],
      },
      labels: { tier: "gold", team: "orders" },
      settings: {},
      brokerClusterId: "x",
    });
    clusterId = cluster.id;
    const created = await as(admin, "POST", "/api/v1/policies", {
      name: "gold-leaders",
      scope: { labels: { tier: "gold" } },
      trigger: { code: "leader_imbalance", for: "1m" },
      action: { type: "electLeaders" },
      mode: "auto",
    });
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
  });
  after(() => test?.stop());

  it("a label a policy selects clusters by is the admin's: an operator's change of it is refused (403), naming it, and changes nothing", async () => {
    // Removed (the cluster leaves the policy's scope) or changed: both are the admin's. (What the operator may change
    // is proved on a real cluster in services/standalone/test/autopilot.test.ts: an update waits for a collection.)
    for (const labels of [{ team: "orders" }, { tier: "bronze", team: "orders" }]) {
      const out = await as(operator, "PATCH", `/api/v1/clusters/${clusterId}`, { labels });
      expect(out.status, JSON.stringify(out.body)).to.equal(403);
      expect(out.body.error.message).to.include("tier").and.include("autopilot policies");
    }
    expect((await test.store.clusters.findById(clusterId))?.labels).to.deep.equal({ tier: "gold", team: "orders" });
  });

  it("an autopilot operation held by an admin's pause is resumed early only by an admin", async () => {
    const paused = async (createdBy: string) => {
      const id = randomUUID();
      await test.store.operations.create({
        id,
        clusterId,
        type: "electLeaders",
        expiresAt: new Date(Date.now() + 900_000),
        document: {
          summary: "Elect preferred leaders",
          params: { electionType: "preferred" },
          plan: { summary: "Elect preferred leaders", warnings: [], irreversible: false },
          details: {},
          irreversible: false,
          currentStep: 0,
          requestedAction: null,
          error: null,
          createdBy,
          confirmedBy: createdBy,
          startedAt: null,
          finishedAt: null,
          steps: [],
        },
      });
      const moved = await test.store.operations.transition(id, { from: ["planned"] }, { status: "paused" });
      expect(moved?.status).to.equal("paused");
      return id;
    };
    expect((await as(admin, "POST", "/api/v1/autopilot/pause", { clusterId, reason: "incident 42" })).status).to.equal(
      200,
    );
    const autopilots = await paused("autopilot:gold-leaders");
    const refused = await as(operator, "POST", `/api/v1/operations/${autopilots}/resume`);
    expect(refused.status).to.equal(403);
    expect(refused.body.error.message).to.include("incident 42");
    expect((await test.store.operations.findById(autopilots))?.document.requestedAction).to.equal(null);
    const byAdmin = await as<{ requestedAction: string }>(admin, "POST", `/api/v1/operations/${autopilots}/resume`);
    expect(byAdmin.status, JSON.stringify(byAdmin.body)).to.equal(200);
    expect(byAdmin.body.requestedAction).to.equal("resume");
  });
});
