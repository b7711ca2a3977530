import { openBackends, runProcess, separateServiceConfig, workerProcess } from "@kcp/process";
import { loadCommandSigner } from "@kcp/providers";
import {
  agentSection,
  collectorSection,
  httpSection,
  loadSecretBox,
  logSection,
  queueSection,
  secretsSection,
  storeSection,
} from "@kcp/shared";
import { createCollectorService } from "./collector.js";

/** The collector on its own (`npm start -w @kcp/collector` after a build): runs the `collect` queue. */
const schema = separateServiceConfig(
  logSection
    .and(httpSection)
    .and(storeSection)
    .and(queueSection)
    .and(secretsSection)
    .and(collectorSection)
    .and(agentSection),
);

runProcess("collector", schema, async (config, logger) => {
  const box = await loadSecretBox(config, { logger });
  const backends = await openBackends(config, logger, "collector");
  const agentSigner = await loadCommandSigner(config);
  const collector = createCollectorService({
    ...backends,
    logger,
    box,
    config,
    ...(agentSigner ? { agentSigner } : {}),
  });
  return workerProcess(config, backends, collector);
});
