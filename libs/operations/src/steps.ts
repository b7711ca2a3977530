import type { KafkaAdmin } from "@kcp/kafka";
import type { Logger, StepArgs, StepKindName } from "@kcp/shared";

/** What a step sees while it runs. */
export interface StepContext {
  admin: KafkaAdmin;
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
