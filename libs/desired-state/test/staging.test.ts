import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { AppError, type DesiredFile, DesiredFileSchema } from "@kcp/shared";
import { EmbeddedStore, MongoStore, type Store } from "@kcp/store";
import { getSharedMongo } from "@kcp/test-infra";
import { expect } from "chai";
import { DesiredStateBook, type DesiredStateRecords, type PlanState } from "../src/index.js";

const MIB = 1024 * 1024;

/** The store's records, counting the characters of every body it hands back, by the key's kind (`staged`, `hold`…). */
class CountedRecords implements DesiredStateRecords {
  readonly read = new Map<string, number>();
  constructor(private readonly inner: DesiredStateRecords) {}
  private count(records: { key: string; body: string }[]) {
    for (const { key, body } of records) {
      const kind = key.slice(0, key.indexOf(":"));
      this.read.set(kind, (this.read.get(kind) ?? 0) + body.length);
    }
  }
  put(record: { clusterId: string; key: string; body: string; updatedAt: Date }) {
    return this.inner.put(record);
  }
  async get(clusterId: string, key: string) {
    const record = await this.inner.get(clusterId, key);
    if (record) this.count([{ key, body: record.body }]);
    return record;
  }
  async list(clusterId: string, prefix: string) {
    const records = await this.inner.list(clusterId, prefix);
    this.count(records);
    return records;
  }
  remove(clusterId: string, key: string) {
    return this.inner.remove(clusterId, key);
  }
}

/**
 * A file of about `mib` MiB: one Scope of long prefixes (what a file may hold most of) and one topic. `tag` makes
 * the content (and so the digest) differ.
 */
function largeFile(path: string, mib: number, tag: string): DesiredFile {
  const prefixes = Array.from(
    { length: Math.ceil((mib * MIB) / 250) },
    (_, i) => `${tag}-${String(i).padStart(6, "0")}-${"p".repeat(230)}`,
  );
  const documents: unknown[] = [];
  for (let at = 0; at < prefixes.length; at += 1000)
    documents.push({ kind: "Scope", topics: { prefixes: prefixes.slice(at, at + 1000) } });
  documents.push({ kind: "Topic", name: `${tag}-topic`, partitions: 1, replicationFactor: 1 });
  return DesiredFileSchema.parse({ path, documents });
}

const stores: [string, () => Promise<{ store: Store; stop: () => Promise<void> }>][] = [
  [
    "embedded (node:sqlite)",
    async () => {
      const dir = mkdtempSync(join(tmpdir(), "kcp-staging-"));
      const store = new EmbeddedStore(dir);
      return {
        store,
        stop: async () => {
          await store.stop();
          rmSync(dir, { recursive: true, force: true });
        },
      };
    },
  ],
  [
    "MongoDB (FerretDB unless MONGO_URL is set)",
    async () => {
      const store = await MongoStore.open({
        url: (await getSharedMongo()).url,
        dbName: `staging_${randomUUID().replaceAll("-", "")}`,
      });
      return { store, stop: () => store.stop() };
    },
  ],
];

for (const [label, open] of stores)
  describe(`staged desired-state files on ${label}: stored once, bounded per user and cluster, let go with their plan, never read back by another plan`, function () {
    this.timeout(300_000);
    let store: Store;
    let stop: () => Promise<void>;
    const bounds = { perUserBytes: 8 * MIB, perClusterBytes: 12 * MIB };

    beforeEach(async () => {
      ({ store, stop } = await open());
    });
    afterEach(() => stop());

    /** What the store keeps of staged files on the cluster: read straight from the store's rows. */
    const stagedRows = async (clusterId: string) => {
      const rows = await store.desiredStates.list(clusterId, "staged:");
      return { count: rows.length, bytes: rows.reduce((n, r) => n + Buffer.byteLength(r.body), 0) };
    };

    it("25 plans of large files keep the store within the per-user bound; the 26th past it is refused 429 with Retry-After, storing nothing; a later small plan reads back no staged file", async () => {
      const clusterId = randomUUID();
      const records = new CountedRecords(store.desiredStates);
      const book = new DesiredStateBook(records);
      const states = new Map<string, "planned" | "active" | "ended">();
      const state: PlanState = async (id) => states.get(id) ?? "ended";
      /** A plan as the route makes it: staged, superseded plans cancelled and let go, then tied to its operation. */
      const plan = async (user: string, files: DesiredFile[]) => {
        const digest = randomUUID();
        const staging = await book.stage(clusterId, digest, files, { user, bounds, state, expiresInMs: 900_000 });
        for (const id of staging.superseded) {
          states.set(id, "ended");
          await book.release(clusterId, id);
        }
        const operationId = randomUUID();
        await book.tie(clusterId, staging.hold, operationId);
        states.set(operationId, "planned");
        return { operationId, digest, superseded: staging.superseded };
      };

      // Seven files of 1 MiB at seven paths, then the seventh path planned again 18 times with new content: each
      // re-plan supersedes the last. 25 plans; the store never holds more than the bound.
      const planned = [];
      for (let i = 0; i < 7; i++) planned.push(await plan("alice", [largeFile(`teams/t${i}.yaml`, 1, `a${i}`)]));
      for (let i = 0; i < 18; i++) {
        const again = await plan("alice", [largeFile("teams/t6.yaml", 1, `again${i}`)]);
        expect(again.superseded).to.deep.equal([planned.at(-1)?.operationId]);
        planned.push(again);
        const rows = await stagedRows(clusterId);
        expect(rows.count).to.equal(7);
        expect(rows.bytes).to.be.at.most(bounds.perUserBytes);
      }
      expect(planned).to.have.lengthOf(25);

      // The 26th: 2 MiB more at a new path would pass alice's 8 MiB.
      const before = await stagedRows(clusterId);
      const refused = await plan("alice", [largeFile("teams/t7.yaml", 2, "a7")]).then(
        () => expect.fail("the 26th plan was staged"),
        (error: unknown) => error as AppError,
      );
      expect(refused).to.be.instanceOf(AppError);
      expect(refused).to.include({ code: "too_many_attempts", status: 429 });
      expect(refused.message).to.match(
        /alice .* hold [67]\.\d MiB .* bound of 8\.0 MiB \(DESIRED_STATE_STAGED_MIB_PER_USER\)/,
      );
      expect(refused.headers).to.deep.equal({ "Retry-After": "900" });
      expect(await stagedRows(clusterId)).to.deep.equal(before);

      // Bob's small plan: it reads the holds (small), never a staged file.
      records.read.clear();
      const small = DesiredFileSchema.parse({
        path: "teams/bob.yaml",
        documents: [
          { kind: "Scope", topics: { names: ["bob.t"] } },
          { kind: "Topic", name: "bob.t", partitions: 1, replicationFactor: 1 },
        ],
      });
      await plan("bob", [small]);
      await book.applied(clusterId);
      expect(records.read.get("staged") ?? 0).to.equal(0);
      expect(records.read.get("hold") ?? 0).to.be.below(16 * 1024);

      // The cluster's bound: bob's 7 MiB more, within his own 8 MiB, would pass the cluster's 12 MiB.
      const cluster = await plan("bob", [largeFile("teams/bob-big.yaml", 7, "b")]).then(
        () => expect.fail("staged past the cluster's bound"),
        (error: unknown) => error as AppError,
      );
      expect(cluster).to.include({ code: "too_many_attempts" });
      expect(cluster.message).to.match(/bound of 12\.0 MiB \(DESIRED_STATE_STAGED_MIB_PER_CLUSTER\)/);

      // Plans end, and their files go: one expired (the sweep releases it), one cancelled (let go at the next plan),
      // one applied (recorded: the applied record stays, the staged files go).
      const [expired, cancelled, applied] = planned as [(typeof planned)[0], (typeof planned)[0], (typeof planned)[0]];
      states.set(expired.operationId, "ended");
      await book.release(clusterId, expired.operationId);
      expect((await stagedRows(clusterId)).count).to.equal(7);
      states.set(cancelled.operationId, "ended");
      states.set(applied.operationId, "active");
      expect(
        await book.record(clusterId, applied.digest, { operationId: applied.operationId, user: "alice" }),
      ).to.include({ recorded: true });
      const next = await plan("alice", [largeFile("teams/t7.yaml", 2, "a7")]);
      expect(next.superseded).to.deep.equal([]);
      const keys = (await store.desiredStates.list(clusterId, "staged:")).map((r) => r.key.slice("staged:".length));
      expect(keys).not.to.include.members([expired.digest, cancelled.digest, applied.digest]);
      expect(keys).to.include(next.digest);
      expect((await book.applied(clusterId)).map((f) => f.path)).to.deep.equal(["teams/t2.yaml"]);
    });

    it("20 plans of one user at once: the bound still holds (plans on a cluster take turns between check and write)", async () => {
      const clusterId = randomUUID();
      const book = new DesiredStateBook(store.desiredStates);
      const state: PlanState = async () => "planned";
      const outcomes = await Promise.allSettled(
        Array.from({ length: 20 }, (_, i) =>
          book.stage(clusterId, randomUUID(), [largeFile(`teams/burst${i}.yaml`, 1, `b${i}`)], {
            user: "mallory",
            bounds,
            state,
            expiresInMs: 900_000,
          }),
        ),
      );
      const refused = outcomes.filter((o) => o.status === "rejected");
      expect(refused.length).to.be.at.least(12);
      for (const o of refused)
        expect((o as PromiseRejectedResult).reason).to.have.property("code", "too_many_attempts");
      expect((await stagedRows(clusterId)).bytes).to.be.at.most(bounds.perUserBytes);
    });

    it("the same files planned twice are stored once, and stay while either plan needs them", async () => {
      const clusterId = randomUUID();
      const book = new DesiredStateBook(store.desiredStates);
      const states = new Map<string, "planned" | "active" | "ended">();
      const state: PlanState = async (id) => states.get(id) ?? "ended";
      const files = [largeFile("teams/shared.yaml", 1, "s")];
      const stageAs = async (user: string, operationId: string) => {
        const staging = await book.stage(clusterId, "same-digest", files, { user, bounds, state, expiresInMs: 1 });
        await book.tie(clusterId, staging.hold, operationId);
        states.set(operationId, "planned");
      };
      await stageAs("alice", "op-a");
      await stageAs("bob", "op-b");
      expect(await stagedRows(clusterId)).to.include({ count: 1 });
      states.set("op-a", "ended");
      await book.release(clusterId, "op-a");
      expect(await stagedRows(clusterId)).to.include({ count: 1 });
      await book.release(clusterId, "op-b");
      expect(await stagedRows(clusterId)).to.include({ count: 0 });
    });
  });
