import type { KafkaAdmin } from "@kcp/kafka";
import type { Logger, Snapshot } from "@kcp/shared";
import type { z } from "zod";

/** What a step sees while it runs. */
export interface StepContext {
  admin: KafkaAdmin;
  logger: Logger;
  /** Re-reads the cluster; steps that wait poll it. */
  snapshot(): Promise<Snapshot>;
  /** Progress shown in the operation's `details` (bytes moved, ETA, ...). */
  report(details: Record<string, unknown>): Promise<void>;
  /** True once pause or cancel was requested: long waits return early and the engine acts at the boundary. */
  interrupted(): Promise<boolean>;
}

/**
 * A kind of step: its args schema and an executor. Executors are idempotent (a worker that died mid-step is
 * replaced by one that runs the step again), so they read the cluster's state before they change it.
 */
export interface StepKind<Args> {
  kind: string;
  args: z.ZodType<Args>;
  execute(context: StepContext, args: Args): Promise<Record<string, unknown> | undefined>;
}

/** The registry of step kinds: operation types are compositions of these, not bespoke code paths. */
export type StepRegistry = ReadonlyMap<string, StepKind<unknown>>;

/** A step as a plan lists it, before it runs. */
export interface PlannedStep {
  name: string;
  kind: string;
  args: unknown;
  /** Runs after a failure or a cancel too (cleanup, e.g. removing replication throttles). */
  alwaysRun: boolean;
}
