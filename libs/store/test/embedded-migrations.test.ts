import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect } from "chai";
import { EMBEDDED_DATABASE_FILE, EmbeddedStore, type OperationRecord } from "../src/index.js";
import { asPlanDocument, largePlanDocument, stepMoves, withStep } from "./large-plan.js";

describe("embedded store migrations", () => {
  it("2: moves each stored view's snapshot apart from its summary, keeping both", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kcp-migrate-"));
    await new EmbeddedStore(dir).stop();
    // Back to the version-1 layout: the snapshot inside the view's document.
    const db = new DatabaseSync(join(dir, EMBEDDED_DATABASE_FILE));
    db.exec("ALTER TABLE cluster_views DROP COLUMN snapshot; DELETE FROM schema_migrations WHERE version = 2");
    const doc = { health: { status: "ok" }, capabilities: { notes: [] }, snapshot: { topics: [{ name: "orders" }] } };
    db.prepare("INSERT INTO cluster_views VALUES (?, ?, ?)").run("c1", JSON.stringify(doc), new Date().toISOString());
    db.close();

    const store = new EmbeddedStore(dir);
    try {
      expect((await store.clusterViews.get("c1"))?.snapshot).to.deep.equal({ topics: [{ name: "orders" }] });
      const [summary] = await store.clusterViews.listSummaries();
      expect(summary).to.deep.include({ clusterId: "c1", health: { status: "ok" } });
      expect(summary).to.not.have.property("snapshot");
    } finally {
      await store.stop();
    }
  });

  it("3: an operation stored whole before reads as before, light too, and moves its arrays apart on its next write", async () => {
    const dir = mkdtempSync(join(tmpdir(), "kcp-migrate-"));
    await new EmbeddedStore(dir).stop();
    // An operation as version 2 stored it: the whole document in its row.
    const document = largePlanDocument(20_000);
    const db = new DatabaseSync(join(dir, EMBEDDED_DATABASE_FILE));
    const now = new Date().toISOString();
    db.prepare(
      `INSERT INTO operations (id, cluster_id, type, status, version, expires_at, doc, created_at, updated_at, seq)
       VALUES ('old', 'c1', 'rebalance', 'running', 3, ?, ?, ?, ?, 1)`,
    ).run(now, JSON.stringify(document), now, now);
    db.close();

    const store = new EmbeddedStore(dir);
    try {
      const same = (a: unknown, b: unknown) => expect(JSON.stringify(a)).to.equal(JSON.stringify(b));
      same((await store.operations.findById("old"))?.document, document);
      const light = (await store.operations.findById("old", { parts: "refs" })) as OperationRecord;
      same(light.document, document); // nothing stored apart yet: the light read is the whole document
      const written = await store.operations.transition(
        "old",
        { from: ["running"], version: 3 },
        { document: withStep(light.document, 0, { status: "running" }) },
        { parts: "refs" },
      );
      expect(asPlanDocument(written?.document ?? {}).plan.moves).to.include({ items: 20_000 });
      const raw = new DatabaseSync(join(dir, EMBEDDED_DATABASE_FILE));
      const row = raw.prepare("SELECT length(doc) AS chars FROM operations WHERE id = 'old'").get() as {
        chars: number;
      };
      const parts = raw.prepare("SELECT COUNT(DISTINCT part) AS n FROM operation_parts WHERE op_id = 'old'").get() as {
        n: number;
      };
      raw.close();
      expect(row.chars).to.be.below(4096);
      expect(parts.n).to.equal(2); // the plan's moves and the reassign step's
      const whole = asPlanDocument((await store.operations.findById("old"))?.document ?? {});
      same(whole.plan.moves, asPlanDocument(document).plan.moves);
      same(stepMoves(whole), stepMoves(document));
      expect(whole.steps[0]?.status).to.equal("running");
    } finally {
      await store.stop();
    }
  });
});
