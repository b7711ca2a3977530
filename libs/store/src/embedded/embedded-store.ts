import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Store } from "../store.js";

export const EMBEDDED_DATABASE_FILE = "control-plane.sqlite";

/** The embedded store: one SQLite file in `dataDir`, in WAL mode so readers never wait for the writer. */
export class EmbeddedStore implements Store {
  readonly kind = "embedded";
  readonly name = "store";
  readonly path: string;
  private readonly db: DatabaseSync;
  private closed = false;

  constructor(dataDir: string) {
    const directory = resolve(dataDir);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    this.path = join(directory, EMBEDDED_DATABASE_FILE);
    this.db = new DatabaseSync(this.path);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA foreign_keys = ON;");
  }

  async ping(): Promise<void> {
    if (this.closed) throw new Error("the embedded store is closed");
    this.db.prepare("SELECT 1").get();
  }

  async stop(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.db.close();
  }
}
