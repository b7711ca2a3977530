import type { KafkaAdmin, ScramUpsertion } from "@kcp/kafka";
import type { Logger, NodeLifecycle, OperatorStatus, ScramMechanism, StepArgs, StepKindName } from "@kcp/shared";

/**
 * The node actions step kinds use, as the cluster's provider offers them (@kcp/shared's NodeLifecycle, which
 * @kcp/providers implements: idempotent, resolving when done, rejecting with an AppError that names the node).
 */
export type StepNodes = Omit<NodeLifecycle, "canObtain">;

/**
 * The operator that owns an operator-managed cluster's nodes (a structural part of @kcp/providers' StrimziCluster):
 * every change is idempotent; `status` is what the operator last reconciled.
 */
export interface StepOperator {
  status(): Promise<OperatorStatus>;
  /** Asks the operator for a rolling restart of the nodes (all of them when absent); answers what it annotated. */
  annotateManualRollingUpdate(nodeIds?: readonly number[]): Promise<string[]>;
  /** Whether that restart is still to happen (the operator removes the annotations once it has rolled). */
  rollingUpdatePending(nodeIds?: readonly number[]): Promise<boolean>;
  scalePool(pool: string, replicas: number): Promise<unknown>;
  setRemoveNodeIds(pool: string, nodeIds: readonly number[]): Promise<void>;
  setKafkaVersion(version: string): Promise<unknown>;
  setMetadataVersion(metadataVersion: string): Promise<unknown>;
}

/** The cluster's desired state in the store, as the apply's last step records it. */
export interface StepDesiredState {
  /** The files staged under the digest become the cluster's last applied desired state (idempotent). */
  record(digest: string): Promise<StepDetail>;
  /** The credential the plan salted for the user and mechanism (kept sealed beside the operation), if any. */
  saltedCredential(user: string, mechanism: ScramMechanism): Promise<ScramUpsertion | undefined>;
}

/** What a step sees while it runs. */
export interface StepContext {
  /** The operator of an operator-managed cluster, or why the worker cannot reach it; absent for other providers. */
  operator?: StepOperator | { unavailable: string };
  admin: KafkaAdmin;
  /**
   * The cluster's nodes through its provider; undefined when the worker cannot act on them (provider external, no
   * AGENT_SIGNING_KEY), or why not.
   */
  nodes?: StepNodes | { unavailable: string };
  /** The cluster's desired state (absent where the runner keeps none: then the step that records it fails). */
  desiredState?: StepDesiredState;
  /** How long the steps that wait for a node wait before they pause the operation (defaults: 5 and 10 minutes). */
  nodeWaits?: { safeToStopMs: number; healthyMs: number };
  /** The step's `detail` as an earlier run of it left it (a worker that died mid-step): what it had seen then. */
  previous?: StepDetail;
  /** Writes the step's `detail` now, before the step acts: a run after a crash reads it back as `previous`. */
  checkpoint?(detail: StepDetail): Promise<void>;
  logger: Logger;
  /** Progress shown in the operation's `details` (bytes moved, ETA, ...). */
  report(details: Record<string, unknown>): Promise<void>;
  /** The pause or cancel requested (or "stop" when the worker stops), else null: long steps stop early on it. */
  interrupted(): Promise<"pause" | "cancel" | "stop" | null>;
}

/** What a step tells about its run, shown as the step's `detail`. */
export type StepDetail = Record<string, unknown>;

/**
 * The executor of a step kind. Executors are idempotent (a worker that died mid-step is replaced by one that runs the
 * step again), so they read the cluster's state before they change it, or treat Kafka's "already so" as done.
 */
export type StepExecutor<K extends StepKindName> = (context: StepContext, args: StepArgs<K>) => Promise<StepDetail>;

/** The registry of step kinds: operation types are compositions of these, not bespoke code paths. */
export type StepRegistry = { readonly [K in StepKindName]: StepExecutor<K> };

/** A step as a plan lists it, before it runs. */
export type PlannedStep = {
  [K in StepKindName]: {
    name: string;
    kind: K;
    args: StepArgs<K>;
    /** Runs after a failure or a cancel too (cleanup, e.g. removing replication throttles). */
    alwaysRun: boolean;
  };
}[StepKindName];

/**
 * Thrown by a step that stopped early because pause or cancel was requested (between batches, or inside a wait). The
 * step goes back to `pending`: a resume runs it again and it goes on from what the cluster shows is left.
 */
export class StepInterrupted extends Error {
  constructor(readonly detail: StepDetail = {}) {
    super("interrupted on request");
    this.name = "StepInterrupted";
  }
}

/**
 * Thrown by a step that must not go on and cannot decide alone (a node not safe to stop, a node not healthy again
 * within the wait): the step goes back to `pending` and the operation is paused with `reason` as its `error`. A resume
 * runs the step again from the start (it checks afresh).
 */
export class StepPaused extends Error {
  constructor(
    readonly reason: string,
    readonly detail: StepDetail = {},
  ) {
    super(reason);
    this.name = "StepPaused";
  }
}
