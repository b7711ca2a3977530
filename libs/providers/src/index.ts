export { AgentClient, type AgentClientOptions, AgentError } from "./agent/client.js";
export { AgentNodeLifecycle } from "./agent/lifecycle.js";
export { listenerPorts, type NewNodePlace, newNodeConfig } from "./agent/new-node-config.js";
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
  type NewNodeSpec,
  type NodeConfigChange,
  type NodeLifecycle,
  type NodeProvision,
  type NodeRole,
  type NodeStatus,
  nodeLifecycleAbility,
  nodePoolAbility,
  PROVIDER_KINDS,
  type ProviderKind,
  type ProviderReadiness,
  providerNodes,
} from "./provider.js";
