import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

/** LOCAL_LOGIN=admins: local passwords for the break-glass admins only, once people sign in through a provider. */
describe("local login switched off for non-admins (LOCAL_LOGIN=admins)", function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let api: Api;

  const login = (username: string, password: string) =>
    api<{ token: string; error: { code: string; message: string } }>("POST", "/api/v1/auth/login", {
      body: { username, password },
    });

  before(async () => {
    gateway = await startTestGateway(undefined, { LOCAL_LOGIN: "admins" });
    api = apiClient(gateway.gateway.url);
  });
  after(() => gateway?.stop());

  it("lets the admin in, and answers a local operator's right password as a wrong one", async () => {
    const admin = await login(TEST_ADMIN.username, TEST_ADMIN.password);
    expect(admin.status, admin.text).to.equal(200);
    const created = await api("POST", "/api/v1/users", {
      token: admin.body.token,
      body: { username: "olga", password: "olga-password-long", role: "operator" },
    });
    expect(created.status, created.text).to.equal(201);
    const right = await login("olga", "olga-password-long");
    const wrong = await login("olga", "not-her-password");
    expect(right.status).to.equal(401);
    expect(right.body.error).to.deep.equal(wrong.body.error);
  });
});
