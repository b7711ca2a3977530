import type { AutopilotJob } from "@kcp/autopilot";
import { recordProvider } from "@kcp/clusters";
import { timedJobs } from "@kcp/metrics";
import type { OperationJob } from "@kcp/operation-lifecycle";
import { STEP_KINDS, type StepRegistry } from "@kcp/operations";
import type { ServiceContext } from "@kcp/process";
import { type ProviderAccess, providerAccess } from "@kcp/providers";
import type { Component, KafkaConfig, OperationsConfig, SecretBox } from "@kcp/shared";
import type { Autopilot } from "./autopilot.js";
import { OperationRunner } from "./run-operation.js";
import { adoptOrphans, expirePlans } from "./sweep.js";

/** What the worker takes from its process's context, with the secret box, its configuration and the agents' access. */
export interface OperationsWorkerDependencies
  extends Pick<ServiceContext, "logger" | "store" | "queue" | "audit" | "metrics" | "kafkaClients" | "desiredStates"> {
  box: SecretBox;
  /**
   * The process's access to the node providers (ServiceContext.providerAccess): agents at their pinned URLs over
   * verified TLS with tokens signed by the worker's key, engines CONTAINER_ENGINES lists, Kubernetes APIs at hosts
   * KAFKA_ALLOWED_HOSTS allows. Without it (tests), that of `config` without agents: no agent can be commanded.
   */
  providers?: ProviderAccess;
  /**
   * KAFKA_ALLOWED_HOSTS: the hosts an operation may connect to (brokers advertised, Kubernetes APIs); any unset.
   * CONTAINER_ENGINES: the engines `container` clusters' nodes are acted on through; none unset.
   */
  config: OperationsConfig & Partial<Pick<KafkaConfig, "KAFKA_ALLOWED_HOSTS" | "CONTAINER_ENGINES">>;
  /** Identifies this worker in operation leases. */
  workerId: string;
  /** The step kinds (default: every kind of @kcp/operations). */
  steps?: StepRegistry;
  /** Runs the `autopilot` queue's evaluations when given (the module gives it; tests of runs alone do not). */
  autopilot?: Autopilot;
}

/**
 * Runs confirmed operations step by step from the `operations` queue. Every transition is persisted before and
 * after each step, under a lease, so another worker resumes an operation whose worker died. Also expires plans
 * that were not confirmed within 15 minutes, and picks up operations no worker holds.
 */
export interface OperationsWorker extends Component {
  start(): Promise<void>;
}

export function createOperationsWorker(deps: OperationsWorkerDependencies): OperationsWorker {
  const logger = deps.logger.child({ component: "operations-worker", workerId: deps.workerId });
  let stopping = false;
  const running = new Set<Promise<void>>();
  const { metrics } = deps;
  const providers = deps.providers ?? providerAccess(deps.config);
  const runner = new OperationRunner({
    ...deps,
    metrics,
    logger,
    steps: deps.steps ?? STEP_KINDS,
    stopping: () => stopping,
    nodes: (cluster) => recordProvider(cluster, deps.box, providers).lifecycle(),
    operator: (cluster) => recordProvider(cluster, deps.box, providers).operator(),
  });

  let sweepTimer: NodeJS.Timeout | undefined;
  let sweeping = false;
  let sweepFailing = false;
  let lastAdoption = 0;
  async function sweep(): Promise<void> {
    if (sweeping || stopping) return;
    sweeping = true;
    try {
      const now = new Date();
      await expirePlans(deps, now);
      // Orphans only appear when a lease lapses: looking twice per lease period is enough.
      if (now.getTime() - lastAdoption >= deps.config.OPERATIONS_LEASE_MS / 2) {
        lastAdoption = now.getTime();
        await adoptOrphans(deps, now);
      }
      if (sweepFailing) logger.info("operations sweep works again");
      sweepFailing = false;
    } catch (error) {
      // Every second while the store or the queue is away: said once, and again when it works.
      if (!sweepFailing) logger.warn({ err: error }, "operations sweep failed; trying again every interval");
      sweepFailing = true;
      lastAdoption = 0;
    } finally {
      sweeping = false;
    }
  }

  async function handle(job: OperationJob): Promise<void> {
    if (stopping) return;
    const run = runner.run(job.operationId);
    running.add(run);
    try {
      await run;
    } catch (error) {
      // The store stayed away past the lease (or another failure): the sweep hands the operation on once it lapses.
      logger.warn({ err: error, operationId: job.operationId }, "operation run interrupted; the sweep resumes it");
      throw error;
    } finally {
      running.delete(run);
    }
  }

  return {
    name: "operations-worker",
    async start() {
      deps.queue.process<OperationJob, void>("operations", timedJobs(metrics, "operations", handle), {
        concurrency: deps.config.OPERATIONS_CONCURRENCY,
      });
      const autopilot = deps.autopilot;
      if (autopilot)
        deps.queue.process<AutopilotJob, void>(
          "autopilot",
          timedJobs(metrics, "autopilot", async (job: AutopilotJob) => {
            if (!stopping) await autopilot.evaluate(job.clusterId);
          }),
          { concurrency: 2 },
        );
      sweepTimer = setInterval(() => void sweep(), deps.config.OPERATIONS_SWEEP_INTERVAL_MS);
      sweepTimer.unref();
      void sweep();
      logger.info({ concurrency: deps.config.OPERATIONS_CONCURRENCY }, "operations worker started");
    },
    /** Operations in progress stop at their next step boundary and are freed for another worker. */
    async stop() {
      stopping = true;
      clearInterval(sweepTimer);
      await Promise.allSettled([...running]);
      logger.info("operations worker stopped");
    },
  };
}
