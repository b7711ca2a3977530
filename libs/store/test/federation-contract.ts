import { expect } from "chai";
import type { SsoLoginRecord, Store } from "../src/index.js";
import type { StoreFixture } from "./store-contract.js";

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  return undefined;
}

const login = (state: string, overrides: Partial<SsoLoginRecord> = {}): SsoLoginRecord => ({
  state,
  nonce: `nonce-${state}`,
  codeVerifier: `verifier-${state}`,
  provider: "corp",
  returnTo: "/clusters",
  createdAt: new Date(),
  expiresAt: new Date(Date.now() + 600_000),
  ...overrides,
});

/** Users of identity providers, sign-ins in flight and sessions' federation: the same on every adapter. */
export function describeFederationContract(label: string, fixture: () => StoreFixture): void {
  describe(`store contract, identity providers: ${label}`, function () {
    this.timeout(60_000);
    let f: StoreFixture;
    let store: Store;

    beforeEach(async () => {
      f = fixture();
      store = await f.open();
    });
    afterEach(() => store.stop());

    it("creates a provider's user on first sign-in and replaces its groups on the next, keeping disabled", async () => {
      const first = await store.users.upsertFederated({
        source: "corp",
        username: "corp:alice",
        groups: ["corp:payments", "corp:dev"],
      });
      expect(first).to.include({ username: "corp:alice", source: "corp", role: "viewer", disabled: false });
      expect(first.groups).to.deep.equal(["corp:payments", "corp:dev"]);
      expect(first.passwordHash).to.equal("");
      await store.users.update(first.id, { disabled: true });
      const second = await store.users.upsertFederated({ source: "corp", username: "corp:alice", groups: [] });
      expect(second).to.include({ id: first.id, disabled: true });
      expect(second.groups).to.deep.equal([]);
      await store.stop();
      store = await f.reopen();
      expect(await store.users.findByUsername("corp:alice")).to.deep.include({ source: "corp", groups: [] });
    });

    it("keeps a local user without source or groups", async () => {
      const local = await store.users.create({ username: "bob", role: "admin", disabled: false, passwordHash: "h" });
      expect(local).to.not.have.property("source");
      expect(local).to.not.have.property("groups");
      expect(await store.users.findByUsername("bob")).to.not.have.property("source");
    });

    it("refuses a provider's user whose name a local user or another provider holds", async () => {
      await store.users.create({ username: "corp:eve", role: "admin", disabled: false, passwordHash: "h" });
      const refused = await errorOf(() =>
        store.users.upsertFederated({ source: "corp", username: "corp:eve", groups: ["corp:admins"] }),
      );
      expect(refused).to.have.property("code", "conflict");
      await store.users.upsertFederated({ source: "ldap", username: "x:carol", groups: [] });
      expect(
        await errorOf(() => store.users.upsertFederated({ source: "corp", username: "x:carol", groups: [] })),
      ).to.have.property("code", "conflict");
      expect(await store.users.findByUsername("corp:eve")).to.include({ role: "admin" });
    });

    it("creates one user of 10 concurrent first sign-ins, with 1,000 groups", async () => {
      const groups = Array.from({ length: 1000 }, (_, i) => `corp:group-${i}`);
      const users = await Promise.all(
        Array.from({ length: 10 }, () => store.users.upsertFederated({ source: "corp", username: "corp:dan", groups })),
      );
      expect(new Set(users.map((user) => user.id)).size).to.equal(1);
      expect((await store.users.findByUsername("corp:dan"))?.groups).to.have.lengthOf(1000);
      expect(await store.users.count()).to.equal(1);
    });

    it("gives a sign-in in flight once: a replayed state is unknown", async () => {
      expect(await store.ssoLogins.create(login("s1"), 100)).to.equal(true);
      const taken = await store.ssoLogins.consume("s1", new Date());
      expect(taken).to.deep.include({
        state: "s1",
        nonce: "nonce-s1",
        codeVerifier: "verifier-s1",
        returnTo: "/clusters",
      });
      expect(taken?.expiresAt).to.be.instanceOf(Date);
      expect(await store.ssoLogins.consume("s1", new Date())).to.equal(undefined);
      expect(await store.ssoLogins.consume("never-made", new Date())).to.equal(undefined);
    });

    it("keeps a command line's sign-in and its one-time code with their fields, each given once", async () => {
      const cli = { port: 48123, challenge: "c".repeat(43) };
      await store.ssoLogins.create(login("s-cli", { cli }), 100);
      expect((await store.ssoLogins.consume("s-cli", new Date()))?.cli).to.deep.equal(cli);
      const grant = { userId: "u1", tokens: { keyId: "k1", blob: "sealed" } };
      const createdAt = new Date(Date.now() - 1000);
      await store.ssoLogins.create(login("cli-code:abc", { cli, grant, createdAt }), 100);
      const code = await store.ssoLogins.consume("cli-code:abc", new Date());
      expect(code).to.deep.include({ cli, grant });
      expect(code?.createdAt.getTime()).to.equal(createdAt.getTime());
      expect(await store.ssoLogins.consume("cli-code:abc", new Date())).to.equal(undefined);
    });

    it("gives a sign-in to one of 10 concurrent consumers", async () => {
      await store.ssoLogins.create(login("s2"), 100);
      const results = await Promise.all(Array.from({ length: 10 }, () => store.ssoLogins.consume("s2", new Date())));
      expect(results.filter((result) => result !== undefined)).to.have.lengthOf(1);
    });

    it("never gives an expired sign-in, and keeps at most the number in flight it is given", async () => {
      await store.ssoLogins.create(login("old", { expiresAt: new Date(Date.now() + 50) }), 100);
      expect(await store.ssoLogins.consume("old", new Date(Date.now() + 60_000))).to.equal(undefined);
      expect(await store.ssoLogins.create(login("a"), 2)).to.equal(true);
      expect(await store.ssoLogins.create(login("b"), 2)).to.equal(true);
      expect(await store.ssoLogins.create(login("c"), 2)).to.equal(false);
      expect(await store.ssoLogins.consume("c", new Date())).to.equal(undefined);
    });

    it("keeps a session's federation and replaces it after a refresh", async () => {
      const now = new Date();
      const later = new Date(now.getTime() + 3_600_000);
      const sealed = { keyId: "k1", blob: "sealed" };
      await store.sessions.create({
        tokenHash: "f1",
        userId: "u1",
        createdAt: now,
        expiresAt: later,
        federation: { provider: "corp", tokens: sealed, checkedAt: now },
      });
      await store.sessions.create({ tokenHash: "p1", userId: "u2", createdAt: now, expiresAt: later });
      expect((await store.sessions.findActive("f1", now))?.federation).to.deep.equal({
        provider: "corp",
        tokens: sealed,
        checkedAt: now,
      });
      expect(await store.sessions.findActive("p1", now)).to.not.have.property("federation");
      await store.sessions.updateFederation("f1", { provider: "corp", checkedAt: later });
      expect((await store.sessions.findActive("f1", now))?.federation).to.deep.equal({
        provider: "corp",
        checkedAt: later,
      });
    });
  });
}
