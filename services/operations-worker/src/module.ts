import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { ClusterRegistry, collectWaitMs } from "@kcp/clusters";
import { OperationService } from "@kcp/operation-service";
import { serviceModule } from "@kcp/process";
import {
  agentSection,
  agentUrlsSection,
  approvalSection,
  autopilotSection,
  collectorSection,
  kafkaHostsSection,
  loadApprovalRules,
  operationsSection,
  secretsSection,
} from "@kcp/shared";
import { Autopilot } from "./autopilot.js";
import { createOperationsWorker } from "./worker.js";

/** What the autopilot reads of the collector's settings: its wait for a collection, the disk threshold. */
const autopilotCollectorSection = collectorSection.pick({ COLLECT_TIMEOUT_MS: true, HEALTH_DISK_HIGH_PERCENT: true });

/**
 * The operations worker: runs the `operations` queue, expires plans, adopts operations whose worker died, and runs
 * the autopilot's evaluations (the `autopilot` queue), which plan and confirm through the same operation service a
 * person uses.
 */
export const operationsWorkerModule = serviceModule({
  name: "operations-worker",
  sections: [
    secretsSection,
    operationsSection,
    agentSection,
    agentUrlsSection,
    kafkaHostsSection,
    autopilotSection,
    autopilotCollectorSection,
    approvalSection,
  ],
  async start(config, context) {
    const box = await context.secretBox();
    const providers = await context.providerAccess();
    // Names this worker in operation leases: unique per process, readable in logs.
    const workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    const clusters = new ClusterRegistry({
      store: context.store,
      queue: context.queue,
      box,
      collectWaitMs: collectWaitMs(config.COLLECT_TIMEOUT_MS),
    });
    const autopilot = new Autopilot({
      store: context.store,
      operations: new OperationService({
        store: context.store,
        clusters,
        queue: context.queue,
        approvalRules: loadApprovalRules(config),
      }),
      audit: context.audit,
      logger: context.logger.child({ component: "autopilot" }),
      enabled: config.AUTOPILOT_ENABLED,
      diskHighPercent: config.HEALTH_DISK_HIGH_PERCENT,
      metrics: context.metrics,
    });
    const worker = createOperationsWorker({ ...context, box, config, workerId, providers, autopilot });
    await worker.start();
    return Object.assign(worker, { facts: { workerId } });
  },
});
