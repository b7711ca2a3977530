import { type AgentPins, type AllowedHosts, agentPinsOf, CONFIG_DEFAULTS } from "@kcp/shared";
import { AgentAccess, type AgentAccessConfig } from "../agent/access.js";
import { ContainerEngines } from "../container/engines.js";

/** What a process holds to reach node providers, all from its configuration (never from a request). */
export interface ProviderAccess {
  /** The node agents (AGENT_SIGNING_KEY, AGENT_URLS, AGENT_CA): read-only in the collector. None: no agent is asked. */
  agents?: AgentAccess | undefined;
  /** The container engines CONTAINER_ENGINES lists. */
  engines: ContainerEngines;
  /** KAFKA_ALLOWED_HOSTS: every host a provider contacts must be allowed (a kubeconfig's API server included). */
  allowedHosts?: AllowedHosts | undefined;
  /** AGENT_URLS: the URL each agent id is pinned to. */
  agentPins?: AgentPins | undefined;
  /** How long one request to a provider may take (AGENT_REQUEST_TIMEOUT_MS). */
  timeoutMs: number;
}

/** The configuration a process's provider access is built from: every provider kind's variables. */
export type ProviderAccessConfig = AgentAccessConfig & {
  KAFKA_ALLOWED_HOSTS?: AllowedHosts | undefined;
  CONTAINER_ENGINES?: ReadonlySet<string> | undefined;
};

/**
 * A process's access to the node providers, from its configuration: the one place it is built, once per process.
 * `agents` is how the process may call the node agents (AgentAccess.fromConfig; read-only in the collector); without
 * it no agent is asked, and profiles are checked against the pins of AGENT_URLS alone (the gateway).
 */
export function providerAccess(config: ProviderAccessConfig, agents?: AgentAccess): ProviderAccess {
  return {
    agents,
    engines: ContainerEngines.fromConfig(config),
    allowedHosts: config.KAFKA_ALLOWED_HOSTS,
    agentPins: agents?.pins ?? agentPinsOf(config),
    timeoutMs: agents?.timeoutMs ?? config.AGENT_REQUEST_TIMEOUT_MS ?? CONFIG_DEFAULTS.AGENT_REQUEST_TIMEOUT_MS,
  };
}

/**
 * The access of a process that calls the node agents: its AgentAccess loaded from the configuration (the signing key,
 * the pins, the CA, the timeout: AgentAccess.fromConfig) with the rest of providerAccess.
 */
export async function loadProviderAccess(config: ProviderAccessConfig): Promise<ProviderAccess> {
  return providerAccess(config, await AgentAccess.fromConfig(config));
}

/** The same access asking the agents only (GET): what the collector holds, which never commands an agent. */
export function readOnlyAccess(access: ProviderAccess): ProviderAccess {
  return { ...access, agents: access.agents?.readOnly() };
}
