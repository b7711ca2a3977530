import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type DesiredFile, DesiredFileSchema, type Health } from "@kcp/shared";
import { EmbeddedStore } from "@kcp/store";
import { expect } from "chai";
import {
  type CurrentResources,
  DesiredStateBook,
  type DiffResult,
  diffDesiredState,
  driftOf,
  exportDocuments,
  lastAppliedOf,
  type PlanState,
  parseQuotaEntity,
  replacedBy,
  withDrift,
  withKeptDrift,
} from "../src/index.js";

const file = (path: string, documents: unknown[]): DesiredFile => DesiredFileSchema.parse({ path, documents });

const orders = (configs: Record<string, string> = { "retention.ms": "86400000" }, extra: unknown[] = []) =>
  file("teams/orders.yaml", [
    {
      kind: "Scope",
      topics: { prefixes: ["orders."] },
      aclPrincipals: ["User:orders-app"],
      scramUsers: ["orders-app"],
    },
    { kind: "Topic", name: "orders.created", partitions: 6, replicationFactor: 3, configs },
    ...extra,
  ]);
const payments = file("teams/payments.yaml", [
  { kind: "Scope", topics: { names: ["payments.done"] } },
  { kind: "Topic", name: "payments.done", partitions: 3, replicationFactor: 3 },
]);

const binding = {
  resourceType: "TOPIC",
  resourceName: "orders.",
  patternType: "PREFIXED",
  principal: "User:orders-app",
  host: "*",
  operation: "READ",
  permission: "ALLOW",
} as const;

const cluster = (): CurrentResources => ({
  topics: [
    { name: "orders.created", partitions: 6, replicationFactor: 3, configs: { "retention.ms": "86400000" } },
    { name: "payments.done", partitions: 3, replicationFactor: 3, configs: {} },
    { name: "__consumer_offsets", partitions: 50, replicationFactor: 3, configs: {}, internal: true },
  ],
  acls: [binding, { ...binding, principal: "User:other" }],
  quotas: [
    { entity: [{ type: "user", name: "orders-app" }], values: { producer_byte_rate: 1024 } },
    {
      entity: [
        { type: "user", name: "orders-app" },
        { type: "client-id", name: "app" },
      ],
      values: {},
    },
  ],
  scramUsers: [{ user: "orders-app", credentials: [{ mechanism: "SCRAM-SHA-512", iterations: 8192 }] }],
});

const ok: Health = { status: "ok", issues: [] };

/** The plan of a diff expected to have no problem. */
function planned(result: DiffResult) {
  if (result.problems) throw new Error(JSON.stringify(result.problems));
  return result.plan;
}

describe("desired state: the last applied files, drift and export", () => {
  it("a newly applied file replaces the applied file of its own path only: another path's record stays, whatever its scope", () => {
    const renamed = file("teams/orders-v2.yaml", orders().documents);
    expect(replacedBy([orders(), payments], [renamed])).to.deep.equal([]);
    expect(replacedBy([orders(), payments], [orders({})])).to.deep.equal(["teams/orders.yaml"]);
    expect(replacedBy([payments], [orders()])).to.deep.equal([]);
  });

  it("password versions come from the applied files: an unchanged version plans no rotation", () => {
    const withUser = orders(undefined, [
      {
        kind: "ScramUser",
        name: "orders-app",
        mechanism: "SCRAM-SHA-512",
        password: { env: "PW" },
        passwordVersion: 3,
      },
    ]);
    const last = lastAppliedOf([withUser]);
    expect(last.passwordVersions).to.deep.equal({ "orders-app\u0000SCRAM-SHA-512": "3" });
    expect(planned(diffDesiredState([withUser], cluster(), last)).changes).to.deep.equal([]);
    const rotated = planned(diffDesiredState([withUser], cluster(), { passwordVersions: {} }));
    expect(rotated.changes.map((c) => c.kind)).to.deep.equal(["rotateScramCredential"]);
  });

  it("drift: none while the cluster is as applied; a config changed by hand, an ACL removed, a topic deleted, partitions added are named", () => {
    const applied = [orders(undefined, [{ kind: "Acl", ...binding }]), payments];
    expect(driftOf(applied, cluster())).to.deep.equal({ changes: [], counts: {}, problems: [] });
    expect(withDrift(ok, driftOf(applied, cluster()))).to.deep.equal({ ...ok, desiredStateDrift: 0 });

    const base = cluster();
    const changed: CurrentResources = {
      ...base,
      topics: base.topics
        .filter((t) => t.name !== "payments.done")
        .map((t) => (t.name === "orders.created" ? { ...t, configs: { "retention.ms": "1000" } } : t)),
      acls: [],
    };
    const drift = driftOf(applied, changed);
    expect(drift.counts).to.deep.equal({ createTopic: 1, alterTopicConfigs: 1, createAcl: 1 });
    const health = withDrift({ ...ok, issues: [{ severity: "info", code: "leader_imbalance", message: "m" }] }, drift);
    expect(health.status).to.equal("warning");
    expect(health.desiredStateDrift).to.equal(3);
    expect(health.issues.map((i) => i.code)).to.deep.equal(["desired_state_drift", "leader_imbalance"]);
    expect(health.issues[0]?.message).to.equal(
      "3 difference(s) from the last applied desired state (GET .../desired-state/drift): topic payments.done is missing; topic orders.created: retention.ms is 1000, the files say 86400000; the ACL ALLOW READ on TOPIC:orders. for User:orders-app is missing",
    );

    const grown: CurrentResources = {
      ...base,
      topics: base.topics.map((t) => (t.name === "payments.done" ? { ...t, partitions: 6 } : t)),
    };
    const cannot = driftOf(applied, grown);
    expect(cannot.problems.map((p) => p.message)).to.deep.equal([
      "Topic payments.done has 6 partitions: Kafka cannot remove partitions (declare 6 or more)",
    ]);
    expect(withDrift(ok, cannot).desiredStateDrift).to.equal(1);

    // A collection that does not read the drift again keeps the previous view's count and issue.
    const kept = withKeptDrift(ok, health);
    expect(kept.status).to.equal("warning");
    expect(kept.desiredStateDrift).to.equal(3);
    expect(kept.issues.map((i) => i.code)).to.deep.equal(["desired_state_drift"]);
    expect(withKeptDrift(ok, { ...ok, desiredStateDrift: 0 })).to.deep.equal({ ...ok, desiredStateDrift: 0 });
    expect(withKeptDrift(ok, ok)).to.deep.equal(ok);
  });

  it("export: the scope's resources as one file (no internal topic, no other principal, no password); planned, it changes nothing", () => {
    const documents = exportDocuments(cluster(), {
      topicPrefixes: ["orders.", "__"],
      topics: ["payments.done"],
      aclPrincipals: ["User:orders-app"],
      quotaEntities: [parseQuotaEntity("user=orders-app"), parseQuotaEntity("user=orders-app+client-id=app")],
      scramUsers: ["orders-app"],
    });
    expect(
      documents.map((d) => (d.kind === "Scope" ? d.kind : `${d.kind} ${"name" in d ? d.name : ""}`)),
    ).to.deep.equal(["Scope", "Topic orders.created", "Topic payments.done", "Acl ", "Quota ", "ScramUser orders-app"]);
    expect(JSON.stringify(documents)).to.not.match(/password/);
    const exported = file("exported.yaml", JSON.parse(JSON.stringify(documents)));
    expect(planned(diffDesiredState([exported], cluster())).changes).to.deep.equal([]);
    expect(parseQuotaEntity("client-id=<default>")).to.deep.equal([{ type: "client-id", name: null }]);
  });

  describe("the book in a real store", () => {
    let dir: string;
    let store: EmbeddedStore;
    beforeEach(() => {
      dir = mkdtempSync(join(tmpdir(), "kcp-desired-"));
      store = new EmbeddedStore(dir);
    });
    afterEach(async () => {
      await store.stop();
      rmSync(dir, { recursive: true, force: true });
    });

    it("staged files become applied only when recorded, once; a later apply replaces its own paths' records only; a plan's staged files go with it", async () => {
      const now = new Date("2026-11-29T01:00:00.000Z");
      const book = new DesiredStateBook(store.desiredStates, () => now);
      const bounds = { perUserBytes: 1024 * 1024, perClusterBytes: 1024 * 1024 };
      const plan: { user: string; bounds: typeof bounds; state: PlanState; expiresInMs: number } = {
        user: "alice",
        bounds,
        state: async () => "active",
        expiresInMs: 900_000,
      };
      const stage = async (digest: string, files: DesiredFile[], operationId: string, state = plan.state) =>
        book.tie("c1", (await book.stage("c1", digest, files, { ...plan, state })).hold, operationId);
      const by = { operationId: "op-1", user: "alice" };
      await stage("d1", [orders(), payments], "op-1");
      expect(await book.applied("c1")).to.deep.equal([]);
      expect(await book.record("c1", "d1", by)).to.deep.equal({
        recorded: true,
        files: ["teams/orders.yaml", "teams/payments.yaml"],
        replaced: [],
      });
      expect(await book.record("c1", "d1", by)).to.deep.equal({ recorded: false, files: [], replaced: [] });
      const applied = await book.applied("c1");
      expect(applied.map((f) => [f.path, f.digest, f.operationId, f.appliedBy, f.appliedAt])).to.deep.equal([
        ["teams/orders.yaml", "d1", "op-1", "alice", "2026-11-29T01:00:00.000Z"],
        ["teams/payments.yaml", "d1", "op-1", "alice", "2026-11-29T01:00:00.000Z"],
      ]);
      expect(applied[0]?.documents).to.deep.equal(orders().documents);

      await stage("d2", [file("teams/orders-v2.yaml", orders({}).documents)], "op-2");
      await stage("never-confirmed", [payments], "op-never");
      expect((await book.record("c1", "d2", { operationId: "op-2", user: "bob" })).replaced).to.deep.equal([]);
      expect((await book.applied("c1")).map((f) => [f.path, f.appliedBy])).to.deep.equal([
        ["teams/orders-v2.yaml", "bob"],
        ["teams/orders.yaml", "alice"],
        ["teams/payments.yaml", "alice"],
      ]);
      await stage("d2b", [orders({})], "op-3");
      expect((await book.record("c1", "d2b", { operationId: "op-3", user: "carol" })).replaced).to.deep.equal([
        "teams/orders.yaml",
      ]);
      expect((await book.applied("c1")).map((f) => [f.path, f.appliedBy])).to.deep.equal([
        ["teams/orders-v2.yaml", "bob"],
        ["teams/orders.yaml", "carol"],
        ["teams/payments.yaml", "alice"],
      ]);
      expect(await book.applied("c2")).to.deep.equal([]);

      // The plan never confirmed ends (expired, say): the next plan lets its files go.
      await stage("d3", [payments], "op-4", async (id) => (id === "op-never" ? "ended" : "active"));
      expect((await store.desiredStates.list("c1", "staged:")).map((r) => r.key)).to.deep.equal(["staged:d3"]);
    });
  });
});
