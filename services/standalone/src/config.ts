import {
  agentSection,
  agentUrlsSection,
  auditSection,
  authSection,
  collectorSection,
  httpSection,
  kafkaSection,
  logSection,
  metricsSection,
  operationsSection,
  queueSection,
  secretsSection,
  storeSection,
} from "@kcp/shared";

/** The standalone process reads every section: it runs all services. */
export const standaloneConfigSchema = logSection
  .and(httpSection)
  .and(storeSection)
  .and(queueSection)
  .and(authSection)
  .and(secretsSection)
  .and(kafkaSection)
  .and(collectorSection)
  .and(operationsSection)
  .and(agentSection)
  .and(agentUrlsSection)
  .and(auditSection)
  .and(metricsSection);
