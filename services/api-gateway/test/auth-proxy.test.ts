import { apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { type AuthFixture, startAuthFixture } from "./auth-fixture.js";
import { TEST_ADMIN } from "./helpers.js";

describe("login throttling behind a trusted proxy (TRUST_PROXY=loopback)", function () {
  this.timeout(60_000);
  let fixture: AuthFixture;

  before(async () => {
    fixture = await startAuthFixture("embedded", 1, "loopback");
  });
  after(() => fixture?.stop());

  it("keys on the client address from X-Forwarded-For: one address locked, another not", async () => {
    const api = apiClient(fixture.gateways[0]?.url ?? "");
    const from = (address: string, password: string) =>
      api("POST", "/api/v1/auth/login", {
        headers: { "x-forwarded-for": address },
        body: { username: TEST_ADMIN.username, password },
      });
    for (let i = 0; i < 5; i++) expect((await from("203.0.113.7", "not-the-password")).status).to.equal(401);
    expect((await from("203.0.113.7", TEST_ADMIN.password)).status).to.equal(429);
    expect((await from("198.51.100.9", TEST_ADMIN.password)).status).to.equal(200);
    const attempts = await fixture.store.loginAttempts.since(`${TEST_ADMIN.username}|203.0.113.7`, new Date(0));
    expect(attempts).to.have.lengthOf(5);
  });
});
