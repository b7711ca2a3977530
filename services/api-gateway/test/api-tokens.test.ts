import { readFileSync } from "node:fs";
import { hashToken } from "@kcp/shared";
import { type Api, apiClient } from "@kcp/test-infra";
import { expect } from "chai";
import { startTestGateway, TEST_ADMIN, type TestGateway } from "./helpers.js";

type Created = {
  token: { id: string; name: string; role: string; expiresAt: string; createdAt: string };
  secret: string;
};
type Listed = { tokens: Record<string, unknown>[] };

/** API tokens for automation, through the gateway over the embedded store. */
describe("API tokens", function () {
  this.timeout(60_000);
  let gateway: TestGateway;
  let api: Api;
  let admin: string;

  const login = async (username: string, password: string) =>
    (await api<{ token: string }>("POST", "/api/v1/auth/login", { body: { username, password } })).body.token;

  const createUser = async (username: string, role: string) => {
    const res = await api<{ user: { id: string } }>("POST", "/api/v1/users", {
      token: admin,
      body: { username, password: `${username}-password-long`, role },
    });
    expect(res.status).to.equal(201);
    return { id: res.body.user.id, session: await login(username, `${username}-password-long`) };
  };

  const createToken = (session: string, body: Record<string, unknown>) =>
    api<Created & { error: { code: string; message: string } }>("POST", "/api/v1/tokens", { token: session, body });

  before(async () => {
    gateway = await startTestGateway();
    api = apiClient(gateway.gateway.url);
    admin = await login(TEST_ADMIN.username, TEST_ADMIN.password);
  });
  after(() => gateway?.stop());

  it("shows the secret once (kcp_, 256 bits), stores only its SHA-256, and works as Bearer on the API", async () => {
    const created = await createToken(admin, { name: "ci-deploy", role: "operator", expiresInDays: 30 });
    expect(created.status).to.equal(201);
    const { secret, token } = created.body;
    expect(secret).to.match(/^kcp_[A-Za-z0-9_-]{43}$/);
    expect(token).to.include({ name: "ci-deploy", role: "operator" });
    const days = (Date.parse(token.expiresAt) - Date.parse(token.createdAt)) / 86_400_000;
    expect(days).to.equal(30);

    const stored = await gateway.store.apiTokens.findById(token.id);
    expect(stored?.tokenHash).to.equal(hashToken(secret));
    expect(readFileSync(gateway.store.path).includes(secret), "secret in the database file").to.equal(false);

    const me = await api<{ user: { username: string; role: string } }>("GET", "/api/v1/auth/me", { token: secret });
    expect(me.status).to.equal(200);
    expect(me.body.user).to.include({ username: "admin", role: "operator" }); // the token's role, not the owner's
    // A write with the token (the CSRF header too: every non-GET request carries it, whatever the credential).
    const refused = await api("POST", "/api/v1/auth/logout", { token: secret, csrf: false });
    expect(refused.status).to.equal(403);
    // Operator: a user-admin route is refused.
    expect((await api("GET", "/api/v1/users", { token: secret })).status).to.equal(403);

    const listed = await api<Listed>("GET", "/api/v1/tokens", { token: admin });
    expect(listed.status).to.equal(200);
    expect(listed.text).not.to.include(secret);
    expect(listed.text).not.to.include(hashToken(secret));
    const mine = listed.body.tokens.find((t) => t.id === token.id);
    expect(mine).to.include({ name: "ci-deploy", role: "operator", expiresAt: token.expiresAt });
    expect(mine?.owner).to.include({ username: "admin" });
    expect(mine?.lastUsedAt, "last use recorded").to.be.a("string");
  });

  it("caps the role at the creator's, defaults the expiry to 90 days, refuses more than 365", async () => {
    const operator = await createUser("ops-user", "operator");
    const above = await createToken(operator.session, { name: "too-high", role: "admin" });
    expect(above.status).to.equal(403);
    expect(above.body.error.code).to.equal("forbidden");

    const own = await createToken(operator.session, { name: "own" });
    expect(own.status).to.equal(201);
    expect(own.body.token.role).to.equal("operator");
    const days = (Date.parse(own.body.token.expiresAt) - Date.parse(own.body.token.createdAt)) / 86_400_000;
    expect(days).to.equal(90);

    const tooLong = await createToken(operator.session, { name: "forever", expiresInDays: 366 });
    expect(tooLong.status).to.equal(400);
    expect(tooLong.body.error.code).to.equal("validation_failed");

    // Only an admin creates for another user, and never above that user's role.
    const forOther = await createToken(operator.session, { name: "x", username: "admin" });
    expect(forOther.status).to.equal(403);
    const aboveOwner = await createToken(admin, { name: "x", username: "ops-user", role: "admin" });
    expect(aboveOwner.status).to.equal(422);
    const forOps = await createToken(admin, { name: "for-ops", username: "ops-user", role: "viewer" });
    expect(forOps.status).to.equal(201);

    // A non-admin lists only their own tokens, never the admin's.
    const listed = await api<Listed>("GET", "/api/v1/tokens", { token: operator.session });
    expect(listed.body.tokens.map((t) => t.name).sort()).to.deep.equal(["for-ops", "own"]);

    // A viewer token of the operator cannot write.
    const viewer = forOps.body.secret;
    const write = await api("POST", "/api/v1/clusters", {
      token: viewer,
      body: { name: "c", bootstrapServers: ["127.0.0.1:1"], skipTest: true },
    });
    expect(write.status).to.equal(403);
    // A token making a token for its owner: the default role is the token's (viewer), not the owner's (operator).
    const child = await createToken(viewer, { name: "child" });
    expect(child.status).to.equal(201);
    expect(child.body.token.role).to.equal("viewer");
    expect((await createToken(viewer, { name: "child2", role: "operator" })).status).to.equal(403);
  });

  it("answers 401 for a revoked, an expired or an unknown token; a non-admin cannot revoke another's", async () => {
    const created = await createToken(admin, { name: "to-revoke" });
    const { secret, token } = created.body;
    expect((await api("GET", "/api/v1/auth/me", { token: secret })).status).to.equal(200);

    const viewer = await createUser("viewer-user", "viewer");
    const notYours = await api("DELETE", `/api/v1/tokens/${token.id}`, { token: viewer.session });
    expect(notYours.status).to.equal(404);

    const revoked = await api("DELETE", `/api/v1/tokens/${token.id}`, { token: admin });
    expect(revoked.status).to.equal(200);
    const after = await api<{ error: { code: string } }>("GET", "/api/v1/auth/me", { token: secret });
    expect(after.status).to.equal(401);
    expect(after.body.error.code).to.equal("unauthenticated");
    expect((await api("DELETE", `/api/v1/tokens/${token.id}`, { token: admin })).status).to.equal(404);

    const expiredSecret = "kcp_expired-token-for-the-test-0000000000000000";
    const owner = await gateway.store.users.findByUsername("admin");
    await gateway.store.apiTokens.create({
      name: "old",
      ownerId: owner?.id as string,
      role: "viewer",
      tokenHash: hashToken(expiredSecret),
      createdAt: new Date(Date.now() - 2 * 86_400_000),
      expiresAt: new Date(Date.now() - 1000),
    });
    expect((await api("GET", "/api/v1/auth/me", { token: expiredSecret })).status).to.equal(401);
    expect((await api("GET", "/api/v1/auth/me", { token: "kcp_unknown" })).status).to.equal(401);
  });

  it("revokes every token of a user who is disabled, for good (enabling again does not bring them back)", async () => {
    const user = await createUser("automation", "operator");
    const a = await createToken(user.session, { name: "a" });
    const b = await createToken(admin, { name: "b", username: "automation" });
    expect((await api("GET", "/api/v1/auth/me", { token: a.body.secret })).status).to.equal(200);

    expect(
      (await api("PATCH", `/api/v1/users/${user.id}`, { token: admin, body: { disabled: true } })).status,
    ).to.equal(200);
    expect((await api("GET", "/api/v1/auth/me", { token: a.body.secret })).status).to.equal(401);
    expect((await api("GET", "/api/v1/auth/me", { token: b.body.secret })).status).to.equal(401);

    expect(
      (await api("PATCH", `/api/v1/users/${user.id}`, { token: admin, body: { disabled: false } })).status,
    ).to.equal(200);
    expect((await api("GET", "/api/v1/auth/me", { token: a.body.secret })).status).to.equal(401);
    const listed = await api<Listed>("GET", "/api/v1/tokens?username=automation", { token: admin });
    expect(listed.body.tokens).to.deep.equal([]);
  });

  it("audits every create and revoke, with the owner and name as target and never the secret", async () => {
    const created = await createToken(admin, { name: "audited" });
    await api("DELETE", `/api/v1/tokens/${created.body.token.id}`, { token: admin });
    const denied = await createToken(admin, { name: "bad name!" });
    expect(denied.status).to.equal(400);

    const entries = await gateway.store.audit.list({ limit: 1000 });
    const ofToken = entries.filter((e) => e.action.startsWith("token."));
    const text = JSON.stringify(entries);
    for (const secret of [created.body.secret]) expect(text).not.to.include(secret);
    expect(text).not.to.include(hashToken(created.body.secret));
    const audited = ofToken.filter((e) => e.target === "admin/audited").map((e) => `${e.action}:${e.result}`);
    expect(audited).to.deep.equal(["token.revoke:success", "token.create:success"]);
    expect(ofToken.some((e) => e.action === "token.create" && e.result === "failure")).to.equal(true);
    // A request made with a token is audited under its owner.
    const viaToken = await createToken(admin, { name: "actor" });
    await api("POST", "/api/v1/auth/logout", { token: viaToken.body.secret });
    const [latest] = await gateway.store.audit.list({ limit: 1, action: "auth.logout" });
    expect(latest?.actor).to.equal("admin");
    expect(JSON.stringify(await gateway.store.audit.list({ limit: 1000 }))).not.to.include(viaToken.body.secret);
  });
});
