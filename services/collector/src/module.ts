import { serviceModule } from "@kcp/process";
import {
  agentSection,
  agentUrlsSection,
  autopilotSection,
  collectorSection,
  kafkaHostsSection,
  secretsSection,
} from "@kcp/shared";
import { createCollectorService } from "./collector.js";

/**
 * The collector: runs the `collect` queue (collections on demand and on schedule, version questions) and asks the
 * autopilot to judge each view it stores.
 */
export const collectorModule = serviceModule({
  name: "collector",
  sections: [secretsSection, collectorSection, agentSection, agentUrlsSection, kafkaHostsSection, autopilotSection],
  async start(config, context) {
    const box = await context.secretBox();
    // The collector only reads the agents: its access signs GET requests only.
    const providers = await context.providerAccess();
    const collector = createCollectorService({ ...context, box, config, providers });
    await collector.start();
    return collector;
  },
});
