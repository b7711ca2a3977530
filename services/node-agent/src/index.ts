export { type StartedAgent, startAgent } from "./agent.js";
export { ISSUER, MAX_LIFETIME_SECONDS, SeenTokenIds, TokenVerifier } from "./auth.js";
export { type AgentConfig, agentConfigSchema, agentSection } from "./config.js";
export { createAgentApp } from "./http.js";
export { type Installation, Installations, libsChecksum, parseChecksumFile } from "./installations.js";
export { type ControllerMode, NodeManager, type NodeStatus, type ProvisionRequest, type Role } from "./nodes.js";
