import { openBackends, runProcess, separateServiceConfig, workerProcess } from "@kcp/process";
import { AgentAccess } from "@kcp/providers";
import {
  agentSection,
  agentUrlsSection,
  collectorSection,
  httpSection,
  kafkaSection,
  loadSecretBox,
  logSection,
  metricsSection,
  queueSection,
  secretsSection,
  storeSection,
} from "@kcp/shared";
import { createCollectorService } from "./collector.js";

/** The collector on its own (`npm start -w @kcp/collector` after a build): runs the `collect` queue. */
const schema = separateServiceConfig(
  logSection
    .and(httpSection)
    .and(metricsSection)
    .and(storeSection)
    .and(queueSection)
    .and(secretsSection)
    .and(collectorSection)
    .and(agentSection)
    .and(agentUrlsSection)
    .and(kafkaSection.pick({ KAFKA_ALLOWED_HOSTS: true, CONTAINER_ENGINES: true })),
);

runProcess("collector", schema, async (config, logger) => {
  const box = await loadSecretBox(config, { logger });
  const backends = await openBackends(config, logger, "collector");
  // The collector only reads the agents: its access signs GET requests only.
  const agentAccess = (await AgentAccess.fromConfig(config)).readOnly();
  const collector = createCollectorService({ ...backends, logger, box, config, agentAccess });
  return workerProcess(config, backends, collector);
});
