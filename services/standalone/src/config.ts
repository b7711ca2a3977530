import {
  authSection,
  collectorSection,
  httpSection,
  logSection,
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
  .and(collectorSection)
  .and(operationsSection);
