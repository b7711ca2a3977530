export { AgentClient, type AgentClientOptions, AgentError } from "./agent/client.js";
export { AgentNodeLifecycle } from "./agent/lifecycle.js";
export { probeAgents } from "./agent/probe.js";
export {
  CommandSigner,
  loadCommandSigner,
  TOKEN_ALGORITHM,
  TOKEN_ISSUER,
  TOKEN_LIFETIME_SECONDS,
} from "./agent/tokens.js";
export {
  type Ability,
  type AgentProbe,
  type NodeConfigChange,
  type NodeLifecycle,
  type NodeProvision,
  type NodeRole,
  type NodeStatus,
  nodeLifecycleAbility,
  nodePoolAbility,
  PROVIDER_KINDS,
  type ProviderKind,
  providerNodes,
  type ProviderReadiness,
} from "./provider.js";
