import { randomUUID } from "node:crypto";
import { expect } from "chai";
import type { AuditRecord, NewOperation, Store } from "../src/index.js";
import type { StoreFixture } from "./store-contract.js";

const entry = (overrides: Partial<Omit<AuditRecord, "id">> = {}): Omit<AuditRecord, "id"> => ({
  at: new Date(),
  actor: "alice",
  action: "topic.create",
  result: "success",
  detail: {},
  ...overrides,
});

const operation = (clusterId: string): NewOperation => ({
  id: randomUUID(),
  clusterId,
  type: "electLeaders",
  expiresAt: new Date(Date.now() + 15 * 60_000),
  document: { steps: [] },
});

/** API tokens, audit filters, paging and retention, operation pages, on every adapter. */
export function describeTokensAuditContract(label: string, fixture: () => StoreFixture): void {
  describe(`store contract (tokens, audit history, operation pages): ${label}`, function () {
    this.timeout(120_000);
    let store: Store;

    beforeEach(async () => {
      store = await fixture().open();
    });
    afterEach(() => store.stop());

    describe("API tokens", () => {
      it("finds an active token by its hash only, lists without revoked ones, revokes one and all of an owner", async () => {
        const expiresAt = new Date(Date.now() + 3_600_000);
        const a = await store.apiTokens.create({
          name: "ci",
          ownerId: "u1",
          role: "operator",
          tokenHash: "h1",
          expiresAt,
        });
        const b = await store.apiTokens.create({
          name: "backup",
          ownerId: "u1",
          role: "viewer",
          tokenHash: "h2",
          expiresAt,
        });
        const c = await store.apiTokens.create({
          name: "other",
          ownerId: "u2",
          role: "admin",
          tokenHash: "h3",
          expiresAt,
        });
        expect(await store.apiTokens.findActiveByHash("h1", new Date())).to.deep.include({
          id: a.id,
          name: "ci",
          ownerId: "u1",
          role: "operator",
        });
        expect(await store.apiTokens.findActiveByHash("nope", new Date())).to.equal(undefined);
        expect(await store.apiTokens.findActiveByHash("h1", new Date(expiresAt.getTime() + 1))).to.equal(undefined);
        expect((await store.apiTokens.list({ ownerId: "u1" })).map((t) => t.name).sort()).to.deep.equal([
          "backup",
          "ci",
        ]);
        expect(await store.apiTokens.list({})).to.have.lengthOf(3);

        const used = new Date();
        await store.apiTokens.touch(a.id, used);
        expect((await store.apiTokens.findById(a.id))?.lastUsedAt?.getTime()).to.equal(used.getTime());

        expect(await store.apiTokens.revoke(b.id, new Date())).to.equal(true);
        expect(await store.apiTokens.revoke(b.id, new Date())).to.equal(false);
        expect(await store.apiTokens.findActiveByHash("h2", new Date())).to.equal(undefined);
        expect((await store.apiTokens.findById(b.id))?.revokedAt).to.be.instanceOf(Date);
        expect((await store.apiTokens.list({ ownerId: "u1" })).map((t) => t.name)).to.deep.equal(["ci"]);

        expect(await store.apiTokens.revokeAllOfOwner("u1", new Date())).to.equal(1);
        expect(await store.apiTokens.findActiveByHash("h1", new Date())).to.equal(undefined);
        expect(await store.apiTokens.list({ ownerId: "u1" })).to.deep.equal([]);
        expect((await store.apiTokens.findActiveByHash("h3", new Date()))?.id).to.equal(c.id);
      });
    });

    describe("audit history", () => {
      it("filters by actor, action, result, cluster and time range, newest first", async () => {
        const t0 = Date.now() - 10_000;
        const at = (s: number) => new Date(t0 + s * 1000);
        await store.audit.append(entry({ at: at(0), actor: "alice", action: "topic.create", clusterId: "c1" }));
        await store.audit.append(entry({ at: at(1), actor: "bob", action: "topic.create", clusterId: "c2" }));
        await store.audit.append(entry({ at: at(2), actor: "alice", action: "auth.login", result: "denied" }));
        await store.audit.append(
          entry({ at: at(3), actor: "alice", action: "topic.create", result: "failure", clusterId: "c1" }),
        );
        const targets = async (query: Parameters<Store["audit"]["list"]>[0]) =>
          (await store.audit.list(query)).map((e) => `${e.actor}@${(e.at.getTime() - t0) / 1000}`);
        expect(await targets({ limit: 10, actor: "alice" })).to.deep.equal(["alice@3", "alice@2", "alice@0"]);
        expect(await targets({ limit: 10, action: "topic.create" })).to.deep.equal(["alice@3", "bob@1", "alice@0"]);
        expect(await targets({ limit: 10, result: "denied" })).to.deep.equal(["alice@2"]);
        expect(await targets({ limit: 10, clusterId: "c1", result: "success" })).to.deep.equal(["alice@0"]);
        expect(await targets({ limit: 10, from: at(1), to: at(3) })).to.deep.equal(["alice@2", "bob@1"]);
        expect(await targets({ limit: 10, actor: "alice", from: at(2) })).to.deep.equal(["alice@3", "alice@2"]);
      });

      it("pages by id through every entry, unshifted by entries appended meanwhile", async () => {
        for (let i = 0; i < 25; i++) await store.audit.append(entry({ target: `t${i}` }));
        const seen: string[] = [];
        let before: number | undefined;
        for (;;) {
          const page = await store.audit.list({ limit: 10, ...(before === undefined ? {} : { before }) });
          if (page.length === 0) break;
          seen.push(...page.map((e) => e.target ?? ""));
          before = page.at(-1)?.id;
          await store.audit.append(entry({ target: "later" })); // newer: never on a later page
        }
        expect(seen).to.deep.equal(Array.from({ length: 25 }, (_, i) => `t${24 - i}`));
      });

      it("retention deletes only entries older than the limit, and keeps the newest entry", async () => {
        const old = new Date(Date.now() - 40 * 86_400_000);
        await store.audit.append(entry({ at: old, target: "old1" }));
        await store.audit.append(entry({ at: old, target: "old2" }));
        const recent = await store.audit.append(entry({ target: "recent" }));
        expect(await store.audit.deleteOlderThan(new Date(Date.now() - 30 * 86_400_000))).to.equal(2);
        expect((await store.audit.list({ limit: 10 })).map((e) => e.target)).to.deep.equal(["recent"]);

        // Everything old: the newest stays, so the next id is still larger than every id given before.
        expect(await store.audit.deleteOlderThan(new Date(Date.now() + 86_400_000))).to.equal(0);
        const next = await store.audit.append(entry({ target: "next" }));
        expect(next.id).to.be.greaterThan(recent.id);
      });
    });

    describe("operation pages", () => {
      it("pages a cluster's operations newest first, filtered by status", async () => {
        const ids: string[] = [];
        for (let i = 0; i < 7; i++) ids.push((await store.operations.create(operation("p1"))).id);
        await store.operations.create(operation("p2"));
        for (const id of [ids[1], ids[3], ids[5]])
          await store.operations.transition(id as string, { from: ["planned"] }, { status: "cancelled" });

        const all: string[] = [];
        let before: number | undefined;
        do {
          const page = await store.operations.listPage("p1", { limit: 3, ...(before === undefined ? {} : { before }) });
          expect(page.operations.length).to.be.at.most(3);
          all.push(...page.operations.map((o) => o.id));
          before = page.nextBefore;
        } while (before !== undefined);
        expect(all).to.deep.equal([...ids].reverse());

        const first = await store.operations.listPage("p1", { limit: 2, statuses: ["cancelled"] });
        expect(first.operations.map((o) => o.id)).to.deep.equal([ids[5], ids[3]]);
        expect(first.nextBefore).to.be.a("number");
        const second = await store.operations.listPage("p1", {
          limit: 2,
          statuses: ["cancelled"],
          before: first.nextBefore as number,
        });
        expect(second.operations.map((o) => o.id)).to.deep.equal([ids[1]]);
        expect(second.nextBefore).to.equal(undefined);
        const planned = await store.operations.listPage("p1", { limit: 10, statuses: ["planned", "pending"] });
        expect(planned.operations.map((o) => o.status)).to.deep.equal(["planned", "planned", "planned", "planned"]);
      });
    });
  });
}
