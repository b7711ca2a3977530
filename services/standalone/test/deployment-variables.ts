import {
  accessSection,
  agentSection,
  agentUrlsSection,
  approvalSection,
  authSection,
  collectorSection,
  httpSection,
  ldapSection,
  logSection,
  metricsSection,
  oidcSection,
  operationsSection,
  queueSection,
  secretsSection,
  storeSection,
} from "@kcp/shared";

/** The services every deployment file runs (each its own Deployment, compose service or chart entry). */
export const SERVICES = ["api-gateway", "collector", "operations-worker", "audit"];

/** Every configuration variable any service reads: what deployment files may set. */
export const KNOWN_VARIABLES = new Set(
  [
    logSection,
    httpSection,
    storeSection,
    queueSection,
    authSection,
    secretsSection,
    collectorSection,
    operationsSection,
    agentSection,
    agentUrlsSection,
    metricsSection,
    oidcSection,
    ldapSection,
    accessSection,
    approvalSection,
  ].flatMap((section) => Object.keys(section.shape)),
);
