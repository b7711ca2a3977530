import { setTimeout as sleep } from "node:timers/promises";
import { withClusterClient } from "@kcp/clusters";
import { openCredential } from "@kcp/desired-state";
import { describeKafkaError, KafkaAdmin } from "@kcp/kafka";
import {
  type Applied,
  type FinalStatus,
  isActive,
  LIGHT,
  nextMove,
  type OperationEvent,
  OperationRecords,
  type StepOutcome,
} from "@kcp/operation-lifecycle";
import { type StepContext, StepInterrupted, StepPaused, type StepRegistry } from "@kcp/operations";
import type { ServiceContext } from "@kcp/process";
import {
  AppError,
  type OperationsConfig,
  type ScramMechanism,
  type SecretBox,
  STEP_ARGS,
  type Step,
  type StepKindName,
} from "@kcp/shared";
import { type ClusterRecord, isStoreUnavailable } from "@kcp/store";
import { auditTransition } from "./operation-audit.js";

/** What a run takes from the process's context (each run's admin is over the process's client of its cluster). */
export interface RunnerDependencies
  extends Pick<ServiceContext, "store" | "audit" | "logger" | "metrics" | "kafkaClients" | "desiredStates"> {
  box: SecretBox;
  workerId: string;
  config: OperationsConfig;
  steps: StepRegistry;
  /** True once the worker is stopping: the runner leaves at the next step boundary and frees the operation. */
  stopping(): boolean;
  /** The cluster's nodes as its provider lets steps act on them (or why not); absent: no node provider at all. */
  nodes?(cluster: ClusterRecord): StepContext["nodes"];
  /** The operator of an operator-managed cluster (or why it cannot be reached); undefined for other providers. */
  operator?(cluster: ClusterRecord): Promise<StepContext["operator"]>;
}

/** What the steps of one run act on. */
interface RunTarget {
  admin: KafkaAdmin;
  nodes: StepContext["nodes"];
  operator: StepContext["operator"];
  desiredState: StepContext["desiredState"];
}

function errorText(error: unknown): string {
  return error instanceof AppError ? error.message : describeKafkaError(error);
}

/**
 * Runs one operation under a lease until it ends, pauses or the worker stops. Each move (start, each step's start and
 * end, pause, resume, finish) is an event applied through OperationRecords (the lifecycle decides it) and written to
 * the store before the next, and audited, so a worker that dies leaves the operation exactly where it was: another
 * worker takes the lease over once it expires and goes on from there. The runner keeps the lease, the loop and the
 * step executors.
 */
export class OperationRunner {
  /** Until when this worker's lease of each operation it runs is known to hold (the last lease written). */
  private readonly leases = new Map<string, number>();

  /** The operations a run of this worker is on: the lease is per worker, so a second run here must not go on too. */
  private readonly running = new Set<string>();

  private readonly records: OperationRecords;

  constructor(private readonly deps: RunnerDependencies) {
    this.records = new OperationRecords(deps.store);
  }

  /**
   * Runs the operation unless this worker already does: a run job and a sweep's re-queue of the same operation can
   * both reach one worker, and the lease (held per worker) would let both take it and run each step twice.
   */
  async run(operationId: string): Promise<void> {
    if (this.running.has(operationId)) return;
    this.running.add(operationId);
    try {
      await this.runLeased(operationId);
    } finally {
      this.running.delete(operationId);
    }
  }

  private async runLeased(operationId: string): Promise<void> {
    const { store, workerId, config } = this.deps;
    const now = new Date();
    const leased = await store.operations.acquireLease(
      operationId,
      workerId,
      new Date(now.getTime() + config.OPERATIONS_LEASE_MS),
      now,
      LIGHT,
    );
    if (!leased) return; // another worker holds it
    this.deps.logger.info({ operationId, status: leased.status }, "operation taken");
    this.leases.set(operationId, leased.lease?.expiresAt.getTime() ?? 0);
    let leaseLost = false;
    let renewalFailing = false;
    const renewal = setInterval(() => {
      const until = new Date(Date.now() + config.OPERATIONS_LEASE_MS);
      store.operations.renewLease(operationId, workerId, until, LIGHT).then(
        (renewed) => {
          if (!renewed) {
            leaseLost = true;
            this.deps.logger.warn({ operationId }, "operation lease taken over by another worker; leaving it");
            return;
          }
          this.leases.set(operationId, until.getTime());
          if (renewalFailing) this.deps.logger.info({ operationId }, "operation lease renewed again");
          renewalFailing = false;
        },
        (error: unknown) => {
          // While the store is away: logged once; the lease lasts until its expiry, and store writes wait until then.
          if (!renewalFailing) this.deps.logger.warn({ err: error, operationId }, "operation lease not renewed");
          renewalFailing = true;
        },
      );
    }, config.OPERATIONS_LEASE_MS / 3);
    try {
      if (!isActive(leased.status)) return;
      const cluster = await this.persist(operationId, () => store.clusters.findById(leased.clusterId));
      if (!cluster) {
        await this.finish(operationId, "failed", "the cluster was removed from the control plane");
        return;
      }
      await this.withAdmin(cluster, async (admin) => {
        const book = this.deps.desiredStates;
        const by = { operationId, user: String(leased.document.confirmedBy ?? leased.document.createdBy ?? "") };
        const target = {
          admin,
          nodes: this.deps.nodes?.(cluster),
          operator: await this.deps.operator?.(cluster),
          desiredState: {
            record: (digest: string) => this.persist(operationId, () => book.record(cluster.id, digest, by)),
            saltedCredential: async (user: string, mechanism: ScramMechanism) => {
              const sealed = await this.persist(operationId, () => book.credentials(cluster.id, operationId));
              return sealed && openCredential(this.deps.box, sealed, user, mechanism);
            },
          },
        };
        await this.loop(operationId, target, () => leaseLost || this.deps.stopping());
      });
    } finally {
      clearInterval(renewal);
      this.leases.delete(operationId);
      await store.operations.releaseLease(operationId, workerId, LIGHT).catch(() => undefined);
    }
  }

  /** The admin facade of the cluster for one run, over the process's client of it. */
  private async withAdmin(cluster: ClusterRecord, work: (admin: KafkaAdmin) => Promise<void>): Promise<void> {
    const { kafkaClients, box } = this.deps;
    return withClusterClient(kafkaClients, cluster, box, (client) => work(KafkaAdmin.over(client)));
  }

  /**
   * A store call of a run, tried again while the store is unreachable (MongoDB restarting, say) for as long as this
   * worker's lease is known to hold: the operation then goes on where it was instead of failing. Past the lease (or
   * on any other error, or when the worker stops) the error is thrown: the run ends, and once the lease lapses the
   * sweep hands the operation to a worker, which resumes it from its last recorded move.
   */
  private async persist<T>(operationId: string, work: () => Promise<T>): Promise<T> {
    let warned = false;
    for (let waitMs = 250; ; waitMs = Math.min(waitMs * 2, 2000)) {
      try {
        const result = await work();
        if (warned) this.deps.logger.info({ operationId }, "store reachable again; the operation goes on");
        return result;
      } catch (error) {
        const leaseUntil = this.leases.get(operationId) ?? 0;
        if (!isStoreUnavailable(error) || this.deps.stopping() || Date.now() + waitMs >= leaseUntil) throw error;
        if (!warned)
          this.deps.logger.warn(
            { err: error, operationId, leaseUntil: new Date(leaseUntil).toISOString() },
            "store unreachable; the operation waits for it while its lease holds",
          );
        warned = true;
        await sleep(waitMs);
      }
    }
  }

  /** An event applied to the operation, waiting out a brief store outage (see `persist`); its audits written. */
  private async apply(operationId: string, event: OperationEvent): Promise<Applied> {
    const applied = await this.persist(operationId, () => this.records.apply(operationId, event));
    if (applied.changed)
      for (const note of applied.decision.audits) await auditTransition(this.deps.audit, applied.operation, note);
    return applied;
  }

  private async loop(operationId: string, target: RunTarget, mustLeave: () => boolean): Promise<void> {
    let lastVersion = -1;
    while (!mustLeave()) {
      // Its status and steps only: a plan's moves stay in the store until a step that needs them runs.
      const record = await this.persist(operationId, () => this.records.find(operationId));
      if (!record || !isActive(record.status)) return;
      // Every move writes the record; one that did not means another writer decides now (never expected).
      if (record.version === lastVersion) {
        this.deps.logger.warn({ operationId, status: record.status }, "operation made no progress; leaving it");
        return;
      }
      lastVersion = record.version;
      const document = record.document;
      const move = nextMove({
        status: record.status,
        requestedAction: document.requestedAction,
        steps: document.steps,
      });
      switch (move.kind) {
        case "wait":
          return;
        case "start":
          await this.apply(operationId, { kind: "start", at: new Date() });
          break;
        case "pause":
          await this.apply(operationId, { kind: "pause" });
          return;
        case "resume":
          await this.apply(operationId, { kind: "resume" });
          break;
        case "finish":
          await this.finish(operationId, move.status);
          return;
        case "run":
          await this.runStep(operationId, move.index, target);
          break;
      }
    }
  }

  private async finish(operationId: string, status: FinalStatus, reason?: string): Promise<void> {
    const applied = await this.apply(operationId, {
      kind: "finish",
      status,
      at: new Date(),
      ...(reason === undefined ? {} : { reason }),
    });
    if (!applied.changed) return;
    this.deps.metrics.operationsFinished.inc({ type: applied.operation.type, outcome: status });
    this.deps.logger.info({ operationId, status }, "operation finished");
  }

  private async runStep(operationId: string, index: number, target: RunTarget): Promise<void> {
    const started = await this.apply(operationId, { kind: "stepStart", index, at: new Date() });
    const step = started.operation.document.steps[index];
    if (!started.changed || step?.status !== "running") return;
    if (this.deps.config.OPERATIONS_STEP_DELAY_MS > 0) await sleep(this.deps.config.OPERATIONS_STEP_DELAY_MS);
    const outcome = await this.execute(operationId, step, target);
    const ended = await this.apply(operationId, { kind: "stepEnd", index, outcome, at: new Date() });
    if (ended.changed && ended.operation.status === "paused" && outcome.status === "pending" && outcome.pauseReason)
      this.deps.logger.warn({ operationId, step: index, reason: outcome.pauseReason }, "operation paused by its step");
  }

  private async execute(operationId: string, light: Step, target: RunTarget): Promise<StepOutcome> {
    const kind = light.kind as StepKindName;
    const schema = STEP_ARGS[kind];
    const executor = this.deps.steps[kind] as ((c: StepContext, a: unknown) => Promise<unknown>) | undefined;
    if (!schema || !executor) return { status: "failed", error: `Unknown step kind ${light.kind}` };
    // The step whole (its args and the detail of an earlier run, with what they hold in the store loaded): read once
    // per run of it.
    const step = await this.persist(operationId, () => this.records.resolve(operationId, light));
    const args = schema.safeParse(step.args);
    if (!args.success) return { status: "failed", error: `Invalid args for ${step.kind}: ${args.error.message}` };
    try {
      return { status: "succeeded", detail: await executor(this.context(operationId, step, target), args.data) };
    } catch (error) {
      if (error instanceof StepInterrupted) return { status: "pending", detail: error.detail };
      if (error instanceof StepPaused) return { status: "pending", detail: error.detail, pauseReason: error.reason };
      this.deps.logger.warn({ err: error, operationId, step: step.index }, "operation step failed");
      return { status: "failed", error: errorText(error) };
    }
  }

  private context(operationId: string, step: Step, { admin, nodes, operator, desiredState }: RunTarget): StepContext {
    const previous =
      step.detail && typeof step.detail === "object" ? (step.detail as Record<string, unknown>) : undefined;
    return {
      admin,
      ...(nodes ? { nodes } : {}),
      ...(operator ? { operator } : {}),
      ...(desiredState ? { desiredState } : {}),
      nodeWaits: {
        safeToStopMs: this.deps.config.OPERATIONS_ROLL_SAFETY_WAIT_MS,
        healthyMs: this.deps.config.OPERATIONS_NODE_HEALTHY_WAIT_MS,
      },
      ...(previous ? { previous } : {}),
      checkpoint: async (detail) => {
        await this.apply(operationId, { kind: "checkpoint", index: step.index, detail });
      },
      logger: this.deps.logger.child({ operationId }),
      report: async (details) => {
        await this.apply(operationId, { kind: "report", details });
      },
      interrupted: async () => {
        if (this.deps.stopping()) return "stop";
        const record = await this.persist(operationId, () => this.records.find(operationId));
        const requested = record ? record.document.requestedAction : "cancel";
        return requested === "pause" || requested === "cancel" ? requested : null;
      },
    };
  }
}
