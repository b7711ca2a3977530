import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { type AuthFixture, startAuthFixture } from "./auth-fixture.js";
import { TEST_ADMIN } from "./helpers.js";

type Envelope = { error: { code: string; message: string } };

describe("queue dashboard (bull-board at /admin/queues)", function () {
  this.timeout(60_000);

  describe("with BullMQ", () => {
    let fixture: AuthFixture;
    let url: string;
    let api: Api;
    let adminToken: string;

    before(async () => {
      fixture = await startAuthFixture("distributed");
      url = (fixture.gateways[0] as { url: string }).url;
      api = apiClient(url);
      adminToken = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN })).body.token;
    });
    after(() => fixture?.stop());

    const get = (path: string, token?: string) =>
      fetch(`${url}/admin/queues${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {});

    it("is for admins only: 401 without a session, 403 for a viewer", async () => {
      const anonymous = await get("");
      expect(anonymous.status).to.equal(401);
      expect(((await anonymous.json()) as Envelope).error.code).to.equal("unauthenticated");
      const password = "viewer-password-123";
      await api("POST", "/api/v1/users", {
        token: adminToken,
        body: { username: "vic", password, role: "viewer" },
      });
      const viewer = (
        await api<{ token: string }>("POST", "/api/v1/auth/login", { body: { username: "vic", password } })
      ).body.token;
      const refused = await get("", viewer);
      expect(refused.status).to.equal(403);
      expect(((await refused.json()) as Envelope).error.code).to.equal("forbidden");
    });

    it("shows every queue of the service to an admin", async () => {
      const page = await get("", adminToken);
      expect(page.status).to.equal(200);
      expect(page.headers.get("content-type")).to.match(/text\/html/);
      const queues = (await (await get("/api/queues", adminToken)).json()) as { queues: { name: string }[] };
      expect(queues.queues.map((q) => q.name)).to.have.members(["collect", "operations", "audit", "autopilot"]);
    });

    it("applies the CSRF rule to its actions: refused without the header or a same-origin Origin", async () => {
      const pause = (headers: Record<string, string>) =>
        fetch(`${url}/admin/queues/api/queues/audit/pause`, {
          method: "PUT",
          headers: { authorization: `Bearer ${adminToken}`, ...headers },
        });
      const refused = await pause({});
      expect(refused.status).to.equal(403);
      expect(((await refused.json()) as Envelope).error.code).to.equal("csrf_header_required");
      expect((await pause({ origin: "https://evil.example" })).status).to.equal(403);
      expect((await pause({ origin: "null" })).status).to.equal(403);
      expect((await pause({ origin: url })).status).to.be.within(200, 299);
      const resumed = await fetch(`${url}/admin/queues/api/queues/audit/resume`, {
        method: "PUT",
        headers: { authorization: `Bearer ${adminToken}`, "x-service-request": "1" },
      });
      expect(resumed.status).to.be.within(200, 299);
    });
  });

  it("answers 404 naming the setting when the queue is the in-process one", async () => {
    const fixture = await startAuthFixture("embedded");
    try {
      const url = (fixture.gateways[0] as { url: string }).url;
      const api = apiClient(url);
      const token = (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: TEST_ADMIN })).body.token;
      const response = await fetch(`${url}/admin/queues`, { headers: { authorization: `Bearer ${token}` } });
      expect(response.status).to.equal(404);
      expect(((await response.json()) as Envelope).error.message).to.match(/needs QUEUE=bullmq/);
    } finally {
      await fixture.stop();
    }
  });
});
