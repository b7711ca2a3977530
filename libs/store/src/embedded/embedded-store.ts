import { chmodSync, closeSync, mkdirSync, openSync } from "node:fs";
import { join, resolve } from "node:path";
import { DatabaseSync } from "node:sqlite";
import type { Store } from "../store.js";
import { EmbeddedApiTokens } from "./api-tokens.js";
import { EmbeddedAudit } from "./audit.js";
import { EmbeddedAnomalies, EmbeddedAutopilotPauses, EmbeddedPolicies } from "./autopilot.js";
import { EmbeddedClusters, EmbeddedClusterViews } from "./clusters.js";
import { EmbeddedDesiredStates } from "./desired-states.js";
import { migrate } from "./migrations.js";
import { EmbeddedOperations } from "./operations.js";
import { EmbeddedRoleBindings } from "./role-bindings.js";
import { EmbeddedSeries } from "./series.js";
import { EmbeddedLoginAttempts, EmbeddedSessions } from "./sessions.js";
import { EmbeddedSsoLogins } from "./sso-logins.js";
import { EmbeddedUsers } from "./users.js";

export const EMBEDDED_DATABASE_FILE = "control-plane.sqlite";

/**
 * The database file is created 0600 before SQLite opens it (and made so if it exists): SQLite gives its -wal and -shm
 * files the database file's permissions, so sessions, audit and sealed secrets are readable by the service's user only.
 */
function createPrivately(path: string): void {
  closeSync(openSync(path, "a", 0o600));
  chmodSync(path, 0o600);
}

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
  readonly apiTokens;
  readonly policies;
  readonly anomalies;
  readonly autopilotPauses;
  readonly desiredStates;
  readonly series;
  readonly roleBindings;
  readonly ssoLogins;
  private readonly db: DatabaseSync;
  private closed = false;

  constructor(dataDir: string) {
    const directory = resolve(dataDir);
    mkdirSync(directory, { recursive: true, mode: 0o700 });
    this.path = join(directory, EMBEDDED_DATABASE_FILE);
    createPrivately(this.path);
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
    this.apiTokens = new EmbeddedApiTokens(this.db);
    this.policies = new EmbeddedPolicies(this.db);
    this.anomalies = new EmbeddedAnomalies(this.db);
    this.autopilotPauses = new EmbeddedAutopilotPauses(this.db);
    this.desiredStates = new EmbeddedDesiredStates(this.db);
    this.series = new EmbeddedSeries(this.db);
    this.roleBindings = new EmbeddedRoleBindings(this.db);
    this.ssoLogins = new EmbeddedSsoLogins(this.db);
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
