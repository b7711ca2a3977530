import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { expect } from "chai";
import { EMBEDDED_DATABASE_FILE, EmbeddedStore } from "../src/index.js";

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
});
