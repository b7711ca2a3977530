import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { auditEmitter } from "@kcp/audit";
import { openBackends, runProcess, separateServiceConfig, workerProcess } from "@kcp/process";
import { AgentAccess } from "@kcp/providers";
import {
  agentSection,
  agentUrlsSection,
  httpSection,
  kafkaSection,
  loadSecretBox,
  logSection,
  metricsSection,
  operationsSection,
  queueSection,
  secretsSection,
  storeSection,
} from "@kcp/shared";
import { createOperationsWorker } from "./worker.js";

/** The operations worker on its own: runs the `operations` queue, expires plans, adopts orphaned operations. */
const schema = separateServiceConfig(
  logSection
    .and(httpSection)
    .and(metricsSection)
    .and(storeSection)
    .and(queueSection)
    .and(secretsSection)
    .and(operationsSection)
    .and(agentSection)
    .and(agentUrlsSection)
    .and(kafkaSection.pick({ KAFKA_ALLOWED_HOSTS: true, CONTAINER_ENGINES: true })),
);

runProcess("operations-worker", schema, async (config, logger) => {
  const box = await loadSecretBox(config, { logger });
  const agentAccess = await AgentAccess.fromConfig(config);
  const backends = await openBackends(config, logger, "operations-worker");
  const workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const worker = createOperationsWorker({
    ...backends,
    logger,
    box,
    config,
    audit: auditEmitter(backends.queue, backends.store, logger),
    workerId,
    agentAccess,
  });
  return { ...(await workerProcess(config, backends, worker)), facts: { workerId } };
});
