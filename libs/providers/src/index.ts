export { AgentAccess, type AgentAccessConfig, type AgentAccessParts } from "./agent/access.js";
export { AgentClient, type AgentClientOptions, AgentError } from "./agent/client.js";
export { AgentNodeLifecycle } from "./agent/lifecycle.js";
export { listenerPorts, type NewNodePlace, newNodeConfig } from "./agent/new-node-config.js";
export { probeAgents } from "./agent/probe.js";
export {
  CommandSigner,
  loadCommandSigner,
  type SignedRequest,
  TOKEN_ALGORITHM,
  TOKEN_ISSUER,
  TOKEN_LIFETIME_SECONDS,
  type TokenSigner,
} from "./agent/tokens.js";
export { ContainerEngine, EngineError, EngineUnreachable } from "./container/engine.js";
export { ContainerEngines } from "./container/engines.js";
export { type ContainerClusterSettings, ContainerNodeLifecycle } from "./container/lifecycle.js";
export { containerName, volumeName } from "./container/node-container.js";
export { probeContainers } from "./container/probe.js";
export {
  loadProviderAccess,
  nodeLifecycleAbility,
  nodePoolAbility,
  operatorStatus,
  PROVIDER_MODULES,
  type ProviderAccess,
  type ProviderAccessConfig,
  type ProviderCluster,
  type ProviderModule,
  providerAccess,
  providerModule,
  providerNodes,
  readOnlyAccess,
  type Unavailable,
} from "./kinds/index.js";
export {
  type Ability,
  type AgentProbe,
  type AgentReadiness,
  type ContainerProbe,
  type NewNodeSpec,
  type NodeConfigChange,
  type NodeLifecycle,
  type NodeProvision,
  type NodeRole,
  type NodeStatus,
  type OperatorProbe,
  PROVIDER_KINDS,
  type ProviderKind,
  type ProviderReadiness,
  type Refusal,
} from "./provider.js";
export * from "./strimzi/index.js";
