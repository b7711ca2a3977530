import { runProcess } from "@kcp/process";
import { startAgent } from "./agent.js";
import { agentConfigSchema } from "./config.js";

/**
 * The node agent: owns the Kafka processes of this host (docs/node-agent.md). Its nodes outlive it: stopping the
 * agent (SIGTERM) closes its API only, and the next agent adopts the nodes still running.
 */
runProcess("node-agent", agentConfigSchema, async (config, logger) => {
  const agent = await startAgent(config, logger);
  return { url: agent.url, components: agent.components, facts: { agentId: config.AGENT_ID } };
});
