/**
 * What the service needs from storage, independent of the database. Every method that decides between concurrent
 * writers is atomic in the adapter (a conditional update, a unique index), never a read-then-write in the caller.
 * Unique-key violations throw AppError("already_exists").
 */

export type Role = "viewer" | "operator" | "admin";

export interface UserRecord {
  id: string;
  username: string;
  role: Role;
  disabled: boolean;
  passwordHash: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface UserRepository {
  create(user: Omit<UserRecord, "id" | "createdAt" | "updatedAt">): Promise<UserRecord>;
  findById(id: string): Promise<UserRecord | undefined>;
  findByUsername(username: string): Promise<UserRecord | undefined>;
  list(): Promise<UserRecord[]>;
  update(id: string, changes: Partial<Pick<UserRecord, "role" | "disabled" | "passwordHash">>): Promise<UserRecord>;
  count(): Promise<number>;
}

export interface SessionRecord {
  tokenHash: string;
  userId: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt?: Date;
}

export interface SessionRepository {
  create(session: Omit<SessionRecord, "createdAt">): Promise<SessionRecord>;
  /** Only a session that is neither expired nor revoked. */
  findActive(tokenHash: string, now: Date): Promise<SessionRecord | undefined>;
  revoke(tokenHash: string, at: Date): Promise<void>;
  revokeAllOfUser(userId: string, at: Date): Promise<void>;
}

export interface LoginAttemptRecord {
  key: string;
  failures: number;
  windowStartedAt: Date;
  lockedUntil?: Date;
  lockoutSeconds?: number;
}

export interface LoginAttemptRepository {
  get(key: string): Promise<LoginAttemptRecord | undefined>;
  /** Applies `next` to the current record atomically (compare-and-set on the stored version). */
  update(
    key: string,
    next: (current: LoginAttemptRecord | undefined) => LoginAttemptRecord,
  ): Promise<LoginAttemptRecord>;
  reset(key: string): Promise<void>;
}

export interface ClusterRecord {
  id: string;
  name: string;
  /** The connection profile without secrets. */
  profile: Record<string, unknown>;
  /** AES-256-GCM ciphertext of the secrets, with the id of the key that sealed it. */
  secrets?: { keyId: string; blob: string };
  labels: Record<string, string>;
  settings: Record<string, unknown>;
  brokerClusterId: string;
  createdAt: Date;
  updatedAt: Date;
}

export interface ClusterRepository {
  create(cluster: Omit<ClusterRecord, "id" | "createdAt" | "updatedAt">): Promise<ClusterRecord>;
  findById(id: string): Promise<ClusterRecord | undefined>;
  list(): Promise<ClusterRecord[]>;
  update(id: string, changes: Partial<Omit<ClusterRecord, "id" | "createdAt" | "updatedAt">>): Promise<ClusterRecord>;
  remove(id: string): Promise<void>;
}

export interface ClusterViewRecord {
  clusterId: string;
  snapshot?: Record<string, unknown>;
  health: Record<string, unknown>;
  capabilities: Record<string, unknown>;
  updatedAt: Date;
}

export interface ClusterViewRepository {
  put(view: ClusterViewRecord): Promise<void>;
  get(clusterId: string): Promise<ClusterViewRecord | undefined>;
  /** Every cluster's latest view in one query (the overview). */
  listAll(): Promise<ClusterViewRecord[]>;
}

export type OperationStatus = "planned" | "pending" | "running" | "paused" | "succeeded" | "failed" | "cancelled";

export interface OperationRecord {
  id: string;
  clusterId: string;
  type: string;
  status: OperationStatus;
  /** Incremented by every write; conditional updates compare it. */
  version: number;
  lease?: { owner: string; expiresAt: Date };
  expiresAt?: Date;
  document: Record<string, unknown>;
  createdAt: Date;
  updatedAt: Date;
}

export interface OperationRepository {
  create(operation: Omit<OperationRecord, "version" | "createdAt" | "updatedAt">): Promise<OperationRecord>;
  findById(id: string): Promise<OperationRecord | undefined>;
  listByCluster(clusterId: string, limit: number): Promise<OperationRecord[]>;
  /** Sets `changes` only if the status is one of `from` (and the version matches, when given); else undefined. */
  transition(
    id: string,
    from: readonly OperationStatus[],
    changes: Partial<Omit<OperationRecord, "id" | "clusterId" | "createdAt">>,
    expectedVersion?: number,
  ): Promise<OperationRecord | undefined>;
  /** Takes the lease if it is free or expired; else undefined. */
  acquireLease(id: string, owner: string, until: Date, now: Date): Promise<OperationRecord | undefined>;
  /** Planned operations whose plan expired before `now`. */
  findExpiredPlans(now: Date, limit: number): Promise<OperationRecord[]>;
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

export interface AuditRepository {
  append(entry: Omit<AuditRecord, "id">): Promise<AuditRecord>;
  /** Newest first. */
  list(query: { clusterId?: string; limit: number }): Promise<AuditRecord[]>;
}

export interface Repositories {
  users: UserRepository;
  sessions: SessionRepository;
  loginAttempts: LoginAttemptRepository;
  clusters: ClusterRepository;
  clusterViews: ClusterViewRepository;
  operations: OperationRepository;
  audit: AuditRepository;
}
