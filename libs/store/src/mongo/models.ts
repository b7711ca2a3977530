import { type Connection, Schema } from "mongoose";
import { roleBindingModels } from "./role-bindings.js";

/**
 * The collections of the MongoDB adapter. Every guarantee that decides between concurrent writers rests on unique
 * indexes (including `_id`), which MongoDB and FerretDB both enforce atomically; conditional updates are not relied
 * on, because FerretDB v1 does not perform them atomically (docs/testing.md).
 */
const options = { versionKey: false, autoIndex: false, strict: false } as const;

const users = new Schema(
  {
    _id: String,
    username: String,
    role: String,
    disabled: Boolean,
    passwordHash: String,
    source: String,
    groups: [String],
    createdAt: Date,
    updatedAt: Date,
  },
  options,
);
users.index({ username: 1 }, { unique: true });
users.index({ seq: 1 });

const sessions = new Schema(
  { _id: String, userId: String, createdAt: Date, expiresAt: Date, revokedAt: Date, federation: Object },
  options,
);
sessions.index({ userId: 1 });

/**
 * Sign-ins in flight, `_id` = their state; a consumed one also has a marker, `_id` = "<state>#consumed": whoever
 * inserts the marker first consumes it.
 */
const ssoLogins = new Schema({ _id: String, expiresAt: Date }, options);
ssoLogins.index({ expiresAt: 1 });

/** Each key's attempts in numbered slots, `_id` = "<key>#<n>": whoever inserts n+1 first appends the next attempt. */
const loginAttempts = new Schema({ _id: String, key: String, n: Number, at: Date, succeeded: Boolean }, options);
loginAttempts.index({ key: 1, at: 1 });
loginAttempts.index({ key: 1, n: -1 });

const clusters = new Schema({ _id: String, name: String, createdAt: Date, updatedAt: Date }, options);
clusters.index({ name: 1 }, { unique: true });
clusters.index({ seq: 1 });

const clusterViews = new Schema({ _id: String, updatedAt: Date }, options);

/** One document per operation, immutable: what listing per cluster sorts on. */
const operations = new Schema({ _id: String, clusterId: String, seq: Number, createdAt: Date }, options);
operations.index({ clusterId: 1, seq: -1 });

/** Each version of an operation's state is inserted once, `_id` = "<operation>#<version>"; superseded ones are emptied, never deleted. */
const operationStates = new Schema(
  { _id: String, opId: String, version: Number, status: String, expiresAt: Date },
  options,
);
operationStates.index({ opId: 1, version: -1 });
operationStates.index({ status: 1, expiresAt: 1 });

/**
 * The parts of operation documents stored apart (large arrays such as a plan's moves), gzipped in chunks,
 * `_id` = "<operation>:<part>:<n>" (operation-parts.ts).
 */
const operationParts = new Schema({ _id: String, opId: String, part: String, n: Number, at: Date }, options);
operationParts.index({ opId: 1, part: 1, n: 1 });
operationParts.index({ n: 1, at: 1 });

/** The chain of a cluster's activation locks, `_id` = "<cluster>#<n>": whoever inserts n+1 first holds the cluster. */
const clusterLocks = new Schema({ _id: String, clusterId: String, n: Number, opId: String, at: Date }, options);
clusterLocks.index({ clusterId: 1, n: -1 });

/** The chain of admin-removing changes, `_id` = n: whoever inserts n+1 first holds the admins (admin-locks.ts). */
const adminLocks = new Schema({ _id: Number, owner: String, at: Date, releasedAt: Date }, options);

const audit = new Schema(
  { _id: Number, at: Date, actor: String, action: String, result: String, clusterId: String },
  options,
);
audit.index({ clusterId: 1, _id: -1 });
audit.index({ actor: 1, _id: -1 });
audit.index({ action: 1, _id: -1 });
audit.index({ result: 1, _id: -1 });
audit.index({ at: 1 });

/** API tokens, `_id` = the token's id; found by the hash of their secret. */
const apiTokens = new Schema(
  {
    _id: String,
    name: String,
    ownerId: String,
    role: String,
    tokenHash: String,
    createdAt: Date,
    expiresAt: Date,
    lastUsedAt: Date,
    revokedAt: Date,
  },
  options,
);
apiTokens.index({ tokenHash: 1 }, { unique: true });
apiTokens.index({ ownerId: 1, createdAt: -1 });

/** Autopilot policies, `_id` = the policy's id; names unique; the spec as JSON text. */
const policies = new Schema(
  { _id: String, name: String, spec: String, createdAt: Date, updatedAt: Date, seq: Number },
  options,
);
policies.index({ name: 1 }, { unique: true });
policies.index({ seq: 1 });

/** Anomalies, `_id` = the anomaly's id; the anomaly as JSON text beside the fields queried. */
const anomalies = new Schema(
  { _id: String, clusterId: String, code: String, clearedAt: String, doc: String, seq: Number },
  options,
);
anomalies.index({ clusterId: 1, seq: -1 });
anomalies.index({ clusterId: 1, clearedAt: 1 });
anomalies.index({ clearedAt: 1 });

/** Autopilot pauses, `_id` = the scope (a cluster id, or "*" for the service). */
const autopilotPauses = new Schema({ _id: String, reason: String, by: String, at: Date, until: Date }, options);

/** Desired state per cluster, `_id` = clusterId + NUL + key; the body as JSON text. */
const desiredStates = new Schema(
  { _id: String, clusterId: String, key: String, body: String, updatedAt: Date },
  options,
);
desiredStates.index({ clusterId: 1, key: 1 });

/**
 * The history's frames, `_id` = clusterId, part, resolution and time joined by NUL; deleted by MongoDB after
 * `expiresAt` (TTL index). Dictionaries likewise, `_id` = clusterId + NUL + the dictionary's digest.
 */
const seriesFrames = new Schema(
  {
    _id: String,
    clusterId: String,
    part: String,
    resolution: String,
    at: Date,
    dictionary: String,
    data: Buffer,
    expiresAt: Date,
  },
  options,
);
seriesFrames.index({ clusterId: 1, part: 1, resolution: 1, at: 1 });
seriesFrames.index({ clusterId: 1, resolution: 1, at: 1 });
const seriesDictionaries = new Schema({ _id: String, clusterId: String, keys: String, expiresAt: Date }, options);
seriesDictionaries.index({ clusterId: 1 });

/**
 * TTL indexes on the history's expiry, made apart from the models' indexes because a MongoDB-compatible server may
 * not have them (FerretDB 1.x: "not implemented"): there the expired records are deleted only by the history's sweep
 * (at each 10-minute summary), which runs on every server. Returns whether the server keeps them.
 */
export async function createExpiryIndexes(models: Models): Promise<boolean> {
  try {
    await Promise.all(
      [models.seriesFrames, models.seriesDictionaries].map((model) =>
        model.collection.createIndex({ expiresAt: 1 }, { expireAfterSeconds: 0, name: "expiresAt_ttl" }),
      ),
    );
    return true;
  } catch (error) {
    if (error instanceof Error && /not implemented/i.test(error.message)) return false;
    throw error;
  }
}

export function registerModels(connection: Connection) {
  return {
    users: connection.model("User", users, "users"),
    sessions: connection.model("Session", sessions, "sessions"),
    loginAttempts: connection.model("LoginAttempt", loginAttempts, "login_attempts"),
    clusters: connection.model("Cluster", clusters, "clusters"),
    clusterViews: connection.model("ClusterView", clusterViews, "cluster_views"),
    operations: connection.model("Operation", operations, "operations"),
    operationStates: connection.model("OperationState", operationStates, "operation_states"),
    operationParts: connection.model("OperationPart", operationParts, "operation_parts"),
    clusterLocks: connection.model("ClusterLock", clusterLocks, "cluster_locks"),
    adminLocks: connection.model("AdminLock", adminLocks, "admin_locks"),
    audit: connection.model("AuditEntry", audit, "audit"),
    apiTokens: connection.model("ApiToken", apiTokens, "api_tokens"),
    policies: connection.model("Policy", policies, "policies"),
    anomalies: connection.model("Anomaly", anomalies, "anomalies"),
    autopilotPauses: connection.model("AutopilotPause", autopilotPauses, "autopilot_pauses"),
    desiredStates: connection.model("DesiredState", desiredStates, "desired_states"),
    seriesFrames: connection.model("SeriesFrame", seriesFrames, "series_frames"),
    seriesDictionaries: connection.model("SeriesDictionary", seriesDictionaries, "series_dictionaries"),
    ...roleBindingModels(connection),
    ssoLogins: connection.model("SsoLogin", ssoLogins, "sso_logins"),
  };
}

export type Models = ReturnType<typeof registerModels>;
