import { randomUUID } from "node:crypto";
import { hostname } from "node:os";
import { auditEmitter } from "@kcp/audit";
import { openBackends, runProcess, separateServiceConfig, workerProcess } from "@kcp/process";
import { loadCommandSigner } from "@kcp/providers";
import {
  agentSection,
  httpSection,
  loadSecretBox,
  logSection,
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
    .and(storeSection)
    .and(queueSection)
    .and(secretsSection)
    .and(operationsSection)
    .and(agentSection),
);

runProcess("operations-worker", schema, async (config, logger) => {
  const box = await loadSecretBox(config, { logger });
  const agentSigner = await loadCommandSigner(config);
  const backends = await openBackends(config, logger, "operations-worker");
  const workerId = `${hostname()}-${process.pid}-${randomUUID().slice(0, 8)}`;
  const worker = createOperationsWorker({
    ...backends,
    logger,
    box,
    config,
    audit: auditEmitter(backends.queue, backends.store, logger),
    workerId,
    agentSigner,
    agentTimeoutMs: config.AGENT_REQUEST_TIMEOUT_MS,
  });
  return { ...(await workerProcess(config, backends, worker)), facts: { workerId } };
});
