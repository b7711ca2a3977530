import { randomUUID } from "node:crypto";
import { AppError } from "@kcp/shared";
import { expect } from "chai";
import {
  isPartRef,
  type LoginAttempt,
  type NewCluster,
  type NewOperation,
  type OperationRecord,
  type PartRef,
  type Store,
} from "../src/index.js";
import { asPlanDocument, largePlanDocument, stepMoves, withStep } from "./large-plan.js";

export interface StoreFixture {
  /** A store on fresh, empty data. */
  open(): Promise<Store>;
  /** The same data again, as after a restart. */
  reopen(): Promise<Store>;
}

async function errorOf(work: () => Promise<unknown>): Promise<unknown> {
  try {
    await work();
  } catch (error) {
    return error;
  }
  return undefined;
}

const newOperation = (clusterId: string, overrides: Partial<NewOperation> = {}): NewOperation => ({
  id: randomUUID(),
  clusterId,
  type: "electLeaders",
  expiresAt: new Date(Date.now() + 15 * 60_000),
  document: { steps: [{ index: 0, status: "pending" }] },
  ...overrides,
});

const cluster = (name: string): NewCluster => ({
  name,
  profile: {
    provider: "external",
    flavor: "oss",
    bootstrapServers: ["k:9092"],
    security: { protocol: "PLAINTEXT", saslMechanism: "" },
    secretsSet: [],
  },
  labels: { env: "test" },
  settings: {},
  brokerClusterId: "abc",
});

/** The behaviour every store adapter must have. */
export function describeStoreContract(label: string, fixture: () => StoreFixture): void {
  describe(`store contract: ${label}`, function () {
    this.timeout(60_000);
    let f: StoreFixture;
    let store: Store;

    beforeEach(async () => {
      f = fixture();
      store = await f.open();
    });
    afterEach(() => store.stop());

    it("answers ping while open", async () => {
      await store.ping();
    });

    describe("users", () => {
      it("creates, finds, lists, updates and counts", async () => {
        const alice = await store.users.create({
          username: "alice",
          role: "viewer",
          disabled: false,
          passwordHash: "h1",
        });
        expect(alice).to.include({ username: "alice", role: "viewer", disabled: false, passwordHash: "h1" });
        expect(alice.createdAt).to.be.instanceOf(Date);
        expect(await store.users.findByUsername("alice")).to.deep.equal(alice);
        expect(await store.users.findById(alice.id)).to.deep.equal(alice);
        const updated = await store.users.update(alice.id, { role: "admin", disabled: true });
        expect(updated).to.include({ role: "admin", disabled: true, passwordHash: "h1" });
        await store.users.create({ username: "bob", role: "operator", disabled: false, passwordHash: "h2" });
        expect((await store.users.list()).map((u) => u.username)).to.deep.equal(["alice", "bob"]);
        expect(await store.users.count()).to.equal(2);
      });

      it("refuses a taken username with already_exists and an unknown id with not_found", async () => {
        await store.users.create({ username: "alice", role: "viewer", disabled: false, passwordHash: "h" });
        const taken = await errorOf(() =>
          store.users.create({ username: "alice", role: "admin", disabled: false, passwordHash: "x" }),
        );
        expect(taken).to.be.instanceOf(AppError).with.property("code", "already_exists");
        expect(await errorOf(() => store.users.update("nobody", { role: "admin" }))).to.have.property(
          "code",
          "not_found",
        );
      });
    });

    describe("the last enabled admin", () => {
      const admin = (username: string) =>
        store.users.create({ username, role: "admin", disabled: false, passwordHash: "h" });
      const guarded = { keepAnEnabledAdmin: true };

      it("refuses to demote or disable the last enabled admin when asked to keep one", async () => {
        const ada = await admin("ada");
        await store.users.create({ username: "off", role: "admin", disabled: true, passwordHash: "h" });
        for (const changes of [{ role: "viewer" as const }, { disabled: true }]) {
          const refused = await errorOf(() => store.users.update(ada.id, changes, guarded));
          expect(refused).to.be.instanceOf(AppError).with.property("code", "invalid_request");
          expect(refused).to.have.property("message", "This is the last enabled admin: keep one");
        }
        expect(await store.users.update(ada.id, { passwordHash: "h2" }, guarded)).to.include({ role: "admin" });
        const bea = await admin("bea");
        expect(await store.users.update(ada.id, { disabled: true }, guarded)).to.include({ disabled: true });
        expect(await errorOf(() => store.users.update(bea.id, { role: "operator" }, guarded))).to.have.property(
          "code",
          "invalid_request",
        );
        expect(await store.users.update(bea.id, { role: "operator" })).to.include({ role: "operator" });
      });

      it("lets exactly one of two admins disabling or demoting each other at once succeed, every time", async () => {
        for (let round = 0; round < 5; round++) {
          const a = await admin(`left-${round}`);
          const b = await admin(`right-${round}`);
          // The previous round's survivor steps down first, so a and b are the only enabled admins.
          for (const user of await store.users.list()) {
            if (user.id !== a.id && user.id !== b.id && user.role === "admin" && !user.disabled) {
              await store.users.update(user.id, { disabled: true }, guarded);
            }
          }
          const results = await Promise.allSettled([
            store.users.update(b.id, round % 2 ? { role: "viewer" } : { disabled: true }, guarded),
            store.users.update(a.id, { disabled: true }, guarded),
          ]);
          expect(
            results.filter((r) => r.status === "fulfilled"),
            `round ${round}`,
          ).to.have.lengthOf(1);
          const rejected = results.find((r) => r.status === "rejected");
          expect(rejected?.reason).to.have.property("code", "invalid_request");
          const enabledAdmins = (await store.users.list()).filter((u) => u.role === "admin" && !u.disabled);
          expect(enabledAdmins, `round ${round}`).to.have.lengthOf(1);
        }
      });
    });

    describe("sessions and login attempts", () => {
      it("finds only sessions that are neither expired nor revoked", async () => {
        const now = new Date();
        const later = new Date(now.getTime() + 3_600_000);
        await store.sessions.create({ tokenHash: "t1", userId: "u1", createdAt: now, expiresAt: later });
        await store.sessions.create({ tokenHash: "t2", userId: "u1", createdAt: now, expiresAt: later });
        await store.sessions.create({
          tokenHash: "t3",
          userId: "u2",
          createdAt: now,
          expiresAt: new Date(now.getTime() - 1),
        });
        expect(await store.sessions.findActive("t1", now)).to.include({ userId: "u1" });
        expect(await store.sessions.findActive("t3", now)).to.equal(undefined);
        await store.sessions.revoke("t1", now);
        expect(await store.sessions.findActive("t1", now)).to.equal(undefined);
        expect(await store.sessions.revokeAllOfUser("u1", now)).to.equal(1);
        expect(await store.sessions.findActive("t2", now)).to.equal(undefined);
      });

      it("counts every one of 20 concurrent failed attempts", async () => {
        const at = new Date();
        await Promise.all(
          Array.from({ length: 20 }, () => store.loginAttempts.record("alice|10.0.0.1", { at, succeeded: false })),
        );
        await store.loginAttempts.record("bob|10.0.0.1", { at, succeeded: false });
        const attempts = await store.loginAttempts.since("alice|10.0.0.1", new Date(at.getTime() - 1000));
        expect(attempts).to.have.lengthOf(20);
        await store.loginAttempts.prune(new Date(at.getTime() + 1));
        expect(await store.loginAttempts.since("alice|10.0.0.1", new Date(0))).to.deep.equal([]);
      });
    });

    describe("login attempt reservations", () => {
      /** Admits while fewer than five failures follow the last success (the throttle's count, without windows). */
      const fewerThanFive = (attempts: LoginAttempt[]) =>
        attempts.length - attempts.map((a) => a.succeeded).lastIndexOf(true) - 1 < 5;
      const reserveMany = (key: string, count: number) =>
        Promise.all(
          Array.from({ length: count }, () =>
            store.loginAttempts.reserve(key, new Date(Date.now() - 60_000), new Date(), fewerThanFive),
          ),
        );

      it("admits exactly five of 30 concurrent reservations for one key, and a success resets the count", async () => {
        const key = "alice|10.0.0.1";
        const first = await reserveMany(key, 30);
        const admitted = first.filter((r) => r.admitted);
        expect(admitted).to.have.lengthOf(5);
        expect(new Set(admitted.map((r) => r.id)).size).to.equal(5);
        for (const refused of first.filter((r) => !r.admitted)) expect(refused.attempts).to.have.lengthOf(5);
        const recorded = await store.loginAttempts.since(key, new Date(0));
        expect(recorded.map((a) => a.succeeded)).to.deep.equal([false, false, false, false, false]);
        // Another key is not affected.
        expect((await reserveMany("bob|10.0.0.1", 1))[0]).to.have.property("admitted", true);

        for (const reservation of admitted) await store.loginAttempts.markSucceeded(key, reservation.id);
        expect((await store.loginAttempts.since(key, new Date(0))).every((a) => a.succeeded)).to.equal(true);
        expect((await reserveMany(key, 12)).filter((r) => r.admitted)).to.have.lengthOf(5);
        expect(await store.loginAttempts.since(key, new Date(0))).to.have.lengthOf(10);
      });

      it("serializes reservations with recorded attempts, and lists a user's keys by prefix", async () => {
        const at = new Date();
        for (let i = 0; i < 4; i++) await store.loginAttempts.record("carol|10.0.0.1", { at, succeeded: false });
        expect((await reserveMany("carol|10.0.0.1", 5)).filter((r) => r.admitted)).to.have.lengthOf(1);
        await store.loginAttempts.record("carol|10.0.0.1", { at, succeeded: true });
        expect((await reserveMany("carol|10.0.0.1", 1))[0]).to.have.property("admitted", true);
        await store.loginAttempts.record("carol|::1", { at, succeeded: false });
        await store.loginAttempts.record("carol.x|10.0.0.1", { at, succeeded: false });
        await store.loginAttempts.record("Carol|10.0.0.1", { at, succeeded: false });
        expect(await store.loginAttempts.keysStartingWith("carol|")).to.deep.equal(["carol|10.0.0.1", "carol|::1"]);
      });
    });

    describe("clusters and views", () => {
      it("keeps clusters with unique names", async () => {
        const created = await store.clusters.create({ ...cluster("prod"), secrets: { keyId: "k1", blob: "b" } });
        expect(created).to.deep.include({ name: "prod", labels: { env: "test" }, secrets: { keyId: "k1", blob: "b" } });
        expect(await errorOf(() => store.clusters.create(cluster("prod")))).to.have.property("code", "already_exists");
        const other = await store.clusters.create(cluster("stage"));
        expect(await errorOf(() => store.clusters.update(other.id, { name: "prod" }))).to.have.property(
          "code",
          "already_exists",
        );
        const renamed = await store.clusters.update(other.id, { name: "staging", labels: { env: "stage" } });
        expect(renamed).to.deep.include({ name: "staging", labels: { env: "stage" } });
        expect((await store.clusters.findByName("staging"))?.id).to.equal(other.id);
        expect((await store.clusters.list()).map((c) => c.name)).to.deep.equal(["prod", "staging"]);
        expect(await store.clusters.remove(other.id)).to.equal(true);
        expect(await store.clusters.remove(other.id)).to.equal(false);
      });

      it("keeps the latest view per cluster and reads them all at once", async () => {
        const at = new Date();
        await store.clusterViews.put({ clusterId: "c1", health: { status: "ok" }, capabilities: {}, updatedAt: at });
        await store.clusterViews.put({
          clusterId: "c1",
          health: { status: "warning" },
          capabilities: {},
          updatedAt: at,
        });
        await store.clusterViews.put({
          clusterId: "c2",
          health: { status: "ok" },
          capabilities: {},
          snapshot: { topics: [] },
          updatedAt: at,
        });
        const all = await store.clusterViews.listSummaries();
        expect(all.map((v) => [v.clusterId, v.health.status]).sort()).to.deep.equal([
          ["c1", "warning"],
          ["c2", "ok"],
        ]);
        expect(all.every((v) => !("snapshot" in v))).to.equal(true);
        expect((await store.clusterViews.get("c2"))?.snapshot).to.deep.equal({ topics: [] });
        const summary = await store.clusterViews.getSummary("c2");
        expect(summary).to.deep.include({ clusterId: "c2", health: { status: "ok" } });
        expect(summary?.updatedAt.getTime()).to.equal(at.getTime());
        expect(summary && "snapshot" in summary).to.equal(false);
        expect(await store.clusterViews.getSummary("nope")).to.equal(undefined);
        await store.clusterViews.remove("c2");
        expect(await store.clusterViews.get("c2")).to.equal(undefined);
      });
    });

    describe("keys named by users and Kafka", () => {
      it("keeps dotted and $-prefixed keys in labels, settings, snapshots, audit details and operation documents", async () => {
        const odd = { "retention.ms": "1000", $weird: "x", "app.kubernetes.io/name": "kcp" };
        const created = await store.clusters.create({ ...cluster("dotted"), labels: odd, settings: { "a.b": 1 } });
        expect(await store.clusters.findById(created.id)).to.deep.include({ labels: odd, settings: { "a.b": 1 } });
        const changed = await store.clusters.update(created.id, { labels: { "team.name": "payments" } });
        expect(changed).to.deep.include({ labels: { "team.name": "payments" }, settings: { "a.b": 1 } });

        const snapshot = { topics: [{ name: "orders", configs: odd }] };
        await store.clusterViews.put({
          clusterId: created.id,
          snapshot,
          health: {},
          capabilities: {},
          updatedAt: new Date(),
        });
        expect((await store.clusterViews.get(created.id))?.snapshot).to.deep.equal(snapshot);

        const entry = await store.audit.append({
          at: new Date(),
          actor: "alice",
          action: "topic.create",
          result: "success",
          detail: { configs: odd },
        });
        expect((await store.audit.list({ limit: 1 }))[0]).to.deep.include({ id: entry.id, detail: { configs: odd } });

        const op = await store.operations.create(
          newOperation(created.id, { document: { features: { "metadata.version": 30 } } }),
        );
        expect((await store.operations.findById(op.id))?.document).to.deep.equal({
          features: { "metadata.version": 30 },
        });
      });
    });

    describe("operations", () => {
      it("creates planned operations and lists them per cluster, newest first, with a limit", async () => {
        const ids: string[] = [];
        for (let i = 0; i < 3; i++) ids.push((await store.operations.create(newOperation("c1"))).id);
        await store.operations.create(newOperation("c2"));
        const listed = await store.operations.listByCluster("c1", 2);
        expect(listed.map((o) => o.id)).to.deep.equal([ids[2], ids[1]]);
        expect(listed[0]).to.include({ status: "planned", version: 1, clusterId: "c1" });
        expect(listed[0]?.document).to.deep.equal({ steps: [{ index: 0, status: "pending" }] });
      });

      it("finds planned operations past their expiry, oldest first, and no longer once they moved on", async () => {
        const expiredAt = (ms: number) => ({ expiresAt: new Date(Date.now() - ms) });
        const older = await store.operations.create(newOperation("c1", expiredAt(2000)));
        const newer = await store.operations.create(newOperation("c2", expiredAt(1000)));
        const cancelled = await store.operations.create(newOperation("c3", expiredAt(3000)));
        await store.operations.create(newOperation("c1"));
        await store.operations.transition(cancelled.id, { from: ["planned"] }, { status: "cancelled" });
        const expired = await store.operations.findExpiredPlans(new Date(), 10);
        expect(expired.map((o) => o.id)).to.deep.equal([older.id, newer.id]);
        expect(await store.operations.findExpiredPlans(new Date(), 1)).to.have.lengthOf(1);
      });

      it("lists the current state of each operation after changes", async () => {
        const op = await store.operations.create(newOperation("c1"));
        await store.operations.transition(op.id, { from: ["planned"] }, { status: "pending" });
        await store.operations.transition(op.id, { from: ["pending"] }, { status: "running", document: { step: 2 } });
        const [listed] = await store.operations.listByCluster("c1", 10);
        expect(listed).to.deep.include({ id: op.id, status: "running", version: 3, document: { step: 2 } });
        expect(await store.operations.listByCluster("c1", 10)).to.have.lengthOf(1);
      });

      it("refuses changes to an unknown operation with not_found", async () => {
        const now = new Date();
        const attempts = [
          () => store.operations.transition("nope", { from: ["planned"] }, { status: "pending" }),
          () => store.operations.acquireLease("nope", "w1", now, now),
          () => store.operations.renewLease("nope", "w1", now),
          () => store.operations.releaseLease("nope", "w1"),
        ];
        for (const attempt of attempts) expect(await errorOf(attempt)).to.have.property("code", "not_found");
        expect(await store.operations.findById("nope")).to.equal(undefined);
      });

      it("never loses an update of concurrent writers that retry on a version clash", async () => {
        const op = await store.operations.create(newOperation("c1", { document: { count: 0 } }));
        const increment = async () => {
          for (;;) {
            const current = await store.operations.findById(op.id);
            const count = Number(current?.document.count);
            const written = await store.operations.transition(
              op.id,
              { from: ["planned"], version: current?.version ?? 0 },
              { document: { count: count + 1 } },
            );
            if (written) return;
          }
        };
        await Promise.all(
          Array.from({ length: 5 }, async () => {
            for (let i = 0; i < 4; i++) await increment();
          }),
        );
        expect(await store.operations.findById(op.id)).to.deep.include({ version: 21, document: { count: 20 } });
      });

      it("lets exactly one of 20 concurrent confirms of one operation win", async () => {
        const op = await store.operations.create(newOperation("c1"));
        const results = await Promise.allSettled(
          Array.from({ length: 20 }, () =>
            store.operations.transition(op.id, { from: ["planned"] }, { status: "pending" }),
          ),
        );
        const winners = results.filter((r) => r.status === "fulfilled" && r.value !== undefined);
        expect(winners).to.have.lengthOf(1);
        expect(await store.operations.findById(op.id)).to.include({ status: "pending", version: 2 });
      });

      it("lets exactly one of 10 operations of one cluster become active at a time", async () => {
        const ops = await Promise.all(Array.from({ length: 10 }, () => store.operations.create(newOperation("c1"))));
        const results = await Promise.allSettled(
          ops.map((op) => store.operations.transition(op.id, { from: ["planned"] }, { status: "pending" })),
        );
        const winners = results.filter((r) => r.status === "fulfilled" && r.value !== undefined);
        const conflicts = results.filter((r) => r.status === "rejected" && (r.reason as AppError).code === "conflict");
        expect(winners).to.have.lengthOf(1);
        expect(conflicts).to.have.lengthOf(9);
        const active = await store.operations.findActive("c1");
        expect(active?.status).to.equal("pending");

        // Once it ends, another one may start; other clusters were never blocked.
        const winner = active as NonNullable<typeof active>;
        await store.operations.transition(winner.id, { from: ["pending"] }, { status: "running" });
        await store.operations.transition(winner.id, { from: ["running"] }, { status: "succeeded" });
        const next = ops.find((op) => op.id !== winner.id) as (typeof ops)[number];
        expect(await store.operations.transition(next.id, { from: ["planned"] }, { status: "pending" })).to.include({
          status: "pending",
        });
        const elsewhere = await store.operations.create(newOperation("c2"));
        expect(
          await store.operations.transition(elsewhere.id, { from: ["planned"] }, { status: "pending" }),
        ).to.not.equal(undefined);
      });

      it("applies a change only at the expected version, and bumps it", async () => {
        const op = await store.operations.create(newOperation("c1"));
        const moved = await store.operations.transition(
          op.id,
          { from: ["planned"], version: 1 },
          { document: { step: 1 } },
        );
        expect(moved).to.deep.include({ version: 2, document: { step: 1 } });
        expect(
          await store.operations.transition(op.id, { from: ["planned"], version: 1 }, { document: { step: 9 } }),
        ).to.equal(undefined);
        expect(await store.operations.transition(op.id, { from: ["running"] }, { status: "failed" })).to.equal(
          undefined,
        );
        expect((await store.operations.findById(op.id))?.document).to.deep.equal({ step: 1 });
      });

      it("gives a lease to one of several concurrent workers, and to another only once it expired", async () => {
        const op = await store.operations.create(newOperation("c1"));
        const now = new Date();
        const until = new Date(now.getTime() + 30_000);
        const results = await Promise.all(
          ["w1", "w2", "w3", "w4", "w5"].map((w) => store.operations.acquireLease(op.id, w, until, now)),
        );
        const owners = results.filter((r) => r !== undefined).map((r) => r?.lease?.owner);
        expect(owners).to.have.lengthOf(1);
        const owner = owners[0] as string;
        expect(await store.operations.acquireLease(op.id, owner, until, now)).to.not.equal(undefined);
        expect(await store.operations.acquireLease(op.id, "late", until, now)).to.equal(undefined);
        const afterExpiry = new Date(until.getTime() + 1);
        const taken = await store.operations.acquireLease(
          op.id,
          "late",
          new Date(afterExpiry.getTime() + 30_000),
          afterExpiry,
        );
        expect(taken?.lease?.owner).to.equal("late");
      });
    });

    describe("leases", () => {
      it("renews a lease only for its owner, and frees it only for its owner", async () => {
        const op = await store.operations.create(newOperation("c1"));
        const now = new Date();
        const at = (ms: number) => new Date(now.getTime() + ms);
        await store.operations.acquireLease(op.id, "w1", at(30_000), now);
        expect(await store.operations.renewLease(op.id, "w2", at(60_000))).to.equal(undefined);
        const renewed = await store.operations.renewLease(op.id, "w1", at(60_000));
        expect(renewed?.lease).to.deep.equal({ owner: "w1", expiresAt: at(60_000) });
        expect(await store.operations.acquireLease(op.id, "w2", at(90_000), at(45_000))).to.equal(undefined);
        expect(await store.operations.releaseLease(op.id, "w2")).to.equal(undefined);
        const released = await store.operations.releaseLease(op.id, "w1");
        expect(released).to.not.have.property("lease");
        expect(await store.operations.renewLease(op.id, "w1", at(60_000))).to.equal(undefined);
        expect((await store.operations.acquireLease(op.id, "w2", at(30_000), now))?.lease?.owner).to.equal("w2");
      });

      it("lets a worker whose lease was taken over neither renew nor release it", async () => {
        const op = await store.operations.create(newOperation("c1"));
        const now = new Date();
        await store.operations.acquireLease(op.id, "w1", new Date(now.getTime() + 1000), now);
        const later = new Date(now.getTime() + 2000);
        await store.operations.acquireLease(op.id, "w2", new Date(later.getTime() + 30_000), later);
        expect(await store.operations.renewLease(op.id, "w1", new Date(later.getTime() + 60_000))).to.equal(undefined);
        expect(await store.operations.releaseLease(op.id, "w1")).to.equal(undefined);
        expect((await store.operations.findById(op.id))?.lease?.owner).to.equal("w2");
      });
    });

    describe("audit", () => {
      it("gives int64-safe ids that increase, lists newest first with a limit and a cluster filter", async () => {
        const entries = [];
        for (let i = 0; i < 5; i++) {
          entries.push(
            await store.audit.append({
              at: new Date(),
              actor: "alice",
              action: "topic.create",
              ...(i % 2 === 0 ? { clusterId: "c1" } : {}),
              target: `t${i}`,
              result: "success",
              detail: { i },
            }),
          );
        }
        const ids = entries.map((e) => e.id);
        expect([...ids].sort((a, b) => a - b)).to.deep.equal(ids);
        for (const id of ids) expect(Number.isSafeInteger(id)).to.equal(true);
        const latest = await store.audit.list({ limit: 2 });
        expect(latest.map((e) => e.target)).to.deep.equal(["t4", "t3"]);
        const c1 = await store.audit.list({ clusterId: "c1", limit: 10 });
        expect(c1.map((e) => e.target)).to.deep.equal(["t4", "t2", "t0"]);
        expect(c1[0]).to.deep.include({ actor: "alice", action: "topic.create", result: "success", detail: { i: 4 } });
      });
    });

    describe("audit across processes", () => {
      const entry = (target: string) => ({
        at: new Date(),
        actor: "alice",
        action: "user.update",
        target,
        result: "success" as const,
        detail: {},
      });

      it("numbers entries of two instances on the same data in the order they were appended", async () => {
        const other = await f.reopen();
        try {
          const ids: number[] = [];
          for (let i = 0; i < 6; i++) ids.push((await (i % 2 ? other : store).audit.append(entry(`t${i}`))).id);
          expect([...ids].sort((a, b) => a - b)).to.deep.equal(ids);
          expect(new Set(ids).size).to.equal(6);
          const listed = await other.audit.list({ limit: 10 });
          expect(listed.map((e) => e.target)).to.deep.equal(["t5", "t4", "t3", "t2", "t1", "t0"]);
        } finally {
          await other.stop();
        }
      });

      it("gives 20 concurrent appends distinct ids", async () => {
        const other = await f.reopen();
        try {
          const appended = await Promise.all(
            Array.from({ length: 20 }, (_, i) => (i % 2 ? other : store).audit.append(entry(`t${i}`))),
          );
          expect(new Set(appended.map((e) => e.id)).size).to.equal(20);
          const listed = await store.audit.list({ limit: 50 });
          expect(listed).to.have.lengthOf(20);
          const ids = listed.map((e) => e.id);
          expect([...ids].sort((a, b) => b - a)).to.deep.equal(ids);
        } finally {
          await other.stop();
        }
      });
    });

    describe("plans of any size", function () {
      // 26 s embedded and 6 s on FerretDB on an idle machine; 214 s embedded at a load average of 90.
      this.timeout(900_000);
      const MOVES = 200_000;
      // Compared as JSON text: a deep equal of 200k objects takes chai minutes.
      const same = (a: unknown, b: unknown) => expect(JSON.stringify(a) === JSON.stringify(b)).to.equal(true);
      const moves = (record: OperationRecord | undefined) => asPlanDocument(record?.document ?? {}).plan.moves;

      it("stores a plan of 200k moves, reads it back equal, confirms it and records each step's progress", async () => {
        const document = largePlanDocument(MOVES);
        const created = await store.operations.create(newOperation("big", { type: "rebalance", document }));
        same(created.document, document);
        const read = await store.operations.findById(created.id);
        same(read?.document, document);
        const page = moves(read).slice(150_000, 151_000);
        expect(page).to.have.lengthOf(1000);
        expect(page[0]).to.deep.include({ topic: "topic-750", partition: 0 });

        const confirmed = await store.operations.transition(
          created.id,
          { from: ["planned"], version: 1 },
          { status: "pending", document: { ...asPlanDocument(read?.document ?? {}), confirmedBy: "bob" } },
        );
        expect(confirmed).to.include({ status: "pending", version: 2 });
        expect(confirmed?.document).to.include({ confirmedBy: "bob" });
        same(moves(confirmed), asPlanDocument(document).plan.moves);

        // The worker's writes of a step: start, ten progress reports, end, each on the record it just read.
        let current = await store.operations.transition(created.id, { from: ["pending"] }, { status: "running" });
        const write = async (change: (d: Record<string, unknown>) => Record<string, unknown>) => {
          const latest = (await store.operations.findById(created.id)) as OperationRecord;
          current = await store.operations.transition(
            created.id,
            { from: ["running"], version: latest.version },
            { document: change(latest.document) },
          );
          expect(current?.version).to.equal(latest.version + 1);
        };
        await write((d) => withStep(d, 0, { status: "running", startedAt: new Date().toISOString() }));
        for (let i = 1; i <= 10; i++)
          await write((d) => ({ ...d, details: { movesDone: i * 20_000, movesTotal: MOVES } }));
        await write((d) => withStep(d, 0, { status: "succeeded", detail: { moves: MOVES } }));

        const after = (await store.operations.findById(created.id)) as OperationRecord;
        expect(after).to.include({ status: "running", version: 15 });
        const doc = asPlanDocument(after.document);
        expect(doc.details).to.deep.equal({ movesDone: 200_000, movesTotal: MOVES });
        expect(doc.steps.map((s) => s.status)).to.deep.equal(["succeeded", "pending"]);
        same(doc.plan.moves, asPlanDocument(document).plan.moves);
        same(stepMoves(doc), stepMoves(document));

        // Another process (no cache) reads the same.
        const other = await f.reopen();
        try {
          same((await other.operations.findById(created.id))?.document, after.document);
          expect((await other.operations.listByCluster("big", 5)).map((o) => moves(o).length)).to.deep.equal([MOVES]);
        } finally {
          await other.stop();
        }
      });
    });

    describe("a plan's moves read and written only where needed", function () {
      this.timeout(900_000);
      const MOVES = 200_000;
      const same = (a: unknown, b: unknown) => expect(JSON.stringify(a) === JSON.stringify(b)).to.equal(true);
      const refs = { parts: "refs" } as const;

      it("reads status and steps of a 200k-move operation without its moves, records each step's progress and pages the moves right", async () => {
        const document = largePlanDocument(MOVES);
        const planMoves = asPlanDocument(document).plan.moves;
        const reassign = stepMoves(document);
        const created = await store.operations.create(newOperation("light", { type: "rebalance", document }), refs);
        expect(created.document).to.include({ summary: `Rebalance: ${MOVES} replica move(s)` });
        await store.stop();
        store = await f.reopen(); // nothing of the create cached: what another process reads

        // The light read: the moves stay references that say how many there are; the rest is all there.
        const light = (await store.operations.findById(created.id, refs)) as OperationRecord;
        const plan = asPlanDocument(light.document).plan as unknown as { moves: unknown; summary: string };
        expect(isPartRef(plan.moves)).to.equal(true);
        expect(plan.moves).to.include({ items: MOVES });
        expect(plan.summary).to.equal("Rebalance");
        expect(JSON.stringify(light.document).length).to.be.below(8 * 1024);
        const stepArgs = asPlanDocument(light.document).steps[0]?.args as {
          moves: unknown;
          maxConcurrentMoves: number;
        };
        expect(stepArgs).to.include({ maxConcurrentMoves: 5 });
        expect(stepArgs.moves).to.include({ items: MOVES });
        const [listed] = await store.operations.listByCluster("light", 5, refs);
        expect(asPlanDocument(listed?.document ?? {}).plan.moves).to.include({ items: MOVES });

        // Pages of the moves, read from the chunks that hold them: the middle, across chunks, the end, past the end.
        const ref = plan.moves as PartRef;
        const middle = await store.operations.readItems(created.id, ref, 150_000, 1000);
        expect(middle.total).to.equal(MOVES);
        same(middle.items, planMoves.slice(150_000, 151_000));
        expect(middle.items[0]).to.deep.include({ topic: "topic-750", partition: 0 });
        for (const offset of [0, 7_990, 16_000, 99_999, 199_500]) {
          const page = await store.operations.readItems(created.id, ref, offset, 700);
          same(page.items, planMoves.slice(offset, offset + 700));
        }
        expect((await store.operations.readItems(created.id, ref, MOVES - 10, 1000)).items).to.have.lengthOf(10);
        expect(await store.operations.readItems(created.id, ref, MOVES + 5, 1000)).to.deep.equal({
          items: [],
          total: MOVES,
        });

        // Confirm and the worker's writes, each read light and written back with its references.
        const write = async (
          status: "pending" | "running" | undefined,
          change: (d: Record<string, unknown>) => Record<string, unknown>,
        ) => {
          const latest = (await store.operations.findById(created.id, refs)) as OperationRecord;
          const next = await store.operations.transition(
            created.id,
            { from: [latest.status], version: latest.version },
            { ...(status ? { status } : {}), document: change(latest.document) },
            refs,
          );
          expect(next?.version).to.equal(latest.version + 1);
          return next as OperationRecord;
        };
        await write("pending", (d) => ({ ...d, confirmedBy: "bob" }));
        await write("running", (d) => ({ ...d, startedAt: new Date().toISOString() }));
        await write(undefined, (d) => withStep({ ...d, currentStep: 0 }, 0, { status: "running" }));
        // The worker executes the step: its args with the moves loaded.
        const running = (await store.operations.findById(created.id, refs)) as OperationRecord;
        const args = await store.operations.resolveParts(created.id, asPlanDocument(running.document).steps[0]?.args);
        same((args as { moves: unknown[] }).moves, reassign);
        for (let i = 1; i <= 10; i++)
          await write(undefined, (d) => ({ ...d, details: { movesDone: i * 20_000, movesTotal: MOVES } }));
        await write("running", (d) => ({ ...d, requestedAction: "pause" }));
        const done = await write(undefined, (d) => withStep(d, 0, { status: "succeeded", detail: { moves: MOVES } }));
        expect(done).to.include({ status: "running", version: 16 });
        expect(asPlanDocument(done.document).steps.map((s) => s.status)).to.deep.equal(["succeeded", "pending"]);
        expect(asPlanDocument(done.document).plan.moves).to.include({ items: MOVES });

        // Another process reads it whole: the moves are those planned, the progress that recorded.
        const other = await f.reopen();
        try {
          const whole = (await other.operations.findById(created.id)) as OperationRecord;
          const doc = asPlanDocument(whole.document);
          expect(doc).to.include({ confirmedBy: "bob", requestedAction: "pause", currentStep: 0 });
          expect(doc.details).to.deep.equal({ movesDone: 200_000, movesTotal: MOVES });
          same(doc.plan.moves, planMoves);
          same(stepMoves(doc), reassign);
          same((await other.operations.readItems(created.id, ref, 199_000, 1000)).items, planMoves.slice(199_000));
        } finally {
          await other.stop();
        }
      });

      it("answers a whole read's arrays as references too when asked, and pages a small operation's none", async () => {
        const small = await store.operations.create(newOperation("light-small"));
        expect((await store.operations.findById(small.id, refs))?.document).to.deep.equal(small.document);
        const error = await errorOf(() =>
          store.operations.readItems("no-such-operation", { $kcpPart: "0".repeat(32), items: 1 }, 0, 10),
        );
        expect(error).to.be.instanceOf(AppError).and.to.include({ code: "not_found" });
      });
    });

    describe("a desired state's plan at its bound", function () {
      this.timeout(300_000);
      const CHANGES = 10_000;
      const refs = { parts: "refs" } as const;
      const same = (a: unknown, b: unknown) => expect(JSON.stringify(a) === JSON.stringify(b)).to.equal(true);

      /** An applyDesiredState document as the planner stores it: 10,000 createTopic changes and the steps they make. */
      const desiredDocument = () => {
        const changes = Array.from({ length: CHANGES }, (_, i) => ({
          kind: "createTopic",
          file: `teams/t${Math.floor(i / 1000)}.yaml`,
          topic: `bound-${String(i).padStart(5, "0")}`,
          partitions: 1,
          replicationFactor: 1,
          configs: { "retention.ms": String(3_600_000 + i), "cleanup.policy": "delete" },
        }));
        return {
          summary: `Desired state: ${CHANGES} change(s) — ${CHANGES} createTopic`,
          params: { digest: "d".repeat(64), files: ["teams/t0.yaml"], changes },
          plan: { summary: "Desired state", warnings: [], irreversible: false },
          details: {},
          irreversible: false,
          currentStep: 0,
          requestedAction: null,
          error: null,
          createdBy: "alice",
          confirmedBy: null,
          startedAt: null,
          finishedAt: null,
          steps: [
            {
              index: 0,
              name: `Create ${CHANGES} topic(s)`,
              kind: "createTopics",
              args: {
                topics: changes.map((c) => ({
                  name: c.topic,
                  partitions: 1,
                  replicationFactor: 1,
                  configs: c.configs,
                })),
              },
              alwaysRun: false,
              status: "pending",
              startedAt: null,
              finishedAt: null,
            },
            {
              index: 1,
              name: "Record",
              kind: "recordDesiredState",
              args: { digest: "d".repeat(64) },
              status: "pending",
            },
          ],
        };
      };

      it("round-trips an operation of 10,000 changes whole: a whole read, and a light read with its parts resolved, give back every change and step, also after confirm and in another process", async () => {
        const document = desiredDocument();
        const created = await store.operations.create(
          newOperation("bound", { type: "applyDesiredState", document }),
          refs,
        );
        // Stored apart: the light read holds references, and says how many changes there are.
        const light = (await store.operations.findById(created.id, refs)) as OperationRecord;
        const params = light.document.params as { changes: unknown; digest: string };
        expect(isPartRef(params.changes)).to.equal(true);
        expect(params.changes).to.include({ items: CHANGES });
        expect(params.digest).to.equal("d".repeat(64));
        same(await store.operations.resolveParts(created.id, light.document), document);
        same((await store.operations.findById(created.id))?.document, document);

        // Confirmed as the service does it: the light document written back with its references.
        const confirmed = await store.operations.transition(
          created.id,
          { from: ["planned"], version: light.version },
          { status: "pending", document: { ...light.document, confirmedBy: "bob" } },
          refs,
        );
        expect(confirmed).to.include({ status: "pending" });
        const expected = { ...document, confirmedBy: "bob" };
        const other = await f.reopen();
        try {
          same((await other.operations.findById(created.id))?.document, expected);
          const again = (await other.operations.findById(created.id, refs)) as OperationRecord;
          same(await other.operations.resolveParts(created.id, again.document), expected);
          const page = await other.operations.readItems(
            created.id,
            (again.document.params as { changes: PartRef }).changes,
            9_990,
            100,
          );
          same(page, { items: document.params.changes.slice(9_990), total: CHANGES });
        } finally {
          await other.stop();
        }
      });
    });

    it("keeps its data across a restart", async () => {
      await store.users.create({ username: "kept", role: "admin", disabled: false, passwordHash: "h" });
      const op = await store.operations.create(newOperation("c9"));
      await store.operations.transition(op.id, { from: ["planned"] }, { status: "pending" });
      await store.stop();
      store = await f.reopen();
      expect(await store.users.findByUsername("kept")).to.include({ role: "admin" });
      expect(await store.operations.findActive("c9")).to.include({ id: op.id, status: "pending" });
    });
  });
}
