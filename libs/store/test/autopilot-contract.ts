import { randomUUID } from "node:crypto";
import { type Anomaly, AUTOPILOT_SERVICE_SCOPE, type PolicySpec, PolicySpecSchema } from "@kcp/shared";
import { expect } from "chai";
import type { Store } from "../src/index.js";
import type { StoreFixture } from "./store-contract.js";

const spec = (name: string, labels: Record<string, string> = { "app.kubernetes.io/part-of": "payments" }): PolicySpec =>
  PolicySpecSchema.parse({
    name,
    scope: { labels },
    trigger: { code: "broker_down", for: "2m" },
    action: { type: "restartNodes" },
    mode: "auto",
    guardRails: { windows: [{ days: ["sat"], start: "02:00", end: "06:00" }], timeZone: "Europe/Berlin" },
  });

const anomaly = (clusterId: string, subject: string, overrides: Partial<Anomaly> = {}): Anomaly => ({
  id: randomUUID(),
  clusterId,
  code: "broker_down",
  subject,
  brokerId: 5,
  message: "Broker 5 does not answer",
  facts: { broker: 5 },
  firstSeenAt: "2026-11-28T03:00:00.000Z",
  lastSeenAt: "2026-11-28T03:00:00.000Z",
  clearedAt: null,
  events: [],
  ...overrides,
});

/** Autopilot policies, anomalies and pauses, on every adapter. */
export function describeAutopilotContract(label: string, fixture: () => StoreFixture): void {
  describe(`store contract (autopilot): ${label}`, function () {
    this.timeout(120_000);
    let store: Store;

    beforeEach(async () => {
      store = await fixture().open();
    });
    afterEach(() => store.stop());

    it("policies: created with unique names, read back whole (label keys with dots), updated, listed oldest first, removed", async () => {
      const name = `p-${randomUUID().slice(0, 8)}`;
      const created = await store.policies.create(spec(name));
      expect(created.spec).to.deep.equal(spec(name));
      expect((await store.policies.findById(created.id))?.spec).to.deep.equal(spec(name));
      let clash: unknown;
      await store.policies.create(spec(name)).catch((error: unknown) => {
        clash = error;
      });
      expect(clash).to.have.property("code", "already_exists");
      const second = await store.policies.create(spec(`${name}-b`));
      const ids = (await store.policies.list()).map((p) => p.id);
      expect(ids.indexOf(created.id)).to.be.lessThan(ids.indexOf(second.id));
      const updated = await store.policies.update(created.id, { ...spec(name), mode: "propose" });
      expect(updated.spec.mode).to.equal("propose");
      expect(updated.updatedAt.getTime()).to.be.at.least(created.updatedAt.getTime());
      let renamed: unknown;
      await store.policies.update(created.id, spec(`${name}-b`)).catch((error: unknown) => {
        renamed = error;
      });
      expect(renamed).to.have.property("code", "already_exists");
      let missing: unknown;
      await store.policies.update(randomUUID(), spec(`${name}-c`)).catch((error: unknown) => {
        missing = error;
      });
      expect(missing).to.have.property("code", "not_found");
      expect(await store.policies.remove(created.id)).to.equal(true);
      expect(await store.policies.remove(created.id)).to.equal(false);
      expect(await store.policies.findById(created.id)).to.equal(undefined);
    });

    it("anomalies: open ones of a cluster, replaced in place by id, paged newest first with code and state filters, pruned once cleared long ago", async () => {
      const cluster = randomUUID();
      const a = anomaly(cluster, "broker:4");
      const b = anomaly(cluster, "broker:5");
      const c = anomaly(cluster, "cluster", { code: "leader_imbalance", facts: { notPreferredPercent: 30 } });
      await store.anomalies.put([a, b]);
      await store.anomalies.put([c]);
      await store.anomalies.put([anomaly(randomUUID(), "broker:4")]);
      expect((await store.anomalies.listOpen(cluster)).map((x) => x.id)).to.deep.equal([a.id, b.id, c.id]);
      const cleared = {
        ...a,
        clearedAt: "2026-11-28T03:10:00.000Z",
        events: [{ at: "2026-11-28T03:02:00.000Z", policy: "restart", kind: "acted" as const, operationId: "op1" }],
      };
      await store.anomalies.put([cleared]);
      expect(await store.anomalies.get(a.id)).to.deep.equal(cleared);
      expect((await store.anomalies.listOpen(cluster)).map((x) => x.id)).to.deep.equal([b.id, c.id]);
      // Replacing kept its place: newest first is still c, b, a.
      const first = await store.anomalies.listPage(cluster, { limit: 2 });
      expect(first.anomalies.map((x) => x.id)).to.deep.equal([c.id, b.id]);
      expect(first.nextBefore).to.be.a("number");
      const second = await store.anomalies.listPage(cluster, { limit: 2, before: first.nextBefore as number });
      expect(second.anomalies.map((x) => x.id)).to.deep.equal([a.id]);
      expect(second.nextBefore).to.equal(undefined);
      expect(
        (await store.anomalies.listPage(cluster, { limit: 10, state: "cleared" })).anomalies.map((x) => x.id),
      ).to.deep.equal([a.id]);
      expect(
        (await store.anomalies.listPage(cluster, { limit: 10, state: "open", code: "broker_down" })).anomalies.map(
          (x) => x.id,
        ),
      ).to.deep.equal([b.id]);
      expect(await store.anomalies.prune(new Date("2026-11-28T03:05:00.000Z"))).to.equal(0);
      expect(await store.anomalies.prune(new Date("2026-11-28T04:00:00.000Z"))).to.be.at.least(1);
      expect(await store.anomalies.get(a.id)).to.equal(undefined);
      expect(await store.anomalies.get(b.id)).to.deep.equal(b);
    });

    it("pauses: one per scope (a cluster or the service), replaced, listed, removed", async () => {
      const cluster = randomUUID();
      const at = new Date("2026-11-28T03:00:00.000Z");
      const until = new Date("2026-11-28T06:00:00.000Z");
      await store.autopilotPauses.put({ scope: cluster, reason: "incident 42", by: "alice", at });
      await store.autopilotPauses.put({ scope: cluster, reason: "incident 43", by: "bob", at, until });
      await store.autopilotPauses.put({ scope: AUTOPILOT_SERVICE_SCOPE, reason: "freeze", by: "carol", at });
      const mine = (await store.autopilotPauses.list()).filter(
        (p) => p.scope === cluster || p.scope === AUTOPILOT_SERVICE_SCOPE,
      );
      expect(mine).to.deep.include({ scope: cluster, reason: "incident 43", by: "bob", at, until });
      expect(mine).to.deep.include({ scope: AUTOPILOT_SERVICE_SCOPE, reason: "freeze", by: "carol", at });
      expect(await store.autopilotPauses.remove(cluster)).to.equal(true);
      expect(await store.autopilotPauses.remove(cluster)).to.equal(false);
      expect(await store.autopilotPauses.remove(AUTOPILOT_SERVICE_SCOPE)).to.equal(true);
      expect((await store.autopilotPauses.list()).some((p) => p.scope === cluster)).to.equal(false);
    });
  });
}
