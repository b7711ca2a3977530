import { openBackends, runProcess, separateServiceConfig, workerProcess } from "@kcp/process";
import { auditSection, httpSection, logSection, metricsSection, queueSection, storeSection } from "@kcp/shared";
import { createAuditService, retentionOf } from "./audit-service.js";

/** The audit service on its own: appends the `audit` queue's events to the store. */
const schema = separateServiceConfig(
  logSection.and(httpSection).and(metricsSection).and(storeSection).and(queueSection).and(auditSection),
);

runProcess("audit", schema, async (config, logger) => {
  const backends = await openBackends(config, logger, "audit");
  return workerProcess(config, backends, createAuditService({ ...backends, logger, retention: retentionOf(config) }));
});
