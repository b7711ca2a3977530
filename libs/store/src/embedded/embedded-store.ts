import { mkdirSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Store } from "../store.js";
import { EmbeddedAudit } from "./audit.js";
import { EmbeddedClusters, EmbeddedClusterViews } from "./clusters.js";
import { migrate } from "./migrations.js";
import { EmbeddedOperations } from "./operations.js";
import { EmbeddedLoginAttempts, EmbeddedSessions } from "./sessions.js";
import { EmbeddedUsers } from "./users.js";

export const EMBEDDED_DATABASE_FILE = "control-plane.sqlite";

/** The embedded store: one SQLite file in `dataDir`, in WAL mode so readers never wait for the writer. */
export class EmbeddedStore implements Store {
  readonly kind = "embedded";
  readonly name = "store";
  readonly path: string;
  readonly schemaVersion: number;
  readonly users;
  readonly sessions;
  readonly loginAttempts;
  readonly clusters;
  readonly clusterViews;
  readonly operations;
  readonly audit;
  private readonly db: DatabaseSync;
  private closed = false;

  constructor(dataDir: string) {
    const directory = resolve(dataDir);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    this.path = join(directory, EMBEDDED_DATABASE_FILE);
    this.db = new DatabaseSync(this.path);
    this.db.exec("PRAGMA journal_mode = WAL; PRAGMA busy_timeout = 5000; PRAGMA synchronous = NORMAL;");
    this.schemaVersion = migrate(this.db);
    this.users = new EmbeddedUsers(this.db);
    this.sessions = new EmbeddedSessions(this.db);
    this.loginAttempts = new EmbeddedLoginAttempts(this.db);
    this.clusters = new EmbeddedClusters(this.db);
    this.clusterViews = new EmbeddedClusterViews(this.db);
    this.operations = new EmbeddedOperations(this.db);
    this.audit = new EmbeddedAudit(this.db);
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
