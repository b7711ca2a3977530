import type { OperatorStatus, ProviderNode } from "@kcp/shared";
import type { Ability, ProviderKind, ProviderReadiness } from "../provider.js";
import { agentProvider } from "./agent.js";
import { containerProvider } from "./container.js";
import { externalProvider } from "./external.js";
import type { ProviderModule } from "./kind.js";
import { operatorManagedProvider } from "./operator-managed.js";

export {
  loadProviderAccess,
  type ProviderAccess,
  type ProviderAccessConfig,
  providerAccess,
  readOnlyAccess,
} from "./access.js";
export type { ProviderCluster, ProviderModule, Unavailable } from "./kind.js";

/**
 * Every kind of node provider, one module each. Adding a kind is a folder of its own and a line here (and its
 * settings' schema and traits in @kcp/shared; with configuration of its own, its part of ProviderAccess, built in
 * access.ts): the host checks, the collection, the abilities, the version question and the worker's node actions all
 * ask the module of the cluster's kind.
 */
export const PROVIDER_MODULES: { readonly [K in ProviderKind]: ProviderModule } = {
  external: externalProvider,
  agent: agentProvider,
  container: containerProvider,
  "operator-managed": operatorManagedProvider,
};

/** The module of a kind; an unknown kind (a record written by a newer version) is treated as external. */
export function providerModule(kind: string | undefined): ProviderModule {
  return PROVIDER_MODULES[(kind ?? "external") as ProviderKind] ?? externalProvider;
}

/**
 * Whether the provider can stop, start, upgrade and provision the cluster's nodes now (restartNodes, upgradeVersion,
 * provisionNodes), from what it answered at collection time and the nodes Kafka knows (`nodeIds`).
 */
export function nodeLifecycleAbility(
  kind: ProviderKind,
  readiness: ProviderReadiness | undefined,
  nodeIds: readonly number[],
): Ability {
  return providerModule(kind).lifecycleAbility(readiness, nodeIds);
}

/** scaleNodePools: only the operator-managed provider has node pools; they scale while its resources are ready. */
export function nodePoolAbility(kind: ProviderKind, readiness?: ProviderReadiness): Ability {
  return providerModule(kind).poolAbility(readiness);
}

/** The cluster's nodes as its provider reported them at collection time (the snapshot's `providerNodes`). */
export function providerNodes(readiness: ProviderReadiness | undefined): ProviderNode[] | undefined {
  return providerModule(readiness?.kind ?? "agent").nodes(readiness);
}

/** What the cluster's operator reported at collection time (the snapshot's `operator`); undefined without one. */
export function operatorStatus(readiness: ProviderReadiness | undefined): OperatorStatus | undefined {
  return readiness && "status" in readiness ? (readiness.status ?? undefined) : undefined;
}
