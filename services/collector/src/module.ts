import { serviceModule } from "@kcp/process";
import { AgentAccess } from "@kcp/providers";
import { agentSection, agentUrlsSection, collectorSection, kafkaHostsSection, secretsSection } from "@kcp/shared";
import { createCollectorService } from "./collector.js";

/** The collector: runs the `collect` queue (collections on demand and on schedule, version questions). */
export const collectorModule = serviceModule({
  name: "collector",
  sections: [secretsSection, collectorSection, agentSection, agentUrlsSection, kafkaHostsSection],
  async start(config, context) {
    const box = await context.secretBox();
    // The collector only reads the agents: its access signs GET requests only.
    const agentAccess = (await AgentAccess.fromConfig(config)).readOnly();
    const collector = createCollectorService({ ...context, box, config, agentAccess });
    await collector.start();
    return collector;
  },
});
