/**
 * What the service needs from storage, independent of the database. Every method that decides between concurrent
 * writers is atomic in each adapter (a unique key, a conditional write), never a read-then-write in the caller:
 * - unique usernames and cluster names: `AppError("already_exists")`; unknown ids on update: `AppError("not_found")`;
 * - operation transitions are conditional on the current status (and version, when given) and bump the version, so of
 *   two concurrent confirms or two workers exactly one wins;
 * - at most one operation per cluster is active (pending, running or paused): entering an active status while another
 *   operation of the cluster is active fails with `AppError("conflict")`;
 * - a worker lease is taken only when free or expired, renewed and released only by its owner;
 * - login attempts are appended, so concurrent failures all count, and a reservation checks the throttle and appends
 *   its attempt in one step per key, so of any number of concurrent attempts only those the check admits are evaluated;
 * - a change that would leave no enabled admin is refused atomically (`keepAnEnabledAdmin`), so of two admins
 *   disabling each other at once one is refused;
 * - audit ids are int64-safe and increase with time, across processes.
 */
import type {
  Anomaly,
  AutopilotTrigger,
  OperationStatus,
  PolicySpec,
  Role,
  SeriesResolution,
  StoredProfile,
} from "@kcp/shared";
import type { PartRef } from "./document-parts.js";
import type { FederatedUser, SessionFederation, SsoLoginRepository } from "./federation.js";
import type { RoleBindingRepository } from "./role-bindings.js";

export { isPartRef, type PartRef } from "./document-parts.js";
export type { FederatedUser, SessionFederation, SsoLoginRecord, SsoLoginRepository } from "./federation.js";
export type { OperationStatus, Role };

export interface UserRecord {
  id: string;
  username: string;
  role: Role;
  disabled: boolean;
  passwordHash: string;
  /**
   * The identity provider a user signs in through (its id in the configuration); undefined for a local user. Such a
   * user has no password and no role of its own: its bindings, and its groups' bindings, give its access.
   */
  source?: string;
  /** A provider's user's groups as of its last sign-in or refresh, each `<source>:<group>`. */
  groups?: string[];
  createdAt: Date;
  updatedAt: Date;
}
export type NewUser = Pick<UserRecord, "username" | "role" | "disabled" | "passwordHash">;

export interface UserRepository {
  create(user: NewUser): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | undefined>;
  findByUsername(username: string): Promise<UserRecord | undefined>;
  /** Oldest first. */
  list(): Promise<UserRecord[]>;
  /**
   * With `keepAnEnabledAdmin`, a change that would leave no enabled admin throws
   * `AppError("invalid_request", LAST_ADMIN_MESSAGE)`, decided atomically with the write: however many such changes
   * run at once, on any number of instances, one enabled admin remains.
   */
  update(id: string, changes: UserChanges, options?: UpdateUserOptions): Promise<UserRecord>;
  count(): Promise<number>;
  /**
   * Creates a provider's user (role "viewer", never used; no password: a password login refuses it as a wrong
   * password) or replaces the groups of the existing one; `disabled` is kept. A username held by a local user or by
   * another provider's user is refused with `AppError("conflict")`. Concurrent first sign-ins create one user.
   */
  upsertFederated(user: FederatedUser): Promise<UserRecord>;
}
export type UserChanges = Partial<Pick<UserRecord, "role" | "disabled" | "passwordHash">>;
export interface UpdateUserOptions {
  keepAnEnabledAdmin?: boolean;
}

export const LAST_ADMIN_MESSAGE = "This is the last enabled admin: keep one";

/** Whether the user counts as an enabled admin (what `keepAnEnabledAdmin` keeps one of). */
export const isEnabledAdmin = (user: Pick<UserRecord, "role" | "disabled">) => user.role === "admin" && !user.disabled;

export interface SessionRecord {
  tokenHash: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date;
  /** A session made by an identity provider's sign-in: what refreshes its user's groups. */
  federation?: SessionFederation;
}

export interface SessionRepository {
  create(session: Omit<SessionRecord, "revokedAt">): Promise<SessionRecord>;
  /** Only a session that is neither expired nor revoked at `now`. */
  findActive(tokenHash: string, now: Date): Promise<SessionRecord | undefined>;
  revoke(tokenHash: string, at: Date): Promise<void>;
  /** Revokes every session of the user (disabled, password changed); returns how many were active. */
  revokeAllOfUser(userId: string, at: Date): Promise<number>;
  /** Replaces a session's federation (after a refresh of its groups); unknown sessions are ignored. */
  updateFederation(tokenHash: string, federation: SessionFederation): Promise<void>;
}

/** One login attempt for a key (username + client address). Attempts are appended, so concurrent failures from
 * several gateway instances all count; the only update marks a reserved attempt as succeeded. */
export interface LoginAttempt {
  at: Date;
  succeeded: boolean;
}

/** A reservation admitted (its attempt appended as a failure, `id` to mark it succeeded) or refused (nothing
 * appended; `attempts` are those the refusal was decided on). */
export type LoginReservation = { admitted: true; id: string } | { admitted: false; attempts: LoginAttempt[] };

export interface LoginAttemptRepository {
  record(key: string, attempt: LoginAttempt): Promise<void>;
  /**
   * Reads the key's attempts at or after `since` (oldest first) and, only when `admit(attempts)` is true, appends a
   * failed attempt at `at` — one step, serialized with every other reservation and record of the key on any
   * instance, so a pending reservation counts as a failure in every later decision. The caller marks it succeeded on
   * a right password; a caller that dies first leaves a failure (conservative). When concurrent reservations of the
   * key keep winning over this one (many times in a row), it is refused with the attempts last read.
   */
  reserve(key: string, since: Date, at: Date, admit: (attempts: LoginAttempt[]) => boolean): Promise<LoginReservation>;
  /** Marks a reserved attempt as succeeded. */
  markSucceeded(key: string, id: string): Promise<void>;
  /** The key's attempts at or after `since`, oldest first. */
  since(key: string, since: Date): Promise<LoginAttempt[]>;
  /** The distinct keys that start with `prefix` (a user's keys, for a reset). */
  keysStartingWith(prefix: string): Promise<string[]>;
  /** Forgets attempts older than `before`. */
  prune(before: Date): Promise<void>;
}

export interface ClusterRecord {
  id: string;
  name: string;
  /** The connection profile without secrets, labels and settings, typed by its provider kind. */
  profile: StoredProfile;
  /** AES-256-GCM ciphertext of the secrets, with the id of the key that sealed it. */
  secrets?: { keyId: string; blob: string };
  labels: Record<string, string>;
  settings: Record<string, unknown>;
  brokerClusterId: string;
  createdAt: Date;
  updatedAt: Date;
}
export type NewCluster = Omit<ClusterRecord, "id" | "createdAt" | "updatedAt">;
export type ClusterChanges = Partial<Omit<ClusterRecord, "id" | "createdAt" | "updatedAt">>;

export interface ClusterRepository {
  create(cluster: NewCluster): Promise<ClusterRecord>;
  findById(id: string): Promise<ClusterRecord | undefined>;
  findByName(name: string): Promise<ClusterRecord | undefined>;
  /** Oldest first. */
  list(): Promise<ClusterRecord[]>;
  update(id: string, changes: ClusterChanges): Promise<ClusterRecord>;
  /** Returns whether the cluster existed. */
  remove(id: string): Promise<boolean>;
}

export interface ClusterViewRecord {
  clusterId: string;
  snapshot?: Record<string, unknown>;
  health: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  updatedAt: Date;
}

export type ClusterViewSummary = Omit<ClusterViewRecord, "snapshot">;

export interface ClusterViewRepository {
  /** Replaces the cluster's view (the latest collection wins). */
  put(view: ClusterViewRecord): Promise<void>;
  get(clusterId: string): Promise<ClusterViewRecord | undefined>;
  /** The cluster's latest view without its snapshot: health, capabilities and updatedAt, read without the snapshot. */
  getSummary(clusterId: string): Promise<ClusterViewSummary | undefined>;
  /**
   * Every cluster's latest view without its snapshot, in one query: what the overview shows. Snapshots are stored
   * apart, so the overview never reads (or parses) them.
   */
  listSummaries(): Promise<ClusterViewSummary[]>;
  remove(clusterId: string): Promise<void>;
}

export interface OperationLease {
  owner: string;
  expiresAt: Date;
}

export interface OperationRecord {
  id: string;
  clusterId: string;
  type: string;
  status: OperationStatus;
  /** Incremented by every write; conditional writes may compare it. */
  version: number;
  lease?: OperationLease;
  /** When a planned operation's plan expires. */
  expiresAt: Date;
  /** Everything else of the operation (params, plan, steps, details, ...), as the engine keeps it. */
  document: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}
/** `createdAt` defaults to now; the planner passes the time it computed `expiresAt` from, so both agree exactly. */
export type NewOperation = Pick<OperationRecord, "id" | "clusterId" | "type" | "expiresAt" | "document"> &
  Partial<Pick<OperationRecord, "createdAt">>;

export interface OperationChanges {
  status?: OperationStatus;
  document?: Record<string, unknown>;
  /** null removes the lease. */
  lease?: OperationLease | null;
}

export interface TransitionCondition {
  /** The statuses the operation must be in. */
  from: readonly OperationStatus[];
  /** The version it must have (optimistic concurrency for step updates). */
  version?: number;
}

/**
 * How much of an operation's document a read gives. Large arrays of a document (a plan's moves, its reassign step's
 * moves) are stored apart from the rest, written once (document-parts.ts):
 * - "full" (the default): the whole document;
 * - "refs": each such array stays a reference, `{"$kcpPart": "<id>", "items": <how many>}` (`PartRef`): what
 *   status, steps, progress and lists need, read at the cost of the small rest whatever the plan's size. Such a
 *   document written back (a transition) keeps the arrays as they are; `readItems` pages one, `resolveParts` loads
 *   those a caller needs.
 */
export interface OperationReadOptions {
  parts?: "full" | "refs";
}

export interface OperationPageQuery {
  limit: number;
  statuses?: readonly OperationStatus[];
  /** A `nextBefore` of an earlier page: the operation's creation sequence number in the cluster. */
  before?: number;
}

export interface OperationPage {
  operations: OperationRecord[];
  nextBefore?: number;
}

/** A page of an array stored apart: items `offset`.. and how many it has. */
export interface ItemsPage {
  items: unknown[];
  total: number;
}

/**
 * Operations. Every write below is atomic and bumps `version`; an unknown id throws `AppError("not_found")`, while a
 * condition that does not hold (another writer won) gives undefined. Each method answering records takes
 * `OperationReadOptions` (default: whole documents).
 */
export interface OperationRepository {
  /** A new operation in status `planned`, version 1. */
  create(operation: NewOperation, options?: OperationReadOptions): Promise<OperationRecord>;
  findById(id: string, options?: OperationReadOptions): Promise<OperationRecord | undefined>;
  /** Newest first. */
  listByCluster(clusterId: string, limit: number, options?: OperationReadOptions): Promise<OperationRecord[]>;
  /**
   * A page of the cluster's operations, newest first: only those in `statuses` (when given) and created before the
   * operation whose `cursor` is `before`. `nextBefore` is the cursor of the page's last operation when more may follow.
   */
  listPage(clusterId: string, query: OperationPageQuery, options?: OperationReadOptions): Promise<OperationPage>;
  /** Planned operations whose plan expired before `now`, oldest first. */
  findExpiredPlans(now: Date, limit: number, options?: OperationReadOptions): Promise<OperationRecord[]>;
  /**
   * Applies `changes` only if the operation is in one of `condition.from` (and at `condition.version`, when given);
   * returns the new record, or undefined when the condition did not hold. Entering an active status while another
   * operation of the cluster is active throws `AppError("conflict")`. References (`PartRef`) of this operation in
   * `changes.document` keep what they stand for, unwritten.
   */
  transition(
    id: string,
    condition: TransitionCondition,
    changes: OperationChanges,
    options?: OperationReadOptions,
  ): Promise<OperationRecord | undefined>;
  /** Takes the lease when it is free, expired at `now`, or already `owner`'s; else undefined. */
  acquireLease(
    id: string,
    owner: string,
    until: Date,
    now: Date,
    options?: OperationReadOptions,
  ): Promise<OperationRecord | undefined>;
  /** Extends the lease to `until` only while `owner` holds it (nobody took it over); else undefined. */
  renewLease(
    id: string,
    owner: string,
    until: Date,
    options?: OperationReadOptions,
  ): Promise<OperationRecord | undefined>;
  /** Frees the lease only if `owner` holds it; else undefined. */
  releaseLease(id: string, owner: string, options?: OperationReadOptions): Promise<OperationRecord | undefined>;
  /** The operation active on the cluster (pending, running or paused), if any. */
  findActive(clusterId: string, options?: OperationReadOptions): Promise<OperationRecord | undefined>;
  /**
   * Items `offset`..`offset + limit - 1` of the array that `ref` (from a read with `parts: "refs"` of operation `id`)
   * stands for, reading only the chunks that hold them, and how many items it has.
   */
  readItems(id: string, ref: PartRef, offset: number, limit: number): Promise<ItemsPage>;
  /** A copy of `value` (a document or any piece of one read with `parts: "refs"`) with its references loaded. */
  resolveParts<T>(id: string, value: T): Promise<T>;
}

export interface AuditRecord {
  /** int64-safe and increasing with time. */
  id: number;
  at: Date;
  actor: string;
  action: string;
  clusterId?: string;
  target?: string;
  result: "success" | "failure" | "denied";
  detail: Record<string, unknown>;
}

/** Which audit entries a read or an export selects; every field narrows. */
export interface AuditFilter {
  actor?: string;
  action?: string;
  result?: AuditRecord["result"];
  clusterId?: string;
  /** At or after this time. */
  from?: Date;
  /** Before this time. */
  to?: Date;
}

export interface AuditListQuery extends AuditFilter {
  limit: number;
  /** Only entries with a smaller id (the cursor of a page: ids only grow, so later appends never shift a page). */
  before?: number;
}

export interface AuditRepository {
  append(entry: Omit<AuditRecord, "id">): Promise<AuditRecord>;
  /** Newest first (by id). */
  list(query: AuditListQuery): Promise<AuditRecord[]>;
  /**
   * Retention: deletes the entries older than `before`, except the newest entry of the log, which is always kept so
   * that ids keep growing (the MongoDB adapter numbers an entry after the newest one). Returns how many were deleted.
   */
  deleteOlderThan(before: Date): Promise<number>;
}

/**
 * An API token for automation: only the SHA-256 of its secret is stored. Its role is at most its owner's at creation;
 * the gateway also caps it at the owner's current role on every use.
 */
export interface ApiTokenRecord {
  id: string;
  name: string;
  ownerId: string;
  role: Role;
  tokenHash: string;
  createdAt: Date;
  expiresAt: Date;
  lastUsedAt?: Date;
  revokedAt?: Date;
}
export type NewApiToken = Pick<ApiTokenRecord, "name" | "ownerId" | "role" | "tokenHash" | "expiresAt"> &
  Partial<Pick<ApiTokenRecord, "createdAt">>;

export interface ApiTokenRepository {
  create(token: NewApiToken): Promise<ApiTokenRecord>;
  findById(id: string): Promise<ApiTokenRecord | undefined>;
  /** Only a token that is neither expired nor revoked at `now`. */
  findActiveByHash(tokenHash: string, now: Date): Promise<ApiTokenRecord | undefined>;
  /** Tokens not revoked (expired ones included), newest first; of one owner when given. */
  list(query: { ownerId?: string }): Promise<ApiTokenRecord[]>;
  /** Revokes the token; returns whether it was not revoked before. */
  revoke(id: string, at: Date): Promise<boolean>;
  /** Revokes every token of the owner (disabled); returns how many were not revoked before. */
  revokeAllOfOwner(ownerId: string, at: Date): Promise<number>;
  /** Records a use. */
  touch(id: string, at: Date): Promise<void>;
}

/** An autopilot policy (docs/autopilot.md): its spec as validated, names unique. */
export interface PolicyRecord {
  id: string;
  spec: PolicySpec;
  createdAt: Date;
  updatedAt: Date;
}

export interface PolicyRepository {
  /** A policy named like another: `AppError("already_exists")`. */
  create(spec: PolicySpec): Promise<PolicyRecord>;
  findById(id: string): Promise<PolicyRecord | undefined>;
  /** Oldest first. */
  list(): Promise<PolicyRecord[]>;
  /** Replaces the spec; unknown id: `AppError("not_found")`; a name another policy has: `AppError("already_exists")`. */
  update(id: string, spec: PolicySpec): Promise<PolicyRecord>;
  /** Returns whether the policy existed. */
  remove(id: string): Promise<boolean>;
}

export interface AnomalyPageQuery {
  limit: number;
  /** The `nextBefore` of the previous page. */
  before?: number;
  code?: AutopilotTrigger;
  state?: "open" | "cleared";
}

export interface AnomalyPage {
  anomalies: Anomaly[];
  /** Set when more match: the `before` of the next page. */
  nextBefore?: number;
}

/** The autopilot's anomalies, each with its timeline; ordered by when they were first stored. */
export interface AnomalyRepository {
  /** The cluster's open anomalies (not cleared), oldest first. */
  listOpen(clusterId: string): Promise<Anomaly[]>;
  /** Inserts each anomaly, or replaces the one with its id (keeping its place in the order). */
  put(anomalies: readonly Anomaly[]): Promise<void>;
  get(id: string): Promise<Anomaly | undefined>;
  /** A page of the cluster's anomalies, newest first, filtered by code and state. */
  listPage(clusterId: string, query: AnomalyPageQuery): Promise<AnomalyPage>;
  /** Forgets anomalies cleared before `before`; returns how many. */
  prune(before: Date): Promise<number>;
}

/** The autopilot paused (a veto): for one cluster (its id) or the service (`AUTOPILOT_SERVICE_SCOPE`). */
export interface AutopilotPauseRecord {
  scope: string;
  reason: string;
  by: string;
  at: Date;
  until?: Date;
}

export interface AutopilotPauseRepository {
  /** Pauses the scope, replacing an earlier pause of it. */
  put(pause: AutopilotPauseRecord): Promise<void>;
  /** Resumes the scope; returns whether it was paused. */
  remove(scope: string): Promise<boolean>;
  list(): Promise<AutopilotPauseRecord[]>;
}

/**
 * Desired state kept per cluster: the files of applies that succeeded (`applied:<path>`, what drift is measured
 * against) and the files of planned applies waiting for their operation (`staged:<digest>`). The body is JSON text,
 * opaque here (@kcp/desired-state owns its shape).
 */
export interface DesiredStateRecord {
  clusterId: string;
  key: string;
  body: string;
  updatedAt: Date;
}

export interface DesiredStateRepository {
  /** Writes the record, replacing the cluster's record of the same key. */
  put(record: DesiredStateRecord): Promise<void>;
  get(clusterId: string, key: string): Promise<DesiredStateRecord | undefined>;
  /** The cluster's records whose key starts with `prefix`, by key. */
  list(clusterId: string, prefix: string): Promise<DesiredStateRecord[]>;
  /** Returns whether it existed. */
  remove(clusterId: string, key: string): Promise<boolean>;
  /** Forgets every record of the cluster (it was removed). */
  removeCluster(clusterId: string): Promise<void>;
}

/**
 * The history of a cluster's figures, in frames: one part of one collection (`collection`) or of one 10-minute or
 * hourly summary (`10m`, `1h`, `at` the span's start), its values in the order of a dictionary of series keys stored once per cluster. The
 * data is opaque here (@kcp/history owns its encoding). Each record carries its expiry: MongoDB deletes it by a TTL
 * index, the embedded store when swept, and both at a sweep.
 */
export interface SeriesFrameRecord {
  clusterId: string;
  part: string;
  resolution: SeriesResolution;
  at: Date;
  dictionary: string;
  data: Uint8Array;
  expiresAt: Date;
}

export interface SeriesDictionaryRecord {
  clusterId: string;
  id: string;
  keys: string[];
  expiresAt: Date;
}

export interface SeriesRepository {
  /**
   * Writes frames, each replacing one of the same cluster, part, resolution and time, and dictionaries: one already
   * stored keeps its keys (its id is their digest) and takes the later expiry. One transaction in the embedded store.
   */
  put(frames: SeriesFrameRecord[], dictionaries: SeriesDictionaryRecord[]): Promise<void>;
  /** The frames of one part (or, `part` null, of every part) with `at` in [from, to), oldest first. */
  frames(
    clusterId: string,
    part: string | null,
    resolution: SeriesFrameRecord["resolution"],
    from: Date,
    to: Date,
  ): Promise<SeriesFrameRecord[]>;
  latestAt(clusterId: string, part: string, resolution: SeriesFrameRecord["resolution"]): Promise<Date | undefined>;
  dictionaries(clusterId: string, ids: string[]): Promise<SeriesDictionaryRecord[]>;
  /** Deletes every frame and dictionary whose expiry is before `now`; returns how many. */
  sweep(now: Date): Promise<number>;
  /** Forgets the cluster's history (it was removed). */
  removeCluster(clusterId: string): Promise<void>;
}

export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  loginAttempts: LoginAttemptRepository;
  clusters: ClusterRepository;
  clusterViews: ClusterViewRepository;
  operations: OperationRepository;
  audit: AuditRepository;
  apiTokens: ApiTokenRepository;
  policies: PolicyRepository;
  anomalies: AnomalyRepository;
  autopilotPauses: AutopilotPauseRepository;
  desiredStates: DesiredStateRepository;
  series: SeriesRepository;
  roleBindings: RoleBindingRepository;
  ssoLogins: SsoLoginRepository;
}
