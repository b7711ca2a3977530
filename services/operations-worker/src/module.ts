import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { serviceModule } from "@kcp/process";
import { AgentAccess } from "@kcp/providers";
import { agentSection, agentUrlsSection, kafkaHostsSection, operationsSection, secretsSection } from "@kcp/shared";
import { createOperationsWorker } from "./worker.js";

/** The operations worker: runs the `operations` queue, expires plans, adopts operations whose worker died. */
export const operationsWorkerModule = serviceModule({
  name: "operations-worker",
  sections: [secretsSection, operationsSection, agentSection, agentUrlsSection, kafkaHostsSection],
  async start(config, context) {
    const box = await context.secretBox();
    const agentAccess = await AgentAccess.fromConfig(config);
    // Names this worker in operation leases: unique per process, readable in logs.
    const workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
    const worker = createOperationsWorker({ ...context, box, config, workerId, agentAccess });
    await worker.start();
    return Object.assign(worker, { facts: { workerId } });
  },
});
