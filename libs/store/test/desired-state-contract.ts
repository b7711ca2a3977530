import { randomUUID } from "node:crypto";
import { expect } from "chai";
import type { Store } from "../src/index.js";
import type { StoreFixture } from "./store-contract.js";

/** Desired state per cluster, on every adapter. */
export function describeDesiredStateContract(label: string, fixture: () => StoreFixture): void {
  describe(`store contract (desired state): ${label}`, function () {
    this.timeout(120_000);
    let store: Store;

    beforeEach(async () => {
      store = await fixture().open();
    });
    afterEach(() => store.stop());

    it("records are kept per cluster and key, replaced by key, listed by prefix in key order, removed one by one or with their cluster", async () => {
      const cluster = randomUUID();
      const other = randomUUID();
      const at = new Date("2026-11-29T01:00:00.000Z");
      // Keys are file paths: characters a LIKE or a regex would read as patterns must match only themselves.
      const keys = ["applied:teams/b.yaml", "applied:teams/a_%.yaml", "applied:teams/a.(x)*.yaml", "staged:abc"];
      for (const key of keys)
        await store.desiredStates.put({ clusterId: cluster, key, body: `{"k":"${key}"}`, updatedAt: at });
      await store.desiredStates.put({ clusterId: other, key: "applied:teams/b.yaml", body: "{}", updatedAt: at });
      const later = new Date(at.getTime() + 1000);
      await store.desiredStates.put({
        clusterId: cluster,
        key: "applied:teams/b.yaml",
        body: '{"v":2}',
        updatedAt: later,
      });

      expect(await store.desiredStates.get(cluster, "applied:teams/b.yaml")).to.deep.equal({
        clusterId: cluster,
        key: "applied:teams/b.yaml",
        body: '{"v":2}',
        updatedAt: later,
      });
      const applied = await store.desiredStates.list(cluster, "applied:");
      expect(applied.map((r) => r.key)).to.deep.equal([
        "applied:teams/a.(x)*.yaml",
        "applied:teams/a_%.yaml",
        "applied:teams/b.yaml",
      ]);
      expect((await store.desiredStates.list(cluster, "applied:teams/a_")).map((r) => r.key)).to.deep.equal([
        "applied:teams/a_%.yaml",
      ]);
      expect((await store.desiredStates.list(cluster, "applied:teams/a.(")).map((r) => r.key)).to.deep.equal([
        "applied:teams/a.(x)*.yaml",
      ]);
      expect(await store.desiredStates.remove(cluster, "staged:abc")).to.equal(true);
      expect(await store.desiredStates.remove(cluster, "staged:abc")).to.equal(false);
      expect(await store.desiredStates.get(cluster, "staged:abc")).to.equal(undefined);

      await store.desiredStates.removeCluster(cluster);
      expect(await store.desiredStates.list(cluster, "")).to.deep.equal([]);
      expect((await store.desiredStates.list(other, "")).map((r) => r.key)).to.deep.equal(["applied:teams/b.yaml"]);
    });
  });
}
