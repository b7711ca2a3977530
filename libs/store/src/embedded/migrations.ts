import type { DatabaseSync } from "node:sqlite";
import { transaction } from "./sql.js";

/**
 * The embedded schema, versioned in code: each migration runs once, in order, inside a transaction, and is recorded
 * in `schema_migrations`. Never edit a released migration; add the next one.
 */
const MIGRATIONS: { version: number; name: string; sql: string }[] = [
  {
    version: 1,
    name: "initial schema",
    sql: `
      CREATE TABLE users (
        id TEXT PRIMARY KEY, username TEXT NOT NULL UNIQUE, role TEXT NOT NULL, disabled INTEGER NOT NULL,
        password_hash TEXT NOT NULL, created_at TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE sessions (
        token_hash TEXT PRIMARY KEY, user_id TEXT NOT NULL, created_at TEXT NOT NULL, expires_at TEXT NOT NULL,
        revoked_at TEXT);
      CREATE INDEX sessions_by_user ON sessions (user_id);
      CREATE TABLE login_attempts (
        id INTEGER PRIMARY KEY AUTOINCREMENT, key TEXT NOT NULL, at TEXT NOT NULL, succeeded INTEGER NOT NULL);
      CREATE INDEX login_attempts_by_key ON login_attempts (key, at);
      CREATE TABLE clusters (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, doc TEXT NOT NULL, created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL);
      CREATE TABLE cluster_views (cluster_id TEXT PRIMARY KEY, doc TEXT NOT NULL, updated_at TEXT NOT NULL);
      CREATE TABLE operations (
        id TEXT PRIMARY KEY, cluster_id TEXT NOT NULL, type TEXT NOT NULL, status TEXT NOT NULL,
        version INTEGER NOT NULL, lease_owner TEXT, lease_expires_at TEXT, expires_at TEXT NOT NULL, doc TEXT NOT NULL,
        created_at TEXT NOT NULL, updated_at TEXT NOT NULL, seq INTEGER NOT NULL);
      CREATE INDEX operations_by_cluster ON operations (cluster_id, seq);
      CREATE INDEX operations_by_expiry ON operations (status, expires_at);
      CREATE UNIQUE INDEX one_active_operation_per_cluster ON operations (cluster_id)
        WHERE status IN ('pending', 'running', 'paused');
      CREATE TABLE audit (
        id INTEGER PRIMARY KEY AUTOINCREMENT, at TEXT NOT NULL, actor TEXT NOT NULL, action TEXT NOT NULL,
        cluster_id TEXT, target TEXT, result TEXT NOT NULL, detail TEXT NOT NULL);
      CREATE INDEX audit_by_cluster ON audit (cluster_id, id);`,
  },
  {
    version: 2,
    name: "cluster view snapshots apart from the summary",
    sql: `
      ALTER TABLE cluster_views ADD COLUMN snapshot TEXT;
      UPDATE cluster_views SET snapshot = json_extract(doc, '$.snapshot'), doc = json_remove(doc, '$.snapshot')
        WHERE json_type(doc, '$.snapshot') IS NOT NULL;`,
  },
  {
    version: 3,
    name: "large arrays of operation documents apart, in chunks",
    sql: `
      CREATE TABLE operation_parts (
        op_id TEXT NOT NULL, part TEXT NOT NULL, n INTEGER NOT NULL, first INTEGER, count INTEGER, nested TEXT,
        text TEXT NOT NULL, PRIMARY KEY (op_id, part, n));`,
  },
  {
    version: 4,
    name: "API tokens; indexes for the audit filters, the retention sweep and the operation status filter",
    sql: `
      CREATE TABLE api_tokens (
        id TEXT PRIMARY KEY, name TEXT NOT NULL, owner_id TEXT NOT NULL, role TEXT NOT NULL,
        token_hash TEXT NOT NULL UNIQUE, created_at TEXT NOT NULL, expires_at TEXT NOT NULL, last_used_at TEXT,
        revoked_at TEXT, seq INTEGER NOT NULL);
      CREATE INDEX api_tokens_by_owner ON api_tokens (owner_id, seq);
      CREATE INDEX audit_by_actor ON audit (actor, id);
      CREATE INDEX audit_by_action ON audit (action, id);
      CREATE INDEX audit_by_result ON audit (result, id);
      CREATE INDEX audit_by_time ON audit (at);
      CREATE INDEX operations_by_cluster_status ON operations (cluster_id, status, seq);`,
  },
  {
    version: 5,
    name: "autopilot: policies, anomalies with their timeline, pauses",
    sql: `
      CREATE TABLE policies (
        id TEXT PRIMARY KEY, name TEXT NOT NULL UNIQUE, doc TEXT NOT NULL, created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL);
      CREATE TABLE anomalies (
        id TEXT PRIMARY KEY, cluster_id TEXT NOT NULL, code TEXT NOT NULL, cleared_at TEXT, doc TEXT NOT NULL,
        seq INTEGER NOT NULL);
      CREATE INDEX anomalies_by_cluster ON anomalies (cluster_id, seq);
      CREATE INDEX anomalies_open ON anomalies (cluster_id, cleared_at);
      CREATE INDEX anomalies_cleared ON anomalies (cleared_at);
      CREATE TABLE autopilot_pauses (scope TEXT PRIMARY KEY, doc TEXT NOT NULL);`,
  },
  {
    version: 6,
    name: "desired state per cluster",
    sql: `
      CREATE TABLE desired_states (
        cluster_id TEXT NOT NULL, key TEXT NOT NULL, body TEXT NOT NULL, updated_at TEXT NOT NULL,
        PRIMARY KEY (cluster_id, key));`,
  },
  {
    version: 7,
    name: "history of figures",
    sql: `
      -- Rowid tables: a frame of a few KiB in a WITHOUT ROWID table's B-tree spills into overflow pages and made the
      -- file 1.76 times its data (bench:history); in a rowid table the key lives in its own index.
      CREATE TABLE series_frames (
        cluster_id TEXT NOT NULL, part TEXT NOT NULL, resolution TEXT NOT NULL, at INTEGER NOT NULL,
        dictionary TEXT NOT NULL, data BLOB NOT NULL, expires_at INTEGER NOT NULL);
      CREATE UNIQUE INDEX series_frames_key ON series_frames (cluster_id, part, resolution, at);
      CREATE INDEX series_frames_span ON series_frames (cluster_id, resolution, at);
      CREATE INDEX series_frames_expiry ON series_frames (expires_at);
      CREATE TABLE series_dictionaries (
        cluster_id TEXT NOT NULL, id TEXT NOT NULL, keys TEXT NOT NULL, expires_at INTEGER NOT NULL);
      CREATE UNIQUE INDEX series_dictionaries_key ON series_dictionaries (cluster_id, id);
      CREATE INDEX series_dictionaries_expiry ON series_dictionaries (expires_at);`,
  },
  {
    version: 8,
    name: "users of identity providers; sign-ins in flight; sessions' federation",
    sql: `
      ALTER TABLE users ADD COLUMN source TEXT;
      ALTER TABLE users ADD COLUMN groups TEXT;
      ALTER TABLE sessions ADD COLUMN federation TEXT;
      CREATE TABLE sso_logins (state TEXT PRIMARY KEY, doc TEXT NOT NULL, expires_at TEXT NOT NULL);
      CREATE INDEX sso_logins_by_expiry ON sso_logins (expires_at);`,
  },
  {
    version: 9,
    name: "role bindings and their version",
    sql: `
      CREATE TABLE role_bindings (
        id TEXT PRIMARY KEY, origin TEXT NOT NULL, spec TEXT NOT NULL, created_at TEXT NOT NULL,
        updated_at TEXT NOT NULL, seq INTEGER NOT NULL);
      CREATE INDEX role_bindings_by_origin ON role_bindings (origin, seq);
      CREATE TABLE role_binding_version (id INTEGER PRIMARY KEY CHECK (id = 1), n INTEGER NOT NULL);
      INSERT INTO role_binding_version (id, n) VALUES (1, 0);`,
  },
];

/** Applies the migrations not yet recorded; returns the schema version. Safe when several processes open at once. */
export function migrate(db: DatabaseSync): number {
  db.exec("CREATE TABLE IF NOT EXISTS schema_migrations (version INTEGER PRIMARY KEY, name TEXT, applied_at TEXT)");
  for (const migration of MIGRATIONS) {
    // Checked inside the write transaction, so a process that opened at the same time never applies it twice.
    transaction(db, () => {
      if (db.prepare("SELECT 1 FROM schema_migrations WHERE version = ?").get(migration.version)) return;
      db.exec(migration.sql);
      db.prepare("INSERT INTO schema_migrations (version, name, applied_at) VALUES (?, ?, ?)").run(
        migration.version,
        migration.name,
        new Date().toISOString(),
      );
    });
  }
  return MIGRATIONS.at(-1)?.version ?? 0;
}
